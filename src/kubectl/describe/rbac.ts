/**
 * describe.go's RoleDescriber, ClusterRoleDescriber, RoleBindingDescriber and
 * ClusterRoleBindingDescriber: a role's rules broken down, compacted and sorted as
 * SortableRuleSlice orders them; a binding's role and subjects. None of them lists events.
 */
import type { KObject } from '../../k8s/types';
import { combineResourceGroup, goList, printableRules, type Role, type RoleBinding } from '../../k8s/rbac';
import { DescribeWriter } from './writer';
import { annotationsMultiline, labelsMultiline } from './common';

export function describeRole(role: Role): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${role.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', role.metadata.labels);
  annotationsMultiline(w, 'Annotations', role.metadata.annotations);
  w.write(0, 'PolicyRule:\n');
  w.write(1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(1, '---------\t-----------------\t--------------\t-----\n');
  for (const r of printableRules(role.rules ?? [])) {
    w.write(1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`);
  }
  return w.toString();
}

export function describeRoleBinding(binding: KObject): string {
  const b = binding as RoleBinding;
  const w = new DescribeWriter();
  w.write(0, `Name:\t${b.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', b.metadata.labels);
  annotationsMultiline(w, 'Annotations', b.metadata.annotations);
  w.write(0, 'Role:\n');
  w.write(1, `Kind:\t${b.roleRef?.kind ?? ''}\n`);
  w.write(1, `Name:\t${b.roleRef?.name ?? ''}\n`);
  w.write(0, 'Subjects:\n');
  w.write(1, 'Kind\tName\tNamespace\n');
  w.write(1, '----\t----\t---------\n');
  for (const s of b.subjects ?? []) w.write(1, `${s.kind}\t${s.name}\t${s.namespace ?? ''}\n`);
  return w.toString();
}
