/** The run's identity: topology and shareable link. */
export const en = {
  'run.topology': 'Cluster',
  'run.topology.basic': 'basic: 1 control plane + 3 nodes',
  'run.topology.ha': 'ha: 3 control planes + 3 nodes',
  'run.share': 'Copy link to this moment',
  'run.copied': 'Link copied: it replays this run to this moment for anyone.',
  'run.copyManually': 'Copy this link:',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'run.topology': '集群',
  'run.topology.basic': 'basic：1 个控制面 + 3 个节点',
  'run.topology.ha': 'ha：3 个控制面 + 3 个节点',
  'run.share': '复制指向此刻的链接',
  'run.copied': '链接已复制：任何人打开它都会重放这次运行并停在这一刻。',
  'run.copyManually': '请复制这个链接：',
};
