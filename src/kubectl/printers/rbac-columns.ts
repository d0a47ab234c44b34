/**
 * printers.go's columns for the RBAC kinds: Role and ClusterRole print their creation time as
 * RFC 3339 (`CREATED AT`, not an age); the bindings print `Kind/name` of their role, and with
 * `-o wide` their subjects (rbac.SubjectsStrings, joined with ", ").
 */
import type { KObject } from '../../k8s/types';
import { subjectsStrings, type RoleBinding } from '../../k8s/rbac';
import { since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

const role: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CREATED AT' }],
  cells: (o: KObject) => [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''],
};

const binding: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'ROLE' }, { name: 'AGE' }, { name: 'USERS', wide: true }, { name: 'GROUPS', wide: true }, { name: 'SERVICEACCOUNTS', wide: true }],
  cells(o, now) {
    const b = o as RoleBinding;
    const s = subjectsStrings(b.subjects);
    return [o.metadata.name ?? '', `${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`, since(o.metadata.creationTimestamp, now), s.users.join(', '), s.groups.join(', '), s.serviceAccounts.join(', ')];
  },
};

export const RBAC_TABLES: Record<string, TableDef> = { roles: role, clusterroles: role, rolebindings: binding, clusterrolebindings: binding };
