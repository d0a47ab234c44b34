/**
 * ValidatePodSpec, in upstream's order (volumes, containers, init containers, restartPolicy,
 * dnsPolicy, nodeSelector, ..., tolerations), shared by Pods and by workload templates.
 */
import type { Container, EphemeralContainer, PodSpec, Toleration } from '../../../k8s/types';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, notFound, notSupported, required, type Path } from './field';
import { hostPortConflicts, validateContainerCommon, validateProbes } from './container';
import { validateLabelName, validateLabels, validateLabelSelector, validateRequirement } from './meta';
import { isDNS1123Label, isValidLabelValue, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validateVolumes } from './volumes';
import { pushAll } from '../../../k8s/arrays';

function validateContainers(containers: Container[] | undefined, volumes: Set<string>, p: Path): FieldError[] {
  if (!containers?.length) return [required(p)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const cp = p.index(i);
    pushAll(errs, validateContainerCommon(c, volumes, cp));
    if (names.has(c.name)) errs.push(duplicate(cp.child('name'), c.name));
    else names.add(c.name);
    pushAll(errs, validateProbes(c, cp));
    if (c.restartPolicy !== undefined) errs.push(forbidden(cp.child('restartPolicy'), 'may not be set for non-init containers'));
  });
  pushAll(errs, hostPortConflicts(containers, p));
  return errs;
}

function validateInitContainers(inits: Container[] | undefined, regular: Container[] | undefined, volumes: Set<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((regular ?? []).map((c) => c.name));
  (inits ?? []).forEach((c, i) => {
    const cp = p.index(i);
    pushAll(errs, validateContainerCommon(c, volumes, cp));
    const sidecar = c.restartPolicy === 'Always';
    if (c.restartPolicy !== undefined && !sidecar) errs.push(notSupported(cp.child('restartPolicy'), c.restartPolicy, ['Always']));
    if (names.has(c.name)) errs.push(duplicate(cp.child('name'), c.name));
    else if (c.name) names.add(c.name);
    pushAll(errs, hostPortConflicts([c], p));
    if (sidecar) pushAll(errs, validateProbes(c, cp));
    else {
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
        if (c[probe]) errs.push(forbidden(cp.child(probe), 'may not be set for init containers without restartPolicy=Always'));
      }
    }
  });
  return errs;
}

