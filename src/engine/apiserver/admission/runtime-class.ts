/**
 * RuntimeClass (plugin/pkg/admission/runtimeclass), on Pod create only. Mutating: a Pod naming a
 * RuntimeClass that does not exist is refused; the class's overhead.podFixed becomes the Pod's
 * spec.overhead (a different one the Pod set itself is refused), its scheduling.nodeSelector is
 * merged into the Pod's (a key with another value is refused) and its tolerations are merged in
 * (pkg/util/tolerations.MergeTolerations). Validating: the Pod's overhead must be the class's,
 * and a Pod whose class defines none may carry none, so only this plugin ever sets it.
 * Upstream reads an informer and, on a miss, asks the apiserver live; both end at storage.
 */
import { parseMilli } from '../../../k8s/quantity';
import type { Pod, ResourceList, RuntimeClass, Toleration } from '../../../k8s/types';
import type { World } from '../../world';
import type { StatusError } from '../status';
import { storedObject } from '../storage';
import { admissionForbidden } from './forbidden';
import type { AdmissionAttributes, MutatingPlugin, ValidatingPlugin } from './types';

const OVERHEAD_MISMATCH = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";

function applies(a: AdmissionAttributes): boolean {
  return a.operation === 'CREATE' && !a.subresource && a.info.resource === 'pods' && a.info.group === '';
}

/** prepareObjects: no class named, the class, or the refusal when it does not exist. */
function classOf(w: World, a: AdmissionAttributes): RuntimeClass | undefined | StatusError {
  const name = (a.obj as Pod).spec?.runtimeClassName;
  if (name === undefined || name === null) return undefined;
  const rc = storedObject(w, 'runtimeclasses', undefined, name) as RuntimeClass | undefined;
  return rc ?? admissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
}

function isStatus(x: RuntimeClass | StatusError | undefined): x is StatusError {
  return x !== undefined && !('metadata' in x);
}

/** apiequality.Semantic.DeepEqual of two ResourceLists: quantities by value, nil equal to empty. */
function sameResources(a: ResourceList | undefined, b: ResourceList | undefined): boolean {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  if (ka.length !== kb.length) return false;
  return ka.every((k) => b !== undefined && k in b && parseMilli(a![k]) === parseMilli(b[k]));
}

function sameToleration(x: Toleration, y: Toleration): boolean {
  return (x.key ?? '') === (y.key ?? '') && (x.operator ?? '') === (y.operator ?? '') && (x.value ?? '') === (y.value ?? '') && (x.effect ?? '') === (y.effect ?? '') && x.tolerationSeconds === y.tolerationSeconds;
}

/** pkg/util/tolerations isSuperset: whether ss tolerates everything t does. */
function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (sameToleration(t, ss)) return true;
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds !== undefined) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  switch (ss.operator ?? '') {
    case 'Equal':
    case '':
      return t.operator === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** MergeTolerations: the Pod's then the class's, dropping any another one in the list covers. */
export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => isSuperset(m, t))) return;
    if (all.slice(i + 1).some((t2) => !sameToleration(t, t2) && isSuperset(t2, t))) return;
    merged.push(t);
  });
  return merged;
}

export const RuntimeClassMutating: MutatingPlugin = {
  name: 'RuntimeClass',
  admit(w, a) {
    if (!applies(a)) return false;
    const rc = classOf(w, a);
    if (isStatus(rc)) return rc;
    if (!rc) return false;
    const pod = a.obj as Pod;
    let changed = false;
    if (rc.overhead) {
      const fixed = rc.overhead.podFixed;
      if (pod.spec.overhead !== undefined && !sameResources(fixed, pod.spec.overhead)) return admissionForbidden(a, OVERHEAD_MISMATCH);
      if (fixed === undefined) delete pod.spec.overhead;
      else pod.spec.overhead = { ...fixed };
      changed = true;
    }
    const sched = rc.scheduling;
    if (sched) {
      const classSelector = sched.nodeSelector ?? {};
      if (pod.spec.nodeSelector === undefined) {
        if (sched.nodeSelector !== undefined) pod.spec.nodeSelector = { ...classSelector };
      } else {
        for (const [key, value] of Object.entries(classSelector)) {
          const podValue = pod.spec.nodeSelector[key];
          if (podValue !== undefined && podValue !== value) {
            return admissionForbidden(a, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${podValue}`);
          }
          pod.spec.nodeSelector[key] = value;
        }
      }
      const merged = mergeTolerations(pod.spec.tolerations ?? [], sched.tolerations ?? []);
      if (merged.length) pod.spec.tolerations = merged;
      else delete pod.spec.tolerations;
      changed = true;
    }
    return changed;
  },
};

export const RuntimeClassValidating: ValidatingPlugin = {
  name: 'RuntimeClass',
  validate(w, a) {
    if (!applies(a)) return undefined;
    const rc = classOf(w, a);
    if (isStatus(rc)) return rc;
    const overhead = (a.obj as Pod).spec.overhead;
    if (rc?.overhead) return sameResources(rc.overhead.podFixed, overhead) ? undefined : admissionForbidden(a, OVERHEAD_MISMATCH);
    return overhead !== undefined ? admissionForbidden(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead') : undefined;
  },
};
