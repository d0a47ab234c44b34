/**
 * LimitRanger (plugin/pkg/admission/limitranger): on a Pod's creation the mutating half fills
 * each container's missing requests and limits from the namespace's LimitRanges (Container
 * items' defaultRequest and default) and says so in the `kubernetes.io/limit-ranger`
 * annotation; the validating half holds containers, whole Pods and claims to min, max and
 * maxLimitRequestRatio, refusing with every violation it found. Pod updates are not checked
 * (their containers' resources are immutable here), nor objects being deleted.
 */
import type { Container, LimitRange, LimitRangeItem, PersistentVolumeClaim, Pod, ResourceList } from '../../../k8s/types';
import { containersAggregate } from '../../../k8s/pod-resources';
import { parseQty, qtyString, qty, type Qty } from '../../../k8s/resource-list';
import type { World } from '../../world';
import { admissionForbidden } from './forbidden';
import type { AdmissionAttributes, MutatingPlugin, ValidatingPlugin } from './types';

const ANNOTATION = 'kubernetes.io/limit-ranger';

function limitRangesIn(w: World, ns: string): LimitRange[] {
  const out: LimitRange[] = [];
  for (const o of w.etcd.kv.get('limitranges')?.values() ?? []) if (o.metadata.namespace === ns) out.push(o as LimitRange);
  return out.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
}

/** SupportsAttributes: Pods on create, claims on create and update, never a subresource. */
function supports(a: AdmissionAttributes, mutating: boolean): boolean {
  if (a.subresource || !a.namespace) return false;
  if (a.info.resource === 'pods') return a.operation === 'CREATE';
  return !mutating && a.info.resource === 'persistentvolumeclaims' && (a.operation === 'CREATE' || a.operation === 'UPDATE') && !a.old?.metadata.deletionTimestamp;
}

function sortedList(list: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const k of Object.keys(list).sort()) out[k] = list[k]!;
  return out;
}

/** mergeContainerResources: what it filled in, as the annotation words it. */
function mergeContainer(c: Container, item: { requests: ResourceList; limits: ResourceList }, prefix: string, notes: string[]): void {
  const res = (c.resources ??= {});
  const limits = { ...(res.limits ?? {}) };
  const requests = { ...(res.requests ?? {}) };
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const [k, v] of Object.entries(item.limits)) {
    if (limits[k] !== undefined) continue;
    limits[k] = v;
    setLimits.push(k);
  }
  for (const [k, v] of Object.entries(item.requests)) {
    if (requests[k] !== undefined) continue;
    requests[k] = v;
    setRequests.push(k);
  }
  if (setLimits.length) res.limits = sortedList(limits);
  if (setRequests.length) res.requests = sortedList(requests);
  if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
}

/** PodMutateLimitFunc for one LimitRange: its Container items' defaults. */
function defaultPod(pod: Pod, lr: LimitRange): boolean {
  const defaults = { requests: {} as ResourceList, limits: {} as ResourceList };
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    Object.assign(defaults.requests, item.defaultRequest ?? {});
    Object.assign(defaults.limits, item.default ?? {});
  }
  const notes: string[] = [];
  for (const c of pod.spec.containers ?? []) mergeContainer(c, defaults, 'container', notes);
  for (const c of pod.spec.initContainers ?? []) mergeContainer(c, defaults, 'init container', notes);
  if (notes.length === 0) return false;
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
  return true;
}

type Lists = { requests: ResourceList; limits: ResourceList };

function minConstraint(type: string, r: string, enforced: Qty, l: Lists): string | undefined {
  const req = parseQty(l.requests[r]);
  const lim = parseQty(l.limits[r]);
  const e = qtyString(enforced);
  if (!req) return `minimum ${r} usage per ${type} is ${e}.  No request is specified`;
  if (enforced.milli > req.milli) return `minimum ${r} usage per ${type} is ${e}, but request is ${qtyString(req)}`;
  if (lim && enforced.milli > lim.milli) return `minimum ${r} usage per ${type} is ${e}, but limit is ${qtyString(lim)}`;
  return undefined;
}

function maxConstraint(type: string, r: string, enforced: Qty, l: Lists): string | undefined {
  const req = parseQty(l.requests[r]);
  const lim = parseQty(l.limits[r]);
  const e = qtyString(enforced);
  if (!lim) return `maximum ${r} usage per ${type} is ${e}.  No limit is specified`;
  if (lim.milli > enforced.milli) return `maximum ${r} usage per ${type} is ${e}, but limit is ${qtyString(lim)}`;
  if (req && req.milli > enforced.milli) return `maximum ${r} usage per ${type} is ${e}, but request is ${qtyString(req)}`;
  return undefined;
}

/** maxRequestConstraint: a claim has requests only. */
function maxRequestConstraint(type: string, r: string, enforced: Qty, requests: ResourceList): string | undefined {
  const req = parseQty(requests[r]);
  const e = qtyString(enforced);
  if (!req) return `maximum ${r} usage per ${type} is ${e}.  No request is specified`;
  if (req.milli > enforced.milli) return `maximum ${r} usage per ${type} is ${e}, but request is ${qtyString(req)}`;
  return undefined;
}

