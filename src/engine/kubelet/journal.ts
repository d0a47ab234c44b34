/**
 * The kubelet's own log, as journald keeps it for the kubelet.service unit (`journalctl -u
 * kubelet` on the node): klog lines written as the kubelet acts — SyncLoop ADD/UPDATE/DELETE/
 * REMOVE as Pods reach it, failed probes, image pull failures and the pod worker's "Error
 * syncing pod, skipping", killed and removed containers. Unlike the static Pods' process logs
 * (logging/process-log.ts) it survives the kubelet's restarts (each start is a new PID), and it
 * is bounded to the newest MAX_LINES lines. Writing draws nothing from the PRNG.
 *
 * Texts and callers are the kubelet's (release-1.34 klog calls); the file:line callers are
 * approximate to within a few lines.
 */
import type { Pod } from '../../k8s/types';
import { fnv1a } from '../../k8s/sha256';
import { micros, structured, type KlogValue, type Severity } from '../logging/klog';
import { rfc3339Micro } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import type { World } from '../world';
import type { KubeletState } from './state';
import type { JournalLine, KubeletJournal } from './journal-state';

export type { JournalLine, KubeletJournal };

export const MAX_LINES = 2000;

function journalOf(w: World, self: KubeletState): KubeletJournal {
  return (self.journal ??= { lines: [], pid: kubeletPid(w, self), written: 0 });
}

/** The kubelet process's PID, as its journal lines name it (`ps` on the node shows the same one). */
export function kubeletPid(w: World, self: KubeletState): number {
  return self.journal?.pid ?? 600 + (fnv1a(`${w.seed}/${self.host}`) % 900);
}

function push(j: KubeletJournal, line: JournalLine): void {
  j.lines.push(line);
  j.written++;
  if (j.lines.length > MAX_LINES * 1.2) j.lines.splice(0, j.lines.length - MAX_LINES);
}

/** Microseconds below the millisecond, rising within one millisecond (as process-log.ts does). */
function sub(j: KubeletJournal, at: number): number {
  const n = j.written;
  const s = j.lastAt === at ? Math.min(999, (j.lastSub ?? 0) + 3 + ((n * 7919) % 41)) : (n * 7919 + 211) % 500;
  j.lastAt = at;
  j.lastSub = s;
  return s;
}

/** One klog line from the kubelet: `I1202 13:45:13.123456    1234 kubelet.go:2463] "SyncLoop ADD" …`. */
export function kubeletLog(w: World, self: KubeletState, sev: Severity, caller: string, msg: string, kv: readonly (readonly [string, KlogValue])[] = []): void {
  const j = journalOf(w, self);
  const at = w.now;
  const stamp = rfc3339Micro(at as SimMillis);
  const header = `${sev}${stamp.slice(5, 7)}${stamp.slice(8, 10)} ${micros(at, sub(j, at))} ${String(j.pid).padStart(7)} `;
  push(j, { at, pid: j.pid, ident: 'kubelet', text: `${header}${caller}] ${structured(msg, kv)}` });
}

/** systemd starting the unit, then the kubelet's first lines, with a new PID. */
export function journalStart(w: World, self: KubeletState, version: string): void {
  const j = journalOf(w, self);
  if (j.written > 0) j.pid += 37 + (fnv1a(`${self.host}/${j.written}`) % 400);
  push(j, { at: w.now, pid: 1, ident: 'systemd', text: 'Started kubelet.service - kubelet: The Kubernetes Node Agent.' });
  kubeletLog(w, self, 'I', 'server.go:530', 'Kubelet version', [['kubeletVersion', version]]);
  kubeletLog(w, self, 'I', 'server.go:532', 'Golang settings', [['GOGC', ''], ['GOMAXPROCS', ''], ['GOTRACEBACK', '']]);
  kubeletLog(w, self, 'I', 'kubelet.go:1672', 'Starting kubelet main sync loop');
}

export function journalStop(w: World, self: KubeletState): void {
  const j = journalOf(w, self);
  push(j, { at: w.now, pid: 1, ident: 'systemd', text: 'Stopping kubelet.service - kubelet: The Kubernetes Node Agent...' });
  push(j, { at: w.now, pid: 1, ident: 'systemd', text: 'kubelet.service: Deactivated successfully.' });
  push(j, { at: w.now, pid: 1, ident: 'systemd', text: 'Stopped kubelet.service - kubelet: The Kubernetes Node Agent.' });
}

const podKey = (pod: Pod): string => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name ?? ''}`;

export type SyncLoopOp = 'ADD' | 'UPDATE' | 'DELETE' | 'REMOVE';

const SYNC_LOOP_CALLER: Readonly<Record<SyncLoopOp, string>> = { ADD: 'kubelet.go:2463', UPDATE: 'kubelet.go:2469', REMOVE: 'kubelet.go:2475', DELETE: 'kubelet.go:2480' };

export function logSyncLoop(w: World, self: KubeletState, op: SyncLoopOp, pod: Pod, source: 'api' | 'file' = 'api'): void {
  kubeletLog(w, self, 'I', SYNC_LOOP_CALLER[op], `SyncLoop ${op}`, [
    ['source', source],
    ['pods', [podKey(pod)]],
  ]);
}

export function logRemoveContainer(w: World, self: KubeletState, containerId: string): void {
  kubeletLog(w, self, 'I', 'scope.go:117', 'RemoveContainer', [['containerID', containerId]]);
}

export function logProbeFailed(w: World, self: KubeletState, pod: Pod, probe: string, container: string, output: string): void {
  kubeletLog(w, self, 'I', 'prober.go:107', 'Probe failed', [
    ['probeType', probe],
    ['pod', podKey(pod)],
    ['podUID', pod.metadata.uid ?? ''],
    ['containerName', container],
    ['probeResult', 'failure'],
    ['output', output],
  ]);
}

export function logPullFailed(w: World, self: KubeletState, image: string, err: string): void {
  kubeletLog(w, self, 'E', 'log.go:32', 'PullImage from image service failed', [
    ['err', err],
    ['image', image],
  ]);
  kubeletLog(w, self, 'E', 'kuberuntime_image.go:55', 'Failed to pull image', [
    ['err', err],
    ['image', image],
  ]);
}

/** The pod worker giving up on this sync: `failed to "StartContainer" for "web" with CrashLoopBackOff: "…"`. */
export function logSyncError(w: World, self: KubeletState, pod: Pod, container: string, reason: string, message: string): void {
  kubeletLog(w, self, 'E', 'pod_workers.go:1301', 'Error syncing pod, skipping', [
    ['err', `failed to "StartContainer" for ${JSON.stringify(container)} with ${reason}: ${JSON.stringify(message)}`],
    ['pod', podKey(pod)],
    ['podUID', pod.metadata.uid ?? ''],
  ]);
}

export function logKilling(w: World, self: KubeletState, pod: Pod, container: string, containerUri: string, graceSeconds: number): void {
  kubeletLog(w, self, 'I', 'kuberuntime_container.go:808', 'Killing container with a grace period', [
    ['pod', podKey(pod)],
    ['podUID', pod.metadata.uid ?? ''],
    ['containerName', container],
    ['containerID', containerUri],
    ['gracePeriod', graceSeconds],
  ]);
}

/** `Dec 02 13:45:13 node-1 kubelet[1234]: …`: journalctl's default (short) output format. */
export function journalText(host: string, l: JournalLine): string {
  const d = rfc3339Micro(l.at as SimMillis);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(d.slice(5, 7)) - 1];
  return `${month} ${d.slice(8, 10)} ${d.slice(11, 19)} ${host} ${l.ident}[${l.pid}]: ${l.text}`;
}
