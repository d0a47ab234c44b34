import { describe, expect, it } from 'vitest';
import type { TraceKind, TraceRecord } from '../../engine/core/trace';
import { GO_API_TRACE } from '../sequence/testdata';
import { parseApiPath } from './api';
import { narrate } from './narrate';
import { find, realTrace } from './trace.testing';
import { sentence } from './words';

/** The fixed go-api records (seed 1) by seq, with the trace before them as context. */
function at(seq: number): { record: TraceRecord; context: readonly TraceRecord[] } {
  const i = GO_API_TRACE.findIndex((r) => r.seq === seq);
  if (i < 0) throw new Error(`no record ${seq} in the fixture`);
  return { record: GO_API_TRACE[i]!, context: GO_API_TRACE.slice(0, i + 1) };
}

function both(seq: number): [string, string] {
  const { record, context } = at(seq);
  return [narrate(record, 'en', context), narrate(record, 'zh-CN', context)];
}

/** Compile-time exhaustive: adding a TraceKind fails typecheck here until it is listed. */
const ALL_KINDS: Record<TraceKind, true> = {
  request: true,
  authn: true,
  authz: true,
  'mutating-admission': true,
  validation: true,
  'validating-admission': true,
  'etcd-write': true,
  'etcd-commit': true,
  response: true,
  watch: true,
  reconcile: true,
  schedule: true,
  cri: true,
  cni: true,
  csi: true,
  probe: true,
  event: true,
  lease: true,
  process: true,
  fault: true,
  proxy: true,
};

const CJK = /[\u4e00-\u9fff]/;

