/**
 * The bootstrap signer (`bootstrapsigner`, pkg/controller/bootstrap/bootstrapsigner.go; kubeadm
 * turns it on with `--controllers=*,bootstrapsigner,tokencleaner`): keeps one
 * `jws-kubeconfig-<token-id>` key in kube-public/cluster-info per bootstrap token that may sign
 * (`usage-bootstrap-signing: "true"`, not expired), each a detached HS256 signature of the
 * ConfigMap's `kubeconfig`. A joining node trusts that kubeconfig because only a holder of the
 * token could have signed it. One workqueue key for everything, as upstream's "signer" queue.
 */
import type { ConfigMap, KObject, Secret } from '../../../k8s/types';
import {
  CLUSTER_INFO_KUBECONFIG_KEY,
  JWS_SIGNATURE_KEY_PREFIX,
  TOKEN_ID_KEY,
  TOKEN_SECRET_KEY,
  USAGE_SIGNING_KEY,
  bootstrapTokenExpiration,
  isBootstrapTokenSecret,
  parseBootstrapToken,
  secretData,
} from '../../../k8s/bootstrap-token';
import { EPOCH_MS } from '../../../k8s/time';
import { componentId } from '../../core/ids';
import type { Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { statusCode } from '../util/errors';
import { computeDetachedSignature } from './jws';

const CLUSTER_INFO = { namespace: 'kube-public', name: 'cluster-info' };
const KEY = 'signer';

function keysFor(_ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = (d.cur ?? d.old)!;
  if (resource === 'configmaps') return obj.metadata.namespace === CLUSTER_INFO.namespace && obj.metadata.name === CLUSTER_INFO.name ? [KEY] : [];
  return isBootstrapTokenSecret(obj as Secret) ? [KEY] : [];
}

/** validateSecretForSigning: the token's id and secret, if this Secret may sign now. */
function signingToken(secret: Secret, nowUnixMs: number): { id: string; secret: string } | undefined {
  const token = parseBootstrapToken(`${secretData(secret, TOKEN_ID_KEY)}.${secretData(secret, TOKEN_SECRET_KEY)}`);
  if (!token || secret.metadata.name !== `bootstrap-token-${token.id}`) return undefined;
  if (bootstrapTokenExpiration(secret, nowUnixMs).expired) return undefined;
  return secretData(secret, USAGE_SIGNING_KEY) === 'true' ? token : undefined;
}

function signConfigMap(ctx: ControllerContext): ReconcileResult {
  const cm = ctx.cache('configmaps').cache.get(`${CLUSTER_INFO.namespace}/${CLUSTER_INFO.name}`) as ConfigMap | undefined;
  const content = cm?.data?.[CLUSTER_INFO_KUBECONFIG_KEY];
  if (!cm || content === undefined) return DONE;
  const data: Record<string, string> = {};
  const old = new Map<string, string>();
  for (const [k, v] of Object.entries(cm.data ?? {})) {
    if (k.startsWith(JWS_SIGNATURE_KEY_PREFIX)) old.set(k.slice(JWS_SIGNATURE_KEY_PREFIX.length), v);
    else data[k] = v;
  }
  let changed = false;
  const now = EPOCH_MS + ctx.w.now;
  for (const obj of ctx.cache('secrets').cache.values()) {
    const secret = obj as Secret;
    if (!isBootstrapTokenSecret(secret)) continue;
    const token = signingToken(secret, now);
    if (!token) continue;
    const sig = computeDetachedSignature(content, token.id, token.secret);
    if (old.get(token.id) !== sig) changed = true;
    old.delete(token.id);
    data[`${JWS_SIGNATURE_KEY_PREFIX}${token.id}`] = sig;
  }
  // A signature left over belongs to a token that is gone or may no longer sign.
  if (old.size > 0) changed = true;
  if (!changed) return DONE;
  const res = ctx.request({ verb: 'update', resource: 'configmaps', namespace: CLUSTER_INFO.namespace, name: CLUSTER_INFO.name, body: { ...cm, data } as KObject });
  if (res.ok || statusCode(res) === 404) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const bootstrapSigner: ControllerDef = {
  name: 'bootstrapsigner',
  actor: componentId('bootstrap-signer'),
  informers: ['secrets', 'configmaps'],
  keysFor,
  reconcile: (ctx) => signConfigMap(ctx),
};
