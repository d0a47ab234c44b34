/**
 * ValidateValidatingAdmissionPolicy and ValidateValidatingAdmissionPolicyBinding
 * (pkg/apis/admissionregistration/validation/validation.go), with upstream's field paths —
 * `spec.matchResouces` misspelt as the binding's validation spells it. CEL compile errors keep
 * upstream's `compilation failed: ERROR: <input>:L:C: ...` frame around cel-js's wording
 * (policy/cel.ts). An update re-checks every expression, where upstream skips the match
 * conditions when they and the paramKind are unchanged and accepts already stored expressions
 * under the stored-expressions environment.
 */
import type { MatchResources, NamedExpression, NamedRuleWithOperations, ParamKind, ParamRef, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../k8s/admission-policy';
import { isDNS1035Label, isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain, nameIsPathSegment } from '../../../k8s/string-validation';
import type { FieldError } from '../status';
import type { CelCompileError, CompiledExpression } from '../admission/policy/cel';
import { compileSpec } from '../admission/policy/compiled';
import { duplicate, forbidden, invalid, notSupported, path, required, tooMany, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const ACTIONS = ['Audit', 'Deny', 'Warn'];
const CEL_RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

function celError(p: Path, expression: string, e: CelCompileError | undefined): FieldError[] {
  if (!e) return [];
  return [e.type === 'Invalid' ? invalid(p, expression, e.detail) : { type: 'FieldValueInvalid', field: p.text, detail: `Internal error: ${e.detail}` }];
}

/** validateResources: `x/*`, `*\/x`, `*\/*` and `*` may not be combined with what they cover. */
function validateResources(resources: readonly string[] | undefined, p: Path): FieldError[] {
  const list = resources ?? [];
  const errs: FieldError[] = [];
  if (list.length === 0) errs.push(required(p));
  const subWildcard = new Set<string>();
  const resWildcard = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let plain = false;
  list.forEach((rs, i) => {
    if (rs === '') return void errs.push(required(p.index(i)));
    if (rs === '*/*') doubleWildcard = true;
    if (rs === '*') singleWildcard = true;
    const slash = rs.indexOf('/');
    if (slash < 0) return void (plain = rs !== '*');
    const res = rs.slice(0, slash);
    const sub = rs.slice(slash + 1);
    if (subWildcard.has(res)) errs.push(invalid(p.index(i), rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (resWildcard.has(sub)) errs.push(invalid(p.index(i), rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === '*') subWildcard.add(res);
    if (res === '*') resWildcard.add(sub);
  });
  if (list.length > 1 && doubleWildcard) errs.push(invalid(p, list, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && plain) errs.push(invalid(p, list, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/** validateNamedRuleWithOperations: resourceNames, operations and the rule itself (a webhook's rules have no names). */
export function validateRule(r: NamedRuleWithOperations, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (r.resourceNames ?? []).forEach((n, i) => {
    for (const m of nameIsPathSegment(n, false)) errs.push(invalid(p.child('resourceNames').index(i), n, m));
    if (names.has(n)) errs.push(duplicate(p.child('resourceNames').index(i), n));
    names.add(n);
  });
  const ops = r.operations ?? [];
  if (ops.length === 0) errs.push(required(p.child('operations')));
  if (ops.length > 1 && ops.includes('*')) errs.push(invalid(p.child('operations'), ops, "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => OPERATIONS.includes(op) || errs.push(notSupported(p.child('operations').index(i), op, OPERATIONS)));
  const groups = r.apiGroups ?? [];
  if (groups.length === 0) errs.push(required(p.child('apiGroups')));
  if (groups.length > 1 && groups.includes('*')) errs.push(invalid(p.child('apiGroups'), groups, "if '*' is present, must not specify other API groups"));
  const versions = r.apiVersions ?? [];
  if (versions.length === 0) errs.push(required(p.child('apiVersions')));
  if (versions.length > 1 && versions.includes('*')) errs.push(invalid(p.child('apiVersions'), versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => v === '' && errs.push(required(p.child('apiVersions').index(i))));
  errs.push(...validateResources(r.resources, p.child('resources')));
  if (r.scope !== undefined && !SCOPES.includes(r.scope)) errs.push(notSupported(p.child('scope'), r.scope, SCOPES));
  return errs;
}

function validateMatchResources(m: MatchResources | undefined, p: Path): FieldError[] {
  if (!m) return [];
  const errs: FieldError[] = [];
  if (m.matchPolicy === undefined) errs.push(required(p.child('matchPolicy')));
  else if (!MATCH_POLICIES.includes(m.matchPolicy)) errs.push(notSupported(p.child('matchPolicy'), m.matchPolicy, MATCH_POLICIES));
  if (m.namespaceSelector === undefined) errs.push(required(p.child('namespaceSelector')));
  else errs.push(...validateLabelSelector(m.namespaceSelector, p.child('namespaceSelector')));
  if (m.objectSelector === undefined) errs.push(required(p.child('objectSelector')));
  else errs.push(...validateLabelSelector(m.objectSelector, p.child('objectSelector')));
  (m.resourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, p.child('resourceRules').index(i))));
  (m.excludeResourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, p.child('excludeResourceRules').index(i))));
  return errs;
}

/** parseGroupVersion with the APIService group and version checks. */
function validateParamKind(pk: ParamKind, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const av = pk.apiVersion ?? '';
  const ap = p.child('apiVersion');
  if (av === '') errs.push(required(ap));
  else if (av.split('/').length > 2) errs.push(invalid(ap, av, `unexpected GroupVersion string: ${av}`));
  else if (av !== '/') {
    const [group, version] = av.includes('/') ? av.split('/') : ['', av];
    if (group) {
      const e = isDNS1123Subdomain(group!);
      if (e.length) errs.push(invalid(ap, group, e.join(',')));
    }
    if (!version) errs.push(invalid(ap, av, 'version must be specified'));
    else {
      const e = isDNS1035Label(version);
      if (e.length) errs.push(invalid(ap, version, e.join(',')));
    }
  } else errs.push(invalid(ap, av, 'version must be specified'));
  const kind = pk.kind ?? '';
  if (kind === '') errs.push(required(p.child('kind')));
  else {
    const e = isDNS1035Label(kind.toLowerCase());
    if (e.length) errs.push(invalid(p.child('kind'), kind, `may have mixed case, but should otherwise match: ${e.join(',')}`));
  }
  return errs;
}

/** validateMatchConditions, shared with the webhooks: `compiled[i]` is condition i's compile result. */
export function validateMatchConditions(conditions: readonly NamedExpression[], compiled: readonly { compiled: CompiledExpression }[], p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  if (conditions.length > 64) errs.push(tooMany(p, conditions.length, 64));
  conditions.forEach((m, i) => {
    const mp = p.index(i);
    if (!(m.expression ?? '').trim()) errs.push(required(mp.child('expression')));
    else errs.push(...celError(mp.child('expression'), (m.expression ?? '').trim(), compiled[i]?.compiled.error));
    if (!m.name) errs.push(required(mp.child('name')));
    else for (const msg of isQualifiedName(m.name)) errs.push(invalid(mp.child('name'), m.name, msg));
    if (m.name && names.has(m.name)) errs.push(duplicate(mp.child('name'), m.name));
    if (m.name) names.add(m.name);
  });
  return errs;
}

function validateSpec(pol: ValidatingAdmissionPolicy): FieldError[] {
  const spec = pol.spec ?? {};
  const p = path('spec');
  const errs: FieldError[] = [];
  const compiled = compileSpec(spec);
  if (spec.failurePolicy === undefined) errs.push(required(p.child('failurePolicy')));
  else if (!FAILURE_POLICIES.includes(spec.failurePolicy)) errs.push(notSupported(p.child('failurePolicy'), spec.failurePolicy, FAILURE_POLICIES));
  if (spec.paramKind) errs.push(...validateParamKind(spec.paramKind, p.child('paramKind')));
  if (!spec.matchConstraints) errs.push(required(p.child('matchConstraints')));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, p.child('matchConstraints')));
    if ((spec.matchConstraints.resourceRules ?? []).length === 0) errs.push(required(p.child('matchConstraints', 'resourceRules')));
  }
  errs.push(...validateMatchConditions(spec.matchConditions ?? [], compiled.matchConditions, p.child('matchConditions')));
  (spec.variables ?? []).forEach((v, i) => {
    const vp = p.child('variables').index(i);
    if (!v.name?.trim()) errs.push(required(vp.child('name'), 'name is not specified'));
    else if (!/^[_a-zA-Z][_a-zA-Z0-9]*$/.test(v.name) || CEL_RESERVED.has(v.name)) errs.push(invalid(vp.child('name'), v.name, 'name is not a valid CEL identifier'));
    if (!v.expression?.trim()) errs.push(required(vp.child('expression'), 'expression is not specified'));
    else errs.push(...celError(vp.child('expression'), v.expression, compiled.variables[i]?.compiled.error));
  });
  const validations = spec.validations ?? [];
  const annotations = spec.auditAnnotations ?? [];
  if (validations.length === 0 && annotations.length === 0) {
    errs.push(required(p.child('validations'), 'validations or auditAnnotations must contain at least one item'));
    errs.push(required(p.child('auditAnnotations'), 'validations or auditAnnotations must contain at least one item'));
    return errs;
  }
  validations.forEach((v, i) => {
    const vp = p.child('validations').index(i);
    if (!v.expression?.trim()) errs.push(required(vp.child('expression'), 'expression is not specified'));
    else errs.push(...celError(vp.child('expression'), v.expression, compiled.validations[i]?.compiled.error));
    const me = v.messageExpression;
    if (me !== undefined && me.length > 0 && !me.trim()) errs.push(invalid(vp.child('messageExpression'), me, 'must be non-empty if specified'));
    else if (me?.trim()) errs.push(...celError(vp.child('messageExpression'), me, compiled.validations[i]?.message?.error));
    const msg = v.message;
    if (msg !== undefined && msg.length > 0 && !msg.trim()) errs.push(invalid(vp.child('message'), msg, 'message must be non-empty if specified'));
    else if (msg && /[\n\r]/.test(msg.trim())) errs.push(invalid(vp.child('message'), msg, 'message must not contain line breaks'));
    if (v.reason !== undefined && !REASONS.includes(v.reason)) errs.push(notSupported(vp.child('reason'), v.reason, REASONS));
  });
  if (annotations.length > 20) errs.push(invalid(p.child('auditAnnotations'), annotations, 'must not have more than 20 auditAnnotations'));
  const keys = new Set<string>();
  annotations.forEach((a, i) => {
    const ap = p.child('auditAnnotations').index(i);
    const name = pol.metadata.name ?? '';
    if (name) for (const m of isQualifiedName(`${name}/${a.key}`)) errs.push(invalid(ap.child('key'), `${name}/${a.key}`, m));
    else errs.push(invalid(ap.child('key'), a.key, 'requires metadata.name be non-empty'));
    const ve = (a.valueExpression ?? '').trim();
    if (!ve) errs.push(required(ap.child('valueExpression'), 'valueExpression is not specified'));
    else if (ve.length > 5 * 1024) errs.push(required(ap.child('valueExpression'), `must not exceed ${5 * 1024} bytes in length`));
    else errs.push(...celError(ap.child('valueExpression'), a.valueExpression, compiled.auditAnnotations[i]?.compiled.error));
    if (keys.has(a.key)) errs.push(duplicate(ap.child('key'), a.key));
    keys.add(a.key);
  });
  return errs;
}

export function validateValidatingAdmissionPolicy(pol: ValidatingAdmissionPolicy, old: ValidatingAdmissionPolicy | undefined): FieldError[] {
  const meta = old ? validateObjectMetaUpdate(pol.metadata, old.metadata) : validateObjectMeta(pol.metadata, false, nameIsDNSSubdomain);
  return [...meta, ...validateSpec(pol)];
}

function validateParamRef(ref: ParamRef | undefined, p: Path): FieldError[] {
  if (!ref) return [];
  const errs: FieldError[] = [];
  if (ref.name) {
    for (const m of nameIsPathSegment(ref.name, false)) errs.push(invalid(p.child('name'), ref.name, m));
    if (ref.selector) errs.push(forbidden(p.child('name'), 'name and selector are mutually exclusive'));
  }
  if (ref.selector) {
    errs.push(...validateLabelSelector(ref.selector, p.child('selector')));
    if (ref.name) errs.push(forbidden(p.child('selector'), 'name and selector are mutually exclusive'));
  }
  if (!ref.name && !ref.selector) errs.push(required(p, 'one of name or selector must be specified'));
  const action = ref.parameterNotFoundAction;
  if (!action) errs.push(required(p.child('parameterNotFoundAction')));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(notSupported(p.child('parameterNotFoundAction'), action, ['Deny', 'Allow']));
  return errs;
}

function validateActions(actions: readonly string[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (actions ?? []).forEach((a, i) => {
    if (!ACTIONS.includes(a)) errs.push(notSupported(p.index(i), a, ACTIONS));
    if (seen.has(a)) errs.push(duplicate(p.index(i), a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) errs.push(invalid(p, actions, 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  if (seen.size === 0) errs.push(required(p, 'at least one validation action is required'));
  return errs;
}

export function validateValidatingAdmissionPolicyBinding(b: ValidatingAdmissionPolicyBinding, old: ValidatingAdmissionPolicyBinding | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(b.metadata, old.metadata) : validateObjectMeta(b.metadata, false, nameIsDNSSubdomain);
  const p = path('spec');
  const spec = b.spec ?? {};
  if (!spec.policyName) errs.push(required(p.child('policyName')));
  else for (const m of nameIsDNSSubdomain(spec.policyName, false)) errs.push(invalid(p.child('policyName'), spec.policyName, m));
  errs.push(...validateParamRef(spec.paramRef, p.child('paramRef')));
  errs.push(...validateMatchResources(spec.matchResources, p.child('matchResouces')));
  errs.push(...validateActions(spec.validationActions, p.child('validationActions')));
  return errs;
}
