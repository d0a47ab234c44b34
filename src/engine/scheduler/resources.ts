/**
 * A Pod's resource requests as the scheduler counts them (component-helpers' PodRequests):
 * app containers are summed, sidecars (restartable init containers) run alongside them, and a
 * plain init container only needs its own request plus the sidecars started before it — the Pod
 * needs the larger of the two; the Pod's overhead is added on top; a container resized in place
 * counts as k8s/pod-resources' containerRequestsOf says. Units: millicores for cpu, bytes for memory and
 * ephemeral-storage, milli-units for everything else (extended resources, hugepages).
 */
import { milli } from '../../k8s/quantity';
import { containerRequestsOf } from '../../k8s/pod-resources';
import type { Container, Pod, ResourceList } from '../../k8s/types';

export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  /** Extended resources and hugepages, milli-units. */
  scalar: Record<string, number>;
}

/** schedutil.DefaultMilliCPURequest / DefaultMemoryRequest: what a container without requests is scored as. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export interface PodResources {
  requests: Resource;
  /** cpu/memory with every container's missing request replaced by the defaults above. */
  nonZeroCPU: number;
  nonZeroMemory: number;
}

/** Resource names the scheduler accounts as scalar resources (extended, hugepages, prefixed). */
export function isScalarResourceName(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || (name.includes('/') && !name.startsWith('requests.'));
}

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalar: {} };
}

type Milli = Record<string, number>;

/** One container's requests (a Pod resized in place counts as determineContainerReqs says). */
function containerRequests(pod: Pod, c: Container, defaults: Milli | undefined): Milli {
  const out: Milli = {};
  for (const [k, v] of Object.entries(containerRequestsOf(pod, c) ?? {})) out[k] = milli(v);
  if (defaults) for (const [k, v] of Object.entries(defaults)) if (!(k in out)) out[k] = v;
  return out;
}

function add(into: Milli, from: Milli): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

function max(into: Milli, from: Milli): void {
  for (const [k, v] of Object.entries(from)) if (v > (into[k] ?? 0)) into[k] = v;
}

/** resourcehelper.PodRequests, in milli-units per resource name. */
export function podRequestsMilli(pod: Pod, defaults?: Milli): Milli {
  const reqs: Milli = {};
  for (const c of pod.spec.containers ?? []) add(reqs, containerRequests(pod, c, defaults));
  const sidecars: Milli = {};
  const initMax: Milli = {};
  for (const c of pod.spec.initContainers ?? []) {
    const own = containerRequests(pod, c, defaults);
    if (c.restartPolicy === 'Always') {
      add(reqs, own);
      add(sidecars, own);
      max(initMax, sidecars);
    } else {
      const withSidecars: Milli = { ...own };
      add(withSidecars, sidecars);
      max(initMax, withSidecars);
    }
  }
  max(reqs, initMax);
  // The RuntimeClass admission plugin's spec.overhead: what the sandbox itself costs.
  const overhead: Milli = {};
  for (const [k, v] of Object.entries(pod.spec.overhead ?? {})) overhead[k] = milli(v);
  add(reqs, overhead);
  return reqs;
}

export function toResource(m: Milli): Resource {
  const r = emptyResource();
  for (const [k, v] of Object.entries(m)) {
    if (k === 'cpu') r.milliCPU = v;
    else if (k === 'memory') r.memory = Math.round(v / 1000);
    else if (k === 'ephemeral-storage') r.ephemeralStorage = Math.round(v / 1000);
    else if (isScalarResourceName(k)) r.scalar[k] = v;
  }
  return r;
}

const NON_ZERO_DEFAULTS: Milli = { cpu: DEFAULT_MILLI_CPU_REQUEST, memory: DEFAULT_MEMORY_REQUEST * 1000 };

export function podResources(pod: Pod): PodResources {
  const requests = toResource(podRequestsMilli(pod));
  const nonZero = podRequestsMilli(pod, NON_ZERO_DEFAULTS);
  return { requests, nonZeroCPU: nonZero['cpu'] ?? 0, nonZeroMemory: Math.round((nonZero['memory'] ?? 0) / 1000) };
}

/** Node allocatable in the same units, plus the pod count limit. */
export function allocatableOf(list: ResourceList | undefined): Resource & { allowedPodNumber: number } {
  const m: Milli = {};
  for (const [k, v] of Object.entries(list ?? {})) m[k] = milli(v);
  return { ...toResource(m), allowedPodNumber: Math.round((m['pods'] ?? 0) / 1000) };
}
