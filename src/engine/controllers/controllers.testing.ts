/**
 * Helpers for the controllers' tests. They drive a whole booted Simulation through kube-apiserver
 * as the student's kubectl would. Pods created here use `schedulerName: manual`, which no
 * scheduler serves, so their state is whatever a test writes through `pods/status` — controller
 * logic can be checked without depending on scheduling or kubelets. Nodes made by `fakeNode` have
 * no kubelet behind them, like a machine that died.
 */
import type { Deployment, KEvent, KObject, Lease, Node, Pod, PodSpec } from '../../k8s/types';
import { rfc3339, rfc3339Micro } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import type { ApiRequest } from '../apiserver/handler';
import type { Simulation } from '../simulation';

export const MANUAL_SCHEDULER = 'manual';

export function req(sim: Simulation, r: Omit<ApiRequest, 'user' | 'from'>): KObject {
  const res = sim.request(r);
  if (!res.ok) throw new Error(`${r.verb} ${r.resource}/${r.name ?? ''}: ${res.error.message}`);
  return res.object as KObject;
}

export function create<T extends KObject>(sim: Simulation, resource: string, obj: T, namespace: string | undefined = 'default'): T {
  return req(sim, namespace ? { verb: 'create', resource, namespace, body: obj } : { verb: 'create', resource, body: obj }) as T;
}

export function get<T extends KObject>(sim: Simulation, resource: string, name: string, namespace: string | undefined = 'default'): T | undefined {
  const res = sim.request(namespace ? { verb: 'get', resource, namespace, name } : { verb: 'get', resource, name });
  return res.ok ? (res.object as T) : undefined;
}

export function patch(sim: Simulation, resource: string, name: string, body: unknown, namespace: string | undefined = 'default'): KObject {
  return req(sim, { verb: 'patch', resource, name, namespace, body: body as KObject });
}

export function podSpec(image = 'nginx:1.14.2', extra: Partial<PodSpec> = {}): PodSpec {
  return { schedulerName: MANUAL_SCHEDULER, containers: [{ name: 'app', image, ports: [{ name: 'http', containerPort: 8080 }] }], ...extra };
}

export function deployment(name: string, replicas: number, spec: Partial<Deployment['spec']> = {}, image = 'nginx:1.14.2'): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: podSpec(image) }, ...spec },
  };
}

/** Pods of the namespace, optionally only those controlled by `ownerUid`. */
export function pods(sim: Simulation, ownerUid?: string, namespace = 'default'): Pod[] {
  return sim
    .objects<Pod>('pods')
    .filter((p) => p.metadata.namespace === namespace && (ownerUid === undefined || p.metadata.ownerReferences?.some((r) => r.uid === ownerUid)));
}

/** Events outside kube-system (whose addons — CoreDNS, kube-proxy — record their own at boot). */
export function events(sim: Simulation, reason?: string): KEvent[] {
  return sim.objects<KEvent>('events').filter((e) => e.metadata.namespace !== 'kube-system' && (reason === undefined || e.reason === reason));
}

export function eventMessages(sim: Simulation, reason: string): string[] {
  return events(sim, reason).map((e) => e.message ?? '');
}

/** Writes what a kubelet would report for a running Pod: Running, an IP, Ready (or not). */
export function setPodRunning(sim: Simulation, pod: Pod, ip: string, ready = true): Pod {
  const cur = get<Pod>(sim, 'pods', pod.metadata.name!, pod.metadata.namespace)!;
  const now = rfc3339(sim.now);
  const status = {
    ...(cur.status ?? {}),
    phase: 'Running' as const,
    podIP: ip,
    podIPs: [{ ip }],
    conditions: [
      { type: 'Ready', status: ready ? ('True' as const) : ('False' as const), lastProbeTime: null, lastTransitionTime: now },
      { type: 'PodScheduled', status: 'True' as const, lastProbeTime: null, lastTransitionTime: now },
    ],
  };
  return req(sim, { verb: 'update', resource: 'pods', subresource: 'status', namespace: cur.metadata.namespace, name: cur.metadata.name, body: { ...cur, status } }) as Pod;
}

/** Marks every active Pod of an owner Ready, with IPs from 10.244.9.x; returns how many changed. */
export function readyAll(sim: Simulation, ownerUid: string): number {
  let n = 0;
  for (const p of pods(sim, ownerUid)) {
    if (p.metadata.deletionTimestamp || p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) continue;
    setPodRunning(sim, p, `10.244.9.${10 + (n % 200)}`);
    n++;
  }
  return n;
}

/**
 * A Node object with no kubelet: Ready at creation, a Lease renewed once (see keepAlive), and a
 * NoSchedule taint so no scheduler uses it.
 */
export function fakeNode(sim: Simulation, name: string, labels: Record<string, string> = {}): Node {
  const now = rfc3339(sim.now);
  const node = create<Node>(
    sim,
    'nodes',
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
      spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }] },
      status: {
        conditions: [
          { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
          { type: 'DiskPressure', status: 'False', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
          { type: 'PIDPressure', status: 'False', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
          { type: 'Ready', status: 'True', lastHeartbeatTime: now, lastTransitionTime: now, reason: 'KubeletReady', message: 'kubelet is posting ready status' },
        ],
      },
    },
    undefined,
  );
  renewLease(sim, name);
  return node;
}

export function renewLease(sim: Simulation, node: string): void {
  const renewTime = rfc3339Micro(sim.now as SimMillis);
  const cur = get<Lease>(sim, 'leases', node, 'kube-node-lease');
  if (cur) {
    req(sim, { verb: 'update', resource: 'leases', namespace: 'kube-node-lease', name: node, body: { ...cur, spec: { ...cur.spec, renewTime } } });
    return;
  }
  create<Lease>(sim, 'leases', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: node }, spec: { holderIdentity: node, leaseDurationSeconds: 40, renewTime } }, 'kube-node-lease');
}

export function bind(sim: Simulation, pod: Pod, node: string): void {
  req(sim, {
    verb: 'create',
    resource: 'pods',
    subresource: 'binding',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: pod.metadata.name }, target: { apiVersion: 'v1', kind: 'Node', name: node } } as KObject,
  });
}

/**
 * Nodes whose kubelet the test plays by hand: `waitFor` and `advance` renew their Leases every
 * 10 s. One healthy peer keeps a lone dying fake Node from looking like a whole-zone outage,
 * in which the node controller (rightly) evicts nothing.
 */
const alive = new WeakMap<Simulation, Map<string, number>>();

export function keepAlive(sim: Simulation, node: string): void {
  let m = alive.get(sim);
  if (!m) alive.set(sim, (m = new Map()));
  m.set(node, sim.now);
}

function heartbeat(sim: Simulation): void {
  for (const [node, last] of alive.get(sim) ?? []) {
    if (sim.now - last < 10_000) continue;
    renewLease(sim, node);
    alive.get(sim)!.set(node, sim.now);
  }
}

/** Runs until `cond` holds; fails the test with `what` otherwise. */
export function waitFor(sim: Simulation, what: string, cond: () => boolean, limitMs = 60_000): void {
  const r = sim.runUntil(() => {
    heartbeat(sim);
    return cond();
  }, limitMs);
  if (r.reason !== 'condition' && !cond()) throw new Error(`timed out waiting for ${what}`);
}

/** sim.advance, with the hand-played kubelets still heartbeating. */
export function advance(sim: Simulation, ms: number): void {
  const until = sim.now + ms;
  sim.runUntil(() => {
    heartbeat(sim);
    return sim.now >= until;
  }, ms);
  sim.advance(Math.max(0, until - sim.now));
}
