/** The traffic panel: requests to a Service through one node's kube-proxy rules. */
export const en = {
  'traffic.title': 'Traffic',
  'traffic.hint': "Send a request to a Service from one node. It follows that node's kube-proxy rules — stale ones too, while kube-proxy there is stopped.",
  'traffic.service': 'Service',
  'traffic.from': 'From node',
  'traffic.send': 'Send request',
  'traffic.noService': 'No Service yet. Try: kubectl apply -f go-api-service.yaml',
  'traffic.results': 'Requests sent, newest first',
  'traffic.outcome.ok': 'answered',
  'traffic.outcome.http-error': 'error answer',
  'traffic.outcome.failed': 'failed',
  'traffic.outcome.pending': 'sending…',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'traffic.title': '流量',
  'traffic.hint': '从某个节点向 Service 发送请求。请求按照该节点的 kube-proxy 规则转发——如果那里的 kube-proxy 已停止，就按过时的规则转发。',
  'traffic.service': 'Service',
  'traffic.from': '来源节点',
  'traffic.send': '发送请求',
  'traffic.noService': '还没有 Service。试试：kubectl apply -f go-api-service.yaml',
  'traffic.results': '已发送的请求（最新的在前）',
  'traffic.outcome.ok': '已应答',
  'traffic.outcome.http-error': '返回错误',
  'traffic.outcome.failed': '失败',
  'traffic.outcome.pending': '发送中…',
};
