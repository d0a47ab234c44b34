/**
 * Ingresses and IngressClasses (pkg/apis/networking/validation: ValidateIngressCreate,
 * ValidateIngressUpdate, ValidateIngressClass and ValidateIngressClassUpdate), in upstream's order
 * and with its messages. An update relaxes what the stored object already got away with, as
 * upstream's options do: invalid TLS secret names, and rule values under a wildcard host.
 * RelaxedServiceNameValidation is alpha in v1.36 (off), so a backend Service name is a DNS-1035
 * label unless the stored object already held a name only the relaxed check accepts.
 */
import type { HTTPIngressPath, Ingress, IngressBackend, IngressClass, IngressClassParametersReference, IngressRule, TypedLocalObjectReference } from '../../../k8s/types';
import { ipv4ToInt } from '../../../k8s/ipv4';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { forbidden, immutable, invalid, notSupported, path, required, tooLong, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';
import {
  domainPrefixedPathErrors,
  isDNS1123Subdomain,
  isValidPortName,
  isValidPortNum,
  isWildcardDNS1123Subdomain,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  nameIsPathSegment,
  type NameFn,
} from '../../../k8s/string-validation';

const ANNOTATION_INGRESS_CLASS = 'kubernetes.io/ingress.class';
const MAX_LEN_CONTROLLER = 250;
/** sets.NewString(...).List(): sorted. */
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];
const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_PATH_SUFFIXES = ['/..', '/.'];
const PARAMETER_SCOPES = ['Cluster', 'Namespace'];

interface Options {
  allowInvalidSecretName: boolean;
  allowInvalidWildcardHostRule: boolean;
  allowRelaxedServiceName: boolean;
}

/** net.ParseIP's IPv6 forms: eight hex groups, `::` once for a run of zeros, an IPv4 tail. */
function isIPv6(host: string): boolean {
  const halves = host.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  const last = groups.at(-1) ?? '';
  const v4 = last.includes('.');
  if (v4 && ipv4ToInt(last) === undefined) return false;
  const hex = v4 ? groups.slice(0, -1) : groups;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** netutils.ParseIPSloppy succeeds: an IPv4 address (leading zeros allowed) or an IPv6 one. */
function isIP(host: string): boolean {
  return ipv4ToInt(host) !== undefined || (host.includes(':') && isIPv6(host));
}

function validateTypedLocalObjectReference(ref: TypedLocalObjectReference, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (ref.apiGroup !== undefined) for (const m of isDNS1123Subdomain(ref.apiGroup)) errs.push(invalid(p.child('apiGroup'), ref.apiGroup, m));
  if (!ref.kind) errs.push(required(p.child('kind')));
  else for (const m of nameIsPathSegment(ref.kind, false)) errs.push(invalid(p.child('kind'), ref.kind, m));
  if (!ref.name) errs.push(required(p.child('name')));
  else for (const m of nameIsPathSegment(ref.name, false)) errs.push(invalid(p.child('name'), ref.name, m));
  return errs;
}

/** validateIngressBackend: exactly one of service and resource; a service names a port by name or number. */
function validateBackend(b: IngressBackend | undefined, p: Path, opts: Options): FieldError[] {
  const service = b?.service;
  const resource = b?.resource;
  if (service && resource) return [invalid(p, '', 'cannot set both resource and service backends')];
  if (resource) return validateTypedLocalObjectReference(resource, p.child('resource'));
  if (!service) return [invalid(p, '', 'resource or service backend is required')];
  const errs: FieldError[] = [];
  if (!service.name) errs.push(required(p.child('service', 'name')));
  else {
    const nameFn: NameFn = opts.allowRelaxedServiceName ? nameIsDNSLabel : nameIsDNS1035Label;
    for (const m of nameFn(service.name, false)) errs.push(invalid(p.child('service', 'name'), service.name, m));
  }
  const portName = service.port?.name ?? '';
  const portNumber = service.port?.number ?? 0;
  if (portName && portNumber) errs.push(invalid(p, '', 'cannot set both port name & port number'));
  else if (portName) for (const m of isValidPortName(portName)) errs.push(invalid(p.child('service', 'port', 'name'), portName, m));
  else if (portNumber) for (const m of isValidPortNum(portNumber)) errs.push(invalid(p.child('service', 'port', 'number'), portNumber, m));
  else errs.push(required(p, 'port name or number is required'));
  return errs;
}

function validatePath(hp: HTTPIngressPath, p: Path, opts: Options): FieldError[] {
  if (hp.pathType === undefined) return [required(p.child('pathType'), 'pathType must be specified')];
  const errs: FieldError[] = [];
  const value = hp.path ?? '';
  switch (hp.pathType) {
    case 'Exact':
    case 'Prefix':
      if (!value.startsWith('/')) errs.push(invalid(p.child('path'), value, 'must be an absolute path'));
      if (value.length > 0) {
        for (const seq of INVALID_PATH_SEQUENCES) if (value.includes(seq)) errs.push(invalid(p.child('path'), value, `must not contain '${seq}'`));
        for (const suffix of INVALID_PATH_SUFFIXES) if (value.endsWith(suffix)) errs.push(invalid(p.child('path'), value, `cannot end with '${suffix}'`));
      }
      break;
    case 'ImplementationSpecific':
      if (value.length > 0 && !value.startsWith('/')) errs.push(invalid(p.child('path'), value, 'must be an absolute path'));
      break;
    default:
      errs.push(notSupported(p.child('pathType'), hp.pathType, PATH_TYPES));
  }
  pushAll(errs, validateBackend(hp.backend, p.child('backend'), opts));
  return errs;
}

/** validateIngressRuleValue: an `http` value needs at least one path. */
function validateRuleValue(rule: IngressRule, p: Path, opts: Options): FieldError[] {
  if (!rule.http) return [];
  const paths = rule.http.paths ?? [];
  const errs: FieldError[] = paths.length === 0 ? [required(p.child('http', 'paths'))] : [];
  paths.forEach((hp, i) => pushAll(errs, validatePath(hp, p.child('http', 'paths').index(i), opts)));
  return errs;
}

function validateRules(rules: IngressRule[], p: Path, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((rule, i) => {
    const host = rule.host ?? '';
    const hp = p.index(i).child('host');
    let wildcard = false;
    if (host) {
      if (isIP(host)) errs.push(invalid(hp, host, 'must be a DNS name, not an IP address'));
      wildcard = host.includes('*');
      for (const m of wildcard ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host)) errs.push(invalid(hp, host, m));
    }
    if (!wildcard || !opts.allowInvalidWildcardHostRule) pushAll(errs, validateRuleValue(rule, p.index(i), opts));
  });
  return errs;
}

