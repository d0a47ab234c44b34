import { describe, expect, it } from 'vitest';
import type { TraceKind, TraceRecord } from '../../engine/core/trace';
import { TRACE_KINDS } from '../../lesson-runtime/conditions';
import { goApiRun } from '../sequence/testdata.testing';
import { narrate, narrateStep } from './narrate';
import { find, realTrace } from './trace.testing';
import { sentence } from './words';

const run = goApiRun();
const POD = run.pod;
const NODE = run.hops.sandbox.from.split('/')[1]!;

/** A record of the go-api story with the story before it as context. */
function at(record: TraceRecord): { record: TraceRecord; context: readonly TraceRecord[] } {
  const i = run.trace.indexOf(record);
  if (i < 0) throw new Error(`record ${record.seq} is not in the story`);
  return { record, context: run.trace.slice(0, i + 1) };
}

function both(record: TraceRecord): [string, string] {
  const { context } = at(record);
  return [narrate(record, 'en', context), narrate(record, 'zh-CN', context)];
}

/** The record of `kind` in one of the story's requests. */
function of(records: readonly TraceRecord[], kind: TraceKind): TraceRecord {
  const r = records.find((x) => x.kind === kind);
  if (!r) throw new Error(`no ${kind} record in the request`);
  return r;
}

function revision(records: readonly TraceRecord[]): number {
  const r = of(records, 'etcd-commit');
  return r.kind === 'etcd-commit' && r.detail.type === 'committed' ? r.detail.revision : -1;
}

const CJK = /[\u4e00-\u9fff]/;

