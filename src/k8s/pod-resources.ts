/**
 * A Pod's requests and limits as component-helpers computes them (resource.PodRequests and
 * PodLimits, k8s.io/component-helpers/resource/helpers.go), with the default options every
 * reader here uses: app containers summed, sidecars (restartable init containers) running beside
 * them, a plain init container needing its own share plus the sidecars started before it — the
 * Pod needs the larger — and the RuntimeClass's spec.overhead on top. kubectl describe node and
 * the quota evaluator both read it, so the two can never disagree about what a Pod costs.
 *
 * Quantities keep the format they were written in: a sum prints like Quantity.Add's result.
 */
import { addQty, qty, type Usage } from './resource-list';
import type { Pod, ResourceList } from './types';

function addList(into: Usage, list: ResourceList | Usage | undefined): void {
  const entries = list instanceof Map ? [...list] : Object.entries(list ?? {}).map(([k, v]) => [k, qty(v)] as const);
  for (const [k, v] of entries) into.set(k, into.has(k) ? addQty(into.get(k)!, v) : v);
}

function maxList(into: Usage, list: Usage): void {
  for (const [k, v] of list) if (!into.has(k) || into.get(k)!.milli < v.milli) into.set(k, v);
}

/**
 * aggregateContainerResourcesByFn over the spec's requests or limits, without the overhead.
 * LimitRanger's own podRequests/podLimits (plugin/pkg/admission/limitranger) stop here: a
 * LimitRange's Pod item bounds what the containers ask for, not the sandbox's overhead.
 */
export function containersAggregate(pod: Pod, which: 'requests' | 'limits'): Usage {
  const total: Usage = new Map();
  for (const c of pod.spec?.containers ?? []) addList(total, c.resources?.[which]);
  const sidecars: Usage = new Map();
  const init: Usage = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = c.resources?.[which];
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
export function podRequests(pod: Pod): Usage {
  const reqs = containersAggregate(pod, 'requests');
  addList(reqs, pod.spec?.overhead);
  return reqs;
}

/** PodLimits: overhead raises only a limit the containers set (non-zero); an unlimited resource stays unlimited. */
export function podLimits(pod: Pod): Usage {
  const limits = containersAggregate(pod, 'limits');
  for (const [k, v] of Object.entries(pod.spec?.overhead ?? {})) {
    const cur = limits.get(k);
    if (cur && cur.milli !== 0) limits.set(k, addQty(cur, qty(v)));
  }
  return limits;
}
