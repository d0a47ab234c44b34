/**
 * Helpers the node-agent tests share: a booted cluster whose nodes have pod CIDRs (assigned by
 * kube-controller-manager's node-ipam controller when it runs, else patched in as admin the way
 * `kubectl patch node` would), Pod manifests, and readers for events and statuses.
 */
import type { KEvent, Pod, Service } from '../../k8s/types';
import type { TraceRecord } from '../core/trace';
import { Simulation, worldOf } from '../simulation';
import { allNodesReady, systemPodsReady } from '../boot-conditions';

export function bootCluster(seed = 1): Simulation {
  const sim = new Simulation({ seed, noBoot: true });
  const w = worldOf(sim);
  sim.runUntil(() => (w.etcd.kv.get('nodes')?.size ?? 0) >= w.machines.length, 60_000);
  // node-ipam, when present, assigns CIDRs within a reconcile; give it that chance first.
  sim.advance(50);
  sim.objects('nodes').forEach((n, i) => {
    if ((n.spec as { podCIDR?: string } | undefined)?.podCIDR) return;
    const cidr = `10.244.${i}.0/24`;
    sim.request({ verb: 'patch', resource: 'nodes', name: n.metadata.name!, body: { spec: { podCIDR: cidr, podCIDRs: [cidr] } } as never });
  });
  const nodesReady = allNodesReady();
  sim.runUntil(() => nodesReady(w), 60_000);
  // As Simulation.boot does: kube-system's addons settle before a test starts its own Pods.
  const podsReady = systemPodsReady();
  sim.runUntil(() => podsReady(w), 120_000);
  sim.advance(1000);
  return sim;
}

export interface PodOptions {
  node?: string;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  container?: Record<string, unknown>;
  spec?: Record<string, unknown>;
}

export function podManifest(name: string, image: string, opts: PodOptions = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      nodeName: opts.node ?? 'node-1',
      ...(opts.restartPolicy ? { restartPolicy: opts.restartPolicy } : {}),
      containers: [{ name: 'api', image, ...(opts.container ?? {}) }],
      ...(opts.spec ?? {}),
    },
  } as Pod;
}

/** An nginx:1.27 Pod labelled app=web on `node`: the endpoint the network tests reach. */
export function createWebPod(sim: Simulation, name = 'web', node = 'node-2'): void {
  const pod = podManifest(name, 'nginx:1.27', { node });
  pod.metadata.labels = { app: 'web' };
  createPod(sim, pod);
}

/** The `web` Service (port 80 → 80, selector app=web) in default; its ClusterIP. */
export function createWebService(sim: Simulation): string {
  const body: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] } };
  const res = sim.request({ verb: 'create', resource: 'services', namespace: 'default', body });
  if (!res.ok) throw new Error(`create failed: ${res.error.message}`);
  return (res.object as Service).spec.clusterIP!;
}

export function createPod(sim: Simulation, pod: Pod): void {
  const res = sim.request({ verb: 'create', resource: 'pods', namespace: pod.metadata.namespace ?? 'default', body: pod });
  if (!res.ok) throw new Error(`create failed: ${res.error.message}`);
}

export function getPod(sim: Simulation, name: string, ns = 'default'): Pod | undefined {
  return worldOf(sim).etcd.kv.get('pods')?.get(`pods/${ns}/${name}`) as Pod | undefined;
}

/** Events about one object, oldest first: `Type Reason: message`. */
export function eventsFor(sim: Simulation, name: string, kind = 'Pod'): string[] {
  return sim
    .objects<KEvent>('events')
    .filter((e) => e.involvedObject.name === name && e.involvedObject.kind === kind)
    // Event names end in the hex UnixNano of their first occurrence: name order is time order.
    .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))
    .map((e) => `${e.type} ${e.reason}: ${e.message ?? ""}`);
}

export function eventCount(sim: Simulation, name: string, reason: string): number {
  return sim.objects<KEvent>('events').filter((e) => e.involvedObject.name === name && e.reason === reason).reduce((n, e) => n + (e.count ?? 1), 0);
}

export function ready(pod: Pod | undefined): string | undefined {
  return pod?.status?.conditions?.find((c) => c.type === 'Ready')?.status;
}

/** The main container's state name and reason, e.g. `waiting:CrashLoopBackOff`, `running`. */
export function stateOf(pod: Pod | undefined, i = 0): string {
  const s = pod?.status?.containerStatuses?.[i]?.state;
  if (!s) return 'none';
  if (s.running) return 'running';
  if (s.terminated) return `terminated:${s.terminated.reason ?? ''}`;
  return `waiting:${s.waiting?.reason ?? ''}`;
}

/** Runs the simulation, recording every distinct value `probe` returns with when it first appeared. */
export function timeline<T>(sim: Simulation, ms: number, probe: () => T): { at: number; value: T }[] {
  const out: { at: number; value: T }[] = [];
  let last = '';
  sim.runUntil(() => {
    const v = probe();
    const key = JSON.stringify(v);
    if (key !== last) {
      out.push({ at: sim.now, value: v });
      last = key;
    }
    return false;
  }, ms);
  return out;
}

export function traceOf(sim: Simulation, fromSeq: number, kinds: TraceRecord['kind'][]): TraceRecord[] {
  return sim.traceSince(fromSeq - 1).filter((r) => kinds.includes(r.kind));
}

/** `kubectl exec POD -- COMMAND` through kube-apiserver, for a command that ends: its status and output. */
export function inPod(sim: Simulation, pod: string, command: string[]): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

/** `kubectl logs POD`, through kube-apiserver and the kubelet. */
export function podLog(sim: Simulation, name: string): string {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: {} });
  if (!res.ok) throw new Error(res.error.message);
  return res.text ?? '';
}
