/**
 * admission.NewForbidden: `<resource.group> "<name>" is forbidden: <reason>`, where an object
 * still waiting for its generated name is called by its generateName (or `Unknown`).
 */
import { qualifiedResource } from '../../../k8s/resources';
import { forbidden, type StatusError } from '../status';
import type { AdmissionAttributes } from './types';

export function admissionForbidden(a: AdmissionAttributes, reason: string): StatusError {
  const name = a.obj.metadata.name || a.obj.metadata.generateName || 'Unknown';
  const e = forbidden(`${qualifiedResource(a.info)} "${name}" is forbidden: ${reason}`);
  return { ...e, details: { name, group: a.info.group, kind: a.info.resource } };
}
