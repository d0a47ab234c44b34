/**
 * Container logs as kube-apiserver's `pods/log` subresource serves them: the apiserver resolves
 * the container (pkg/registry/core/pod/strategy.go LogLocation), then asks the kubelet of the
 * Pod's node, which checks the container's state (validateContainerLogStatus) and reads what
 * the runtime captured from the process. Error texts are the real ones, byte for byte.
 */
import type { ComponentId, SimMillis } from '../core/ids';
import type { ContainerStatus, Pod } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import type { World } from '../world';
import { processLogs } from './app';
import { runtimeOf } from './cri';
import { hashHex } from './hex';
import type { LogLine } from '../images/types';

export interface LogOptions {
  container?: string;
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
  /** Only lines written in the last N seconds. */
  sinceSeconds?: number;
  /** Stop after this many bytes. */
  limitBytes?: number;
}

export type LogResult = { ok: true; text: string } | { ok: false; code: number; reason: 'BadRequest' | 'NotFound' | 'InternalError' | ''; message: string };

function bad(message: string): LogResult {
  return { ok: false, code: 400, reason: 'BadRequest', message };
}

function names(list: { name: string }[] | undefined): string {
  return (list ?? []).map((c) => c.name).join(' ');
}

/** LogLocation's container check: the default when there is one, else the real BadRequest texts. */
function resolveContainer(pod: Pod, name: string, wanted: string | undefined): { container: string } | LogResult {
  if (wanted) {
    const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
    return all.some((c) => c.name === wanted) ? { container: wanted } : bad(`container ${wanted} is not valid for pod ${name}`);
  }
  if (pod.spec.containers.length === 1) return { container: pod.spec.containers[0]!.name };
  if (pod.spec.containers.length === 0) return bad(`a container name must be specified for pod ${name}`);
  let msg = `a container name must be specified for pod ${name}, choose one of: [${names(pod.spec.containers)}]`;
  if ((pod.spec.initContainers ?? []).length) msg += ` or one of the init containers: [${names(pod.spec.initContainers)}]`;
  return bad(msg);
}

/** The kubelet's validateContainerLogStatus: which container instance to read, or why none. */
function containerIdFor(pod: Pod, container: string, previous: boolean): { id: string } | LogResult {
  const podName = pod.metadata.name ?? '';
  const all: ContainerStatus[] = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  const s = all.find((c) => c.name === container);
  if (!s) return bad(`container "${container}" in pod "${podName}" is not available`);
  const last = s.lastState.terminated;
  const { waiting, running, terminated } = s.state;
  const strip = (id: string | undefined): string => (id ?? '').replace(/^containerd:\/\//, '');
  if (previous) {
    if (!last?.containerID) return bad(`previous terminated container "${container}" in pod "${podName}" not found`);
    return { id: strip(last.containerID) };
  }
  if (running) return { id: strip(s.containerID) };
  if (terminated) {
    if (terminated.containerID) return { id: strip(terminated.containerID) };
    if (last?.containerID) return { id: strip(last.containerID) };
    return bad(`container "${container}" in pod "${podName}" is terminated`);
  }
  if (last) {
    if (!last.containerID) return bad(`container "${container}" in pod "${podName}" is terminated`);
    return { id: strip(last.containerID) };
  }
  if (waiting) {
    switch (waiting.reason) {
      case 'ErrImagePull':
        return bad(`container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`);
      case 'ImagePullBackOff':
        return bad(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
      default:
        return bad(`container "${container}" in pod "${podName}" is waiting to start: ${waiting.reason ?? ''}`);
    }
  }
  return bad(`container "${container}" in pod "${podName}" is waiting to start - no logs yet`);
}

/** RFC 3339 with nanoseconds, as the CRI log file records each line. */
function rfc3339Nano(at: number, salt: string): string {
  const base = rfc3339(at as SimMillis).slice(0, -1);
  const ms = String(((at % 1000) + 1000) % 1000).padStart(3, '0');
  const sub = (parseInt(hashHex(salt, 6), 16) % 1_000_000).toString().padStart(6, '0');
  return `${base}.${ms}${sub}Z`;
}

function render(lines: LogLine[], opts: LogOptions, now: number, containerId: string): string {
  let sel = lines;
  if (opts.sinceSeconds !== undefined) sel = sel.filter((l) => l.at >= now - opts.sinceSeconds! * 1000);
  if (opts.tailLines !== undefined && opts.tailLines >= 0) sel = sel.slice(Math.max(0, sel.length - opts.tailLines));
  let text = sel.map((l, i) => (opts.timestamps ? `${rfc3339Nano(l.at, `${containerId}:${i}:${l.text}`)} ${l.text}\n` : `${l.text}\n`)).join('');
  if (opts.limitBytes !== undefined && opts.limitBytes >= 0) text = text.slice(0, opts.limitBytes);
  return text;
}

export function readContainerLogs(w: World, namespace: string, podName: string, opts: LogOptions): LogResult {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  if (!pod) return { ok: false, code: 404, reason: 'NotFound', message: `pods "${podName}" not found` };
  const chosen = resolveContainer(pod, podName, opts.container);
  if ('ok' in chosen) return chosen;
  const node = pod.spec.nodeName;
  // An unscheduled Pod has no location to stream from: the stream is empty.
  if (!node) return { ok: true, text: '' };
  const kubelet = w.components.get(`kubelet/${node}` as ComponentId);
  const hostIP = w.machineSpecs.get(node)?.ip ?? node;
  if (!kubelet?.running || w.faults.has(`node/${node}`) || w.faults.has(`network/${node}`)) {
    return {
      ok: false,
      code: 500,
      reason: '',
      message: `Get "https://${hostIP}:10250/containerLogs/${namespace}/${podName}/${chosen.container}": dial tcp ${hostIP}:10250: connect: connection refused`,
    };
  }
  const which = containerIdFor(pod, chosen.container, opts.previous ?? false);
  if ('ok' in which) return which;
  const rec = runtimeOf(w, node)?.containers.get(which.id);
  if (!rec?.process) return { ok: true, text: '' };
  const until = Math.min(w.now, rec.finishedAt ?? w.now);
  return { ok: true, text: render(processLogs(rec.process, until), opts, w.now, rec.id) };
}
