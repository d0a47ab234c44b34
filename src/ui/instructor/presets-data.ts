/**
 * The presets. One per row of the syllabus's failure-symptoms table (组件故障时的现象: API Server,
 * etcd quorum, Scheduler, Controller Manager, kubelet, container runtime, CNI, CSI, kube-proxy),
 * plus a node powered off and a node partitioned, the ha take-overs, a message fault, and the
 * self-healing demos of the syllabus's 自愈能力及边界 section. presets.test.ts runs every one
 * against the real engine and checks the symptom it promises.
 */
import type { Preset, PresetStep } from './presets';

const GO_API: PresetStep[] = [{ line: 'kubectl apply -f go-api.yaml' }, { line: 'kubectl rollout status deployment/go-api --timeout=2m' }];

export const CLAIM_AND_POD = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
  - name: db
    image: nginx:1.27
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
`;

export const PRESETS: readonly Preset[] = [
  {
    id: 'apiserver-down',
    group: 'failure',
    title: { en: 'kube-apiserver down', zh: 'kube-apiserver 宕机' },
    goal: {
      en: 'Everything talks through kube-apiserver: without it nothing changes, yet running containers keep running.',
      zh: '所有组件都通过 kube-apiserver 通信：没有它什么都不会变化，但已经在运行的容器继续运行。',
    },
    steps: [{ line: 'sim fail kube-apiserver' }],
    watch: {
      en: 'kubectl is refused (“The connection to the server … was refused”); Pods on the nodes stay Running; after “sim recover kube-apiserver” every component catches up.',
      zh: 'kubectl 被拒绝（“The connection to the server … was refused”）；节点上的 Pod 仍是 Running；“sim recover kube-apiserver” 之后所有组件都会追上进度。',
    },
  },
  {
    id: 'etcd-quorum',
    group: 'failure',
    title: { en: 'etcd loses quorum', zh: 'etcd 失去多数派' },
    goal: {
      en: 'etcd is the only place state is kept: without a quorum no write commits, so nothing can change — while existing Pods keep running.',
      zh: 'etcd 是唯一保存状态的地方：没有多数派就无法提交写入，什么都改变不了——而已有的 Pod 继续运行。',
    },
    steps: [{ line: 'sim fail etcd' }],
    haSteps: [{ line: 'sim fail etcd-1' }, { line: 'sim fail etcd-2' }],
    watch: {
      en: 'A write such as “kubectl create namespace write-check” fails, after etcd’s 7 s request timeout, with “Error from server: etcdserver: request timed out”; so does a read such as “kubectl get pods -A”, which asks etcd for its current revision first (the watch cache alone answers only a list at resourceVersion=0); Pods stay Running, and no Node turns NotReady however long you wait — the Node Leases simply stop being renewed.',
      zh: '像 “kubectl create namespace write-check” 这样的写操作会在 etcd 的 7 秒请求超时之后失败，并报 “Error from server: etcdserver: request timed out”；像 “kubectl get pods -A” 这样的读取也一样失败，因为它要先向 etcd 询问当前的修订版本（只有 resourceVersion=0 的 list 才由 watch 缓存单独回答）；Pod 保持 Running，而且无论等多久都没有 Node 变成 NotReady——只是 Node Lease 不再续约。',
    },
  },
  {
    id: 'scheduler-down',
    group: 'failure',
    title: { en: 'kube-scheduler down', zh: 'kube-scheduler 宕机' },
    goal: { en: 'Only the scheduler chooses nodes: without it new Pods wait forever, and nobody even says why.', zh: '只有调度器负责选择节点：没有它，新 Pod 会一直等待，而且没有任何组件说明原因。' },
    steps: [...GO_API, { line: 'sim fail kube-scheduler' }, { line: 'kubectl scale deployment go-api --replicas=5' }],
    watch: {
      en: 'Two new Pods stay Pending with NODE <none> and no FailedScheduling event; the three old ones keep running; after “sim recover kube-scheduler” they are bound within seconds.',
      zh: '两个新 Pod 一直 Pending，NODE 为 <none>，没有 FailedScheduling 事件；原来的三个继续运行；“sim recover kube-scheduler” 之后几秒内它们就被绑定到节点。',
    },
  },
  {
    id: 'controller-manager-down',
    group: 'failure',
    title: { en: 'kube-controller-manager down', zh: 'kube-controller-manager 宕机' },
    goal: { en: 'Controllers turn desired state into actual state: stop them and the desired state is just a record.', zh: '控制器把期望状态变成实际状态：停止它们，期望状态就只是一条记录。' },
    steps: [...GO_API, { line: 'sim fail kube-controller-manager' }, { line: 'kubectl scale deployment go-api --replicas=5' }],
    watch: {
      en: '“kubectl get deployment go-api” shows READY 3/5 and no new Pods appear; deleting a Pod does not bring a replacement; recovery creates them all.',
      zh: '“kubectl get deployment go-api” 显示 READY 3/5，没有新 Pod 出现；删除一个 Pod 也不会被补上；恢复后所有 Pod 都被创建。',
    },
  },
  {
    id: 'kubelet-down',
    group: 'failure',
    title: { en: 'kubelet down on node-2', zh: 'node-2 上的 kubelet 宕机' },
    goal: {
      en: 'The control plane learns about a node only from its kubelet: silence becomes NotReady, then taints, then eviction — at real default timings.',
      zh: '控制面只能通过 kubelet 了解节点：沉默先变成 NotReady，然后是污点，最后是驱逐——都按真实的默认时间发生。',
    },
    steps: [...GO_API, { line: 'sim fail kubelet/node-2' }],
    watch: {
      en: 'Fast-forward (speed 20× or “sim advance 60s”): about 50 s after the last Lease renewal node-2 is NotReady with the unreachable taints; 300 s later its Pods are evicted (TaintManagerEviction), replacements start on other nodes and the old ones stay Terminating.',
      zh: '快进（20× 速度或 “sim advance 60s”）：最后一次 Lease 续约约 50 秒后，node-2 变为 NotReady 并带上 unreachable 污点；再过 300 秒，它的 Pod 被驱逐（TaintManagerEviction），替代 Pod 在其他节点启动，旧 Pod 一直 Terminating。',
    },
  },
  {
    id: 'runtime-down',
    group: 'failure',
    title: { en: 'Container runtime down on node-2', zh: 'node-2 上的容器运行时宕机' },
    goal: { en: 'The kubelet starts nothing itself: without the runtime (CRI) no container can be created or restarted.', zh: 'kubelet 自己不启动任何东西：没有容器运行时（CRI），就无法创建或重启容器。' },
    steps: [...GO_API, { line: 'sim fail container-runtime/node-2' }],
    watch: {
      en: 'Within seconds node-2 is NotReady (“container runtime is down”) with the not-ready taint; containers already running keep running; nothing new starts there.',
      zh: '几秒内 node-2 变为 NotReady（“container runtime is down”）并带上 not-ready 污点；已运行的容器继续运行；那里不会再启动任何新容器。',
    },
  },
  {
    id: 'cni-broken',
    group: 'failure',
    title: { en: 'CNI broken on node-2', zh: 'node-2 上的 CNI 损坏' },
    goal: { en: 'A Pod needs a network before its containers start: the CNI plugin gives it one.', zh: 'Pod 的容器启动之前需要网络：网络由 CNI 插件提供。' },
    steps: [...GO_API, { line: 'sim fail cni/node-2' }, { line: 'kubectl scale deployment go-api --replicas=6' }],
    watch: {
      en: 'New Pods placed on node-2 stay ContainerCreating with FailedCreatePodSandBox events (“kubectl describe pod”); Pods elsewhere and the old Pods on node-2 are fine.',
      zh: '调度到 node-2 的新 Pod 一直 ContainerCreating，并有 FailedCreatePodSandBox 事件（“kubectl describe pod”）；其他节点上的 Pod 以及 node-2 上原有的 Pod 都正常。',
    },
  },
  {
    id: 'csi-broken',
    group: 'failure',
    title: { en: 'CSI driver broken', zh: 'CSI 驱动损坏' },
    goal: { en: 'Volumes are provisioned and mounted by the CSI driver: only Pods that need one are affected.', zh: '卷由 CSI 驱动创建和挂载：只有需要卷的 Pod 受影响。' },
    steps: [{ line: 'sim fail csi' }, { line: 'kubectl apply -f -', stdin: CLAIM_AND_POD }, { line: 'kubectl run plain --image=nginx:1.27' }],
    watch: {
      en: 'The claim “data” stays Pending and Pod “db” waits for it, while Pod “plain” (no volume) runs; after “sim recover csi” the volume is provisioned and “db” starts.',
      zh: '存储声明 “data” 一直 Pending，Pod “db” 在等待它，而不使用卷的 Pod “plain” 正常运行；“sim recover csi” 之后卷被创建，“db” 启动。',
    },
  },
  {
    id: 'proxy-down',
    group: 'failure',
    title: { en: 'kube-proxy down on node-1', zh: 'node-1 上的 kube-proxy 宕机' },
    goal: { en: 'Service traffic follows rules kube-proxy writes on each node: when it stops, that node’s rules go stale.', zh: 'Service 流量遵循 kube-proxy 在每个节点上写入的规则：它停止后，该节点的规则就过时了。' },
    steps: [
      { line: 'kubectl apply -f go-api.yaml' },
      { line: 'kubectl apply -f go-api-service.yaml' },
      { line: 'kubectl rollout status deployment/go-api --timeout=2m' },
      // kube-proxy syncs its rules about a second after an EndpointSlice changes: let it see all three endpoints.
      { line: 'sim advance 5s' },
      { line: 'sim fail kube-proxy/node-1' },
      { line: 'kubectl scale deployment go-api --replicas=1' },
    ],
    watch: {
      en: 'Repeat “sim curl go-api --from node-1”: some requests time out at an endpoint whose Pod is gone, while “sim curl go-api --from node-2” always answers; Pods keep running.',
      zh: '多次运行 “sim curl go-api --from node-1”：部分请求会因为被转发到已删除 Pod 的端点而超时，而 “sim curl go-api --from node-2” 总能得到响应；Pod 继续运行。',
    },
  },
  {
    id: 'node-power-off',
    group: 'failure',
    title: { en: 'node-2 powered off', zh: 'node-2 关机' },
    goal: { en: 'A dead machine looks exactly like a silent kubelet to the control plane: the same grace period, taints and eviction.', zh: '对控制面来说，死机和沉默的 kubelet 看起来完全一样：同样的宽限期、污点和驱逐。' },
    steps: [...GO_API, { line: 'sim fail node/node-2' }],
    watch: {
      en: 'Fast-forward: NotReady after about 50 s, eviction 300 s later, replacements elsewhere; after “sim recover node/node-2” the machine boots and the old Pods are cleaned up.',
      zh: '快进：约 50 秒后 NotReady，再过 300 秒驱逐，替代 Pod 在其他节点启动；“sim recover node/node-2” 之后机器启动，旧 Pod 被清理。',
    },
  },
  {
    id: 'network-partition',
    group: 'failure',
    title: { en: 'node-2 cut off from the control plane', zh: 'node-2 与控制面断网' },
    goal: { en: 'NotReady means “not heard from”, not “dead”: a partitioned node’s Pods keep running.', zh: 'NotReady 的意思是“联系不上”，而不是“已死亡”：断网节点上的 Pod 仍在运行。' },
    steps: [...GO_API, { line: 'sim fail network/node-2' }],
    watch: {
      en: 'Fast-forward: node-2 turns NotReady while “sim status” shows its kubelet Running; after the 300 s toleration its Pods are replaced — and still run on node-2 until it reconnects.',
      zh: '快进：node-2 变为 NotReady，而 “sim status” 显示它的 kubelet 仍在运行；300 秒容忍期过后它的 Pod 被替换——但在重新连通之前它们仍在 node-2 上运行。',
    },
  },
  {
    id: 'ha-scheduler-failover',
    group: 'ha',
    requires: 'ha',
    title: { en: 'Stop the leading kube-scheduler', zh: '停止作为领导者的 kube-scheduler' },
    goal: { en: 'Several schedulers run, one leads through a Lease; a standby takes over only after the Lease expires.', zh: '多个调度器同时运行，通过 Lease 选出一个领导者；只有 Lease 过期后备用实例才会接管。' },
    steps: [...GO_API, { line: 'sim fail {leader:kube-scheduler}' }, { line: 'kubectl scale deployment go-api --replicas=5' }],
    watch: {
      en: 'The new Pods wait until the Lease is 15 s old; then “kubectl get lease kube-scheduler -n kube-system” shows another holder, a LeaderElection event says “… became leader”, and the Pods are bound.',
      zh: '新 Pod 会一直等到 Lease 超过 15 秒；然后 “kubectl get lease kube-scheduler -n kube-system” 显示新的持有者，LeaderElection 事件显示 “… became leader”，Pod 被绑定。',
    },
  },
  {
    id: 'ha-controller-manager-failover',
    group: 'ha',
    requires: 'ha',
    title: { en: 'Stop the leading kube-controller-manager', zh: '停止作为领导者的 kube-controller-manager' },
    goal: { en: 'Only one controller manager acts at a time, so two never fight over the same objects.', zh: '同一时间只有一个控制器管理器在工作，所以不会有两个实例争抢同一个对象。' },
    steps: [...GO_API, { line: 'sim fail {leader:kube-controller-manager}' }, { line: 'kubectl scale deployment go-api --replicas=5' }],
    watch: {
      en: 'Scaling does nothing until a standby holds the kube-controller-manager Lease (15 s after the last renewal); then the two extra Pods appear.',
      zh: '在备用实例持有 kube-controller-manager 的 Lease 之前（上次续约后 15 秒），扩容不起作用；之后两个新 Pod 出现。',
    },
  },
  {
    id: 'ha-apiserver-one-down',
    group: 'ha',
    requires: 'ha',
    title: { en: 'One of three kube-apiservers down', zh: '三个 kube-apiserver 中的一个宕机' },
    goal: { en: 'kube-apiserver keeps no state of its own, so several serve at once behind a load balancer.', zh: 'kube-apiserver 自己不保存状态，所以多个实例可以在负载均衡器后同时服务。' },
    steps: [{ line: 'sim fail kube-apiserver-1' }],
    watch: {
      en: 'kubectl and the kubelets keep working through the load balancer. kube-scheduler-1 and kube-controller-manager-1 talk only to kube-apiserver-1: where one of them led, a standby takes its Lease about 15 s later (a LeaderElection event in kube-system).',
      zh: 'kubectl 和 kubelet 经由负载均衡器照常工作。kube-scheduler-1 和 kube-controller-manager-1 只连接 kube-apiserver-1：如果其中某个原本是领导者，大约 15 秒后备用实例会接过它的 Lease（kube-system 中会出现 LeaderElection 事件）。',
    },
  },
  {
    id: 'ha-etcd-one-down',
    group: 'ha',
    requires: 'ha',
    title: { en: 'One of three etcd members down', zh: '三个 etcd 成员中的一个宕机' },
    goal: { en: 'A quorum is a majority: two of three members still commit every write.', zh: '多数派就是过半数：三个成员中的两个仍能提交每一次写入。' },
    steps: [{ line: 'sim fail etcd-1' }, { line: 'kubectl create deployment web --image=nginx:1.27 --replicas=2' }],
    watch: { en: 'The Deployment is created and its Pods run; stop a second member (“sim fail etcd-2”) and writes time out.', zh: 'Deployment 被创建，Pod 正常运行；再停止一个成员（“sim fail etcd-2”），写入就会超时。' },
  },
  {
    id: 'watch-drop-controller-manager',
    group: 'self-healing',
    title: { en: 'Watch events lost: level-based recovery', zh: '丢失 watch 事件：基于水平的恢复' },
    goal: {
      en: 'Controllers compare whole states, not events: after a relist they fix whatever they missed.',
      zh: '控制器比较的是完整状态，而不是事件：重新 list 之后，它们会修正错过的一切。',
    },
    steps: [...GO_API, { line: 'sim fail watch-drop/kube-controller-manager' }, { line: 'kubectl scale deployment go-api --replicas=5' }],
    watch: {
      en: 'Nothing happens: kube-controller-manager never hears of the change. After “sim recover watch-drop/kube-controller-manager” its Reflectors relist and the two Pods are created.',
      zh: '什么都没发生：kube-controller-manager 根本没听说这次变化。“sim recover watch-drop/kube-controller-manager” 之后它的 Reflector 重新 list，两个 Pod 被创建。',
    },
  },
  {
    id: 'crashloop',
    group: 'self-healing',
    title: { en: 'A crashing container', zh: '不断崩溃的容器' },
    goal: { en: 'The kubelet restarts a crashing container with back-off; restarting does not fix its cause.', zh: 'kubelet 以退避方式重启崩溃的容器；但重启并不能修复根因。' },
    steps: [{ line: 'kubectl apply -f crashloop.yaml' }],
    watch: {
      en: 'STATUS alternates Error / CrashLoopBackOff, RESTARTS grows, the waits double (10 s, 20 s, 40 s …); “kubectl logs crasher --previous” shows why.',
      zh: 'STATUS 在 Error 和 CrashLoopBackOff 之间交替，RESTARTS 不断增加，等待时间加倍（10 秒、20 秒、40 秒……）；“kubectl logs crasher --previous” 显示原因。',
    },
  },
  {
    id: 'never-ready',
    group: 'self-healing',
    title: { en: 'A failing readiness probe', zh: '就绪探针失败' },
    goal: { en: 'Readiness decides traffic, not life: an unready Pod runs but receives nothing.', zh: '就绪探针决定的是流量，而不是生死：未就绪的 Pod 在运行，但收不到任何流量。' },
    steps: [{ line: 'kubectl apply -f never-ready.yaml' }],
    watch: {
      en: 'The Pod is Running 0/1 with “Readiness probe failed” events and 0 restarts; its EndpointSlice endpoint is not ready.',
      zh: 'Pod 处于 Running 0/1，带有 “Readiness probe failed” 事件，重启次数为 0；它在 EndpointSlice 中的端点未就绪。',
    },
  },
  {
    id: 'no-capacity',
    group: 'self-healing',
    title: { en: 'No node has room', zh: '没有节点放得下' },
    goal: { en: 'Kubernetes cannot create capacity: the scheduler can only explain why nothing fits.', zh: 'Kubernetes 无法凭空创造资源：调度器只能解释为什么放不下。' },
    steps: [{ line: 'kubectl apply -f too-big.yaml' }],
    watch: {
      en: 'The Pod stays Pending; “kubectl describe pod too-big” shows FailedScheduling “0/4 nodes are available: … Insufficient cpu …”.',
      zh: 'Pod 一直 Pending；“kubectl describe pod too-big” 显示 FailedScheduling “0/4 nodes are available: … Insufficient cpu …”。',
    },
  },
  {
    id: 'deleted-pod',
    group: 'self-healing',
    title: { en: 'A deleted Pod is replaced', zh: '被删除的 Pod 会被补上' },
    goal: { en: 'The ReplicaSet controller keeps the count, not the Pods: a deleted one gets a successor with a new name.', zh: 'ReplicaSet 控制器维护的是数量，而不是具体的 Pod：被删除的 Pod 会由一个新名字的 Pod 接替。' },
    steps: [...GO_API, { line: 'kubectl delete pod -l app=go-api --field-selector spec.nodeName=node-1 --wait=false' }],
    watch: {
      en: 'The Pod on node-1 goes Terminating and a new go-api Pod appears at once (SuccessfulCreate); the Deployment stays at 3.',
      zh: 'node-1 上的 Pod 变为 Terminating，新的 go-api Pod 立即出现（SuccessfulCreate）；Deployment 保持 3 个。',
    },
  },
];
