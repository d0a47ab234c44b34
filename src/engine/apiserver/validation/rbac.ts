/**
 * pkg/apis/rbac/validation: names are path segments (ValidateRBACName), every rule has verbs and
 * is either a resource rule (groups and resources) or a non-resource one (cluster-wide only), an
 * aggregationRule has selectors, a binding's roleRef is fixed at creation and its subjects are
 * well-formed.
 */
import type { KObject } from '../../../k8s/types';
import { RBAC_GROUP, type ClusterRole, type PolicyRule, type Role, type RoleBinding, type Subject } from '../../../k8s/rbac';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { invalid, notSupported, path, required, semanticEqual, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain, nameIsPathSegment } from '../../../k8s/string-validation';

function meta(obj: KObject, old: KObject | undefined, namespaced: boolean): FieldError[] {
  return old ? [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateObjectMeta(obj.metadata, namespaced, nameIsPathSegment)] : validateObjectMeta(obj.metadata, namespaced, nameIsPathSegment);
}

function validatePolicyRule(rule: PolicyRule, namespaced: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!rule.verbs?.length) errs.push(required(p.child('verbs'), 'verbs must contain at least one value'));
  if (rule.nonResourceURLs?.length) {
    if (namespaced) errs.push(invalid(p.child('nonResourceURLs'), rule.nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (rule.apiGroups?.length || rule.resources?.length || rule.resourceNames?.length) {
      errs.push(invalid(p.child('nonResourceURLs'), rule.nonResourceURLs, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!rule.apiGroups?.length) errs.push(required(p.child('apiGroups'), 'resource rules must supply at least one api group'));
  if (!rule.resources?.length) errs.push(required(p.child('resources'), 'resource rules must supply at least one resource'));
  return errs;
}

export function validateRole(role: Role, old: Role | undefined): FieldError[] {
  const errs = meta(role, old, true);
  (role.rules ?? []).forEach((r, i) => pushAll(errs, validatePolicyRule(r, true, path('rules').index(i))));
  return errs;
}

export function validateClusterRole(role: ClusterRole, old: ClusterRole | undefined): FieldError[] {
  const errs = meta(role, old, false);
  (role.rules ?? []).forEach((r, i) => pushAll(errs, validatePolicyRule(r, false, path('rules').index(i))));
  if (role.aggregationRule) {
    const sels = role.aggregationRule.clusterRoleSelectors ?? [];
    const p = path('aggregationRule', 'clusterRoleSelectors');
    if (sels.length === 0) errs.push(required(p, 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
    sels.forEach((s, i) => pushAll(errs, validateLabelSelector(s, p.index(i))));
  }
  return errs;
}

function validateSubject(s: Subject, namespaced: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.name) errs.push(required(p.child('name')));
  switch (s.kind) {
    case 'ServiceAccount':
      if (s.name) for (const m of nameIsDNSSubdomain(s.name, false)) errs.push(invalid(p.child('name'), s.name, m));
      if (s.apiGroup) errs.push(notSupported(p.child('apiGroup'), s.apiGroup, ['']));
      if (!namespaced && !s.namespace) errs.push(required(p.child('namespace')));
      break;
    case 'User':
    case 'Group':
      if (s.apiGroup !== RBAC_GROUP) errs.push(notSupported(p.child('apiGroup'), s.apiGroup ?? '', [RBAC_GROUP]));
      break;
    default:
      errs.push(notSupported(p.child('kind'), s.kind, ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

export function validateRoleBinding(b: RoleBinding, old: RoleBinding | undefined, namespaced: boolean): FieldError[] {
  const errs = meta(b, old, namespaced);
  const ref = b.roleRef ?? { apiGroup: '', kind: '', name: '' };
  const rp = path('roleRef');
  if (ref.apiGroup !== RBAC_GROUP) errs.push(notSupported(rp.child('apiGroup'), ref.apiGroup ?? '', [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(ref.kind)) errs.push(notSupported(rp.child('kind'), ref.kind ?? '', kinds));
  if (!ref.name) errs.push(required(rp.child('name')));
  else for (const m of nameIsPathSegment(ref.name, false)) errs.push(invalid(rp.child('name'), ref.name, m));
  (b.subjects ?? []).forEach((s, i) => pushAll(errs, validateSubject(s, namespaced, path('subjects').index(i))));
  if (old && !semanticEqual(old.roleRef, b.roleRef)) errs.push(invalid(rp, b.roleRef, 'cannot change roleRef'));
  return errs;
}
