/**
 * The prober (pkg/kubelet/prober): one worker per container and probe, probing every
 * periodSeconds after initialDelaySeconds. A result flips only after successThreshold or
 * failureThreshold equal outcomes in a row. Readiness starts as Failure, so a container with a
 * readiness probe is not Ready until a probe passes; liveness and readiness wait for a startup
 * probe to succeed. Each failed probe is a `Unhealthy` event; the trace gets a `probe` hop only
 * when a result changes, so a steady state stays quiet.
 */
import type { Container, Pod, Probe } from '../../k8s/types';
import { jitter, setTimer, trace } from '../runtime';
import type { World } from '../world';
import { probeProcess } from '../node/app';
import { probeNetwork } from './probe-network';
import { runtimeOf } from '../node/cri';
import { podEvent } from './client';
import { logProbeFailed } from './journal';
import type { KubeletState, PodWorker, ProbeBook, ProbeKind } from './state';
import { markStatusDirty } from './status-manager';
import { containerBook } from './container-book';

const LABEL: Record<ProbeKind, string> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };

function probeOf(c: Container, kind: ProbeKind): Probe | undefined {
  return kind === 'liveness' ? c.livenessProbe : kind === 'readiness' ? c.readinessProbe : c.startupProbe;
}

export function specContainer(pod: Pod, name: string): { c: Container; fieldPath: string } | undefined {
  const main = pod.spec.containers.find((c) => c.name === name);
  if (main) return { c: main, fieldPath: `spec.containers{${name}}` };
  const init = pod.spec.initContainers?.find((c) => c.name === name);
  if (init) return { c: init, fieldPath: `spec.initContainers{${name}}` };
  const ephemeral = pod.spec.ephemeralContainers?.find((c) => c.name === name);
  return ephemeral ? { c: ephemeral, fieldPath: `spec.ephemeralContainers{${name}}` } : undefined;
}

function arm(w: World, self: KubeletState, wk: PodWorker, name: string, b: ProbeBook, delay: number): void {
  setTimer(w, self, Math.max(0, delay), 'probe', `${wk.uid}|${name}|${b.kind}|${b.containerId}`);
}

/** A container instance started: fresh probe workers for it. */
export function startProbes(w: World, self: KubeletState, wk: PodWorker, c: Container, containerId: string): void {
  const book = containerBook(wk, c.name);
  book.probes = [];
  const kinds: ProbeKind[] = ['startup', 'liveness', 'readiness'];
  for (const kind of kinds) {
    const p = probeOf(c, kind);
    if (!p) continue;
    const b: ProbeBook = { kind, containerId, result: kind === 'readiness' ? 'failure' : kind === 'startup' ? 'unknown' : 'success', run: 0, lastOk: undefined };
    book.probes.push(b);
    if (kind !== 'startup' && c.startupProbe) continue;
    arm(w, self, wk, c.name, b, firstDelay(w, p));
  }
}

/**
 * The first probe runs once the kubelet has seen the container running (the PLEG relist that
 * follows the start, within a second) and initialDelaySeconds have passed.
 */
function firstDelay(w: World, p: Probe): number {
  return (p.initialDelaySeconds ?? 0) * 1000 + jitter(w, 500, 1);
}

/** Probe workers exist for this instance (false after a kubelet restart: start them again). */
export function hasProbes(wk: PodWorker, c: Container, containerId: string): boolean {
  const any = c.startupProbe || c.livenessProbe || c.readinessProbe;
  return !any || (wk.containers.get(c.name)?.probes.some((p) => p.containerId === containerId) ?? false);
}

export function runProbe(w: World, self: KubeletState, arg: string, requestSync: (uid: string) => void): void {
  const [uid, name, kindText, containerId] = arg.split('|') as [string, string, ProbeKind, string];
  const wk = self.workers.get(uid);
  const b = wk?.containers.get(name)?.probes.find((p) => p.kind === kindText && p.containerId === containerId);
  if (!wk || !b || wk.lifecycle === 'terminated') return;
  const rt = runtimeOf(w, self.host);
  const rec = rt?.containers.get(containerId);
  const spec = specContainer(wk.pod, name);
  const probe = spec ? probeOf(spec.c, b.kind) : undefined;
  if (!rt || !rec || rec.state !== 'CONTAINER_RUNNING' || !rec.process || !spec || !probe) return;
  const sandbox = rt.sandboxes.get(rec.sandboxId);
  const podIP = sandbox?.hostNetwork ? (w.machineSpecs.get(self.host)?.ip ?? '') : (sandbox?.ip ?? '');
  // An exec probe's command reaches the cluster as the container's own would (`wget http://db:5432`).
  const outcome = probeProcess(rec.process, w.now, probe, podIP, () => probeNetwork(w, rt, rec));
  b.run = outcome.ok === b.lastOk ? b.run + 1 : 1;
  b.lastOk = outcome.ok;
  if (!outcome.ok) logProbeFailed(w, self, wk.pod, LABEL[b.kind], name, outcome.message);
  if (!outcome.ok) podEvent(w, self, wk.pod, 'Warning', 'Unhealthy', `${LABEL[b.kind]} probe ${outcome.errored ? 'errored' : 'failed'}: ${outcome.message}`, spec.fieldPath);
  const before = b.result;
  if (outcome.ok && b.run >= (probe.successThreshold ?? 1)) b.result = 'success';
  if (!outcome.ok && b.run >= (probe.failureThreshold ?? 3)) b.result = 'failure';
  const period = (probe.periodSeconds ?? 10) * 1000;
  if (b.result !== before) {
    const pod = wk.pod;
    trace(w, {
      from: self.id,
      to: rt.id,
      kind: 'probe',
      detail: {
        probe: b.kind,
        pod: { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name ?? '' },
        container: name,
        // The result changed, so this outcome changed it: success only on ok, failure only on not ok.
        ...(outcome.ok ? { result: 'success' as const } : { result: 'failure' as const, message: outcome.message }),
      },
      object: { kind: 'Pod', namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name ?? '' },
    });
    markStatusDirty(w, self, wk);
    if (b.kind === 'startup' && b.result === 'success') {
      // Startup done: the liveness and readiness workers begin now.
      for (const other of wk.containers.get(name)!.probes) {
        if (other.kind === 'startup') continue;
        const p = probeOf(spec.c, other.kind);
        if (p) arm(w, self, wk, name, other, firstDelay(w, p));
      }
      return;
    }
    if (b.result === 'failure' && b.kind !== 'readiness') {
      // The worker holds until the container is replaced; the pod worker kills it.
      wk.containers.get(name)!.killFor = { containerId, reason: b.kind };
      requestSync(uid);
      return;
    }
  }
  if (b.kind === 'startup' && b.result === 'success') return;
  arm(w, self, wk, name, b, period);
}
