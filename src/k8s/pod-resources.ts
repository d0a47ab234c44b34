/**
 * A Pod's requests and limits as component-helpers computes them (resource.PodRequests and
 * PodLimits, k8s.io/component-helpers/resource/helpers.go), with the default options every
 * reader here uses: app containers summed, sidecars (restartable init containers) running beside
 * them, a plain init container needing its own share plus the sidecars started before it — the
 * Pod needs the larger — and the RuntimeClass's spec.overhead on top. kubectl describe node and
 * the quota evaluator both read it, so the two can never disagree about what a Pod costs.
 *
 * With UseStatusResources (InPlacePodVerticalScaling, GA): a container whose status reports the
 * resources it runs with counts at the largest of what its spec asks, what it runs with and what
 * the kubelet allocated — unless the resize is Infeasible, whose ask never counts.
 *
 * Quantities keep the format they were written in: a sum prints like Quantity.Add's result.
 */
import { addQty, qty, qtyString, usageOf, type Usage } from './resource-list';
import type { Container, ContainerStatus, Pod, ResourceList } from './types';

function addList(into: Usage, list: ResourceList | Usage | undefined): void {
  const entries = list instanceof Map ? [...list] : Object.entries(list ?? {}).map(([k, v]) => [k, qty(v)] as const);
  for (const [k, v] of entries) into.set(k, into.has(k) ? addQty(into.get(k)!, v) : v);
}

function maxList(into: Usage, list: Usage): void {
  for (const [k, v] of list) if (!into.has(k) || into.get(k)!.milli < v.milli) into.set(k, v);
}

function statusOf(pod: Pod, c: Container): ContainerStatus | undefined {
  const sidecar = c.restartPolicy !== undefined;
  return (sidecar ? pod.status?.initContainerStatuses : pod.status?.containerStatuses)?.find((s) => s.name === c.name);
}

/** IsPodResizeInfeasible: the PodResizePending condition says the node can never hold the resize. */
function resizeInfeasible(pod: Pod): boolean {
  return pod.status?.conditions?.find((x) => x.type === 'PodResizePending')?.reason === 'Infeasible';
}

function maxOf(lists: (ResourceList | undefined)[]): ResourceList {
  const out: Usage = new Map();
  for (const l of lists) maxList(out, usageOf(l));
  const list: ResourceList = {};
  for (const [k, v] of out) list[k] = qtyString(v);
  return list;
}

/** determineContainerReqs: what one container's requests count as. */
export function containerRequestsOf(pod: Pod, c: Container): ResourceList | undefined {
  const cs = statusOf(pod, c);
  if (!cs?.resources) return c.resources?.requests;
  return resizeInfeasible(pod) ? maxOf([cs.resources.requests, cs.allocatedResources]) : maxOf([c.resources?.requests, cs.resources.requests, cs.allocatedResources]);
}

/** determineContainerLimits: what one container's limits count as. */
export function containerLimitsOf(pod: Pod, c: Container): ResourceList | undefined {
  const cs = statusOf(pod, c);
  if (!cs?.resources) return c.resources?.limits;
  return resizeInfeasible(pod) ? cs.resources.limits : maxOf([c.resources?.limits, cs.resources.limits]);
}

/** Whether any container reports the resources it runs with (a Pod resized in place). */
export function hasStatusResources(pod: Pod): boolean {
  // Read on every Pod status write the scheduler sees: no array built for it.
  const reports = (list: ContainerStatus[] | undefined): boolean => list?.some((s) => s.resources !== undefined) ?? false;
  return reports(pod.status?.containerStatuses) || reports(pod.status?.initContainerStatuses);
}

/**
 * aggregateContainerResourcesByFn over the spec's requests or limits, without the overhead.
 * LimitRanger's own podRequests/podLimits (plugin/pkg/admission/limitranger) stop here: a
 * LimitRange's Pod item bounds what the containers ask for, not the sandbox's overhead.
 */
export function containersAggregate(pod: Pod, which: 'requests' | 'limits', useStatusResources = false): Usage {
  const of = (c: Container): ResourceList | undefined =>
    !useStatusResources ? c.resources?.[which] : which === 'requests' ? containerRequestsOf(pod, c) : containerLimitsOf(pod, c);
  const total: Usage = new Map();
  for (const c of pod.spec?.containers ?? []) addList(total, of(c));
  const sidecars: Usage = new Map();
  const init: Usage = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = of(c);
    if (c.restartPolicy === 'Always') {
      addList(total, own);
      addList(sidecars, own);
      maxList(init, sidecars);
    } else {
      const withSidecars: Usage = new Map();
      addList(withSidecars, own);
      addList(withSidecars, sidecars);
      maxList(init, withSidecars);
    }
  }
  maxList(total, init);
  return total;
}

/** PodRequests: the sandbox's overhead is requested like any container's share. */
export function podRequests(pod: Pod, opts: { useStatusResources?: boolean } = {}): Usage {
  const reqs = containersAggregate(pod, 'requests', opts.useStatusResources ?? true);
  addList(reqs, pod.spec?.overhead);
  return reqs;
}

/** PodLimits: overhead raises only a limit the containers set (non-zero); an unlimited resource stays unlimited. */
export function podLimits(pod: Pod, opts: { useStatusResources?: boolean } = {}): Usage {
  const limits = containersAggregate(pod, 'limits', opts.useStatusResources ?? true);
  for (const [k, v] of Object.entries(pod.spec?.overhead ?? {})) {
    const cur = limits.get(k);
    if (cur && cur.milli !== 0) limits.set(k, addQty(cur, qty(v)));
  }
  return limits;
}
