/** Per-kind validation rules. */
import type { Deployment, KObject, Pod } from '../../api/types';
import type { ResourceInfo } from '../../api/resources';
import { fromLabelSelector, matches } from '../../api/labels';
import type { World } from '../../world';
import type { FieldError } from '../status';

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function json(v: unknown): string {
  return JSON.stringify(v);
}

function validateName(obj: KObject, errs: FieldError[]): void {
  const name = obj.metadata.name;
  if (!name) {
    errs.push({ type: 'FieldValueRequired', field: 'metadata.name', detail: 'Required value: name or generateName is required' });
    return;
  }
  if (name.length > 253 || !DNS1123_SUBDOMAIN.test(name)) {
    errs.push({
      type: 'FieldValueInvalid',
      field: 'metadata.name',
      detail: `Invalid value: ${json(name)}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    });
  }
}

function validatePodSpecContainers(spec: Pod['spec'] | undefined, path: string, errs: FieldError[]): void {
  if (!spec || !Array.isArray(spec.containers) || spec.containers.length === 0) {
    errs.push({ type: 'FieldValueRequired', field: `${path}.containers`, detail: 'Required value' });
    return;
  }
  spec.containers.forEach((c, i) => {
    if (!c.name) errs.push({ type: 'FieldValueRequired', field: `${path}.containers[${i}].name`, detail: 'Required value' });
    if (!c.image) errs.push({ type: 'FieldValueRequired', field: `${path}.containers[${i}].image`, detail: 'Required value' });
  });
}

export function validateByKind(_w: World, info: ResourceInfo, obj: KObject, _old: KObject | undefined): FieldError[] {
  const errs: FieldError[] = [];
  validateName(obj, errs);
  switch (info.resource) {
    case 'pods':
      validatePodSpecContainers((obj as Pod).spec, 'spec', errs);
      break;
    case 'deployments': {
      const d = obj as Deployment;
      const sel = d.spec?.selector;
      if (!sel || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0)) {
        errs.push({ type: 'FieldValueRequired', field: 'spec.selector', detail: 'Required value' });
      } else if (!matches(fromLabelSelector(sel), d.spec.template?.metadata?.labels)) {
        errs.push({
          type: 'FieldValueInvalid',
          field: 'spec.template.metadata.labels',
          detail: `Invalid value: ${json(d.spec.template?.metadata?.labels ?? {})}: \`selector\` does not match template \`labels\``,
        });
      }
      validatePodSpecContainers(d.spec?.template?.spec, 'spec.template.spec', errs);
      break;
    }
  }
  return errs;
}