describe('narrate: the apply → Running chain (go-api, seed 1)', () => {
  const { getDeployment: get, createDeployment: post, createReplicaSet: rs, createPod, bind } = run.requests;
  const h = run.hops;

  it('kubectl and kube-apiserver: request, pipeline stages, etcd, response', () => {
    expect(both(of(post, 'request'))).toEqual(['kubectl asked kube-apiserver to create deployment go-api', 'kubectl 请求 kube-apiserver 创建 deployment go-api']);
    expect(both(of(get, 'request'))).toEqual(['kubectl asked kube-apiserver for deployment go-api', 'kubectl 向 kube-apiserver 读取 deployment go-api']);
    expect(both(of(post, 'authn'))).toEqual(['kube-apiserver authenticated the request as kubernetes-admin', 'kube-apiserver 认证了这个请求，身份为 kubernetes-admin']);
    expect(both(of(post, 'authz'))).toEqual(['kube-apiserver authorized the request: RBAC allows create on deployments', 'kube-apiserver 授权通过：RBAC 允许对 deployments 执行 create']);
    expect(both(of(post, 'mutating-admission'))).toEqual(['Mutating admission in kube-apiserver changed deployment go-api: defaulting', 'kube-apiserver 的变更准入修改了 deployment go-api：defaulting']);
    expect(both(of(rs, 'mutating-admission'))).toEqual(['Mutating admission in kube-apiserver left replicaset go-api-568fb6b74 unchanged', 'kube-apiserver 的变更准入没有修改 replicaset go-api-568fb6b74']);
    expect(both(of(post, 'validation'))).toEqual(['kube-apiserver validated deployment go-api: it is valid', 'kube-apiserver 校验了 deployment go-api：合法']);
    expect(both(of(post, 'validating-admission'))).toEqual(['Validating admission in kube-apiserver admitted deployment go-api', 'kube-apiserver 的验证准入接受了 deployment go-api']);
    // The same stage when admission webhooks were asked (their names are in the record's detail).
    const admitted = of(post, 'validating-admission');
    const asked = (detail: object): TraceRecord => ({ ...admitted, detail: { ...admitted.detail, ...detail } }) as TraceRecord;
    expect([narrate(asked({ webhooks: ['pods.policy.example.com'] }), 'en', []), narrate(asked({ webhooks: ['pods.policy.example.com'] }), 'zh-CN', [])]).toEqual([
      'Validating admission in kube-apiserver admitted deployment go-api after the admission webhook pods.policy.example.com allowed it',
      '准入 webhook pods.policy.example.com 放行之后，kube-apiserver 的验证准入接受了 deployment go-api',
    ]);
    expect(narrate(asked({ ignored: ['pods.policy.example.com'] }), 'en', [])).toBe(
      'Validating admission in kube-apiserver admitted deployment go-api: the admission webhook pods.policy.example.com could not be called, and its failurePolicy Ignore lets the request through',
    );
    expect(both(of(post, 'etcd-write'))).toEqual(['kube-apiserver sent etcd a transaction to create /registry/deployments/default/go-api', 'kube-apiserver 向 etcd 发送事务，创建 /registry/deployments/default/go-api']);
    expect(both(of(post, 'etcd-commit'))).toEqual([`etcd committed revision ${revision(post)}`, `etcd 提交了修订版本 ${revision(post)}`]);
    expect(both(of(post, 'response'))).toEqual(['kube-apiserver answered kubectl: 201 Created for deployment go-api', 'kube-apiserver 回复 kubectl：deployment go-api 201 Created']);
    expect(both(of(get, 'response'))).toEqual([
      'kube-apiserver answered kubectl with an error: 404 NotFound: deployments.apps "go-api" not found',
      'kube-apiserver 向 kubectl 返回错误：404 NotFound: deployments.apps "go-api" not found',
    ]);
  });

  it('controllers: watch events, reconciles (with what they counted), a generated name, Events', () => {
    expect(both(h.watchDeployment)).toEqual(['kube-apiserver told the Deployment controller: deployment go-api was added', 'kube-apiserver 通知 Deployment 控制器：deployment go-api 已添加']);
    expect(both(h.reconcileDeployment)).toEqual([
      'The Deployment controller reconciled default/go-api: it wants 3 and sees 0',
      'Deployment 控制器调谐了 default/go-api：期望 3 个，实际 0 个',
    ]);
    expect(both(of(rs, 'request'))).toEqual(['The Deployment controller asked kube-apiserver to create replicaset go-api-568fb6b74', 'Deployment 控制器请求 kube-apiserver 创建 replicaset go-api-568fb6b74']);
    expect(both(of(createPod, 'request'))).toEqual(['The ReplicaSet controller asked kube-apiserver to create a new pod named go-api-568fb6b74-…', 'ReplicaSet 控制器请求 kube-apiserver 创建一个名为 go-api-568fb6b74-… 的新 pod']);
    expect(both(h.podCreatedEvent)).toEqual([
      `The ReplicaSet controller recorded a Normal Event, SuccessfulCreate: Created pod: ${POD}`,
      `ReplicaSet 控制器记录了一个 Normal 事件 SuccessfulCreate：Created pod: ${POD}`,
    ]);
    expect(both(h.lease)).toEqual(['kube-controller-manager renewed the Lease kube-system/kube-controller-manager', 'kube-controller-manager 续约了 Lease kube-system/kube-controller-manager']);
  });

  it('kube-scheduler: the decision, then the binding named with the node it chose', () => {
    expect(both(h.schedule)).toEqual([`kube-scheduler chose ${NODE} for pod ${POD} (3 of 4 nodes fit)`, `kube-scheduler 为 pod ${POD} 选择了 ${NODE}（4 个节点中有 3 个满足条件）`]);
    expect(both(of(bind, 'request'))).toEqual([`kube-scheduler asked kube-apiserver to bind pod ${POD} to ${NODE}`, `kube-scheduler 请求 kube-apiserver 将 pod ${POD} 绑定到 ${NODE}`]);
    expect(both(of(bind, 'etcd-commit'))).toEqual([
      `etcd committed revision ${revision(bind)}: kube-scheduler bound pod ${POD} to ${NODE}`,
      `etcd 提交了修订版本 ${revision(bind)}：kube-scheduler 将 pod ${POD} 绑定到 ${NODE}`,
    ]);
    // Without kube-scheduler's decision in view, the binding still reads, just without the node.
    expect(narrate(of(bind, 'request'), 'en')).toBe(`kube-scheduler asked kube-apiserver to bind pod ${POD} to a node`);
    expect(narrate(of(bind, 'etcd-commit'), 'en')).toBe(`etcd committed revision ${revision(bind)}`);
  });

  it('the node: kubelet → container runtime → CNI, and the readiness probe', () => {
    expect(both(h.sandbox)).toEqual([
      `kubelet on ${NODE} asked the RuntimeService of the container runtime to create the Pod sandbox for pod ${POD}`,
      `${NODE} 上的 kubelet 请求容器运行时的 RuntimeService 为 pod ${POD} 创建 Pod 沙箱`,
    ]);
    const cni = h.cniAdd;
    const ip = cni.kind === 'cni' && 'ip' in cni.detail ? cni.detail.ip : '';
    expect(both(cni)).toEqual([
      `The container runtime on ${NODE} asked the CNI plugin to connect pod ${POD} to the network; it got IP ${ip}`,
      `${NODE} 上的容器运行时请求 CNI 插件把 pod ${POD} 接入网络，分配到 IP ${ip}`,
    ]);
    expect(both(h.pull)).toEqual([`kubelet on ${NODE} asked the ImageService of the container runtime to pull image registry.example.com/go-api:v1.0.0`, `${NODE} 上的 kubelet 请求容器运行时的 ImageService 拉取镜像 registry.example.com/go-api:v1.0.0`]);
    expect(both(h.createContainer)).toEqual([`kubelet on ${NODE} asked the RuntimeService of the container runtime to create container api`, `${NODE} 上的 kubelet 请求容器运行时的 RuntimeService 创建容器 api`]);
    expect(both(h.startContainer)).toEqual([`kubelet on ${NODE} asked the RuntimeService of the container runtime to start container api`, `${NODE} 上的 kubelet 请求容器运行时的 RuntimeService 启动容器 api`]);
    const oci = realTrace().find((r) => r.kind === 'oci' && r.detail.op === 'start' && r.detail.container !== undefined)!;
    const d = oci.kind === 'oci' ? oci.detail : undefined;
    expect([narrate(oci, 'en'), narrate(oci, 'zh-CN')]).toEqual([
      `The container runtime on ${oci.to.slice(5)} ran \`runc start\` for container ${d?.container} of pod ${d?.pod.namespace === 'default' ? d.pod.name : `${d?.pod.namespace}/${d?.pod.name}`}`,
      `${oci.to.slice(5)} 上的容器运行时运行 \`runc start\`，为 pod ${d?.pod.namespace === 'default' ? d.pod.name : `${d?.pod.namespace}/${d?.pod.name}`} 的容器 ${d?.container}`,
    ]);
    expect(both(h.readiness)).toEqual([
      `kubelet on ${NODE}: the readiness probe of container api in pod ${POD} now succeeds`,
      `${NODE} 上的 kubelet：pod ${POD} 中容器 api 的就绪探针现在成功`,
    ]);
  });
});

