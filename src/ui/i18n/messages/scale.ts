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
  'grid.label': { one: '{count} worker node', other: '{count} worker nodes' },
  'grid.hint': 'One square per node. Click one (or focus it and press Enter) to zoom in; arrow keys move between nodes.',
  'grid.ready': 'Ready {count}',
  'grid.notReady': 'NotReady {count}',
  'grid.pressure': 'pressure {count}',
  'grid.pods': 'Pods {count}',
  'grid.shade': 'darker: more Pods per node (max {max})',
  'grid.zone': { one: 'zone {zone} · {count} node', other: 'zone {zone} · {count} nodes' },
  'grid.zoneNotReady': '{count} NotReady',
  'grid.noZone': { one: 'no zone · {count} node', other: 'no zone · {count} nodes' },
  'grid.cell': { one: '{name}: {status}, {count} Pod', other: '{name}: {status}, {count} Pods' },
  'grid.morePods': { one: '+{count} more Pod', other: '+{count} more Pods' },
  'zoom.title': 'Node {name}',
  'zoom.close': 'Back to all nodes',
  'zoom.gone': 'Node {name} is no longer in the cluster.',
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
  'grid.label': { other: '{count} 个工作节点' },
  'grid.hint': '每个方块是一个节点。点击它（或聚焦后按 Enter）放大查看；方向键在节点之间移动。',
  'grid.ready': 'Ready {count}',
  'grid.notReady': 'NotReady {count}',
  'grid.pressure': '压力 {count}',
  'grid.pods': 'Pod {count}',
  'grid.shade': '颜色越深，节点上的 Pod 越多（最多 {max}）',
  'grid.zone': { other: '可用区 {zone} · {count} 个节点' },
  'grid.zoneNotReady': '{count} 个 NotReady',
  'grid.noZone': { other: '无可用区 · {count} 个节点' },
  'grid.cell': { other: '{name}：{status}，{count} 个 Pod' },
  'grid.morePods': { other: '另有 {count} 个 Pod' },
  'zoom.title': '节点 {name}',
  'zoom.close': '返回全部节点',
  'zoom.gone': '节点 {name} 已不在集群中。',
};
