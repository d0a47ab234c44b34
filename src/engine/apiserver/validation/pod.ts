/**
 * Pods: create (ValidatePodCreate) and update (ValidatePodUpdate). A running Pod's spec is
 * immutable except container images, activeDeadlineSeconds, added tolerations and a negative
 * grace period set to 1; nodeName in particular changes only through pods/binding.
 */
import type { EphemeralContainer, Pod, PodSpec, Toleration } from '../../../k8s/types';
import type { FieldError } from '../status';
import { forbidden, invalid, path, required, semanticEqual, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validatePodOnly, validatePodSpec } from './podspec';
import { POD_SPEC_FIELDS, specDiff } from './spec-diff';
import { cloneData } from '../../core/clone';
import { pushAll } from '../../../k8s/arrays';

export function validatePod(pod: Pod): FieldError[] {
  const spec = pod.spec ?? ({} as PodSpec);
  return [...validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain), ...validatePodSpec(spec, path('spec')), ...validatePodOnly(spec, path('spec'))];
}

const UPDATABLE = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

function containerUpdates(next: PodSpec['containers'] | undefined, old: PodSpec['containers'] | undefined, p: Path): { errs: FieldError[]; stop: boolean } {
  const n = next ?? [];
  if (n.length !== (old ?? []).length) return { errs: [forbidden(p, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  n.forEach((c, i) => {
    if (!c.image) errs.push(required(p.index(i).child('image')));
    if (c.image !== undefined && c.image.trim() !== c.image) errs.push(invalid(p.index(i).child('image'), c.image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

function onlyAddedTolerations(next: Toleration[] | undefined, old: Toleration[] | undefined, p: Path): FieldError[] {
  for (const o of old ?? []) {
    const found = (next ?? []).some((t) => semanticEqual({ ...o, tolerationSeconds: t.tolerationSeconds }, t));
    if (!found) return [forbidden(p, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const sp = path('spec');
  const errs = [...validateObjectMetaUpdate(pod.metadata, old.metadata), ...validatePod(pod)];
  for (const [list, name] of [
    ['containers', 'containers'],
    ['initContainers', 'initContainers'],
  ] as const) {
    const r = containerUpdates(pod.spec[list], old.spec[list], sp.child(name));
    pushAll(errs, r.errs);
    if (r.stop) return errs;
  }
  const nextAds = (pod.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds;
  const oldAds = (old.spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds;
  if (nextAds !== undefined) {
    if (nextAds < 0 || nextAds > 2147483647) return [...errs, invalid(sp.child('activeDeadlineSeconds'), nextAds, 'must be between 0 and 2147483647, inclusive')];
    if (oldAds !== undefined && oldAds < nextAds) return [...errs, invalid(sp.child('activeDeadlineSeconds'), nextAds, 'must be less than or equal to previous value')];
  } else if (oldAds !== undefined) errs.push(invalid(sp.child('activeDeadlineSeconds'), null, 'must not update from a positive integer to nil value'));
  pushAll(errs, onlyAddedTolerations(pod.spec.tolerations, old.spec.tolerations, sp.child('tolerations')));
  if (semanticEqual(pod.spec, old.spec)) return errs;

  // Munge the updatable fields back to their old values; whatever still differs is forbidden.
  const munged = cloneData(pod.spec) as PodSpec & Record<string, unknown>;
  munged.containers = (munged.containers ?? []).map((c, i) => ({ ...c, image: old.spec.containers[i]?.image ?? c.image }));
  if (munged.initContainers) munged.initContainers = munged.initContainers.map((c, i) => ({ ...c, image: old.spec.initContainers?.[i]?.image ?? c.image }));
  munged['activeDeadlineSeconds'] = oldAds;
  munged.schedulingGates = old.spec.schedulingGates;
  munged.tolerations = old.spec.tolerations;
  const oldTgps = old.spec.terminationGracePeriodSeconds;
  if (oldTgps !== undefined && oldTgps < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldTgps;
  if (!semanticEqual(munged, old.spec)) {
    const diff = specDiff('core.PodSpec', POD_SPEC_FIELDS, old.spec as unknown as Record<string, unknown>, munged);
    errs.push(forbidden(sp, `pod updates may not change fields other than ${UPDATABLE.join(',')}\n${diff}`));
  }
  return errs;
}

/** An EphemeralContainer as the internal Go struct nests it: the common fields, then the target. */
function asGoEphemeral(ec: EphemeralContainer): Record<string, unknown> {
  const { targetContainerName, ...common } = ec;
  const out: Record<string, unknown> = { ephemeralContainerCommon: common };
  if (targetContainerName !== undefined) out['targetContainerName'] = targetContainerName;
  return out;
}

/**
 * ValidatePodEphemeralContainersUpdate (the pods/ephemeralcontainers strategy): the new Pod is
 * valid, a static Pod takes none, and existing ephemeral containers are neither removed nor
 * changed (matched by name: a patch need not keep their order). The diff after "may not be
 * changed" approximates go-cmp's, as spec-diff.ts does for Pod updates.
 */
export function validatePodEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pod.metadata, old.metadata), ...validatePod(pod)];
  if (old.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) return [forbidden(path(''), 'static pods do not support ephemeral containers')];
  const sp = path('spec').child('ephemeralContainers');
  const next = new Map((pod.spec.ephemeralContainers ?? []).map((ec) => [ec.name, ec]));
  for (const o of old.spec.ephemeralContainers ?? []) {
    const n = next.get(o.name);
    if (!n) errs.push(forbidden(sp, `existing ephemeral containers ${JSON.stringify(o.name)} may not be removed\n`));
    else if (!semanticEqual(o, n)) {
      const diff = specDiff('core.EphemeralContainer', ['ephemeralContainerCommon', 'targetContainerName'], asGoEphemeral(o), asGoEphemeral(n));
      errs.push(forbidden(sp, `existing ephemeral containers ${JSON.stringify(o.name)} may not be changed\n${diff}`));
    }
  }
  return errs;
}
