/**
 * ValidateCustomResourceDefinition (apiextensions-apiserver/pkg/apis/apiextensions/validation)
 * for v1: the name must be `<plural>.<group>`, the group a domain with a dot, exactly one
 * storage version, names that are DNS-1035 labels, and a structural schema in every version.
 */
import type { CustomResourceDefinition, CustomResourceDefinitionNames } from '../../k8s/apiextensions';
import { pushAll } from '../../k8s/arrays';
import type { FieldError } from '../apiserver/status';
import { immutable, invalid, notSupported, path, required, type Path } from '../apiserver/validation/field';
import { validateObjectMeta, validateObjectMetaUpdate } from '../apiserver/validation/meta';
import { isDNS1035Label, isDNS1123Subdomain, nameIsDNSSubdomain } from '../../k8s/string-validation';

function validateNames(names: Partial<CustomResourceDefinitionNames>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const label = (v: string | undefined, at: Path, prefix = ''): void => {
    if (!v) return;
    const e = isDNS1035Label(prefix ? v.toLowerCase() : v);
    if (e.length) errs.push(invalid(at, v, prefix + e.join(',')));
  };
  label(names.plural, p.child('plural'));
  label(names.singular, p.child('singular'));
  label(names.kind, p.child('kind'), 'may have mixed case, but should otherwise match: ');
  label(names.listKind, p.child('listKind'), 'may have mixed case, but should otherwise match: ');
  (names.shortNames ?? []).forEach((s, i) => label(s, p.child('shortNames').index(i)));
  if (names.kind && names.kind === names.listKind) errs.push(invalid(p.child('listKind'), names.listKind, 'kind and listKind may not be the same'));
  (names.categories ?? []).forEach((c, i) => label(c, p.child('categories').index(i)));
  return errs;
}

function validateSpec(crd: CustomResourceDefinition): FieldError[] {
  const spec = crd.spec ?? ({} as CustomResourceDefinition['spec']);
  const p = path('spec');
  const errs: FieldError[] = [];
  if (!spec.group) errs.push(required(p.child('group')));
  else {
    const e = isDNS1123Subdomain(spec.group);
    if (e.length) errs.push(invalid(p.child('group'), spec.group, e.join(',')));
    else if (spec.group.split('.').length < 2) errs.push(invalid(p.child('group'), spec.group, 'should be a domain with at least one dot'));
  }
  if (!spec.scope) errs.push(required(p.child('scope')));
  else if (spec.scope !== 'Cluster' && spec.scope !== 'Namespaced') errs.push(notSupported(p.child('scope'), spec.scope, ['Cluster', 'Namespaced']));
  const versions = spec.versions ?? [];
  const seen = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    if (seen.has(v.name)) unique = false;
    seen.add(v.name);
    const e = isDNS1035Label(v.name ?? '');
    if (e.length) errs.push(invalid(p.child('versions').index(i).child('name'), v.name ?? '', e.join(',')));
  });
  if (!unique) errs.push(invalid(p.child('versions'), versions, 'must contain unique version names'));
  if (versions.filter((v) => v.storage).length !== 1) errs.push(invalid(p.child('versions'), versions, 'must have exactly one version marked as storage version'));
  const names = spec.names ?? ({} as CustomResourceDefinitionNames);
  const np = p.child('names');
  if (!names.plural) errs.push(required(np.child('plural')));
  if (!names.singular) errs.push(required(np.child('singular')));
  if (!names.kind) errs.push(required(np.child('kind')));
  if (!names.listKind) errs.push(required(np.child('listKind')));
  pushAll(errs, validateNames(names, np));
  versions.forEach((v, i) => {
    const sp = p.child('versions').index(i).child('schema', 'openAPIV3Schema');
    const schema = v.schema?.openAPIV3Schema;
    if (!schema) errs.push(required(sp, 'schemas are required'));
    else if (!schema.type) errs.push(required(sp.child('type'), 'must not be empty at the root'));
    else if (schema.type !== 'object') errs.push(invalid(sp.child('type'), schema.type, 'must be object at the root'));
    (v.additionalPrinterColumns ?? []).forEach((c, j) => {
      const cp = p.child('versions').index(i).child('additionalPrinterColumns').index(j);
      if (!c.name) errs.push(required(cp.child('name')));
      if (!c.type) errs.push(required(cp.child('type')));
      else if (!['integer', 'number', 'string', 'boolean', 'date'].includes(c.type)) errs.push(notSupported(cp.child('type'), c.type, ['boolean', 'date', 'integer', 'number', 'string']));
      if (!c.jsonPath) errs.push(required(cp.child('jsonPath')));
    });
  });
  return errs;
}

export function validateCrd(crd: CustomResourceDefinition, old: CustomResourceDefinition | undefined): FieldError[] {
  const spec = crd.spec ?? ({} as CustomResourceDefinition['spec']);
  const wanted = `${spec.names?.plural ?? ''}.${spec.group ?? ''}`;
  const nameFn = (n: string, prefix: boolean): string[] => [...nameIsDNSSubdomain(n, prefix), ...(n !== wanted ? ['must be spec.names.plural+"."+spec.group'] : [])];
  const errs = old ? validateObjectMetaUpdate(crd.metadata, old.metadata) : validateObjectMeta(crd.metadata, false, nameFn);
  pushAll(errs, validateSpec(crd));
  pushAll(errs, validateNames(crd.status?.acceptedNames ?? {}, path('status', 'acceptedNames')));
  if (old) {
    pushAll(errs, immutable(spec.group, old.spec.group, path('spec', 'group')));
    pushAll(errs, immutable(spec.names?.plural, old.spec.names.plural, path('spec', 'names', 'plural')));
    if (old.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) {
      pushAll(errs, immutable(spec.scope, old.spec.scope, path('spec', 'scope')));
      pushAll(errs, immutable(spec.names?.kind, old.spec.names.kind, path('spec', 'names', 'kind')));
    }
  }
  return errs;
}
