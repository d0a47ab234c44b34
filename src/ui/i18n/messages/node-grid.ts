/**
 * The node grid and the zoom into one node (NodeGrid.tsx, NodeZoom.tsx): loaded with them, the
 * first time a cluster has more workers than are drawn one by one. Kubernetes' words (Ready,
 * NotReady, Pods) stay untranslated.
 */
import type { Translations } from '../plural';

export const en = {
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
  'zoom.title': 'Node {name}',
  'zoom.close': 'Back to all nodes',
  'zoom.gone': 'Node {name} is no longer in the cluster.',
} as const;

export const zh: Translations<typeof en> = {
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
  'zoom.title': '节点 {name}',
  'zoom.close': '返回全部节点',
  'zoom.gone': '节点 {name} 已不在集群中。',
};
