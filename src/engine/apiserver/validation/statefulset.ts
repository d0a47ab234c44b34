/**
 * StatefulSets (pkg/apis/apps/validation: ValidateStatefulSet, ValidateStatefulSetUpdate). The
 * name is a DNS label (it prefixes every Pod's hostname); the Pod template is checked only for
 * its labels and annotations, as upstream leaves the PodSpec to Pod creation (its claim volumes
 * come from volumeClaimTemplates). On update only replicas, ordinals, template, updateStrategy,
 * revisionHistoryLimit, persistentVolumeClaimRetentionPolicy and minReadySeconds may change.
 */
import type { StatefulSet, StatefulSetSpec } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { forbidden, invalid, nonNegative, notSupported, path, required, semanticEqual, type Path } from './field';
import { mapValue, selectorValue, validateAnnotations, validateLabels, validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isDNS1123Label, nameIsDNSLabel } from '../../../k8s/string-validation';
import { percentValue, validateIntOrPercent } from './workloads';

const RETENTION = ['Retain', 'Delete'];

/** validateRollingUpdateStatefulSet: partition ≥ 0; maxUnavailable a positive int or percent ≤ 100%. */
function validateRollingUpdate(ru: NonNullable<NonNullable<StatefulSetSpec['updateStrategy']>['rollingUpdate']>, p: Path): FieldError[] {
  const errs = nonNegative(ru.partition ?? 0, p.child('partition'));
  const mu = ru.maxUnavailable;
  if (mu !== undefined && mu !== null) {
    const mp = p.child('maxUnavailable');
    pushAll(errs, validateIntOrPercent(mu, mp));
    if ((percentValue(mu) ?? (typeof mu === 'number' ? mu : 0)) === 0) errs.push(invalid(mp, mu, 'cannot be 0'));
    const pct = percentValue(mu);
    if (pct !== undefined && pct > 100) errs.push(invalid(mp, mu, 'must not be greater than 100%'));
  }
  return errs;
}

/** The internal RollingUpdateStatefulSetStrategy as encoding/json prints it (Go field names). */
function goRollingUpdate(ru: NonNullable<StatefulSetSpec['updateStrategy']>['rollingUpdate']): unknown {
  return ru ? { Partition: ru.partition ?? 0, MaxUnavailable: ru.maxUnavailable ?? null } : null;
}

function validateStrategy(spec: StatefulSetSpec, p: Path): FieldError[] {
  const s = spec.updateStrategy ?? {};
  switch (s.type) {
    case undefined:
      return [required(p.child('updateStrategy'))];
    case 'OnDelete':
      return s.rollingUpdate ? [invalid(p.child('updateStrategy', 'rollingUpdate'), s.rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'")] : [];
    case 'RollingUpdate':
      return s.rollingUpdate ? validateRollingUpdate(s.rollingUpdate, p.child('updateStrategy', 'rollingUpdate')) : [];
    default:
      // The internal apps.StatefulSetUpdateStrategy has no json tags: encoding/json prints Go names.
      return [invalid(p.child('updateStrategy'), { Type: s.type, RollingUpdate: goRollingUpdate(s.rollingUpdate) }, "must be 'RollingUpdate' or 'OnDelete'")];
  }
}

/** ValidateStatefulSetSpec, in upstream's order of checks. */
function validateSpec(spec: StatefulSetSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy;
  if (!policy) errs.push(required(p.child('podManagementPolicy')));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errs.push(invalid(p.child('podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'"));
  pushAll(errs, validateStrategy(spec, p));
  const retention = spec.persistentVolumeClaimRetentionPolicy;
  if (retention) {
    const rp = p.child('persistentVolumeClaimRetentionPolicy');
    if (!RETENTION.includes(retention.whenDeleted ?? '')) errs.push(notSupported(rp.child('whenDeleted'), retention.whenDeleted ?? '', RETENTION));
    if (!RETENTION.includes(retention.whenScaled ?? '')) errs.push(notSupported(rp.child('whenScaled'), retention.whenScaled ?? '', RETENTION));
  }
  pushAll(errs, nonNegative(spec.replicas, p.child('replicas')));
  pushAll(errs, nonNegative(spec.minReadySeconds, p.child('minReadySeconds')));
  if (spec.ordinals) pushAll(errs, nonNegative(spec.ordinals.start ?? 0, p.child('ordinals.start')));
  if (spec.serviceName) for (const msg of isDNS1123Label(spec.serviceName)) errs.push(invalid(p.child('serviceName'), spec.serviceName, msg));
  const sel = spec.selector;
  if (!sel) errs.push(required(p.child('selector')));
  else {
    pushAll(errs, validateLabelSelector(sel, p.child('selector')));
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
      errs.push(invalid(p.child('selector'), selectorValue(sel), 'empty selector is invalid for statefulset'));
    }
  }
  // ValidatePodTemplateSpecForStatefulSet: a nil selector converts to Nothing, which is not Empty.
  const tp = p.child('template');
  const labels = spec.template?.metadata?.labels;
  const selects = sel === undefined || fromLabelSelector(sel).length > 0;
  if (selects && !(sel !== undefined && matches(fromLabelSelector(sel), labels))) {
    errs.push(invalid(tp.child('metadata', 'labels'), mapValue(labels), '`selector` does not match template `labels`'));
  }
  pushAll(errs, validateLabels(labels, tp.child('labels')));
  pushAll(errs, validateAnnotations(spec.template?.metadata?.annotations, tp.child('annotations')));
  const podSpec = spec.template?.spec ?? ({} as StatefulSetSpec['template']['spec']);
  if ((podSpec.restartPolicy ?? '') !== 'Always') errs.push(notSupported(tp.child('spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  if ((podSpec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds !== undefined) {
    errs.push(forbidden(tp.child('spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

/** The spec fields an update may change, set aside before comparing the rest. */
const MUTABLE: readonly (keyof StatefulSetSpec)[] = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

function withoutMutable(spec: StatefulSetSpec): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...spec };
  for (const k of MUTABLE) delete rest[k];
  return rest;
}

export function validateStatefulSet(sts: StatefulSet, old: StatefulSet | undefined): FieldError[] {
  const p = path('spec');
  // On update the name is not revalidated: older servers allowed DNS subdomains.
  const errs = old ? validateObjectMetaUpdate(sts.metadata, old.metadata) : validateObjectMeta(sts.metadata, true, nameIsDNSLabel);
  pushAll(errs, validateSpec(sts.spec ?? ({} as StatefulSetSpec), p));
  if (old && !semanticEqual(withoutMutable(sts.spec ?? ({} as StatefulSetSpec)), withoutMutable(old.spec))) {
    errs.push(
      forbidden(
        p,
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  return errs;
}
