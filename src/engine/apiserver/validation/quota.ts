/**
 * ValidateResourceQuota(Update) and ValidateLimitRange (pkg/apis/core/validation): quota
 * resource names (standard, or qualified like `count/deployments.apps`), non-negative
 * quantities (whole numbers for countable resources), scopes that exist, suit what the quota
 * limits and do not contradict each other; LimitRange items of a known type, once each, whose
 * min ≤ default request ≤ default ≤ max and whose ratios are at least 1 and at most max/min.
 * Go iterates these maps in random order; errors here come in sorted key order.
 */
import type { LimitRange, ResourceList, ResourceQuota } from '../../../k8s/types';
import { canonical, qty } from '../../../k8s/resource-list';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, path, required, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { STANDARD_RESOURCES, validateContainerResourceName } from './resources';
import { pushAll } from '../../../k8s/arrays';

const QUOTA_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'persistentvolumeclaims',
  'configmaps',
  'services.nodeports',
  'services.loadbalancers',
]);

const INTEGER_RESOURCES = new Set(['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers']);

const SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];
const POD_COMPUTE = new Set(['pods', 'cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory', 'ephemeral-storage', 'requests.ephemeral-storage', 'limits.ephemeral-storage']);

const isHugePages = (n: string): boolean => n.startsWith('hugepages-') || n.startsWith('requests.hugepages-');

/** validateResourceName: qualified, and a bare name must be a standard one. */
function validateResourceName(name: string, p: Path): FieldError[] {
  const errs = isQualifiedName(name).map((m) => invalid(p, name, m));
  if (errs.length) return errs;
  if (!name.includes('/') && !STANDARD_RESOURCES.has(name) && !isHugePages(name)) errs.push(invalid(p, name, 'must be a standard resource type or fully qualified'));
  return errs;
}

function validateQuotaResourceName(name: string, p: Path): FieldError[] {
  const errs = validateResourceName(name, p);
  if (!name.includes('/') && !QUOTA_RESOURCES.has(name) && !isHugePages(name)) errs.push(invalid(p, name, 'must be a standard resource for quota'));
  return errs;
}

/** ValidateResourceQuantityValue. */
function validateQuantityValue(name: string, v: string | number, p: Path): FieldError[] {
  const q = qty(v);
  const errs: FieldError[] = [];
  if (q.milli < 0) errs.push(invalid(p, canonical(v), 'must be greater than or equal to 0'));
  const extended = name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('count/');
  if ((INTEGER_RESOURCES.has(name) || extended) && q.milli % 1000 !== 0) errs.push(invalid(p, canonical(v), 'must be an integer'));
  return errs;
}

function validateList(list: ResourceList | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(list ?? {}).sort()) {
    pushAll(errs, validateQuotaResourceName(k, p.key(k)));
    pushAll(errs, validateQuantityValue(k, list![k]!, p.key(k)));
  }
  return errs;
}

/** IsResourceQuotaScopeValidForResource. */
function scopeFits(scope: string, resource: string): boolean {
  if (scope === 'BestEffort') return resource === 'pods' || resource === 'count/pods';
  return POD_COMPUTE.has(resource) || resource === 'count/pods';
}

function validateScopes(q: ResourceQuota, p: Path): FieldError[] {
  const scopes = q.spec?.scopes ?? [];
  const errs: FieldError[] = [];
  if (scopes.length === 0) return errs;
  const sp = p.child('scopes');
  const hard = Object.keys(q.spec?.hard ?? {}).sort();
  for (const s of scopes) {
    if (!SCOPES.includes(s)) errs.push(invalid(sp, scopes, 'unsupported scope'));
    for (const k of hard) if (QUOTA_RESOURCES.has(k) && !scopeFits(s, k)) errs.push(invalid(sp, scopes, 'unsupported scope applied to resource'));
  }
  for (const [a, b] of [
    ['BestEffort', 'NotBestEffort'],
    ['Terminating', 'NotTerminating'],
  ] as const) {
    if (scopes.includes(a) && scopes.includes(b)) errs.push(invalid(sp, scopes, 'conflicting scopes'));
  }
  return errs;
}

function validateScopeSelector(q: ResourceQuota, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const exprs = q.spec?.scopeSelector?.matchExpressions ?? [];
  exprs.forEach((e, i) => {
    const ep = p.child('scopeSelector').child('matchExpressions').index(i);
    if (!SCOPES.includes(e.scopeName)) errs.push(invalid(ep.child('scopeName'), e.scopeName, 'unsupported scope'));
    const hasValues = (e.values ?? []).length > 0;
    if ((e.operator === 'In' || e.operator === 'NotIn') && !hasValues) errs.push(invalid(ep.child('values'), e.values ?? [], 'must be at least one value when `operator` is \'In\' or \'NotIn\' for scope selector'));
    if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && hasValues) errs.push(invalid(ep.child('values'), e.values, 'must be no value when `operator` is \'Exist\' or \'DoesNotExist\' for scope selector'));
  });
  return errs;
}

export function validateResourceQuota(q: ResourceQuota, old: ResourceQuota | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(q.metadata, old.metadata) : validateObjectMeta(q.metadata, true, nameIsDNSSubdomain);
  const sp = path('spec');
  pushAll(errs, validateList(q.spec?.hard, sp.child('hard')));
  pushAll(errs, validateScopes(q, sp));
  pushAll(errs, validateScopeSelector(q, sp));
  if (old) {
    const a = [...(q.spec?.scopes ?? [])].sort().join(',');
    const b = [...(old.spec?.scopes ?? [])].sort().join(',');
    if (a !== b) errs.push(invalid(sp.child('scopes'), q.spec?.scopes ?? [], 'field is immutable'));
  } else {
    pushAll(errs, validateList(q.status?.hard, path('status', 'hard')));
    pushAll(errs, validateList(q.status?.used, path('status', 'used')));
  }
  return errs;
}

