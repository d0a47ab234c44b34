/** The run's identity: topology, shareable link, and the questions before a switch discards the run or leaves a lesson. */
import type { Translations } from '../plural';
export const en = {
  'run.topology': 'Cluster',
  'run.topology.basic': 'basic (1 control plane)',
  'run.topology.ha': 'ha (3 control planes)',
  // What the closed select shows: it must fit the header at 1280 px (the dialogs use the names above).
  'run.topology.short.basic': '1 control plane',
  'run.topology.short.ha': '3 control planes',
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
  'run.leave.title': 'Leave the lesson?',
  'run.leave.scale': '“{lesson}” runs on a cluster of its own, and its steps describe that cluster. Rebuilding it with {nodes} worker nodes ends the lesson here. {saved} {boot}',
  'run.leave.topology': '“{lesson}” runs on a cluster of its own, and its steps describe that cluster. Switching to {topology} ends the lesson here. {saved}',
  'run.leave.command': '“{lesson}” runs on a cluster of its own, and its steps describe that cluster. Running “{line}” rebuilds it, which ends the lesson here. {saved} {boot}',
  'run.leave.saved': 'Your progress is kept: resuming the lesson brings its own cluster back.',
  'run.leave.confirm': 'Leave the lesson',
  'run.leave.cancel': 'Stay in the lesson',
} as const;

export const zh: Translations<typeof en> = {
  'run.topology': '集群',
  'run.topology.basic': 'basic（1 个控制面）',
  'run.topology.ha': 'ha（3 个控制面）',
  'run.topology.short.basic': '1 个控制面',
  'run.topology.short.ha': '3 个控制面',
  'run.share': '复制指向此刻的链接',
  'run.copied': '链接已复制：任何人打开它都会重放这次运行并停在这一刻。',
  'run.copyManually': '请复制这个链接：',
  'run.switch.title': '要启动一个新集群吗？',
  'run.switch.body': { other: '切换到 {topology} 会启动一个新集群。本次运行（共 {count} 条命令）将被丢弃；如需保留，请先复制它的链接。' },
  'run.switch.confirm': '启动新集群',
  'run.switch.cancel': '保留本次运行',
  'run.leave.title': '要离开这节课吗？',
  'run.leave.scale': '“{lesson}”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。用 {nodes} 个工作节点重建集群，这节课就到此结束。{saved}{boot}',
  'run.leave.topology': '“{lesson}”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。切换到 {topology}，这节课就到此结束。{saved}',
  'run.leave.command': '“{lesson}”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。运行“{line}”会重建集群，这节课就到此结束。{saved}{boot}',
  'run.leave.saved': '学习进度会保留：之后继续这节课时，它会重新搭起自己的集群。',
  'run.leave.confirm': '离开课程',
  'run.leave.cancel': '留在课程里',
};