function validateTLS(ing: Ingress, p: Path, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  (ing.spec.tls ?? []).forEach((tls, t) => {
    (tls.hosts ?? []).forEach((host, i) => {
      const msgs = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
      for (const m of msgs) errs.push(invalid(p.index(t).child('hosts').index(i), host, m));
    });
    if (!opts.allowInvalidSecretName && tls.secretName) for (const m of nameIsDNSSubdomain(tls.secretName, false)) errs.push(invalid(p.index(t).child('secretName'), tls.secretName, m));
  });
  return errs;
}

function validateSpec(ing: Ingress, opts: Options): FieldError[] {
  const spec = ing.spec ?? {};
  const p = path('spec');
  const errs: FieldError[] = [];
  const rules = spec.rules ?? [];
  // The value is the nil rules slice the decoder left (`rules: []` is stored as no rules).
  if (rules.length === 0 && !spec.defaultBackend) errs.push(invalid(p, null, 'either `defaultBackend` or `rules` must be specified'));
  if (spec.defaultBackend) pushAll(errs, validateBackend(spec.defaultBackend, p.child('defaultBackend'), opts));
  if (rules.length) pushAll(errs, validateRules(rules, p.child('rules'), opts));
  if (spec.tls?.length) pushAll(errs, validateTLS(ing, p.child('tls'), opts));
  if (spec.ingressClassName !== undefined) for (const m of nameIsDNSSubdomain(spec.ingressClassName, false)) errs.push(invalid(p.child('ingressClassName'), spec.ingressClassName, m));
  return errs;
}

function serviceNames(ing: Ingress): string[] {
  const fromRules = (ing.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((hp) => hp.backend?.service?.name));
  return [ing.spec?.defaultBackend?.service?.name, ...fromRules].filter((n): n is string => n !== undefined);
}

