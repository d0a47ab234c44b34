/**
 * The token cleaner (`tokencleaner`, pkg/controller/bootstrap/tokencleaner.go): deletes a
 * bootstrap token's Secret once its `expiration` has passed (with its uid as a precondition),
 * and until then waits for that moment (AddAfter the time left). A token with no expiration is
 * kept for ever; one whose expiration does not parse counts as expired.
 */
import type { Secret } from '../../../k8s/types';
import { bootstrapTokenExpiration, isBootstrapTokenSecret } from '../../../k8s/bootstrap-token';
import { EPOCH_MS } from '../../../k8s/time';
import { componentId } from '../../core/ids';
import type { Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { statusCode } from '../util/errors';

function keysFor(_ctx: ControllerContext, _resource: string, d: Delta): string[] {
  const secret = d.cur as Secret | undefined;
  return secret && isBootstrapTokenSecret(secret) ? [`${secret.metadata.namespace}/${secret.metadata.name}`] : [];
}

function evalSecret(ctx: ControllerContext, key: string): ReconcileResult {
  const secret = ctx.cache('secrets').cache.get(key) as Secret | undefined;
  if (!secret) return DONE;
  const { ttlMs, expired } = bootstrapTokenExpiration(secret, EPOCH_MS + ctx.w.now);
  if (!expired) return ttlMs > 0 ? { kind: 'requeueAfter', delay: ttlMs } : DONE;
  const uid = secret.metadata.uid;
  const res = ctx.request({ verb: 'delete', resource: 'secrets', namespace: secret.metadata.namespace, name: secret.metadata.name, ...(uid ? { preconditions: { uid } } : {}) });
  // NotFound: already gone; Conflict: the uid precondition failed (a new Secret of that name).
  if (!res.ok && statusCode(res) !== 404 && statusCode(res) !== 409) return { kind: 'error', message: res.error.message };
  return DONE;
}

export const tokenCleaner: ControllerDef = {
  name: 'tokencleaner',
  actor: componentId('token-cleaner'),
  informers: ['secrets'],
  keysFor,
  reconcile: evalSecret,
};
