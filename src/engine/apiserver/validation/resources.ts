/**
 * Container resource requirements (validateResourceRequirements): resource names, non-negative
 * quantities, and requests never above limits — with quantities printed canonically.
 */
import type { ResourceRequirements } from '../../../k8s/types';
import { parseMilli } from '../../../k8s/quantity';
import type { FieldError } from '../status';
import { invalid, required, type Path } from './field';
import { isQualifiedName } from '../../../k8s/string-validation';
import { canonical as canonicalQuantity } from '../../../k8s/resource-list';
import { pushAll } from '../../../k8s/arrays';
import { own } from '../../../k8s/own';

export const STANDARD_RESOURCES: ReadonlySet<string> = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
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
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers',
]);

const isHugePages = (n: string): boolean => n.startsWith('hugepages-');
const isNative = (n: string): boolean => !n.includes('/') || n.includes('kubernetes.io/');
const overcommitAllowed = (n: string): boolean => isNative(n) && !isHugePages(n);

export function validateContainerResourceName(name: string, p: Path): FieldError[] {
  const errs = isQualifiedName(name).map((m) => invalid(p, name, m));
  if (errs.length) return errs;
  const simple = !name.includes('/');
  if (simple && !STANDARD_RESOURCES.has(name) && !isHugePages(name)) errs.push(invalid(p, name, 'must be a standard resource type or fully qualified'));
  if (simple) {
    if (!['cpu', 'memory', 'ephemeral-storage'].includes(name) && !isHugePages(name)) errs.push(invalid(p, name, 'must be a standard resource for containers'));
  } else if (!isNative(name) && name.startsWith('requests.')) {
    errs.push(invalid(p, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

function validateQuantityValue(q: string | number, p: Path): FieldError[] {
  const m = parseMilli(q);
  return m !== undefined && m < 0 ? [invalid(p, canonicalQuantity(q), 'must be greater than or equal to 0')] : [];
}

export function validateResourceRequirements(r: ResourceRequirements | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const limPath = p.child('limits');
  const reqPath = p.child('requests');
  const limits = r?.limits ?? {};
  for (const [name, q] of Object.entries(limits)) {
    pushAll(errs, validateContainerResourceName(name, limPath.key(name)));
    pushAll(errs, validateQuantityValue(q, limPath.key(name)));
  }
  for (const [name, q] of Object.entries(r?.requests ?? {})) {
    pushAll(errs, validateContainerResourceName(name, reqPath.key(name)));
    pushAll(errs, validateQuantityValue(q, reqPath.key(name)));
    const limit = own(limits, name) as string | number | undefined;
    if (limit !== undefined) {
      const req = parseMilli(q) ?? 0;
      const lim = parseMilli(limit) ?? 0;
      if (req !== lim && !overcommitAllowed(name)) {
        errs.push(invalid(reqPath, canonicalQuantity(q), `must be equal to ${name} limit of ${canonicalQuantity(limit)}`));
      } else if (req > lim) {
        errs.push(invalid(reqPath, canonicalQuantity(q), `must be less than or equal to ${name} limit of ${canonicalQuantity(limit)}`));
      }
    } else if (!overcommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
  }
  return errs;
}
