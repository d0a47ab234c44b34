/**
 * Admission: the mutating chain (defaulting first, as decoding does in Kubernetes, then the
 * default-enabled mutating plugins in their real order) and the validating chain.
 */
import type { KObject } from '../../api/types';
import type { ResourceInfo } from '../../api/resources';
import type { World } from '../../world';
import type { UserInfo } from '../auth';
import type { StatusError } from '../status';
import { applyDefaults } from './defaults';
import { MUTATING_PLUGINS, VALIDATING_PLUGINS } from './plugins';

export interface AdmissionAttributes {
  operation: 'CREATE' | 'UPDATE';
  info: ResourceInfo;
  obj: KObject;
  old?: KObject;
  user: UserInfo;
  namespace: string | undefined;
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