describe('narrate: the apply → Running chain (fixed go-api records)', () => {
  it('kubectl and kube-apiserver: request, pipeline stages, etcd, response', () => {
    expect(both(1529)).toEqual(['kubectl asked kube-apiserver to create deployment go-api', 'kubectl 请求 kube-apiserver 创建 deployment go-api']);
    expect(both(1525)).toEqual(['kubectl asked kube-apiserver for deployment go-api', 'kubectl 向 kube-apiserver 读取 deployment go-api']);
    expect(both(1530)).toEqual(['kube-apiserver authenticated the request as kubernetes-admin', 'kube-apiserver 认证了这个请求，身份为 kubernetes-admin']);
    expect(both(1531)).toEqual(['kube-apiserver authorized the request: RBAC allows create on deployments', 'kube-apiserver 授权通过：RBAC 允许对 deployments 执行 create']);
    expect(both(1532)).toEqual(['Mutating admission in kube-apiserver changed deployment go-api: defaulting', 'kube-apiserver 的变更准入修改了 deployment go-api：defaulting']);
    expect(both(1543)).toEqual(['Mutating admission in kube-apiserver left replicaset go-api-568fb6b74 unchanged', 'kube-apiserver 的变更准入没有修改 replicaset go-api-568fb6b74']);
    expect(both(1533)).toEqual(['kube-apiserver validated deployment go-api: it is valid', 'kube-apiserver 校验了 deployment go-api：合法']);
    expect(both(1534)).toEqual(['Validating admission in kube-apiserver admitted deployment go-api', 'kube-apiserver 的验证准入接受了 deployment go-api']);
    expect(both(1535)).toEqual(['kube-apiserver sent etcd a transaction to create /registry/deployments/default/go-api', 'kube-apiserver 向 etcd 发送事务，创建 /registry/deployments/default/go-api']);
    expect(both(1536)).toEqual(['etcd committed revision 193', 'etcd 提交了修订版本 193']);
    expect(both(1537)).toEqual(['kube-apiserver answered kubectl: 201 Created for deployment go-api', 'kube-apiserver 回复 kubectl：deployment go-api 201 Created']);
    expect(both(1528)).toEqual([
      'kube-apiserver answered kubectl with an error: 404 NotFound: deployments.apps "go-api" not found',
      'kube-apiserver 向 kubectl 返回错误：404 NotFound: deployments.apps "go-api" not found',
    ]);
  });

  it('controllers: watch events, reconciles, a generated name, Events', () => {
    expect(both(1538)).toEqual(['kube-apiserver told the Deployment controller: deployment go-api was added', 'kube-apiserver 通知 Deployment 控制器：deployment go-api 已添加']);
    expect(both(1539)).toEqual(['The Deployment controller reconciled default/go-api', 'Deployment 控制器调谐了 default/go-api']);
    expect(both(1540)).toEqual(['The Deployment controller asked kube-apiserver to create replicaset go-api-568fb6b74', 'Deployment 控制器请求 kube-apiserver 创建 replicaset go-api-568fb6b74']);
    expect(both(1579)).toEqual(['The ReplicaSet controller asked kube-apiserver to create a new pod named go-api-568fb6b74-…', 'ReplicaSet 控制器请求 kube-apiserver 创建一个名为 go-api-568fb6b74-… 的新 pod']);
    expect(both(1588)).toEqual([
      'The ReplicaSet controller recorded a Normal Event, SuccessfulCreate: Created pod: go-api-568fb6b74-xfwr5',
      'ReplicaSet 控制器记录了一个 Normal 事件 SuccessfulCreate：Created pod: go-api-568fb6b74-xfwr5',
    ]);
    expect(both(1761)).toEqual(['kube-controller-manager read the Lease kube-system/kube-controller-manager', 'kube-controller-manager 读取了 Lease kube-system/kube-controller-manager']);
  });

  it('kube-scheduler: the decision, then the binding named with the node it chose', () => {
    expect(both(1632)).toEqual([
      'kube-scheduler chose node-1 for pod go-api-568fb6b74-xfwr5 (3 of 4 nodes fit)',
      'kube-scheduler 为 pod go-api-568fb6b74-xfwr5 选择了 node-1（4 个节点中有 3 个满足条件）',
    ]);
    expect(both(1633)).toEqual(['kube-scheduler asked kube-apiserver to bind pod go-api-568fb6b74-xfwr5 to node-1', 'kube-scheduler 请求 kube-apiserver 将 pod go-api-568fb6b74-xfwr5 绑定到 node-1']);
    expect(both(1638)).toEqual(['etcd committed revision 207: kube-scheduler bound pod go-api-568fb6b74-xfwr5 to node-1', 'etcd 提交了修订版本 207：kube-scheduler 将 pod go-api-568fb6b74-xfwr5 绑定到 node-1']);
    // Without kube-scheduler's decision in view, the binding still reads, just without the node.
    const bind = at(1633).record;
    expect(narrate(bind, 'en')).toBe('kube-scheduler asked kube-apiserver to bind pod go-api-568fb6b74-xfwr5 to a node');
    expect(narrate(at(1638).record, 'en')).toBe('etcd committed revision 207');
  });

  it('the node: kubelet → container runtime → CNI, and the readiness probe', () => {
    expect(both(1700)).toEqual([
      'kubelet on node-1 asked the container runtime to create the Pod sandbox for pod go-api-568fb6b74-xfwr5',
      'node-1 上的 kubelet 请求容器运行时为 pod go-api-568fb6b74-xfwr5 创建 Pod 沙箱',
    ]);
    expect(both(1722)).toEqual([
      'The container runtime on node-1 asked the CNI plugin to connect pod go-api-568fb6b74-xfwr5 to the network; it got IP 10.244.1.2',
      'node-1 上的容器运行时请求 CNI 插件把 pod go-api-568fb6b74-xfwr5 接入网络，分配到 IP 10.244.1.2',
    ]);
    expect(both(1724)).toEqual(['kubelet on node-1 asked the container runtime to pull image registry.example.com/go-api:v1.0.0', 'node-1 上的 kubelet 请求容器运行时拉取镜像 registry.example.com/go-api:v1.0.0']);
    expect(both(1771)).toEqual(['kubelet on node-1 asked the container runtime to create container api', 'node-1 上的 kubelet 请求容器运行时创建容器 api']);
    expect(both(1786)).toEqual(['kubelet on node-1 asked the container runtime to start container api', 'node-1 上的 kubelet 请求容器运行时启动容器 api']);
    expect(both(1906)).toEqual([
      'kubelet on node-1: the readiness probe of container api in pod go-api-568fb6b74-xfwr5 now succeeds',
      'node-1 上的 kubelet：pod go-api-568fb6b74-xfwr5 中容器 api 的就绪探针现在成功',
    ]);
  });
});

