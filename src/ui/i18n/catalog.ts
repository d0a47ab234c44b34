/**
 * Every string the UI shows, in English and Simplified Chinese. kubectl output and Kubernetes
 * vocabulary inside it (Running, Ready, Pending…) are never translated: learners must recognise
 * them on a real cluster. `{name}` placeholders are filled by `format`.
 *
 * The zh-CN table is typed against the English keys, so a missing translation fails typecheck.
 */
export const en = {
  'app.title': 'Reconcile',
  'app.tagline': 'A Kubernetes cluster you can watch think',
  'lang.label': 'Language',
  'lang.switchTo': '中文',
  'lang.switchToLabel': 'Switch the interface to Chinese',
  'clock.label': 'Simulated time',
  'clock.elapsed': '{elapsed} since start',
  'controls.label': 'Simulation controls',
  'controls.pause': 'Pause',
  'controls.resume': 'Resume',
  'controls.speed': 'Speed',
  'conn.starting': 'Starting the cluster…',
  'conn.restarting': 'Restarting the simulation…',
  'conn.recovered': 'The simulation stopped unexpectedly ({detail}). It was restarted and {replayed} inputs were replayed, so nothing was lost.',
  'conn.failed': 'The simulation keeps failing ({detail}). Start a fresh cluster to continue.',
  'conn.error': 'Simulation error: {detail}',
  'conn.reset': 'Start a fresh cluster',
  'conn.dismiss': 'Dismiss',
  'nodes.title': 'Nodes',
  'nodes.empty': 'No Nodes have registered yet.',
  'pods.title': 'Pods',
  'pods.empty': 'No Pods yet. Try: kubectl apply -f go-api.yaml',
  'col.name': 'NAME',
  'col.namespace': 'NAMESPACE',
  'col.status': 'STATUS',
  'col.roles': 'ROLES',
  'col.version': 'VERSION',
  'col.ready': 'READY',
  'col.restarts': 'RESTARTS',
  'col.node': 'NODE',
  'term.title': 'Terminal',
  'term.inputLabel': 'Command line',
  'term.placeholder': 'kubectl get pods',
  'term.run': 'Run',
  'term.outputLabel': 'Command output',
  'term.files': 'Files you can apply: {files}',
  'term.running': 'running…',
  'term.lost': 'The simulation restarted before this command finished; it was not run.',
  'term.exit': 'exit code {code}',
  'term.clear': 'Clear',
} as const;

export type MessageKey = keyof typeof en;

export const zhCN: Record<MessageKey, string> = {
  'app.title': 'Reconcile',
  'app.tagline': '一个可以看着它“思考”的 Kubernetes 集群',
  'lang.label': '语言',
  'lang.switchTo': 'English',
  'lang.switchToLabel': '将界面切换为英文',
  'clock.label': '模拟时间',
  'clock.elapsed': '启动后 {elapsed}',
  'controls.label': '模拟控制',
  'controls.pause': '暂停',
  'controls.resume': '继续',
  'controls.speed': '速度',
  'conn.starting': '正在启动集群…',
  'conn.restarting': '正在重新启动模拟…',
  'conn.recovered': '模拟意外停止（{detail}）。已重新启动并重放了 {replayed} 条输入，没有丢失任何内容。',
  'conn.failed': '模拟反复失败（{detail}）。请启动一个新集群以继续。',
  'conn.error': '模拟错误：{detail}',
  'conn.reset': '启动新集群',
  'conn.dismiss': '关闭',
  'nodes.title': '节点（Node）',
  'nodes.empty': '还没有节点注册。',
  'pods.title': 'Pod',
  'pods.empty': '还没有 Pod。试试：kubectl apply -f go-api.yaml',
  'col.name': '名称',
  'col.namespace': '命名空间',
  'col.status': '状态',
  'col.roles': '角色',
  'col.version': '版本',
  'col.ready': '就绪',
  'col.restarts': '重启次数',
  'col.node': '节点',
  'term.title': '终端',
  'term.inputLabel': '命令行',
  'term.placeholder': 'kubectl get pods',
  'term.run': '运行',
  'term.outputLabel': '命令输出',
  'term.files': '可以 apply 的文件：{files}',
  'term.running': '运行中…',
  'term.lost': '该命令完成前模拟已重新启动，命令没有执行。',
  'term.exit': '退出码 {code}',
  'term.clear': '清屏',
};

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return format(CATALOGS[locale][key], params);
}
