/** The run's identity: topology, shareable link, and the question before a switch discards the run. */
import type { Translations } from '../plural';
export const en = {
  'run.topology': 'Cluster',
  'run.topology.basic': 'basic (1 control plane)',
  'run.topology.ha': 'ha (3 control planes)',
  'run.share': 'Copy link to this moment',
  'run.copied': 'Link copied: it replays this run to this moment for anyone.',
  'run.copyManually': 'Copy this link:',
  'run.switch.title': 'Start a new cluster?',
  'run.switch.body': {
    one: 'Switching to {topology} starts a new cluster. This run, with its {count} command, is discarded (copy its link first to keep it).',
    other: 'Switching to {topology} starts a new cluster. This run, with its {count} commands, is discarded (copy its link first to keep it).',
  },
  'run.switch.confirm': 'Start a new cluster',
  'run.switch.cancel': 'Keep this run',
} as const;

export const zh: Translations<typeof en> = {
  'run.topology': '集群',
  'run.topology.basic': 'basic（1 个控制面）',
  'run.topology.ha': 'ha（3 个控制面）',
  'run.share': '复制指向此刻的链接',
  'run.copied': '链接已复制：任何人打开它都会重放这次运行并停在这一刻。',
  'run.copyManually': '请复制这个链接：',
  'run.switch.title': '要启动一个新集群吗？',
  'run.switch.body': { other: '切换到 {topology} 会启动一个新集群。本次运行（共 {count} 条命令）将被丢弃；如需保留，请先复制它的链接。' },
  'run.switch.confirm': '启动新集群',
  'run.switch.cancel': '保留本次运行',
};