describe('narrate: records of a live run (the worker host in-process)', () => {
  it('the instructor stops and starts kube-scheduler', () => {
    const stop = find('fault', (r) => r.fault?.active === true);
    const start = find('fault', (r) => r.fault?.active === false);
    expect(narrate(stop.record, 'en')).toBe('The instructor stopped kube-scheduler');
    expect(narrate(stop.record, 'zh-CN')).toBe('讲师停止了 kube-scheduler');
    expect(narrate(start.record, 'en')).toBe('The instructor started kube-scheduler again');
    expect(narrate(start.record, 'zh-CN')).toBe('讲师重新启动了 kube-scheduler');
  });

  it('a crashing container exits, and kube-proxy programs the Service', () => {
    const exit = find('process', (r) => r.summary.includes('crasher')).record;
    expect(narrate(exit, 'en')).toBe('Container app in pod crasher exited with code 1 (Error)');
    expect(narrate(exit, 'zh-CN')).toBe('pod crasher 中的容器 app 已退出，退出码 1（Error）');
    const sync = find('proxy').record;
    const [, services, endpoints] = /(\d+) services, (\d+) endpoints/.exec(sync.summary)!;
    const node = sync.from.split('/')[1]!;
    expect(narrate(sync, 'en')).toBe(`kube-proxy on ${node} programmed its rules: ${services} Services, ${endpoints} endpoints`);
    expect(narrate(sync, 'zh-CN')).toBe(`${node} 上的 kube-proxy 同步了转发规则：${services} 个 Service，${endpoints} 个端点`);
  });

  it('CSI: the volume is provisioned, staged, mounted, unmounted and unstaged', () => {
    const create = find('csi', (r) => r.summary.startsWith('CreateVolume')).record;
    const [, pv, node] = /^CreateVolume (\S+) \(1Gi\) on (\S+)$/.exec(create.summary)!;
    expect(narrate(create, 'en')).toBe(`The CSI driver created volume ${pv} (1Gi) on ${node}`);
    expect(narrate(create, 'zh-CN')).toBe(`CSI 驱动在 ${node} 上创建了卷 ${pv}（1Gi）`);
    const stage = find('csi', (r) => r.summary.startsWith('NodeStageVolume')).record;
    expect(narrate(stage, 'en')).toMatch(new RegExp(`^kubelet on ${node} asked the CSI driver to stage volume ${pv} at /var/lib/kubelet/plugins/`));
    const publish = find('csi', (r) => r.summary.startsWith('NodePublishVolume')).record;
    expect(narrate(publish, 'zh-CN')).toMatch(new RegExp(`^${node} 上的 kubelet 请求 CSI 驱动把卷 ${pv} 挂载到 /var/lib/kubelet/pods/`));
    expect(narrate(find('csi', (r) => r.summary.startsWith('NodeUnpublishVolume')).record, 'en')).toBe(`kubelet on ${node} asked the CSI driver to unmount volume ${pv}`);
    expect(narrate(find('csi', (r) => r.summary.startsWith('NodeUnstageVolume')).record, 'zh-CN')).toBe(`${node} 上的 kubelet 请求 CSI 驱动取消暂存卷 ${pv}`);
  });

  it('a Pod torn down: CNI DEL releases its address', () => {
    const del = find('cni', (r) => r.summary.startsWith('CNI DEL default/db')).record;
    const ip = /\((\S+)\)$/.exec(del.summary)![1]!;
    const node = del.from.split('/')[1]!;
    expect(narrate(del, 'en')).toBe(`The container runtime on ${node} asked the CNI plugin to disconnect pod db from the network, releasing ${ip}`);
    expect(narrate(del, 'zh-CN')).toBe(`${node} 上的容器运行时请求 CNI 插件把 pod db 从网络断开，释放 ${ip}`);
  });

  it.each(Object.keys(ALL_KINDS) as TraceKind[])('every %s record reads as a sentence of its own in both languages', (kind) => {
    const all = realTrace();
    const records = all.map((r, i) => ({ r, i })).filter(({ r }) => r.kind === kind);
    expect(records.length, `the scripted run has ${kind} records`).toBeGreaterThan(0);
    for (const { r, i } of records) {
      const context = all.slice(Math.max(0, i - 600), i + 1);
      const en = narrate(r, 'en', context);
      const zh = narrate(r, 'zh-CN', context);
      expect(en, r.summary).not.toMatch(/[{}]\w*[{}]|\bundefined\b/);
      expect(zh, r.summary).not.toMatch(/[{}]\w*[{}]|\bundefined\b/);
      expect(zh, r.summary).toMatch(CJK);
      // Never the generic fallback: each kind's summaries are parsed into words.
      expect(en, r.summary).not.toContain(` to ${r.to}: `);
      if (kind !== 'response' && kind !== 'validating-admission') expect(en, r.summary).not.toContain(r.summary);
    }
  });
});