export function validateTolerations(tols: Toleration[], p: Path): FieldError[] {
  const errs: FieldError[] = [];
  tols.forEach((t, i) => {
    const ip = p.index(i);
    if (t.key) pushAll(errs, validateLabelName(t.key, ip.child('key')));
    if (!t.key && t.operator !== 'Exists') {
      errs.push(invalid(ip.child('operator'), t.operator ?? '', 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds !== undefined && t.effect !== 'NoExecute') {
      errs.push(invalid(ip.child('effect'), t.effect ?? '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (t.operator ?? '') {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValue(t.value ?? '');
        if (msgs.length) errs.push(invalid(ip.child('operator'), t.value ?? '', msgs.join(';')));
        break;
      }
      case 'Exists':
        if (t.value) errs.push(invalid(ip.child('operator'), t.value, "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(notSupported(ip.child('operator'), t.operator, ['Equal', 'Exists']));
    }
    if (t.effect && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) {
      errs.push(notSupported(ip.child('effect'), t.effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    }
  });
  return errs;
}

function validateNodeAffinity(spec: PodSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const terms = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution) return errs;
  const tp = p.child('affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms');
  if (!terms?.length) return [required(tp, 'must have at least one node selector term')];
  terms.forEach((term, i) => {
    (term.matchExpressions ?? []).forEach((r, j) => {
      pushAll(errs, validateRequirement(r, tp.index(i).child('matchExpressions').index(j), true));
    });
  });
  return errs;
}

function validateSpread(spec: PodSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (spec.topologySpreadConstraints ?? []).forEach((c, i) => {
    const cp = p.child('topologySpreadConstraints').index(i);
    if (!(c.maxSkew > 0)) errs.push(invalid(cp.child('maxSkew'), c.maxSkew ?? 0, 'must be greater than zero'));
    if (!c.topologyKey) errs.push(required(cp.child('topologyKey'), 'can not be empty'));
    if (!['DoNotSchedule', 'ScheduleAnyway'].includes(c.whenUnsatisfiable)) {
      errs.push(notSupported(cp.child('whenUnsatisfiable'), c.whenUnsatisfiable ?? '', ['DoNotSchedule', 'ScheduleAnyway']));
    }
    pushAll(errs, validateLabelSelector(c.labelSelector, cp.child('labelSelector')));
  });
  return errs;
}

/**
 * The EphemeralContainerCommon fields allowedEphemeralContainerFields refuses, in the struct's
 * order: an ephemeral container must not be relied on for the Pod's service (no ports, resources,
 * probes or lifecycle hooks), and restarts are not its own to choose.
 */
const EPHEMERAL_REFUSED = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'restartPolicyRules', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

/** A Go zero value: absent, or an empty list or struct (`resources: {}` as defaulting leaves it). */
function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false || v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>).every(isZero);
  return false;
}

/**
 * validateEphemeralContainers: the common container rules, a name unique across every container
 * of the Pod, a targetContainerName that names a container or init container, and the refused
 * fields (validateFieldAllowList) and volume subpaths.
 */
function validateEphemeralContainers(ecs: EphemeralContainer[] | undefined, containers: Container[] | undefined, inits: Container[] | undefined, volumes: Set<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!ecs?.length) return errs;
  const others = new Set([...(containers ?? []), ...(inits ?? [])].map((c) => c.name));
  const all = new Set(others);
  ecs.forEach((ec, i) => {
    const cp = p.index(i);
    pushAll(errs, validateContainerCommon(ec, volumes, cp));
    if (all.has(ec.name)) errs.push(duplicate(cp.child('name'), ec.name));
    else all.add(ec.name);
    if (ec.targetContainerName && !others.has(ec.targetContainerName)) errs.push(notFound(cp.child('targetContainerName'), ec.targetContainerName));
    for (const f of EPHEMERAL_REFUSED) if (!isZero((ec as unknown as Record<string, unknown>)[f])) errs.push(forbidden(cp.child(f), 'cannot be set for an Ephemeral Container'));
    (ec.volumeMounts ?? []).forEach((vm, vi) => {
      if (vm.subPath) errs.push(forbidden(cp.child('volumeMounts').index(vi).child('subPath'), 'cannot be set for an Ephemeral Container'));
      if ((vm as { subPathExpr?: string }).subPathExpr) errs.push(forbidden(cp.child('volumeMounts').index(vi).child('subPathExpr'), 'cannot be set for an Ephemeral Container'));
    });
  });
  return errs;
}

/** ValidatePodSpec. Fields the API defaults (restartPolicy, dnsPolicy...) are Required when absent. */
export function validatePodSpec(spec: PodSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.terminationGracePeriodSeconds === undefined) errs.push(required(p.child('terminationGracePeriodSeconds')));
  const vols = validateVolumes(spec.volumes, p.child('volumes'));
  pushAll(errs, vols.errs);
  pushAll(errs, validateContainers(spec.containers, vols.names, p.child('containers')));
  pushAll(errs, validateInitContainers(spec.initContainers, spec.containers, vols.names, p.child('initContainers')));
  pushAll(errs, validateEphemeralContainers(spec.ephemeralContainers, spec.containers, spec.initContainers, vols.names, p.child('ephemeralContainers')));
  const rp = spec.restartPolicy ?? '';
  if (rp === '') errs.push(required(p.child('restartPolicy')));
  else if (!['Always', 'OnFailure', 'Never'].includes(rp)) errs.push(notSupported(p.child('restartPolicy'), rp, ['Always', 'OnFailure', 'Never']));
  const dns = spec.dnsPolicy ?? '';
  if (dns === '') errs.push(required(p.child('dnsPolicy')));
  else if (!['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'].includes(dns)) {
    errs.push(notSupported(p.child('dnsPolicy'), dns, ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None']));
  }
  pushAll(errs, validateLabels(spec.nodeSelector, p.child('nodeSelector')));
  pushAll(errs, validateNodeAffinity(spec, p));
  (spec.readinessGates ?? []).forEach((g, i) => pushAll(errs, validateLabelName(g.conditionType, p.child('readinessGates').index(i).child('conditionType'))));
  const gates = new Set<string>();
  (spec.schedulingGates ?? []).forEach((g, i) => {
    pushAll(errs, validateLabelName(g.name, p.child('schedulingGates').index(i)));
    if (gates.has(g.name)) errs.push(duplicate(p.child('schedulingGates').index(i), g.name));
    gates.add(g.name);
  });
  pushAll(errs, validateSpread(spec, p));
  if (spec.serviceAccountName) for (const m of nameIsDNSSubdomain(spec.serviceAccountName, false)) errs.push(invalid(p.child('serviceAccountName'), spec.serviceAccountName, m));
  if (spec.nodeName) for (const m of nameIsDNSSubdomain(spec.nodeName, false)) errs.push(invalid(p.child('nodeName'), spec.nodeName, m));
  const ads = (spec as { activeDeadlineSeconds?: number }).activeDeadlineSeconds;
  if (ads !== undefined && (ads < 1 || ads > 2147483647)) errs.push(invalid(p.child('activeDeadlineSeconds'), ads, 'must be between 1 and 2147483647, inclusive'));
  for (const f of ['hostname', 'subdomain'] as const) {
    const v = (spec as unknown as Record<string, unknown>)[f];
    if (typeof v === 'string' && v) for (const m of isDNS1123Label(v)) errs.push(invalid(p.child(f), v, m));
  }
  if (spec.tolerations?.length) pushAll(errs, validateTolerations(spec.tolerations, p.child('tolerations')));
  if (spec.priorityClassName) for (const m of nameIsDNSSubdomain(spec.priorityClassName, false)) errs.push(invalid(p.child('priorityClassName'), spec.priorityClassName, m));
  if (spec.preemptionPolicy !== undefined && !['PreemptLowerPriority', 'Never'].includes(spec.preemptionPolicy)) {
    errs.push(notSupported(p.child('preemptionPolicy'), spec.preemptionPolicy, ['PreemptLowerPriority', 'Never']));
  }
  return errs;
}

/** validatePodMetadataAndSpec's pod-only checks. */
export function validatePodOnly(spec: PodSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.serviceAccountName) {
    (spec.volumes ?? []).forEach((v, vi) => {
      (v.projected?.sources ?? []).forEach((s, si) => {
        if ((s as { serviceAccountToken?: unknown }).serviceAccountToken) {
          errs.push(forbidden(p.child('volumes').index(vi).child('projected', 'sources').index(si).child('serviceAccountToken'), 'must not be specified when serviceAccountName is not set'));
        }
      });
    });
  }
  for (const [list, name] of [
    [spec.containers, 'containers'],
    [spec.initContainers, 'initContainers'],
    [spec.ephemeralContainers, 'ephemeralContainers'],
  ] as const) {
    (list ?? []).forEach((c, i) => {
      if (c.image !== undefined && c.image !== c.image.trim()) errs.push(invalid(p.child(name).index(i).child('image'), c.image, 'must not have leading or trailing whitespace'));
    });
  }
  return errs;
}
