/** The sequence view at scale (more than 100 workers): rates per arrow and a sample of messages. */
import type { Translations } from '../plural';
export const en = {
  'seqRates.label': 'Messages per second by arrow',
  'seqRates.note': 'Scale mode: too many messages to list one by one. Rates over the last {seconds} s of simulated time; each node role (kubelet, runtime, CNI, kube-proxy) is one participant, with how many nodes sent or received its messages in that time.',
  'seqRates.total': '{rate} messages/s in all',
  'seqRates.col.from': 'From',
  'seqRates.col.to': 'To',
  'seqRates.col.kind': 'Message',
  'seqRates.col.rate': 'Per second',
  'seqRates.others': { one: '{count} more arrow', other: '{count} more arrows' },
  'seqRates.group': { one: '{role} (from {count} node)', other: '{role} (from {count} nodes)' },
  'seqRates.empty': 'No messages in the last {seconds} s.',
  'seqRates.sample': 'A sample of recent messages',
  'seqRates.sampleNote': 'Your own commands are always included; the rest is an even sample. `sim trace` prints the full recent trace.',
} as const;

export const zh: Translations<typeof en> = {
  'seqRates.label': '每条箭头每秒的消息数',
  'seqRates.note': '规模模式：消息太多，无法逐条列出。这里是最近 {seconds} 秒模拟时间内的速率；每种节点角色（kubelet、运行时、CNI、kube-proxy）合并为一个参与者，并注明这段时间内有多少个节点收发了它的消息。',
  'seqRates.total': '共 {rate} 条消息/秒',
  'seqRates.col.from': '发送方',
  'seqRates.col.to': '接收方',
  'seqRates.col.kind': '消息',
  'seqRates.col.rate': '每秒',
  'seqRates.others': { other: '另有 {count} 条箭头' },
  'seqRates.group': { other: '{role}（来自 {count} 个节点）' },
  'seqRates.empty': '最近 {seconds} 秒没有消息。',
  'seqRates.sample': '最近消息的抽样',
  'seqRates.sampleNote': '你自己的命令总会包含在内，其余是均匀抽样。`sim trace` 可打印完整的近期 trace。',
};