const LIMIT_TYPES = ['Pod', 'Container', 'PersistentVolumeClaim'];

function validateLimitResourceName(type: string, name: string, p: Path): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, p) : validateResourceName(name, p);
}

/** The pairwise bounds of one resource in one item. */
function validateBounds(k: string, ip: Path, lists: Record<'min' | 'max' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio', ResourceList | undefined>): FieldError[] {
  const errs: FieldError[] = [];
  const get = (l: ResourceList | undefined): { s: string; milli: number } | undefined => (l && l[k] !== undefined ? { s: canonical(l[k]!), milli: qty(l[k]).milli } : undefined);
  const min = get(lists.min);
  const max = get(lists.max);
  const def = get(lists.default);
  const defReq = get(lists.defaultRequest);
  const ratio = get(lists.maxLimitRequestRatio);
  if (min && max && min.milli > max.milli) errs.push(invalid(ip.child('min').key(k), min.s, `min value ${min.s} is greater than max value ${max.s}`));
  if (defReq && min && min.milli > defReq.milli) errs.push(invalid(ip.child('defaultRequest').key(k), defReq.s, `min value ${min.s} is greater than default request value ${defReq.s}`));
  if (defReq && max && defReq.milli > max.milli) errs.push(invalid(ip.child('defaultRequest').key(k), defReq.s, `default request value ${defReq.s} is greater than max value ${max.s}`));
  if (defReq && def && defReq.milli > def.milli) errs.push(invalid(ip.child('defaultRequest').key(k), defReq.s, `default request value ${defReq.s} is greater than default limit value ${def.s}`));
  if (def && min && min.milli > def.milli) errs.push(invalid(ip.child('default').key(k), min.s, `min value ${min.s} is greater than default value ${def.s}`));
  if (def && max && def.milli > max.milli) errs.push(invalid(ip.child('default').key(k), max.s, `default value ${def.s} is greater than max value ${max.s}`));
  if (ratio && ratio.milli < 1000) errs.push(invalid(ip.child('maxLimitRequestRatio').key(k), ratio.s, `ratio ${ratio.s} is less than 1`));
  if (ratio && min && max) {
    const limit = max.milli / min.milli;
    if (ratio.milli / 1000 > limit) errs.push(invalid(ip.child('maxLimitRequestRatio').key(k), ratio.s, `ratio ${ratio.s} is greater than max/min = ${limit.toFixed(6)}`));
  }
  const overcommit = (!k.includes('/') || k.includes('kubernetes.io/')) && !k.startsWith('hugepages-');
  if (!overcommit && def && defReq && def.milli !== defReq.milli) errs.push(invalid(ip.child('defaultRequest').key(k), defReq.s, `default value ${def.s} must equal to defaultRequest value ${defReq.s} in ${k}`));
  return errs;
}

export function validateLimitRange(lr: LimitRange, old: LimitRange | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(lr.metadata, old.metadata) : validateObjectMeta(lr.metadata, true, nameIsDNSSubdomain);
  const lp = path('spec', 'limits');
  const seen = new Set<string>();
  (lr.spec?.limits ?? []).forEach((item, i) => {
    const ip = lp.index(i);
    const type = item.type ?? '';
    const typeErrs = isQualifiedName(type).map((m) => invalid(ip.child('type'), type, m));
    if (!typeErrs.length && !type.includes('/') && !LIMIT_TYPES.includes(type)) typeErrs.push(invalid(ip.child('type'), type, 'must be a standard limit type or fully qualified'));
    pushAll(errs, typeErrs);
    if (seen.has(type)) errs.push(duplicate(ip.child('type'), type));
    seen.add(type);
    const names = (l: ResourceList | undefined, f: string): void => {
      for (const k of Object.keys(l ?? {}).sort()) pushAll(errs, validateLimitResourceName(type, k, ip.child(f).key(k)));
    };
    names(item.max, 'max');
    names(item.min, 'min');
    if (type === 'Pod') {
      if (Object.keys(item.default ?? {}).length) errs.push(forbidden(ip.child('default'), "may not be specified when `type` is 'Pod'"));
      if (Object.keys(item.defaultRequest ?? {}).length) errs.push(forbidden(ip.child('defaultRequest'), "may not be specified when `type` is 'Pod'"));
    } else {
      names(item.default, 'default');
      names(item.defaultRequest, 'defaultRequest');
    }
    if (type === 'PersistentVolumeClaim' && item.min?.['storage'] === undefined && item.max?.['storage'] === undefined) {
      errs.push(required(ip.child('limits'), 'either minimum or maximum storage value is required, but neither was provided'));
    }
    names(item.maxLimitRequestRatio, 'maxLimitRequestRatio');
    const lists = { min: item.min, max: item.max, default: type === 'Pod' ? undefined : item.default, defaultRequest: type === 'Pod' ? undefined : item.defaultRequest, maxLimitRequestRatio: item.maxLimitRequestRatio };
    const keys = new Set(Object.values(lists).flatMap((l) => Object.keys(l ?? {})));
    for (const k of [...keys].sort()) pushAll(errs, validateBounds(k, ip, lists));
  });
  return errs;
}
