/**
 * A big cluster on the page: the scale dial in the header, the node grid that stands for the
 * workers beyond what can be drawn one by one, and the zoom into one node. Kubernetes' words
 * (Ready, NotReady, Pods, MemoryPressure) stay untranslated.
 */
import type { Translations } from '../plural';

export const en = {
  'scale.dial': 'Worker nodes',
  'scale.option': '{num} nodes',
  'scale.optionCurrent': { one: '{count} node (now)', other: '{count} nodes (now)' },
  'scale.title': 'Rebuild the cluster?',
  'scale.body': {
    one: 'The cluster is rebuilt with {nodes} worker nodes (sim topology {topology} --nodes {n}): every object in it is gone, and the {count} command typed so far stays in the history. {boot}',
    other: 'The cluster is rebuilt with {nodes} worker nodes (sim topology {topology} --nodes {n}): every object in it is gone, and the {count} commands typed so far stay in the history. {boot}',
  },
  'scale.bootSlow': 'A cluster this big takes a few seconds to boot.',
  'scale.confirm': 'Rebuild the cluster',
  'scale.cancel': 'Keep this cluster',
  'scale.busy': 'Booting {nodes} nodes…',
  'scale.busyAny': 'Rebuilding the cluster…',
  'grid.morePods': { one: '+{count} more Pod', other: '+{count} more Pods' },
} as const;

export const zh: Translations<typeof en> = {
  'scale.dial': '工作节点数',
  'scale.option': '{num} 个节点',
  'scale.optionCurrent': { other: '{count} 个节点（当前）' },
  'scale.title': '要重建集群吗？',
  'scale.body': { other: '集群将以 {nodes} 个工作节点重建（sim topology {topology} --nodes {n}）：其中的所有对象都会消失，已输入的 {count} 条命令保留在历史中。{boot}' },
  'scale.bootSlow': '这么大的集群需要几秒钟才能启动。',
  'scale.confirm': '重建集群',
  'scale.cancel': '保留当前集群',
  'scale.busy': '正在启动 {nodes} 个节点…',
  'scale.busyAny': '正在重建集群…',
  'grid.morePods': { other: '另有 {count} 个 Pod' },
};
