/**
 * pkg/apis/rbac/v1/defaults.go: a binding's roleRef and its User and Group subjects default
 * to the rbac.authorization.k8s.io group; a ServiceAccount subject stays in the core group.
 */
import { RBAC_GROUP, type RoleBinding } from '../../../k8s/rbac';

export function defaultRoleBinding(b: RoleBinding): boolean {
  let changed = false;
  if (b.roleRef && !b.roleRef.apiGroup) {
    b.roleRef.apiGroup = RBAC_GROUP;
    changed = true;
  }
  for (const s of b.subjects ?? []) {
    if (s.apiGroup || (s.kind !== 'User' && s.kind !== 'Group')) continue;
    s.apiGroup = RBAC_GROUP;
    changed = true;
  }
  return changed;
}