const STRICT: Options = { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false, allowRelaxedServiceName: false };

/** What the stored object already holds is let through again (backwards compatibility with persisted data). */
function optionsFor(old: Ingress | undefined): Options {
  if (!old) return STRICT;
  return {
    allowInvalidSecretName: (old.spec?.tls ?? []).some((t) => !!t.secretName && nameIsDNSSubdomain(t.secretName, false).length > 0),
    allowInvalidWildcardHostRule: (old.spec?.rules ?? []).some((r) => (r.host ?? '').includes('*') && validateRuleValue(r, path(), STRICT).length > 0),
    allowRelaxedServiceName: serviceNames(old).some((n) => nameIsDNSLabel(n, false).length === 0 && nameIsDNS1035Label(n, false).length > 0),
  };
}

export function validateIngress(ing: Ingress, old: Ingress | undefined): FieldError[] {
  const opts = optionsFor(old);
  const errs = old ? validateObjectMetaUpdate(ing.metadata, old.metadata) : [];
  pushAll(errs, validateObjectMeta(ing.metadata, true, nameIsDNSSubdomain));
  pushAll(errs, validateSpec(ing, opts));
  const annotation = ing.metadata.annotations?.[ANNOTATION_INGRESS_CLASS];
  const className = ing.spec?.ingressClassName;
  // Create only; the path has no `metadata.` (upstream builds it from `annotations`).
  if (!old && annotation !== undefined && className !== undefined && annotation !== className) {
    errs.push(invalid(path('annotations').child(ANNOTATION_INGRESS_CLASS), annotation, 'must match `ingressClassName` when both are specified'));
  }
  return errs;
}

function validateParameters(params: IngressClassParametersReference | undefined, p: Path): FieldError[] {
  if (!params) return [];
  const errs: FieldError[] = [];
  if (params.apiGroup !== undefined) for (const m of isDNS1123Subdomain(params.apiGroup)) errs.push(invalid(p.child('apiGroup'), params.apiGroup, m));
  if (!params.kind) errs.push(required(p.child('kind')));
  else for (const m of nameIsPathSegment(params.kind, false)) errs.push(invalid(p.child('kind'), params.kind, m));
  if (!params.name) errs.push(required(p.child('name')));
  else for (const m of nameIsPathSegment(params.name, false)) errs.push(invalid(p.child('name'), params.name, m));
  if (params.scope === undefined) return [...errs, required(p.child('scope'))];
  if (!PARAMETER_SCOPES.includes(params.scope)) return [...errs, notSupported(p.child('scope'), params.scope, PARAMETER_SCOPES)];
  if (params.scope === 'Namespace') {
    if (params.namespace === undefined) errs.push(required(p.child('namespace'), "`parameters.scope` is set to 'Namespace'"));
    else for (const m of nameIsDNSLabel(params.namespace, false)) errs.push(invalid(p.child('namespace'), params.namespace, m));
  }
  if (params.scope === 'Cluster' && params.namespace !== undefined) errs.push(forbidden(p.child('namespace'), "`parameters.scope` is set to 'Cluster'"));
  return errs;
}

function validateClassSpec(ic: IngressClass): FieldError[] {
  const p = path('spec');
  const controller = ic.spec?.controller ?? '';
  const errs: FieldError[] = [];
  if (!controller) errs.push(required(p.child('controller')));
  else {
    if (controller.length > MAX_LEN_CONTROLLER) errs.push(tooLong(p.child('controller'), MAX_LEN_CONTROLLER));
    for (const e of domainPrefixedPathErrors(controller)) errs.push(invalid(p.child('controller'), e.value, e.message));
  }
  pushAll(errs, validateParameters(ic.spec?.parameters, p.child('parameters')));
  return errs;
}

/** ValidateIngressClassUpdate: the metadata update, the immutable controller, then the whole class again. */
export function validateIngressClass(ic: IngressClass, old: IngressClass | undefined): FieldError[] {
  const errs = old ? [...validateObjectMetaUpdate(ic.metadata, old.metadata), ...immutable(ic.spec?.controller ?? '', old.spec?.controller ?? '', path('spec', 'controller'))] : [];
  pushAll(errs, validateObjectMeta(ic.metadata, false, nameIsDNSSubdomain));
  pushAll(errs, validateClassSpec(ic));
  return errs;
}
