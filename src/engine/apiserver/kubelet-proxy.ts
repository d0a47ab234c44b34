/**
 * kube-apiserver's proxy to the kubelets (pkg/registry/core/pod/rest/log.go, subresources.go):
 * for `pods/log`, `pods/exec`, `pods/attach` and `pods/portforward` it resolves the container (LogLocation,
 * ExecLocation, AttachLocation), dials the
 * kubelet of the Pod's node on :10250 and relays the answer. As in Kubernetes, where the two speak HTTP, kube-apiserver links no kubelet code:
 * it reaches the kubelet's `serve` behaviour through a dialler that dispatch.ts (the one module
 * that knows every behaviour) connects when it loads. No kubelet code, so no `node/` import here.
 */
import type { ComponentId } from '../core/ids';
import type { Pod } from '../../k8s/types';
import type { AttachOptions, ExecOptions, KubeletRequest, KubeletResponse, LogOptions, PortForwardOutcome } from '../kubelet/server-api';
import type { HttpRequest } from '../images/types';
import { trace } from '../runtime';
import type { World } from '../world';
import { machineCutOff } from '../node/cut-off';
import type { ClusterPace } from '../core/pace';

/** The user of kubeadm's apiserver-kubelet-client certificate, as the kubelet authenticates it. */
const KUBELET_CLIENT_USER = 'kube-apiserver-kubelet-client';

/** Hands a request to a component's server; undefined when the component serves nothing. */
export type Dialler = (w: World, to: ComponentId, req: KubeletRequest) => KubeletResponse | undefined;

let dialler: Dialler | undefined;

/** Wires the proxy to the components' servers (called once, by dispatch.ts, at load). */
export function connectKubelets(d: Dialler): void {
  dialler = d;
}

function bad(message: string): KubeletResponse {
  return { ok: false, code: 400, reason: 'BadRequest', message };
}

function names(list: { name: string }[] | undefined): string {
  return (list ?? []).map((c) => c.name).join(' ');
}

/** LogLocation's container check: the default when there is one, else the real BadRequest texts. */
function resolveContainer(pod: Pod, name: string, wanted: string | undefined): { container: string } | KubeletResponse {
  if (wanted) {
    const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? []), ...(pod.spec.ephemeralContainers ?? [])];
    return all.some((c) => c.name === wanted) ? { container: wanted } : bad(`container ${wanted} is not valid for pod ${name}`);
  }
  if (pod.spec.containers.length === 1) return { container: pod.spec.containers[0]!.name };
  if (pod.spec.containers.length === 0) return bad(`a container name must be specified for pod ${name}`);
  let msg = `a container name must be specified for pod ${name}, choose one of: [${names(pod.spec.containers)}]`;
  if ((pod.spec.initContainers ?? []).length) msg += ` or one of the init containers: [${names(pod.spec.initContainers)}]`;
  if ((pod.spec.ephemeralContainers ?? []).length) msg += ` or one of the ephemeral containers: [${names(pod.spec.ephemeralContainers)}]`;
  return bad(msg);
}

/** LogLocation's query: the options set, keys sorted as url.Values.Encode writes them. */
function logQuery(opts: LogOptions): string {
  const params: [string, string][] = [];
  if (opts.limitBytes !== undefined) params.push(['limitBytes', String(opts.limitBytes)]);
  if (opts.previous) params.push(['previous', 'true']);
  if (opts.sinceSeconds !== undefined) params.push(['sinceSeconds', String(opts.sinceSeconds)]);
  if (opts.sinceTime !== undefined) params.push(['sinceTime', opts.sinceTime]);
  if (opts.tailLines !== undefined) params.push(['tailLines', String(opts.tailLines)]);
  if (opts.timestamps) params.push(['timestamps', 'true']);
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

/**
 * `GET pods/<name>/log`: the container's log as the kubelet of its node serves it, the hop from
 * `from` (a kube-apiserver) to that kubelet traced as the request it is.
 */
export function podLogs(w: World, from: ComponentId, namespace: string, podName: string, opts: LogOptions): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  if (!pod) return { ok: false, code: 404, reason: 'NotFound', message: `pods "${podName}" not found` };
  const chosen = resolveContainer(pod, podName, opts.container);
  if ('ok' in chosen) return chosen;
  const node = pod.spec.nodeName;
  // An unscheduled Pod has no location to stream from: the stream is empty.
  if (!node) return { ok: true, text: '' };
  const kubelet = `kubelet/${node}` as ComponentId;
  const hostIP = w.machineSpecs.get(node)?.ip ?? node;
  const query = logQuery(opts);
  const path = `/containerLogs/${namespace}/${podName}/${chosen.container}${query ? `?${query}` : ''}`;
  trace(w, { from, to: kubelet, kind: 'request', detail: { type: 'non-resource', method: 'GET', path, user: KUBELET_CLIENT_USER }, object: { kind: 'Pod', namespace, name: podName } });
  const refused: KubeletResponse = {
    ok: false,
    code: 500,
    reason: '',
    message: `Get "https://${hostIP}:10250${path}": dial tcp ${hostIP}:10250: connect: connection refused`,
  };
  if (!w.components.get(kubelet)?.running || machineCutOff(w, node)) return refused;
  if (!dialler) throw new Error('kube-apiserver cannot reach the kubelets: dispatch.ts has not connected them');
  return dialler(w, kubelet, { path: 'containerLogs', namespace, pod: podName, container: chosen.container, options: opts }) ?? refused;
}

