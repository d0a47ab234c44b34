/**
 * In-place Pod resize on the node (pkg/kubelet/allocation: handlePodResourcesResize,
 * canResizePod; kuberuntime's computePodResizeAction). On a sync the kubelet compares the
 * spec's container resources with what it allocated: a resize larger than the node is
 * Infeasible, one the other admitted Pods leave no room for is Deferred (retried on every
 * sync), and one that fits becomes the allocation. Each running container is then brought to
 * it — in place (UpdateContainerResources) or, where its resizePolicy says RestartContainer for
 * a resource that changed, by a restart.
 */
import type { Container, Pod, ResourceRequirements } from '../../k8s/types';
import { milli } from '../../k8s/quantity';
import { podRequests } from '../../k8s/pod-resources';
import type { World } from '../world';
import { admitPod } from './admission';
import type { KubeletState, PodWorker } from './state';

const RESIZABLE = ['cpu', 'memory'] as const;

/** The containers whose resources a resize may change: app containers and sidecars. */
function resizable(spec: Pod['spec']): Container[] {
  return [...(spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always'), ...spec.containers];
}

function quantity(r: ResourceRequirements | undefined, which: 'requests' | 'limits', name: string): number {
  const v = r?.[which]?.[name];
  return v === undefined ? -1 : milli(v);
}

/** The resources that differ between two requirements (cpu and memory, requests or limits). */
export function changedResources(a: ResourceRequirements | undefined, b: ResourceRequirements | undefined): string[] {
  return RESIZABLE.filter((n) => quantity(a, 'requests', n) !== quantity(b, 'requests', n) || quantity(a, 'limits', n) !== quantity(b, 'limits', n));
}

function allocatedOf(wk: PodWorker, name: string): ResourceRequirements | undefined {
  return resizable(wk.allocated ?? wk.pod.spec).find((c) => c.name === name)?.resources;
}

/** updatePodFromAllocation's test: does the spec ask for other resources than were allocated? */
function resizeRequested(wk: PodWorker): boolean {
  const alloc = wk.allocated;
  if (!alloc || alloc === wk.pod.spec) return false;
  return resizable(wk.pod.spec).some((c) => changedResources(c.resources, allocatedOf(wk, c.name)).length > 0);
}

/** canResizePod: never fits the node (Infeasible), does not fit now (Deferred), or fits. */
function canResizePod(w: World, self: KubeletState, pod: Pod): { reason: string; message: string } | undefined {
  const alloc = w.machineSpecs.get(self.host)?.allocatable ?? {};
  const reqs = podRequests(pod, { useStatusResources: false });
  const cpu = reqs.get('cpu')?.milli ?? 0;
  const mem = Math.round((reqs.get('memory')?.milli ?? 0) / 1000);
  const cpuAvail = alloc['cpu'] === undefined ? Infinity : milli(alloc['cpu']);
  const memAvail = alloc['memory'] === undefined ? Infinity : Math.round(milli(alloc['memory']) / 1000);
  if (mem > memAvail) return { reason: 'Infeasible', message: `Node didn't have enough capacity: memory, requested: ${mem}, capacity: ${memAvail}` };
  if (cpu > cpuAvail) return { reason: 'Infeasible', message: `Node didn't have enough capacity: cpu, requested: ${cpu}, capacity: ${cpuAvail}` };
  const verdict = admitPod(w, self, pod);
  return verdict.ok ? undefined : { reason: 'Deferred', message: verdict.message };
}

/** handlePodResourcesResize, once per sync of an admitted Pod; true when the status it reports changed. */
export function handlePodResourcesResize(w: World, self: KubeletState, wk: PodWorker): boolean {
  if (!resizeRequested(wk)) {
    // Desired == allocated again (a resize reverted, or the first sight of an unchanged spec).
    if (wk.allocated !== undefined) wk.allocated = wk.pod.spec;
    if (!wk.resizePending) return false;
    delete wk.resizePending;
    return true;
  }
  const refused = canResizePod(w, self, wk.pod);
  if (refused) {
    const changed = wk.resizePending?.reason !== refused.reason || wk.resizePending.message !== refused.message;
    wk.resizePending = refused;
    return changed;
  }
  // The containers keep what they run with until each is actuated.
  const before = wk.actuated ?? new Map(resizable(wk.allocated!).map((c) => [c.name, c.resources ?? {}]));
  wk.actuated = before;
  wk.allocated = wk.pod.spec;
  delete wk.resizePending;
  return true;
}

/** computePodResizeAction for one running container: nothing, an in-place update, or a restart. */
export function resizeAction(wk: PodWorker, c: Container): 'none' | 'update' | 'restart' {
  if (!wk.actuated) return 'none';
  const allocated = allocatedOf(wk, c.name);
  const changed = changedResources(wk.actuated.get(c.name), allocated);
  if (changed.length === 0) return 'none';
  return changed.some((r) => c.resizePolicy?.find((p) => p.resourceName === r)?.restartPolicy === 'RestartContainer') ? 'restart' : 'update';
}

/** The container now runs with its allocated resources (UpdateContainerResources, or a new instance). */
export function actuated(wk: PodWorker, name: string): void {
  wk.actuated?.set(name, allocatedOf(wk, name) ?? {});
}

/** What the status reports for a resized Pod's container: allocated requests and the applied resources. */
export function containerResources(wk: PodWorker, c: Container, running: boolean): { allocatedResources?: Record<string, string>; resources: ResourceRequirements } | undefined {
  // Reported once a resize was asked for (upstream reports them always; a Pod never resized keeps
  // the status it had, so classroom runs are unchanged). A pending resize shows what runs now,
  // which is what the scheduler counts while the node cannot take it.
  if (!wk.actuated && !wk.resizePending) return undefined;
  const allocated = allocatedOf(wk, c.name) ?? c.resources ?? {};
  const applied = running && wk.actuated ? (wk.actuated.get(c.name) ?? allocated) : allocated;
  return { ...(allocated.requests ? { allocatedResources: allocated.requests } : {}), resources: applied };
}

/** IsPodResizeInProgress: some running container does not yet run with its allocation. */
export function resizeInProgress(wk: PodWorker, runningNames: readonly string[]): boolean {
  if (!wk.actuated) return false;
  return runningNames.some((n) => changedResources(wk.actuated!.get(n), allocatedOf(wk, n)).length > 0);
}
