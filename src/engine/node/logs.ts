/**
 * The kubelet's `containerLogs` endpoint: it checks the container's state
 * (validateContainerLogStatus) and reads what the runtime captured from the process. kube-apiserver
 * reaches it through its proxy (apiserver/kubelet-proxy.ts), having already resolved the Pod and
 * the container (LogLocation). Error texts are the real ones, byte for byte.
 */
import type { SimMillis } from '../core/ids';
import type { ContainerStatus, Pod } from '../../k8s/types';
import { parseTimestamp, rfc3339 } from '../../k8s/time';
import type { World } from '../world';
import type { KubeletState } from '../kubelet/state';
import type { ContainerLogsRequest, KubeletResponse, LogOptions } from '../kubelet/server-api';
import { processLogs } from './app';
import { runtimeOf } from './cri';
import { hashHex } from './hex';
import type { LogLine } from '../images/types';
import { isStaticPodKind } from '../kubelet/static-pod-manifests';
import { runLines } from '../logging/process-log';
import { scrapeErrorLines } from '../metrics/scrape-logs';

/**
 * A static Pod's container is the control-plane process itself (the kubelet does not run it
 * through the CRI here): its log is what that process wrote (logging/), this run or the last.
 */
function staticPodLines(w: World, self: KubeletState, pod: Pod, container: string, previous: boolean): LogLine[] | undefined {
  if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] === undefined) return undefined;
  // A manifest whose binary refuses a flag never runs the process: each attempt of this Pod (a
  // changed manifest is a new Pod, so the last healthy run is not its previous one) wrote only
  // the error it exited with (static-pod-run.ts), as crictl logs shows.
  const book = self.staticPods[pod.metadata.name ?? ''];
  if (book?.blocked?.reason === 'crash' && book.crashLog) return book.crashLog.map((text) => ({ at: book.finishedAt ?? w.now, stream: 'stderr' as const, text }));
  for (const c of w.components.values()) {
    if (c.host === self.host && c.kind === container && isStaticPodKind(c.kind)) return runLines(c, previous);
  }
  return undefined;
}

function bad(message: string): KubeletResponse {
  return { ok: false, code: 400, reason: 'BadRequest', message };
}

/** The kubelet's validateContainerLogStatus: which container instance to read, or why none. */
function containerIdFor(pod: Pod, container: string, previous: boolean): { id: string } | KubeletResponse {
  const podName = pod.metadata.name ?? '';
  const all: ContainerStatus[] = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])];
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

/**
 * The CRI log's stamps, RFC 3339 with nanoseconds: containerd stamps each record when it writes
 * it, so a container's stamps only grow. The simulation's clock has milliseconds; the digits below
 * are made up but stable — computed over the whole log before --tail/--since pick lines, so a line
 * keeps its stamp however it is read — and they grow within a millisecond: its first record gets
 * a sub-millisecond offset from the container and the moment, each next one a small step on.
 */
function stamps(lines: readonly LogLine[], containerId: string): string[] {
  const out: string[] = [];
  let prevAt = NaN;
  let sub = 0;
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i]!.at;
    if (at === prevAt) sub = Math.min(999_999, sub + 1 + (parseInt(hashHex(`${containerId}:${at}:${i}`, 4), 16) % 40_000));
    else sub = parseInt(hashHex(`${containerId}:${at}`, 6), 16) % 600_000;
    prevAt = at;
    const ms = String(((at % 1000) + 1000) % 1000).padStart(3, '0');
    out.push(`${rfc3339(at as SimMillis).slice(0, -1)}.${ms}${sub.toString().padStart(6, '0')}Z`);
  }
  return out;
}

function render(lines: LogLine[], opts: LogOptions, now: number, containerId: string): string {
  const stamp = opts.timestamps ? stamps(lines, containerId) : undefined;
  let sel = lines.map((l, i) => ({ l, i }));
  if (opts.sinceSeconds !== undefined) sel = sel.filter(({ l }) => l.at >= now - opts.sinceSeconds! * 1000);
  if (opts.sinceTime !== undefined) {
    const since = parseTimestamp(opts.sinceTime);
    sel = sel.filter(({ l }) => l.at >= since);
  }
  if (opts.tailLines !== undefined && opts.tailLines >= 0) sel = sel.slice(Math.max(0, sel.length - opts.tailLines));
  // A P record (src/k8s/cri-log.ts) is printed without its newline, as the kubelet's reader does.
  let text = sel.map(({ l, i }) => `${stamp ? `${stamp[i]!} ` : ''}${l.text}${l.partial ? '' : '\n'}`).join('');
  if (opts.limitBytes !== undefined && opts.limitBytes >= 0) text = text.slice(0, opts.limitBytes);
  return text;
}

export function serveContainerLogs(w: World, self: KubeletState, req: ContainerLogsRequest): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${req.namespace}/${req.pod}`) as Pod | undefined;
  if (!pod) return { ok: false, code: 404, reason: 'NotFound', message: `pods "${req.pod}" not found` };
  const which = containerIdFor(pod, req.container, req.options.previous ?? false);
  if ('ok' in which) return which;
  const rec = runtimeOf(w, self.host)?.containers.get(which.id);
  if (!rec?.process) {
    const lines = staticPodLines(w, self, pod, req.container, req.options.previous ?? false);
    return { ok: true, text: lines ? render(lines, req.options, w.now, which.id) : '' };
  }
  const until = Math.min(w.now, rec.finishedAt ?? w.now);
  // metrics-server's scrape errors depend on the kubelets, which its process model cannot see.
  const scrapes = scrapeErrorLines(w, rec, until);
  const lines = scrapes.length === 0 ? processLogs(rec.process, until) : [...processLogs(rec.process, until), ...scrapes].sort((a, b) => a.at - b.at);
  return { ok: true, text: render(lines, req.options, w.now, rec.id) };
}