/**
 * streamLocation, shared by ExecLocation and AttachLocation: the Pod, its container (the default
 * when there is one) and its node, or their BadRequest / NotFound Status errors.
 */
function streamTarget(w: World, namespace: string, podName: string, wanted: string | undefined): { node: string; container: string } | KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  if (!pod) return { ok: false, code: 404, reason: 'NotFound', message: `pods "${podName}" not found` };
  const chosen = resolveContainer(pod, podName, wanted);
  if ('ok' in chosen) return chosen;
  const node = pod.spec.nodeName;
  if (!node) return bad(`pod ${podName} does not have a host assigned`);
  return { node, container: chosen.container };
}

/** The stream upgrade through the kubelet of the Pod's node: traced, refused while that kubelet cannot be dialled. */
function dialStream(w: World, from: ComponentId, node: string, kubeletPath: string, object: { namespace: string; name: string }, req: KubeletRequest): KubeletResponse {
  const kubelet = `kubelet/${node}` as ComponentId;
  const hostIP = w.machineSpecs.get(node)?.ip ?? node;
  trace(w, { from, to: kubelet, kind: 'request', detail: { type: 'non-resource', method: 'POST', path: kubeletPath, user: KUBELET_CLIENT_USER }, object: { kind: 'Pod', ...object } });
  // The proxy's dial failure is a Status without a reason: `Error from server: error dialing backend: …`.
  const refused: KubeletResponse = { ok: false, code: 500, reason: '', message: `error dialing backend: dial tcp ${hostIP}:10250: connect: connection refused` };
  if (!w.components.get(kubelet)?.running || machineCutOff(w, node)) return refused;
  if (!dialler) throw new Error('kube-apiserver cannot reach the kubelets: dispatch.ts has not connected them');
  return dialler(w, kubelet, req) ?? refused;
}

/**
 * `POST pods/<name>/exec`: ExecLocation, then the stream upgrade through the kubelet of its node.
 * `pace`: the learner's stream holds the cluster's time while the command runs (ExecRequest.pace).
 */
export function podExec(w: World, from: ComponentId, namespace: string, podName: string, opts: ExecOptions, pace?: ClusterPace): KubeletResponse {
  const target = streamTarget(w, namespace, podName, opts.container);
  if ('ok' in target) return target;
  const { node, container } = target;
  const query = [...opts.command.map((c) => `command=${encodeURIComponent(c)}`), `container=${encodeURIComponent(container)}`, ...(opts.stdin !== undefined ? ['stdin=true'] : []), 'stdout=true', 'stderr=true'].join('&');
  return dialStream(w, from, node, `/exec/${namespace}/${podName}/${container}?${query}`, { namespace, name: podName }, { path: 'exec', namespace, pod: podName, container, options: { ...opts, container }, ...(pace ? { pace } : {}) });
}

/**
 * `POST pods/<name>/attach`: AttachLocation (the same checks as exec's), then the stream upgrade
 * through the kubelet of its node onto the container's PID 1. The query is PodAttachOptions as
 * the proxy passes it on (a TTY has no separate stderr).
 */
export function podAttach(w: World, from: ComponentId, namespace: string, podName: string, opts: AttachOptions, pace?: ClusterPace): KubeletResponse {
  const target = streamTarget(w, namespace, podName, opts.container);
  if ('ok' in target) return target;
  const { node, container } = target;
  const query = [`container=${encodeURIComponent(container)}`, ...(opts.stdin ? ['stdin=true'] : []), 'stdout=true', ...(opts.tty ? ['tty=true'] : ['stderr=true'])].join('&');
  return dialStream(w, from, node, `/attach/${namespace}/${podName}/${container}?${query}`, { namespace, name: podName }, { path: 'attach', namespace, pod: podName, container, options: { ...opts, container }, ...(pace ? { pace } : {}) });
}

/**
 * A client inside the cluster (metrics-server) dialling a kubelet's :10250 directly, as its
 * Pod's network reaches the node: refused while the kubelet is down, silent while the machine is
 * off or cut off — since when the fault began (`at` may be a moment already past).
 */
