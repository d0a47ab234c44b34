/**
 * ValidatePodResize (pkg/apis/core/validation/validation.go), the pods/resize strategy's
 * validation: the Pod stays valid, its QoS class does not move, requests and limits are never
 * removed, and only cpu and memory change — for app containers and sidecars; a plain init
 * container's resources stay as they are. What v1.34 dropped is not here: memory limits may be
 * lowered whatever the resize policy (the kubelet checks usage instead).
 */
import type { Container, Pod, PodSpec, ResourceList, ResourceRequirements } from '../../../k8s/types';
import { podQOS } from '../../../k8s/qos';
import type { FieldError } from '../status';
import { forbidden, invalid, path, semanticEqual, type Path } from './field';
import { validateObjectMetaUpdate } from './meta';
import { validatePod } from './pod';

const MIRROR = 'kubernetes.io/config.mirror';

function isRestartableInit(c: Container): boolean {
  return c.restartPolicy === 'Always';
}

/** resourcesRemoved: the old list named a resource the new one lacks. */
function removed(next: ResourceList | undefined, old: ResourceList | undefined): boolean {
  return Object.keys(old ?? {}).some((k) => !Object.prototype.hasOwnProperty.call(next ?? {}, k));
}

/** validateContainerResize: requests and limits may change but not go away. */
function containerResize(next: ResourceRequirements | undefined, old: ResourceRequirements | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (removed(next?.requests, old?.requests)) errs.push(forbidden(p.child('requests'), 'resource requests cannot be removed'));
  if (removed(next?.limits, old?.limits)) errs.push(forbidden(p.child('limits'), 'resource limits cannot be removed'));
  return errs;
}

/** dropCPUMemoryUpdates: the list with cpu and memory put back as the old one had them. */
function withOldCpuMemory(list: ResourceList | undefined, old: ResourceList | undefined): ResourceList | undefined {
  if (old === undefined) return undefined;
  const out: ResourceList = { ...(list ?? {}) };
  delete out['cpu'];
  delete out['memory'];
  if (old['cpu'] !== undefined) out['cpu'] = old['cpu'];
  if (old['memory'] !== undefined) out['memory'] = old['memory'];
  return out;
}

/** dropCPUMemoryResourcesFromContainer. */
function withoutCpuMemoryChange(c: Container, old: Container): Container {
  const limits = withOldCpuMemory(c.resources?.limits, old.resources?.limits);
  const requests = withOldCpuMemory(c.resources?.requests, old.resources?.requests);
  return { ...c, resources: { ...(limits ? { limits } : {}), ...(requests ? { requests } : {}) } };
}

/**
 * Containers keep their names and order: the checks below pair them by index. The strategy
 * keeps the stored list's length, so only a name can differ here.
 */
function ordering(next: Container[] | undefined, old: Container[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (old ?? []).forEach((o, i) => {
    if (next?.[i]?.name !== o.name) errs.push(forbidden(p.index(i).child('name'), 'containers may not be renamed or reordered on resize'));
  });
  return errs;
}

export function validatePodResize(pod: Pod, old: Pod): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pod.metadata, old.metadata), ...validatePod(pod)];
  if (old.metadata.annotations?.[MIRROR] !== undefined) return [forbidden(path(''), 'static pods cannot be resized')];
  if ((old.spec as { os?: { name?: string } }).os?.name === 'windows') return [forbidden(path(''), 'windows pods cannot be resized')];
  const sp = path('spec');
  const order = [...ordering(pod.spec.containers, old.spec.containers, sp.child('containers')), ...ordering(pod.spec.initContainers, old.spec.initContainers, sp.child('initContainers'))];
  if (order.length) return [...errs, ...order];
  // GetPodQOS(oldPod) reads the stored class; the value shown is the new Pod's status, which the
  // strategy kept from the old one.
  if ((old.status?.qosClass ?? podQOS(old)) !== podQOS(pod)) errs.push(invalid(sp, pod.status?.qosClass ?? '', 'Pod QOS Class may not change as a result of resizing'));
  const oldInits = old.spec.initContainers ?? [];
  const inits = pod.spec.initContainers ?? [];
  oldInits.forEach((c, i) => {
    if (isRestartableInit(c)) errs.push(...containerResize(inits[i]!.resources, c.resources, sp.child('initContainers').index(i).child('resources')));
  });
  old.spec.containers.forEach((c, i) => errs.push(...containerResize(pod.spec.containers[i]!.resources, c.resources, sp.child('containers').index(i).child('resources'))));

  const containers = pod.spec.containers.map((c, i) => {
    const kept = withoutCpuMemoryChange(c, old.spec.containers[i]!);
    if (!semanticEqual(kept, old.spec.containers[i])) errs.push(forbidden(sp, 'only cpu and memory resources are mutable'));
    return kept;
  });
  const initContainers = inits.map((c, i) => {
    const o = oldInits[i]!;
    if (!isRestartableInit(c)) {
      if (!semanticEqual(c, o)) errs.push(forbidden(sp, 'resources for non-sidecar init containers are immutable'));
      return c;
    }
    const kept = withoutCpuMemoryChange(c, o);
    if (!semanticEqual(kept, o)) errs.push(forbidden(sp, 'only cpu and memory resources for sidecar containers are mutable'));
    return kept;
  });
  if (errs.length) return errs;
  const rest: PodSpec = { ...pod.spec, containers, ...(pod.spec.initContainers ? { initContainers } : {}) };
  return semanticEqual(rest, old.spec) ? [] : [forbidden(sp, 'only cpu and memory resources are mutable')];
}
