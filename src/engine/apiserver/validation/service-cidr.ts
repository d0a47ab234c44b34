/**
 * ServiceCIDRs and IPAddresses (pkg/apis/networking/validation: ValidateServiceCIDR,
 * ValidateIPAddress and their updates): one or two CIDRs in strict canonical form, immutable;
 * an IPAddress named by its address in canonical form, with a parent reference that names a
 * resource and an object, immutable. The simulated cluster is IPv4 single-stack, so an IPv6
 * address or range is reported as not valid.
 */
import type { IPAddress, ParentReference, ServiceCIDR } from '../../../k8s/types';
import { intToIpv4, ipv4ToInt, parseCidr, formatCidr } from '../../../k8s/ipv4';
import type { FieldError } from '../status';
import { immutable, invalid, path, required, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isDNS1123Subdomain, nameIsDNSSubdomain, nameIsPathSegment, type NameFn } from '../../../k8s/string-validation';

const NOT_AN_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const NOT_A_CIDR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
const LEADING_ZERO = /(^|\.)0\d/;

/** validation.IsValidIP: strict parsing, then canonical form. */
export function ipErrors(value: string): string[] {
  const n = ipv4ToInt(value);
  if (n === undefined) return [NOT_AN_IP];
  if (LEADING_ZERO.test(value)) return ['must not have leading 0s'];
  const canonical = intToIpv4(n);
  return canonical === value ? [] : [`must be in canonical form (${JSON.stringify(canonical)})`];
}

/** validation.IsValidCIDR: a network address (no host bits), no leading zeros, canonical. */
function cidrErrors(p: Path, value: string): FieldError[] {
  const cidr = parseCidr(value);
  if (!cidr) return [invalid(p, value, NOT_A_CIDR)];
  const [ip = '', bits = ''] = value.split('/');
  if (LEADING_ZERO.test(ip) || (bits.length > 1 && bits.startsWith('0'))) return [invalid(p, value, 'must not have leading 0s in IP or prefix length')];
  if (ipv4ToInt(ip) !== cidr.base) return [invalid(p, value, 'must not have bits set beyond the prefix length')];
  const canonical = formatCidr(cidr);
  return canonical === value ? [] : [invalid(p, value, `must be in canonical form (${JSON.stringify(canonical)})`)];
}

/** ValidateIPAddressName: IPAddress does not generate names, so a prefix is not considered. */
const nameIsIP: NameFn = (name) => ipErrors(name);

function validateParentRef(ref: ParentReference | undefined): FieldError[] {
  const p = path('spec', 'parentRef');
  if (!ref) return [required(p)];
  const errs: FieldError[] = [];
  // The core group (Services') is the empty string, so a group is only checked when given.
  if (ref.group) for (const m of isDNS1123Subdomain(ref.group)) errs.push(invalid(p.child('group'), ref.group, m));
  if (!ref.resource) errs.push(required(p.child('resource')));
  else for (const m of nameIsPathSegment(ref.resource, false)) errs.push(invalid(p.child('resource'), ref.resource, m));
  if (!ref.name) errs.push(required(p.child('name')));
  else for (const m of nameIsPathSegment(ref.name, false)) errs.push(invalid(p.child('name'), ref.name, m));
  if (ref.namespace) for (const m of nameIsPathSegment(ref.namespace, false)) errs.push(invalid(p.child('namespace'), ref.namespace, m));
  return errs;
}

export function validateIPAddress(ip: IPAddress, old: IPAddress | undefined): FieldError[] {
  if (old) return [...validateObjectMetaUpdate(ip.metadata, old.metadata), ...immutable(ip.spec?.parentRef, old.spec?.parentRef, path('spec', 'parentRef'))];
  return [...validateObjectMeta(ip.metadata, false, nameIsIP), ...validateParentRef(ip.spec?.parentRef)];
}

export function validateServiceCIDR(sc: ServiceCIDR, old: ServiceCIDR | undefined): FieldError[] {
  if (old) return [...validateObjectMetaUpdate(sc.metadata, old.metadata), ...immutable(sc.spec?.cidrs, old.spec?.cidrs, path('spec', 'cidrs'))];
  const errs = validateObjectMeta(sc.metadata, false, nameIsDNSSubdomain);
  const p = path('spec', 'cidrs');
  const cidrs = sc.spec?.cidrs ?? [];
  if (cidrs.length === 0) return [...errs, required(p, 'at least one CIDR required')];
  if (cidrs.length > 2) return [...errs, invalid(p, sc.spec, 'may only hold up to 2 values')];
  // Two CIDRs must be one of each family; this cluster has only IPv4, so two never are.
  if (cidrs.length === 2) return [...errs, invalid(p, sc.spec, 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64')];
  cidrs.forEach((c, i) => errs.push(...cidrErrors(p.index(i), c)));
  return errs;
}