export function dialKubelet(w: World, node: string, req: KubeletRequest, at: number): KubeletResponse {
  const kubelet = `kubelet/${node}` as ComponentId;
  const hostIP = w.machineSpecs.get(node)?.ip ?? node;
  const cut = [`node/${node}`, `network/${node}`].some((f) => (w.faults.get(f) ?? Infinity) <= at);
  if (cut) return { ok: false, code: 500, reason: '', message: `Get "https://${hostIP}:10250/metrics/resource": context deadline exceeded` };
  const refused: KubeletResponse = { ok: false, code: 500, reason: '', message: `Get "https://${hostIP}:10250/metrics/resource": dial tcp ${hostIP}:10250: connect: connection refused` };
  if (!w.components.get(kubelet)?.running) return refused;
  if (!dialler) throw new Error('the kubelets are not connected: dispatch.ts has not loaded');
  return dialler(w, kubelet, req) ?? refused;
}

/**
 * `POST pods/<name>/portforward`, upgraded: PortForwardLocation (the Pod, its node), then the
 * stream upgrade through the kubelet of that node, which finds the Pod among what its runtime
 * runs. The open stream is `PortForwardStream`; a kubelet refusal of the upgrade is its text.
 */
export function podPortForward(w: World, from: ComponentId, namespace: string, podName: string): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  if (!pod) return { ok: false, code: 404, reason: 'NotFound', message: `pods "${podName}" not found` };
  const node = pod.spec.nodeName;
  if (!node) return bad(`pod ${podName} does not have a host assigned`);
  return dialStream(w, from, node, `/portForward/${namespace}/${podName}`, { namespace, name: podName }, { path: 'portForward', namespace, pod: podName });
}

/** An upgraded port-forward stream: who carries it (which kube-apiserver, which kubelet) and in which incarnation. */
export interface PortForwardStream {
  server: ComponentId;
  serverEpoch: number;
  node: string;
  kubeletEpoch: number;
  namespace: string;
  pod: string;
  /** The Pod's sandbox when the stream opened: every connection goes there, even once it is gone. */
  sandbox: string | undefined;
}

/** The stream kube-apiserver `server` just upgraded for `namespace/pod` (after podPortForward answered it), bound to `sandbox`. */
export function portForwardStream(w: World, server: ComponentId, namespace: string, podName: string, sandbox: (node: string) => string | undefined): PortForwardStream | undefined {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  const node = pod?.spec.nodeName;
  const api = w.components.get(server);
  const kubelet = node ? w.components.get(`kubelet/${node}` as ComponentId) : undefined;
  if (!node || !api || !kubelet) return undefined;
  return { server, serverEpoch: api.epoch, node, kubeletEpoch: kubelet.epoch, namespace, pod: podName, sandbox: sandbox(node) };
}

/**
 * What one local connection meets on an open stream: `lost` once either process that carried it
 * has stopped since (their sockets closed, so kubectl's connection closes: `lost connection to
 * pod`); `hang` while the node is off or cut off (nothing comes back, nothing resets); else the
 * kubelet's answer from inside the Pod. Each hop is traced, kubectl → kube-apiserver → kubelet → runtime.
 */
export function portForwardConnection(w: World, from: ComponentId, s: PortForwardStream, port: number, url: string, request: HttpRequest): PortForwardOutcome | { type: 'lost' } | { type: 'hang' } {
  const api = w.components.get(s.server);
  const kubeletId = `kubelet/${s.node}` as ComponentId;
  if (!api || portForwardLost(w, s)) return { type: 'lost' };
  if (machineCutOff(w, api.host)) return { type: 'hang' };
  const podRef = { namespace: s.namespace, name: s.pod };
  const hop = { type: 'traffic' as const, ...(request.method !== 'GET' ? { method: request.method } : {}), url, fromNode: 'workstation', endpoint: `127.0.0.1:${port}`, pod: podRef };
  trace(w, { from, to: s.server, kind: 'proxy', detail: hop, object: { kind: 'Pod', ...podRef } });
  trace(w, { from: s.server, to: kubeletId, kind: 'proxy', detail: hop, object: { kind: 'Pod', ...podRef } });
  if (machineCutOff(w, s.node)) return { type: 'hang' };
  if (!dialler) throw new Error('kube-apiserver cannot reach the kubelets: dispatch.ts has not connected them');
  const r = dialler(w, kubeletId, { path: 'portForward', namespace: s.namespace, pod: s.pod, port, request, ...(s.sandbox !== undefined ? { sandbox: s.sandbox } : {}) });
  if (!r?.ok || !r.forward) return { type: 'lost' };
  return r.forward;
}

/** Whether the stream has broken since it opened (either end's process stopped): kubectl's `lost connection to pod`. */
export function portForwardLost(w: World, s: PortForwardStream): boolean {
  const api = w.components.get(s.server);
  const kubelet = w.components.get(`kubelet/${s.node}` as ComponentId);
  return !api?.running || api.epoch !== s.serverEpoch || !kubelet?.running || kubelet.epoch !== s.kubeletEpoch;
}
