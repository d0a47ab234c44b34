/** Attaching the page to a served cluster (`reconcile serve --open`) and the classroom across devices. */
export const en = {
  'attach.open': 'Attach to a served cluster',
  'attach.hint': 'Show a cluster that `reconcile serve --open` runs, which real kubectl can drive too',
  'attach.label': 'Address printed by reconcile serve',
  'attach.placeholder': 'http://127.0.0.1:8080/?attach=…',
  'attach.connect': 'Attach',
  'attach.cancel': 'Cancel',
  'attach.invalid': 'Not an address reconcile serve printed: paste its http://…/?attach=… link, a ws:// address or the token.',
  'attach.attached': 'Attached to a served cluster',
  'attach.detach': 'Detach: back to this browser’s own cluster',
  'classroom.student': 'Following the presenter',
  'classroom.studentOwn': 'Looking back on your own — the presenter carries on',
  'classroom.studentOffline': 'Reconnecting to the classroom…',
  'classroom.stepBack': 'Step back',
  'classroom.rejoin': 'Rejoin live',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'attach.open': '连接到 serve 提供的集群',
  'attach.hint': '显示 `reconcile serve --open` 运行的集群，真实的 kubectl 也可以操作它',
  'attach.label': 'reconcile serve 打印的地址',
  'attach.placeholder': 'http://127.0.0.1:8080/?attach=…',
  'attach.connect': '连接',
  'attach.cancel': '取消',
  'attach.invalid': '这不是 reconcile serve 打印的地址：请粘贴它的 http://…/?attach=… 链接、ws:// 地址或令牌。',
  'attach.attached': '已连接到 serve 提供的集群',
  'attach.detach': '断开：回到本浏览器自己的集群',
  'classroom.student': '正在跟随演示者',
  'classroom.studentOwn': '正在独自回看——演示者继续进行',
  'classroom.studentOffline': '正在重新连接课堂…',
  'classroom.stepBack': '后退一步',
  'classroom.rejoin': '回到实时',
};
