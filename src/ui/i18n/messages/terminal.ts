/**
 * The xterm terminal's own strings (kubectl's output is never translated). The heading, the
 * input label, the files line and the lost-command note are the core module's `term.*` keys.
 */
export const en = {
  'terminal.inputLabel': 'Type a command, then Enter',
  // One short line per sentence: xterm wraps a long line mid-word at the terminal's width.
  'terminal.welcome': 'Welcome. This cluster is paused and waiting for you.\nTry  kubectl apply -f go-api.yaml  then press → on the stage to step through every message it causes.\nType help for what this terminal runs.',
  'terminal.hint': 'Tab completes · ↑ ↓ history · Ctrl+C stops a waiting command · Esc then Tab leaves the terminal',
  'terminal.waiting': 'Waiting for the command to finish at the playhead. Press Ctrl+C in the terminal to stop it.',
  'terminal.progress': 'Simulating… {time} of simulated time so far.',
  'terminal.help':
    'This terminal runs:\n  kubectl …         real kubectl syntax (k is an alias); try kubectl get pods\n  sim …             simulator directives: sim advance 30s, sim fail kube-scheduler, sim trace; sim help lists them\n  sleep <duration>  let simulated time pass (like sim advance)\n  watch …           watch kubectl get pods redraws every 2 s of simulated time; Ctrl+C leaves it\n  files             kubectl … -o yaml > web.yaml, cat, ls, grep, sed -i, diff, cp, rm; 2>&1, >>, < work as in bash\n  vi FILE           vi web.yaml (or vim, nano) opens the file in the YAML editor; Save writes it, then kubectl apply -f web.yaml\n  tools             … | base64 -d, seq 5, date -u, sort, cut, tr, tar behave as the GNU tools do; awk is mawk, as on Debian\n  jq                kubectl get pods -o json | jq -r \'.items[].metadata.name\' (jq 1.6)\n  kustomize         kubectl kustomize overlays/dev, kubectl apply -k overlays/dev (write kustomization.yaml with cat > … <<EOF)\n  curl              from the laptop: curl http://<node IP>:<nodePort>/, curl -k https://10.0.0.10:6443/version\n  port-forward      kubectl port-forward svc/web 8080:80 & then curl localhost:8080; kubectl proxy & then curl localhost:8001/api/v1/pods\n  jobs              CMD & runs in the background; jobs, fg %1 (then Ctrl+C), kill %1, wait, $!\n  openssl           openssl genrsa -out jane.key 2048, openssl req -new -key jane.key -subj "/CN=jane/O=dev" -out jane.csr, openssl x509 -in jane.crt -noout -text\n  bash              export NS=kube-system, alias kgp="kubectl get pods", POD=$(kubectl get pods -o name), $?, a && b, a | grep x,\n                    for p in a b; do …; done, while, if, $((1+2)), *.yaml, cd, | xargs kubectl delete,\n                    f() { kubectl get pods -n "$1"; }, {1..3}, $RANDOM, cat <<EOF inside a loop\n  clear             clear the screen (Ctrl+L)\n  help              this text\nKeys: Tab completes; ↑ ↓ walk the history; Ctrl+A/E start/end of line; Ctrl+U/K/W delete; Ctrl+C stops a waiting command.',
  'terminal.pasteRefused': 'Paste refused: {size} KB is more than the 256 KB a paste may hold.',
  'terminal.moreCandidates': '… and {count} more',
  'terminal.announce': '{line}: {output}',
  'terminal.announceFailed': '{line} failed with exit code {code}: {output}',
  'terminal.announceInterrupted': '{line} was interrupted: {output}',
  'terminal.announceEmpty': 'no output',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'terminal.inputLabel': '在此输入命令，按 Enter 运行',
  'terminal.welcome': '欢迎。这个集群已暂停，正等着你。\n试试：  kubectl apply -f go-api.yaml  然后在舞台上按 →，逐条查看它引发的每一条消息。\n输入 help 查看这个终端能运行什么。',
  'terminal.hint': 'Tab 补全 · ↑ ↓ 历史命令 · Ctrl+C 停止正在等待的命令 · 先按 Esc 再按 Tab 离开终端',
  'terminal.waiting': '命令仍在等待，播放头到达其结束时间后才会完成。在终端中按 Ctrl+C 可以停止它。',
  'terminal.progress': '正在模拟… 已经过 {time} 的模拟时间。',
  'terminal.help':
    '这个终端可以运行：\n  kubectl …         真实的 kubectl 语法（k 是别名）；试试 kubectl get pods\n  sim …             模拟器指令：sim advance 30s、sim fail kube-scheduler、sim trace；sim help 列出全部\n  sleep <时长>      让模拟时间流逝（同 sim advance）\n  watch …           watch kubectl get pods 每 2 秒（模拟时间）刷新一次；按 Ctrl+C 退出\n  文件              kubectl … -o yaml > web.yaml、cat、ls、grep、sed -i、diff、cp、rm；2>&1、>>、< 与 bash 中一样\n  vi 文件           vi web.yaml（或 vim、nano）在 YAML 编辑器中打开该文件；保存即写入，然后 kubectl apply -f web.yaml\n  工具              … | base64 -d、seq 5、date -u、sort、cut、tr、tar：与 GNU 工具行为一致；awk 是 Debian 的 mawk\n  jq                kubectl get pods -o json | jq -r \'.items[].metadata.name\'（jq 1.6）\n  kustomize         kubectl kustomize overlays/dev、kubectl apply -k overlays/dev（用 cat > … <<EOF 写 kustomization.yaml）\n  curl              从你的电脑发出：curl http://<节点 IP>:<nodePort>/、curl -k https://10.0.0.10:6443/version\n  port-forward      kubectl port-forward svc/web 8080:80 & 然后 curl localhost:8080；kubectl proxy & 然后 curl localhost:8001/api/v1/pods\n  后台任务          CMD & 在后台运行；jobs、fg %1（再按 Ctrl+C）、kill %1、wait、$!\n  openssl           openssl genrsa -out jane.key 2048、openssl req -new -key jane.key -subj "/CN=jane/O=dev" -out jane.csr、openssl x509 -in jane.crt -noout -text\n  bash              export NS=kube-system、alias kgp="kubectl get pods"、POD=$(kubectl get pods -o name)、$?、a && b、a | grep x、\n                    for p in a b; do …; done、while、if、$((1+2))、*.yaml、cd、| xargs kubectl delete、\n                    f() { kubectl get pods -n "$1"; }、{1..3}、$RANDOM、循环中的 cat <<EOF\n  clear             清屏（Ctrl+L）\n  help              显示本说明\n按键：Tab 补全；↑ ↓ 浏览历史；Ctrl+A/E 行首/行尾；Ctrl+U/K/W 删除；Ctrl+C 停止正在等待的命令。',
  'terminal.pasteRefused': '已拒绝粘贴：{size} KB 超过了单次粘贴 256 KB 的上限。',
  'terminal.moreCandidates': '……还有 {count} 项',
  'terminal.announce': '{line}：{output}',
  'terminal.announceFailed': '{line} 失败，退出码 {code}：{output}',
  'terminal.announceInterrupted': '{line} 已被中断：{output}',
  'terminal.announceEmpty': '无输出',
};
