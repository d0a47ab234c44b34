/**
 * The remaining kinds: Namespaces (DNS-1123 label names), Nodes (taints, podCIDRs set once),
 * Leases, EndpointSlices, Events, ServiceAccounts and Endpoints — mostly ObjectMeta checks.
 */
import type { EndpointSlice, KObject, Lease, Namespace, Node, PriorityClass, Taint } from '../../../k8s/types';
import type { FieldError } from '../status';
import { duplicate, forbidden, immutable, invalid, notSupported, path, required, type Path } from './field';
import { SYSTEM_PRIORITY_CLASSES } from '../admission/priority-classes';
import { validateLabelName, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';

const STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];

export function validateNamespaceFinalizers(ns: Namespace): FieldError[] {
  const errs: FieldError[] = [];
  const p = path('spec', 'finalizers');
  for (const f of ns.spec?.finalizers ?? []) {
    for (const m of isQualifiedName(f)) errs.push(invalid(p, f, m));
    if (!f.includes('/') && !STANDARD_FINALIZERS.includes(f)) errs.push(invalid(p, f, 'name is neither a standard finalizer name nor is it fully qualified'));
  }
  return errs;
}

/** ValidateNamespaceFinalizeUpdate: the finalizer names, by index. */
export function validateNamespaceFinalize(ns: Namespace, old: Namespace): FieldError[] {
  const errs = validateObjectMetaUpdate(ns.metadata, old.metadata);
  (ns.spec?.finalizers ?? []).forEach((f, i) => {
    const p = path('spec', 'finalizers').index(i);
    for (const m of isQualifiedName(f)) errs.push(invalid(p, f, m));
    if (!f.includes('/') && !STANDARD_FINALIZERS.includes(f)) errs.push(invalid(p, f, 'name is neither a standard finalizer name nor is it fully qualified'));
  });
  return errs;
}

export function validateNamespace(ns: Namespace, old: Namespace | undefined): FieldError[] {
  if (old) return validateObjectMetaUpdate(ns.metadata, old.metadata);
  return [...validateObjectMeta(ns.metadata, false, nameIsDNSLabel), ...validateNamespaceFinalizers(ns)];
}

function validateTaints(taints: Taint[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Map<string, Set<string>>();
  (taints ?? []).forEach((t, i) => {
    const ip = p.index(i);
    pushAll(errs, validateLabelName(t.key, ip.child('key')));
    const msgs = isValidLabelValue(t.value ?? '');
    if (msgs.length) errs.push(invalid(ip.child('value'), t.value ?? '', msgs.join(';')));
    if (!t.effect) errs.push(required(ip.child('effect')));
    else if (!['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) errs.push(notSupported(ip.child('effect'), t.effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    const keys = seen.get(t.effect) ?? new Set<string>();
    if (keys.has(t.key)) {
      const d = duplicate(ip, t);
      errs.push({ ...d, detail: `${d.detail}: taints must be unique by key and effect pair` });
      return;
    }
    keys.add(t.key);
    seen.set(t.effect, keys);
  });
  return errs;
}

export function validateNode(node: Node, old: Node | undefined): FieldError[] {
  const meta = path('metadata');
  if (!old) return [...validateObjectMeta(node.metadata, false, nameIsDNSSubdomain), ...validateTaints(node.spec?.taints, meta.child('taints'))];
  const errs = validateObjectMetaUpdate(node.metadata, old.metadata);
  const oldCIDRs = old.spec?.podCIDRs ?? [];
  const cidrs = node.spec?.podCIDRs ?? [];
  if (oldCIDRs.length && (oldCIDRs.length !== cidrs.length || oldCIDRs.some((c, i) => c !== cidrs[i]))) {
    errs.push(forbidden(path('spec', 'podCIDRs'), 'node updates may not change podCIDR except from "" to valid'));
  }
  if (old.spec?.providerID && old.spec.providerID !== node.spec?.providerID) {
    errs.push(forbidden(path('spec', 'providerID'), 'node updates may not change providerID except from "" to valid'));
  }
  pushAll(errs, validateTaints(node.spec?.taints, meta.child('taints')));
  return errs;
}

export function validateLease(lease: Lease, old: Lease | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(lease.metadata, old.metadata) : validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain);
  const spec = lease.spec ?? {};
  if (spec.leaseDurationSeconds !== undefined && spec.leaseDurationSeconds <= 0) {
    errs.push(invalid(path('spec', 'leaseDurationSeconds'), spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (spec.leaseTransitions !== undefined && spec.leaseTransitions < 0) {
    errs.push(invalid(path('spec', 'leaseTransitions'), spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  return errs;
}

export function validateEndpointSlice(es: EndpointSlice, old: EndpointSlice | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(es.metadata, old.metadata) : validateObjectMeta(es.metadata, true, nameIsDNSSubdomain);
  if (!['FQDN', 'IPv4', 'IPv6'].includes(es.addressType)) errs.push(notSupported(path('addressType'), es.addressType ?? '', ['FQDN', 'IPv4', 'IPv6']));
  if (old) pushAll(errs, immutable(es.addressType, old.addressType, path('addressType')));
  return errs;
}

/** Kinds whose only rules are ObjectMeta's (ServiceAccount, Event, Endpoints, ...). */
export function validateMetaOnly(obj: KObject, old: KObject | undefined, namespaced: boolean): FieldError[] {
  return old ? validateObjectMetaUpdate(obj.metadata, old.metadata) : validateObjectMeta(obj.metadata, namespaced, nameIsDNSSubdomain);
}

const HIGHEST_USER_PRIORITY = 1000000000;

/** scheduling/validation: `system-` names are reserved, user values stop at one billion. */
export function validatePriorityClass(pc: PriorityClass, old: PriorityClass | undefined): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(pc.metadata, old.metadata);
    if (pc.value !== old.value) errs.push(forbidden(path('value'), 'may not be changed in an update.'));
    pushAll(errs, immutable(pc.preemptionPolicy, old.preemptionPolicy, path('preemptionPolicy')));
    return errs;
  }
  const errs = validateObjectMeta(pc.metadata, false, nameIsDNSSubdomain);
  const name = pc.metadata.name ?? '';
  if (name.startsWith('system-')) {
    const known = SYSTEM_PRIORITY_CLASSES.find((c) => c.metadata.name === name)?.value;
    const reason = !known
      ? `${name} is not a known system priority class`
      : known !== pc.value
        ? `value of ${name} PriorityClass must be ${known}`
        : pc.globalDefault
          ? `globalDefault of ${name} PriorityClass must be false`
          : '';
    if (reason) errs.push(forbidden(path('metadata', 'name'), `priority class names with 'system-' prefix are reserved for system use only. error: ${reason}`));
  } else if (pc.value > HIGHEST_USER_PRIORITY) {
    errs.push(forbidden(path('value'), `maximum allowed value of a user defined priority is ${HIGHEST_USER_PRIORITY}`));
  }
  if (pc.preemptionPolicy !== undefined && !['PreemptLowerPriority', 'Never'].includes(pc.preemptionPolicy)) {
    errs.push(notSupported(path('preemptionPolicy'), pc.preemptionPolicy, ['PreemptLowerPriority', 'Never']));
  }
  return errs;
}
