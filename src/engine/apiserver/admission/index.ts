/**
 * Admission: the mutating chain (defaulting and the registry strategy first, as decoding and
 * PrepareForCreate/Update do in Kubernetes, then the default-enabled mutating plugins in their
 * real order) and the validating chain. DELETE requests pass the plugins that care about them.
 */
import type { KObject } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import type { World } from '../../world';
import type { UserInfo } from '../auth';
import type { StatusError } from '../status';
import { applyDefaults } from './defaults';
import { prepareForUpdate } from './strategy';
import { MUTATING_PLUGINS, VALIDATING_PLUGINS } from './plugins';

export interface AdmissionAttributes {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  info: ResourceInfo;
  /** The object being written; for DELETE, the stored object being deleted. */
  obj: KObject;
  old?: KObject;
  user: UserInfo;
  namespace: string | undefined;
  /** `status`, `finalize`, ... when the request targets a subresource. */
  subresource?: string;
}

export interface MutatingPlugin {
  name: string;
  /** Mutates `a.obj` in place; returns true when it changed something, or a rejection. */
  admit(w: World, a: AdmissionAttributes): boolean | StatusError;
}

export interface ValidatingPlugin {
  name: string;
  validate(w: World, a: AdmissionAttributes): StatusError | undefined;
}

/** Runs defaulting and the mutating plugins; the summary names what changed the object. */
export function runMutating(w: World, a: AdmissionAttributes): { summary: string } | StatusError {
  const changed: string[] = [];
  if (applyDefaults(a.info, a.obj)) changed.push('defaulting');
  if (a.operation === 'UPDATE' && a.old) prepareForUpdate(a.info, a.obj, a.old, a.subresource);
  for (const p of MUTATING_PLUGINS) {
    const r = p.admit(w, a);
    if (typeof r === 'object') return r;
    if (r) changed.push(p.name);
  }
  return { summary: changed.length ? `mutated by ${changed.join(', ')}` : 'no mutation' };
}

export function runValidating(w: World, a: AdmissionAttributes): StatusError | undefined {
  for (const p of VALIDATING_PLUGINS) {
    const r = p.validate(w, a);
    if (r) return r;
  }
  return undefined;
}

/** The admission chain of a DELETE: plugins may only refuse, never mutate. */
export function admitDelete(w: World, a: AdmissionAttributes): StatusError | undefined {
  for (const p of MUTATING_PLUGINS) {
    const r = p.admit(w, a);
    if (typeof r === 'object') return r;
  }
  return runValidating(w, a);
}
