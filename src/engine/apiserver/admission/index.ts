/**
 * Admission: the mutating chain (defaulting and the registry strategy first, as decoding and
 * PrepareForCreate/Update do in Kubernetes, then the default-enabled mutating plugins in their
 * real order) and the validating chain. DELETE requests pass the plugins that care about them.
 */
import type { World } from '../../world';
import type { StatusError } from '../status';
import { applyDefaults } from './defaults';
import { prepareForUpdate } from './strategy';
import { MUTATING_PLUGINS, VALIDATING_PLUGINS } from './plugins';
import type { AdmissionAttributes } from './types';

/** Runs defaulting and the mutating plugins; `plugins` names what changed the object, in order. */
export function runMutating(w: World, a: AdmissionAttributes): { plugins: string[] } | StatusError {
  const changed: string[] = [];
  if (applyDefaults(a.info, a.obj)) changed.push('defaulting');
  if (a.operation === 'UPDATE' && a.old) prepareForUpdate(a.info, a.obj, a.old, a.subresource);
  for (const p of MUTATING_PLUGINS) {
    const r = p.admit(w, a);
    if (typeof r === 'object') return r;
    if (r) changed.push(p.name);
  }
  return { plugins: changed };
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