/** limit/request to six decimals, rounding half to even (inf.Dec QuoRound). */
function ratioString(lim: Qty, req: Qty): string {
  const num = BigInt(Math.abs(lim.milli)) * 10n ** 6n;
  const den = BigInt(Math.abs(req.milli));
  let q = num / den;
  const rem = num % den;
  if (rem * 2n > den || (rem * 2n === den && q % 2n === 1n)) q += 1n;
  const s = q.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}

function ratioConstraint(type: string, r: string, enforced: Qty, l: Lists): string | undefined {
  const req = parseQty(l.requests[r]);
  const lim = parseQty(l.limits[r]);
  const e = qtyString(enforced);
  if (!req || req.milli === 0) return `${r} max limit to request ratio per ${type} is ${e}, but no request is specified or request is 0`;
  if (!lim || lim.milli === 0) return `${r} max limit to request ratio per ${type} is ${e}, but no limit is specified or limit is 0`;
  // limit > request × ratio, exactly (ratio is in milli-units).
  if (BigInt(Math.abs(lim.milli)) * 1000n > BigInt(Math.abs(req.milli)) * BigInt(enforced.milli)) {
    return `${r} max limit to request ratio per ${type} is ${e}, but provided ratio is ${ratioString(lim, req)}`;
  }
  return undefined;
}

const sortedEntries = (l: ResourceList | undefined): [string, Qty][] =>
  Object.keys(l ?? {})
    .sort()
    .map((k) => [k, qty(l![k])]);

/** min, max, then ratio of one item over one set of requests and limits. */
function checkItem(item: LimitRangeItem, l: Lists, errs: string[]): void {
  for (const [k, v] of sortedEntries(item.min)) pushIf(errs, minConstraint(item.type, k, v, l));
  for (const [k, v] of sortedEntries(item.max)) pushIf(errs, maxConstraint(item.type, k, v, l));
  for (const [k, v] of sortedEntries(item.maxLimitRequestRatio)) pushIf(errs, ratioConstraint(item.type, k, v, l));
}

function pushIf(errs: string[], e: string | undefined): void {
  if (e) errs.push(e);
}

/** LimitRanger's podRequests/podLimits: sidecars run beside the app containers, a plain init container needs its own share. */
function podLists(pod: Pod): Lists {
  const list = (which: 'requests' | 'limits'): ResourceList => {
    const out: ResourceList = {};
    for (const [k, v] of containersAggregate(pod, which)) out[k] = qtyString(v);
    return out;
  };
  return { requests: list('requests'), limits: list('limits') };
}

function validatePod(pod: Pod, lr: LimitRange, errs: string[]): void {
  for (const item of lr.spec?.limits ?? []) {
    if (item.type === 'Container') {
      for (const c of [...(pod.spec.containers ?? []), ...(pod.spec.initContainers ?? [])]) checkItem(item, { requests: c.resources?.requests ?? {}, limits: c.resources?.limits ?? {} }, errs);
    }
    if (item.type === 'Pod') checkItem(item, podLists(pod), errs);
  }
}

function validateClaim(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim | undefined, lr: LimitRange, errs: string[]): void {
  const requests = pvc.spec?.resources?.requests ?? {};
  const oldRequests = old?.spec?.resources?.requests ?? {};
  const unchanged = (k: string): boolean => requests[k] !== undefined && oldRequests[k] !== undefined && qty(requests[k]).milli === qty(oldRequests[k]).milli;
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const [k, v] of sortedEntries(item.min)) if (!unchanged(k)) pushIf(errs, minConstraint(item.type, k, v, { requests, limits: {} }));
    for (const [k, v] of sortedEntries(item.max)) if (!unchanged(k)) pushIf(errs, maxRequestConstraint(item.type, k, v, requests));
  }
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several deduplicated in brackets. */
function aggregate(errs: string[]): string {
  const seen = [...new Set(errs)];
  return seen.length === 1 ? seen[0]! : `[${seen.join(', ')}]`;
}

export const LimitRangerMutating: MutatingPlugin = {
  name: 'LimitRanger',
  admit(w, a) {
    if (!supports(a, true)) return false;
    let changed = false;
    for (const lr of limitRangesIn(w, a.namespace!)) changed = defaultPod(a.obj as Pod, lr) || changed;
    return changed;
  },
};

export const LimitRangerValidating: ValidatingPlugin = {
  name: 'LimitRanger',
  validate(w, a) {
    if (!supports(a, false)) return undefined;
    for (const lr of limitRangesIn(w, a.namespace!)) {
      const errs: string[] = [];
      if (a.info.resource === 'pods') validatePod(a.obj as Pod, lr, errs);
      else validateClaim(a.obj as PersistentVolumeClaim, a.old as PersistentVolumeClaim | undefined, lr, errs);
      if (errs.length) return admissionForbidden(a, aggregate(errs));
    }
    return undefined;
  },
};