describe('narrateStep: why a message exists, where it is not obvious (go-api, seed 1)', () => {
  const all = run.all;
  /** The step at `record`, narrated with the whole run around it (as the page's tape holds it). */
  const step = (record: TraceRecord, locale: 'en' | 'zh-CN' = 'en', count = all.length): string => narrateStep(all, all.indexOf(record), locale, count);
  const firstOf = (pred: (r: TraceRecord) => boolean): TraceRecord => {
    const r = all.find(pred);
    if (!r) throw new Error('no such record in the go-api run');
    return r;
  };
  const api = (r: TraceRecord) => (r.kind === 'request' && r.detail.type === 'resource' ? r.detail : undefined);

  it("a GET followed by a create of the object's subresource (kubectl exec, cp) is not apply's GET", () => {
    const get = of(run.requests.getDeployment, 'request');
    const d = api(get)!;
    const then = (detail: object): TraceRecord[] => [get, { ...get, seq: get.seq + 1, detail: { ...d, verb: 'create', ...detail } } as TraceRecord];
    expect(narrateStep(then({}), 0, 'en', 2)).toContain('kubectl apply first asks whether the object exists');
    expect(narrateStep(then({ subresource: 'exec' }), 0, 'en', 2)).toBe('kubectl asked kube-apiserver for deployment go-api');
  });

  it("kubectl apply's GET and its 404 are expected, and say so; a 404 with no create after it does not", () => {
    const get = of(run.requests.getDeployment, 'request');
    const notFound = of(run.requests.getDeployment, 'response');
    expect(step(get)).toBe('kubectl asked kube-apiserver for deployment go-api. kubectl apply first asks whether the object exists, to know whether to create it or patch it.');
    expect(step(notFound)).toMatch(/404 NotFound: deployments\.apps "go-api" not found\. This 404 is expected: the object does not exist yet, so kubectl apply creates it next\.$/);
    expect(step(notFound, 'zh-CN')).toMatch(/not found。这个 404 在意料之中：对象还不存在，所以 kubectl apply 接下来会创建它。$/);
    // Without the POST on the tape (a `kubectl get` of something missing) it is just the error.
    expect(step(notFound, 'en', all.indexOf(notFound) + 1)).toBe(narrate(notFound, 'en', all.slice(0, all.indexOf(notFound) + 1)));
  });

  it('a watch event is a notification pushed by kube-apiserver, not a reply', () => {
    expect(step(run.hops.watchDeployment)).toBe(
      'kube-apiserver told the Deployment controller: deployment go-api was added. A watch event is a notification: kube-apiserver pushes it to every client watching deployments; nobody asked for it, so it is not a reply.',
    );
    expect(step(run.hops.watchDeployment, 'zh-CN')).toContain('watch 事件是一种通知');
  });

  it('controllers and kubelet write status to record what they observed; the Deployment controller records the revision', () => {
    // The first write, right after the new ReplicaSet's create, carries the revision annotation.
    const [revision, controllerStatus] = all.filter((r) => r.from === 'deployment-controller' && api(r)?.subresource === 'status');
    expect(step(revision!)).toMatch(/deployment\.kubernetes\.io\/revision/);
    expect(step(controllerStatus!)).toMatch(/to update the status of deployment go-api\. A controller writes status to record what it observed/);
    const kubeletStatus = firstOf((r) => r.from.startsWith('kubelet/') && api(r)?.resource === 'pods' && api(r)?.subresource === 'status');
    expect(step(kubeletStatus)).toMatch(/kubelet writes the Pod status to report what only it can see on the node/);
  });

  it('the first readiness probe fails because the app is still starting; the success puts the Pod in service', () => {
    const unhealthy = firstOf((r) => r.kind === 'event' && 'reason' in r.detail && r.detail.reason === 'Unhealthy');
    expect(step(unhealthy)).toMatch(/Readiness probe failed: .*\. The first readiness probes usually fail: the container has only just started and the app is not listening yet\./);
    expect(step(unhealthy, 'zh-CN')).toContain('最初几次就绪探针通常会失败');
    expect(step(run.hops.readiness)).toMatch(/now succeeds\. Readiness decides traffic/);
  });

  it('a node heartbeat says what it is for', () => {
    const heartbeat = firstOf((r) => r.from.startsWith('kubelet/') && api(r)?.resource === 'nodes');
    expect(step(heartbeat)).toMatch(/This is a node heartbeat/);
    const nodeLease = firstOf((r) => r.kind === 'lease' && r.detail.namespace === 'kube-node-lease' && r.detail.method !== 'GET');
    expect(step(nodeLease, 'zh-CN')).toContain('这是节点的心跳');
  });

  it('every step of a live run reads as whole sentences in both languages', () => {
    const trace = realTrace();
    for (let i = 0; i < trace.length; i++) {
      const what = JSON.stringify(trace[i]!.detail);
      const en = narrateStep(trace, i, 'en');
      const zh = narrateStep(trace, i, 'zh-CN');
      expect(en, what).not.toMatch(/[{}]\w*[{}]|\bundefined\b|\[object |\.\./);
      expect(zh, what).not.toMatch(/[{}]\w*[{}]|\bundefined\b|\[object |。。/);
      expect(zh, what).toMatch(CJK);
    }
  });
});

describe('narrate: records of a live run (the worker host in-process)', () => {
  it('the instructor stops and starts kube-scheduler', () => {
    const stop = find('fault', (r) => r.kind === 'fault' && r.detail.target === 'kube-scheduler' && r.detail.active);
    const start = find('fault', (r) => r.kind === 'fault' && r.detail.target === 'kube-scheduler' && !r.detail.active);
    expect(narrate(stop.record, 'en')).toBe('The instructor stopped kube-scheduler');
    expect(narrate(stop.record, 'zh-CN')).toBe('讲师停止了 kube-scheduler');
    expect(narrate(start.record, 'en')).toBe('The instructor started kube-scheduler again');
    expect(narrate(start.record, 'zh-CN')).toBe('讲师重新启动了 kube-scheduler');
  });

  it('message faults: a delay with its duration, a dropped watch and the watches that end when it heals', () => {
    const delay = find('fault', (r) => r.kind === 'fault' && r.detail.action === 'delay').record;
    expect(narrate(delay, 'en')).toBe('The instructor delayed watch events to kube-scheduler by 3s');
    const undelay = find('fault', (r) => r.kind === 'fault' && r.detail.action === 'undelay').record;
    expect(narrate(undelay, 'zh-CN')).toMatch(/^讲师.*kube-scheduler/);
    const drop = find('fault', (r) => r.kind === 'fault' && r.detail.action === 'drop').record;
    expect(narrate(drop, 'zh-CN')).toBe('讲师让发往 kube-controller-manager 的 watch 事件丢失，而它的 watch 连接仍然打开');
    const ended = find('watch', (r) => r.kind === 'watch' && r.detail.type === 'closed').record;
    expect(narrate(ended, 'en')).toBe('The watches of kube-controller-manager on kube-apiserver ended because the connection was lost; its Reflectors will list again');
  });

  it('a crashing container exits, and kube-proxy programs the Service and routes a request', () => {
    const exit = find('process', (r) => r.kind === 'process' && r.detail.pod?.name === 'crasher').record;
    expect(narrate(exit, 'en')).toBe('Container app in pod crasher exited with code 1 (Error)');
    expect(narrate(exit, 'zh-CN')).toBe('pod crasher 中的容器 app 已退出，退出码 1（Error）');
    const sync = find('proxy', (r) => r.kind === 'proxy' && r.detail.type === 'sync').record;
    if (sync.kind !== 'proxy' || sync.detail.type !== 'sync') throw new Error('not a sync');
    const node = sync.from.split('/')[1]!;
    expect(narrate(sync, 'en')).toBe(`kube-proxy on ${node} programmed its rules: Services ${sync.detail.services}, endpoints ${sync.detail.endpoints}`);
    expect(narrate(sync, 'zh-CN')).toBe(`${node} 上的 kube-proxy 同步了转发规则：${sync.detail.services} 个 Service，${sync.detail.endpoints} 个端点`);
    const curl = find('proxy', (r) => r.kind === 'proxy' && r.detail.type === 'traffic').record;
    if (curl.kind !== 'proxy' || curl.detail.type !== 'traffic') throw new Error('not traffic');
    expect(narrate(curl, 'en')).toBe(`kube-proxy on node-1 sent a request for ${curl.detail.url} to ${curl.detail.endpoint}, which pod ${curl.detail.pod?.name} holds`);
    // A request a Pod made (its own command's or an exec's) names that Pod.
    const fromPod = { ...curl, detail: { ...curl.detail, fromPod: { namespace: 'default', name: 'client' } } };
    expect(narrate(fromPod, 'en')).toBe(`kube-proxy on node-1 sent pod client’s request for ${curl.detail.url} to ${curl.detail.endpoint}, which pod ${curl.detail.pod?.name} holds`);
    expect(narrate(fromPod, 'zh-CN')).toBe(`node-1 上的 kube-proxy 把 pod client 对 ${curl.detail.url} 的请求转发到 ${curl.detail.endpoint}，该地址属于 pod ${curl.detail.pod?.name}`);
    // A bare connection (nc -z, telnet) is told as one, not as a request.
    const connect = { ...fromPod, detail: { ...fromPod.detail, protocol: 'tcp' as const, url: 'tcp://10.96.0.10:80' } };
    expect(narrate(connect, 'en')).toBe(`kube-proxy on node-1 sent pod client’s connection for tcp://10.96.0.10:80 to ${curl.detail.endpoint}, which pod ${curl.detail.pod?.name} holds`);
    expect(narrate(connect, 'zh-CN')).toBe(`node-1 上的 kube-proxy 把 pod client 到 tcp://10.96.0.10:80 的连接转发到 ${curl.detail.endpoint}，该地址属于 pod ${curl.detail.pod?.name}`);
  });

  it('CSI: the volume is provisioned, staged, mounted, unmounted and unstaged', () => {
    const csi = (call: string) => find('csi', (r) => r.kind === 'csi' && r.detail.call === call).record;
    const create = csi('CreateVolume');
    if (create.kind !== 'csi' || create.detail.call !== 'CreateVolume') throw new Error('not CreateVolume');
    const pv = create.detail.volume;
    const node = create.detail.node!;
    expect(narrate(create, 'en')).toBe(`The CSI driver created volume ${pv} (1Gi) on ${node}`);
    expect(narrate(create, 'zh-CN')).toBe(`CSI 驱动在 ${node} 上创建了卷 ${pv}（1Gi）`);
    expect(narrate(csi('NodeStageVolume'), 'en')).toMatch(new RegExp(`^kubelet on ${node} asked the CSI driver to stage volume ${pv} at /var/lib/kubelet/plugins/`));
    expect(narrate(csi('NodePublishVolume'), 'zh-CN')).toMatch(new RegExp(`^${node} 上的 kubelet 请求 CSI 驱动把卷 ${pv} 挂载到 /var/lib/kubelet/pods/`));
    expect(narrate(csi('NodeUnpublishVolume'), 'en')).toBe(`kubelet on ${node} asked the CSI driver to unmount volume ${pv}`);
    expect(narrate(csi('NodeUnstageVolume'), 'zh-CN')).toBe(`${node} 上的 kubelet 请求 CSI 驱动取消暂存卷 ${pv}`);
  });

  it('a Pod torn down: CNI DEL releases its address', () => {
    const del = find('cni', (r) => r.kind === 'cni' && r.detail.op === 'DEL' && r.detail.pod.name === 'db').record;
    if (del.kind !== 'cni' || del.detail.op !== 'DEL') throw new Error('not a DEL');
    const ip = del.detail.releasedIp!;
    const node = del.from.split('/')[1]!;
    expect(narrate(del, 'en')).toBe(`The container runtime on ${node} asked the CNI plugin to disconnect pod db from the network, releasing ${ip}`);
    expect(narrate(del, 'zh-CN')).toBe(`${node} 上的容器运行时请求 CNI 插件把 pod db 从网络断开，释放 ${ip}`);
  });

  it('a read etcd must answer, while it is down: the Range, then the failed reply', () => {
    const { record, context } = find('etcd-read', (r) => r.from === 'kube-apiserver' && r.object?.name === 'go-api');
    expect(narrate(record, 'en')).toBe('kube-apiserver asked etcd to read /registry/deployments/default/go-api, which needs its quorum');
    expect(narrate(record, 'zh-CN')).toBe('kube-apiserver 请求 etcd 读取 /registry/deployments/default/go-api，这需要 etcd 的多数派');
    const reply = realTrace().find((r) => r.requestId === record.requestId && r.kind === 'etcd-commit' && r.seq > record.seq)!;
    expect(narrate(reply, 'en', [...context, reply])).toBe('etcd could not answer the read: etcdserver: request timed out');
    expect(narrate(reply, 'zh-CN', [...context, reply])).toBe('etcd 未能回答这次读取：etcdserver: request timed out');
  });

  it('a health check is a request on a non-resource path', () => {
    const readyz = find('request', (r) => r.kind === 'request' && r.detail.type === 'non-resource').record;
    expect(narrate(readyz, 'en')).toBe('kubectl asked kube-apiserver whether it is healthy (/readyz?verbose)');
  });

  it.each(TRACE_KINDS)('every %s record reads as a sentence of its own in both languages', (kind) => {
    const all = realTrace();
    const records = all.map((r, i) => ({ r, i })).filter(({ r }) => r.kind === kind);
    expect(records.length, `the scripted run has ${kind} records`).toBeGreaterThan(0);
    for (const { r, i } of records) {
      const context = all.slice(Math.max(0, i - 600), i + 1);
      const en = narrate(r, 'en', context);
      const zh = narrate(r, 'zh-CN', context);
      const what = JSON.stringify(r.detail);
      expect(en, what).not.toMatch(/[{}]\w*[{}]|\bundefined\b|\[object /);
      expect(zh, what).not.toMatch(/[{}]\w*[{}]|\bundefined\b|\[object /);
      expect(zh, what).toMatch(CJK);
    }
  });
});

describe('narration helpers', () => {
  it('capitalises English only when it starts with ordinary words; closes gaps between Chinese words', () => {
    expect(sentence('en', 'the instructor stopped etcd')).toBe('The instructor stopped etcd');
    expect(sentence('en', 'kubectl asked kube-apiserver')).toBe('kubectl asked kube-apiserver');
    expect(sentence('zh-CN', '讲师 停止了 kube-scheduler ， 然后 （ 立即 ） 重启')).toBe('讲师停止了 kube-scheduler，然后（立即）重启');
  });

  it('an HA etcd names the member that committed and the quorum, and its elections', () => {
    const base = of(run.requests.createDeployment, 'etcd-commit');
    const commit = { ...base, from: 'etcd-1', detail: { type: 'committed', revision: 412, quorum: 2, members: 3 } } as TraceRecord;
    expect(narrate(commit, 'en')).toBe('etcd-1 committed revision 412 once a quorum of 2 of its 3 members had it');
    expect(narrate(commit, 'zh-CN')).toBe('etcd-1 在 3 个成员中的 2 个（多数派）写入后提交了修订版本 412');
    const election = { ...commit, detail: { type: 'leader-elected', member: 'etcd-2', term: 3, previous: 'etcd-1' } } as TraceRecord;
    expect(narrate(election, 'en')).toBe('etcd-2 became the etcd leader at term 3, replacing etcd-1');
  });

  it('fault verbs for each target class', () => {
    const fault = (detail: Extract<TraceRecord, { kind: 'fault' }>['detail']): TraceRecord => ({ seq: 1, at: 0, from: 'instructor', to: 'x', kind: 'fault', summary: '-', detail }) as unknown as TraceRecord;
    expect(narrate(fault({ target: 'node/node-2', active: true, action: 'power-off' }), 'en')).toBe('The instructor powered off node-2');
    expect(narrate(fault({ target: 'network/node-3', active: true, action: 'partition' }), 'zh-CN')).toBe('讲师把 node-3 从网络中隔离');
    expect(narrate(fault({ target: 'latency/kubelet/node-1', active: true, action: 'delay', direction: 'to', delayMs: 2000 }), 'en')).toBe('The instructor delayed watch events to kubelet/node-1 by 2s');
    expect(narrate(fault({ target: 'latency/kube-apiserver', active: false, action: 'undelay', direction: 'from' }), 'en')).toBe('The instructor stopped delaying watch events from kube-apiserver');
    expect(narrate(fault({ target: 'watch-drop/kube-scheduler', active: true, action: 'drop', direction: 'to' }), 'zh-CN')).toBe('讲师让发往 kube-scheduler 的 watch 事件丢失，而它的 watch 连接仍然打开');
    expect(narrate(fault({ target: 'kubelet/node-1', active: true, action: 'stop' }), 'en')).toBe('The instructor stopped kubelet/node-1');
  });

  it('a namespace being cleared: its Events listed and deleted, a Lease deleted', () => {
    const rec = (kind: 'event' | 'lease', detail: object): TraceRecord => ({ seq: 1, at: 0, from: 'namespace-controller', to: 'kube-apiserver', kind, summary: '-', detail }) as unknown as TraceRecord;
    expect(narrate(rec('event', { method: 'GET', namespace: 'demo', name: '' }), 'en')).toBe('The Namespace controller listed the Events in namespace demo');
    expect(narrate(rec('event', { method: 'DELETE', namespace: 'demo', name: 'web.17f' }), 'zh-CN')).toBe('Namespace 控制器删除了事件 web.17f');
    expect(narrate(rec('lease', { method: 'DELETE', namespace: 'demo', name: 'x' }), 'en')).toBe('The Namespace controller deleted the Lease demo/x');
  });
});

describe('narration of kube-apiserver talking to itself', () => {
  it("says a loopback request (the ClusterIP allocator's IPAddress) is sent to itself", () => {
    const { record, context } = find('request', (r) => r.kind === 'request' && r.from === r.to && r.detail.type === 'resource' && r.detail.resource === 'ipaddresses');
    expect([narrate(record, 'en', context), narrate(record, 'zh-CN', context)]).toEqual([
      expect.stringMatching(/^kube-apiserver asked itself \(its loopback client\) to create ipaddress /),
      expect.stringMatching(/^kube-apiserver 请求自己（经回环客户端）创建 ipaddress /),
    ]);
  });
});