describe('narration helpers', () => {
  it('parses API paths: namespaced, cluster-scoped, subresources, the namespace resource itself', () => {
    expect(parseApiPath('/apis/apps/v1/namespaces/default/deployments/go-api/status')).toEqual({ resource: 'deployments', namespace: 'default', name: 'go-api', subresource: 'status' });
    expect(parseApiPath('/api/v1/nodes/node-1')).toEqual({ resource: 'nodes', name: 'node-1' });
    expect(parseApiPath('/api/v1/namespaces')).toEqual({ resource: 'namespaces' });
    expect(parseApiPath('/api/v1/namespaces/kube-system')).toEqual({ resource: 'namespaces', name: 'kube-system' });
    expect(parseApiPath('/api/v1/namespaces/kube-system/status')).toEqual({ resource: 'namespaces', name: 'kube-system', subresource: 'status' });
    expect(parseApiPath('/api/v1/namespaces/default/pods?watch=1')).toEqual({ resource: 'pods', namespace: 'default' });
    expect(parseApiPath('/readyz')).toBeUndefined();
  });

  it('capitalises English only when it starts with ordinary words; closes gaps between Chinese words', () => {
    expect(sentence('en', 'the instructor stopped etcd')).toBe('The instructor stopped etcd');
    expect(sentence('en', 'kubectl asked kube-apiserver')).toBe('kubectl asked kube-apiserver');
    expect(sentence('zh-CN', '讲师 停止了 kube-scheduler ， 然后 （ 立即 ） 重启')).toBe('讲师停止了 kube-scheduler，然后（立即）重启');
  });

  it('an HA etcd names the member that committed and the quorum', () => {
    const commit = { ...at(1536).record, from: 'etcd-1', summary: 'committed revision 412 (quorum 2/3)' } as unknown as TraceRecord;
    expect(narrate(commit, 'en')).toBe('etcd-1 committed revision 412 once a quorum of 2 of its 3 members had it');
    expect(narrate(commit, 'zh-CN')).toBe('etcd-1 在 3 个成员中的 2 个（多数派）写入后提交了修订版本 412');
    const election = { ...commit, summary: 'raft: etcd-2 elected leader at term 3 (was etcd-1)' } as TraceRecord;
    expect(narrate(election, 'en')).toBe('etcd-2 became the etcd leader at term 3, replacing etcd-1');
  });

  it('fault verbs the engine writes for each target class', () => {
    const fault = (summary: string, active: boolean): TraceRecord =>
      ({ seq: 1, at: 0, from: 'instructor', to: 'x', kind: 'fault', summary, fault: { target: 'x', active } }) as unknown as TraceRecord;
    expect(narrate(fault('power off node-2', true), 'en')).toBe('The instructor powered off node-2');
    expect(narrate(fault('partition node-3', true), 'zh-CN')).toBe('讲师把 node-3 从网络中隔离');
    expect(narrate(fault('delay watch events to kubelet/node-1 by 2s', true), 'en')).toBe('The instructor delayed watch events to kubelet/node-1 by 2s');
    expect(narrate(fault('stop delaying watch events from kube-apiserver', false), 'en')).toBe('The instructor stopped delaying watch events from kube-apiserver');
    expect(narrate(fault('drop watch events to kube-scheduler (its watches stay open)', true), 'zh-CN')).toBe('讲师让发往 kube-scheduler 的 watch 事件丢失，而它的 watch 连接仍然打开');
    expect(narrate(fault('something new', false), 'en')).toBe('The instructor healed the fault x');
  });
});
