/**
 * ValidateValidatingWebhookConfiguration and ValidateMutatingWebhookConfiguration
 * (pkg/apis/admissionregistration/validation/validation.go) with ValidateWebhookURL and
 * ValidateWebhookService (k8s.io/apiserver pkg/util/webhook/validation.go). An update relaxes
 * what the stored object already broke, as upstream's update options do: side effects, review
 * versions and unique names are only required when the old object met them, and unchanged
 * match conditions are not compiled again.
 */
import type { RuleWithOperations, Webhook, WebhookConfiguration } from '../../../k8s/webhook-configuration';
import { isDNS1035Label, isDNS1123Subdomain, isValidPortNum, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import type { FieldError } from '../status';
import { compile, webhookEnvironment } from '../admission/policy/cel';
import { validateMatchConditions, validateRule } from './admission-policy';
import { duplicate, invalid, notSupported, path, required, semanticEqual, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const ALL_SIDE_EFFECTS = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION = ['IfNeeded', 'Never'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

interface Options {
  ignoreMatchConditions: boolean;
  requireNoSideEffects: boolean;
  requireRecognizedVersion: boolean;
  requireUniqueNames: boolean;
}

/** utilvalidation.IsFullyQualifiedName. */
function fullyQualifiedName(p: Path, name: string): FieldError[] {
  if (!name) return [required(p)];
  const errs = isDNS1123Subdomain(name);
  if (errs.length) return [invalid(p, name, errs.join(','))];
  if (name.split('.').length < 3) return [invalid(p, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

/** The parts of a URL Go's url.Parse reports, for what ValidateWebhookURL checks. */
function parseUrl(raw: string): { scheme: string; host: string; user?: string; query: string; fragment: string } | { error: string } {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return { error: `parse ${JSON.stringify(raw)}: net/url: invalid control character in URL` };
  if (raw.startsWith(':')) return { error: `parse ${JSON.stringify(raw)}: missing protocol scheme` };
  let rest = raw;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) [rest, fragment] = [rest.slice(0, hash), rest.slice(hash + 1)];
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest)?.[1] ?? '';
  if (scheme) rest = rest.slice(scheme.length + 1);
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)];
  let host = '';
  let user: string | undefined;
  if (rest.startsWith('//')) {
    const authority = rest.slice(2).split('/')[0]!;
    const at = authority.lastIndexOf('@');
    if (at >= 0) user = authority.slice(0, at);
    host = at >= 0 ? authority.slice(at + 1) : authority;
    const port = /:([^\]:]*)$/.exec(host)?.[1];
    if (port !== undefined && !/^[0-9]*$/.test(port)) return { error: `parse ${JSON.stringify(raw)}: invalid port ${JSON.stringify(`:${port}`)} after host` };
  }
  return { scheme: scheme.toLowerCase(), host, ...(user !== undefined ? { user } : {}), query, fragment };
}

function validateWebhookURL(p: Path, raw: string): FieldError[] {
  const form = '; desired format: https://host[/path]';
  const u = parseUrl(raw);
  if ('error' in u) return [required(p, `url must be a valid URL: ${u.error}${form}`)];
  const errs: FieldError[] = [];
  if (u.scheme !== 'https') errs.push(invalid(p, u.scheme, `'https' is the only allowed URL scheme${form}`));
  if (!u.host) errs.push(invalid(p, u.host, `host must be specified${form}`));
  if (u.user !== undefined) errs.push(invalid(p, u.user, 'user information is not permitted in the URL'));
  if (u.fragment) errs.push(invalid(p, u.fragment, 'fragments are not permitted in the URL'));
  if (u.query) errs.push(invalid(p, u.query, 'query parameters are not permitted in the URL'));
  return errs;
}

function validateWebhookService(p: Path, svc: NonNullable<Webhook['clientConfig']['service']>): FieldError[] {
  const errs: FieldError[] = [];
  if (!svc.name) errs.push(required(p.child('name')));
  if (!svc.namespace) errs.push(required(p.child('namespace')));
  const port = svc.port ?? 443;
  const bad = isValidPortNum(port);
  if (bad.length) errs.push(invalid(p.child('port'), port, `port is not valid: ${bad.join(', ')}`));
  const urlPath = svc.path;
  if (urlPath === undefined || urlPath === '/' || urlPath === '') return errs;
  if (urlPath === '//') return [...errs, invalid(p.child('path'), urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errs.push(invalid(p.child('path'), urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (!step) return void errs.push(invalid(p.child('path'), urlPath, `segment[${i}] may not be empty`));
    for (const f of isDNS1123Subdomain(step)) errs.push(invalid(p.child('path'), urlPath, `segment[${i}]: ${f}`));
  });
  return errs;
}

function validateAdmissionReviewVersions(versions: readonly string[] | undefined, requireRecognized: boolean, p: Path): FieldError[] {
  const list = versions ?? [];
  if (list.length < 1) return [required(p, `must specify one of ${REVIEW_VERSIONS.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list.forEach((v, i) => {
    if (seen.has(v)) return void errs.push(invalid(p.index(i), v, 'duplicate version'));
    seen.add(v);
    for (const m of isDNS1035Label(v)) errs.push(invalid(p.index(i), v, m));
  });
  if (requireRecognized && !list.some((v) => REVIEW_VERSIONS.includes(v))) errs.push(invalid(p, list, `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  return errs;
}

function validateWebhook(h: Webhook, mutating: boolean, opts: Options, p: Path): FieldError[] {
  const errs = fullyQualifiedName(p.child('name'), h.name ?? '');
  (h.rules ?? []).forEach((r: RuleWithOperations, i) => errs.push(...validateRule(r, p.child('rules').index(i))));
  if (h.failurePolicy !== undefined && !FAILURE_POLICIES.includes(h.failurePolicy)) errs.push(notSupported(p.child('failurePolicy'), h.failurePolicy, FAILURE_POLICIES));
  if (h.matchPolicy !== undefined && !MATCH_POLICIES.includes(h.matchPolicy)) errs.push(notSupported(p.child('matchPolicy'), h.matchPolicy, MATCH_POLICIES));
  const allowed = opts.requireNoSideEffects ? NO_SIDE_EFFECTS : ALL_SIDE_EFFECTS;
  if (h.sideEffects === undefined) errs.push(required(p.child('sideEffects'), `must specify one of ${allowed.join(', ')}`));
  else if (!allowed.includes(h.sideEffects)) errs.push(notSupported(p.child('sideEffects'), h.sideEffects, allowed));
  if (h.timeoutSeconds !== undefined && (h.timeoutSeconds > 30 || h.timeoutSeconds < 1)) errs.push(invalid(p.child('timeoutSeconds'), h.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  if (h.namespaceSelector) errs.push(...validateLabelSelector(h.namespaceSelector, p.child('namespaceSelector')));
  if (h.objectSelector) errs.push(...validateLabelSelector(h.objectSelector, p.child('objectSelector')));
  if (mutating && h.reinvocationPolicy !== undefined && !REINVOCATION.includes(h.reinvocationPolicy)) errs.push(notSupported(p.child('reinvocationPolicy'), h.reinvocationPolicy, REINVOCATION));
  const cc = h.clientConfig ?? {};
  if ((cc.url === undefined) === (cc.service === undefined)) errs.push(required(p.child('clientConfig'), 'exactly one of url or service is required'));
  else if (cc.url !== undefined) errs.push(...validateWebhookURL(p.child('clientConfig', 'url'), cc.url));
  else if (cc.service) errs.push(...validateWebhookService(p.child('clientConfig', 'service'), cc.service));
  if (!opts.ignoreMatchConditions) {
    const conditions = h.matchConditions ?? [];
    const compiled = conditions.map((m) => ({ compiled: compile(webhookEnvironment(), (m.expression ?? '').trim(), ['bool']) }));
    errs.push(...validateMatchConditions(conditions, compiled, p.child('matchConditions')));
  }
  return errs;
}

function updateOptions(c: WebhookConfiguration, old: WebhookConfiguration): Options {
  const hooks = c.webhooks ?? [];
  const before = old.webhooks ?? [];
  const names = before.map((h) => h.name);
  return {
    ignoreMatchConditions: hooks.length === before.length && hooks.every((h, i) => semanticEqual(h.matchConditions, before[i]!.matchConditions)),
    requireNoSideEffects: before.every((h) => h.sideEffects !== undefined && NO_SIDE_EFFECTS.includes(h.sideEffects)),
    requireRecognizedVersion: before.every((h) => (h.admissionReviewVersions ?? []).length === 0 || h.admissionReviewVersions!.some((v) => REVIEW_VERSIONS.includes(v))),
    requireUniqueNames: new Set(names).size === names.length,
  };
}

export function validateWebhookConfiguration(c: WebhookConfiguration, old: WebhookConfiguration | undefined, mutating: boolean): FieldError[] {
  const opts: Options = old ? updateOptions(c, old) : { ignoreMatchConditions: false, requireNoSideEffects: true, requireRecognizedVersion: true, requireUniqueNames: true };
  const errs = old ? validateObjectMetaUpdate(c.metadata, old.metadata) : validateObjectMeta(c.metadata, false, nameIsDNSSubdomain);
  const names = new Set<string>();
  (c.webhooks ?? []).forEach((h, i) => {
    const p = path('webhooks').index(i);
    errs.push(...validateWebhook(h, mutating, opts, p));
    errs.push(...validateAdmissionReviewVersions(h.admissionReviewVersions, opts.requireRecognizedVersion, p.child('admissionReviewVersions')));
    if (opts.requireUniqueNames && h.name) {
      if (names.has(h.name)) errs.push(duplicate(p.child('name'), h.name));
      else names.add(h.name);
    }
  });
  return errs;
}
