/**
 * The kubelet's secure port (10250) as a client inside the cluster network reaches it. kubeadm
 * configures it with anonymous authentication off and webhook authentication and authorization:
 * a request without a bearer token is `401 Unauthorized`; a ServiceAccount token is checked, then
 * `nodes/<subresource>` of this node is authorized (server/auth.go GetRequestAttributes: /pods
 * and /healthz ask their own subresource, then `proxy`; /metrics and /stats theirs). Its serving
 * certificate is self-signed (no --rotate-server-certificates), so curl without `-k` stops at it.
 *
 * kube-apiserver (`nodes/<name>/proxy`, the apiserver-kubelet-client certificate) is
 * authenticated by its client certificate. What each path answers is server-paths.ts's.
 *
 * Approximate: the webhooks' TokenReview and SubjectAccessReview requests are not drawn on the
 * trace (the decision is the same RBAC answer), and a refusal names the last subresource tried.
 */
import { authorize, type UserInfo } from '../apiserver/auth';
import type { ComponentId } from '../core/ids';
import { authenticateBearerToken } from '../apiserver/token-authn';
import { kubeadmClientUser } from '../apiserver/cluster-ca';
import { handshake } from '../images/tls';
import { goHead, httpDate, plainToTls } from '../images/http-wire';
import { utf8Length } from '../../k8s/utf8';
import { EPOCH_MS } from '../../k8s/time';
import type { HttpAnswer, HttpRequest } from '../images/types';
import type { World } from '../world';
import { kubeletPathReply } from './server-paths';
import type { KubeletState } from './state';

export const KUBELET_PORT = 10250;

/** The kubelet's own CA (`<node>-ca@<unix time>`), shipped in the chain it presents. */
function selfSignedIssuer(node: string): string {
  return `self-signed:${node}`;
}

/** Which `nodes/<subresource>` checks a path needs, in order (the fine-grained one first). */
function subresources(path: string): string[] {
  const under = (p: string): boolean => path === p || path.startsWith(`${p}/`);
  const fine = under('/pods') || under('/runningpods') ? ['pods'] : under('/healthz') ? ['healthz'] : under('/configz') ? ['configz'] : [];
  const coarse = under('/stats') ? 'stats' : under('/metrics') ? 'metrics' : under('/logs') ? 'log' : under('/checkpoint') ? 'checkpoint' : 'proxy';
  return [...fine, coarse];
}

const TEXT = 'text/plain; charset=utf-8';

const VERBS: Record<string, string> = { GET: 'get', HEAD: 'get', POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

/** A response as the kubelet's Go server frames it (HTTP/2 when the client offered h2). */
function answer(w: World, req: HttpRequest, status: number, body: string, contentType: string): HttpAnswer {
  const head = goHead(req.tls?.h2 === true, status, [['Content-Type', contentType]], utf8Length(body), httpDate(EPOCH_MS + w.now));
  return { status, body: req.method === 'HEAD' ? '' : body, head };
}

/**
 * The kubelet's authenticator union: a client certificate the cluster CA signed (x509, its
 * clientCAFile: kube-apiserver's apiserver-kubelet-client, or a kubeconfig's that curl presents),
 * else a bearer token checked by TokenReview (webhook).
 */
function authenticate(w: World, req: HttpRequest): UserInfo | undefined {
  const cert = req.tls?.certificate;
  if (cert) return { name: cert.commonName, groups: [...cert.organizations, 'system:authenticated'] };
  const byPem = req.tls?.certificatePem === undefined ? undefined : kubeadmClientUser(w, req.tls.certificatePem);
  if (byPem) return byPem;
  const auth = req.headers.find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const token = auth === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
  return token === undefined ? undefined : authenticateBearerToken(w, token);
}

/** One request to `node`'s kubelet (running: the caller checked). */
export function serveKubeletPort(w: World, node: string, req: HttpRequest): HttpAnswer {
  if (!req.tls) return plainToTls();
  const failure = handshake(req.tls, { issuerPem: selfSignedIssuer(node), names: [node], selfSigned: true });
  if (failure) return { status: 0, body: '', tlsFailure: failure };
  const user = authenticate(w, req);
  if (!user) return answer(w, req, 401, 'Unauthorized', TEXT);
  const at = req.path.indexOf('?');
  const path = at < 0 ? req.path : req.path.slice(0, at);
  const verb = VERBS[req.method] ?? '';
  const subs = subresources(path);
  if (!subs.some((s) => authorize(w, user, verb, '', `nodes/${s}`, undefined, node))) {
    return answer(w, req, 403, `Forbidden (user=${user.name}, verb=${verb}, resource=nodes, subresource=${subs[subs.length - 1]!})`, TEXT);
  }
  const self = w.components.get(`kubelet/${node}` as ComponentId) as KubeletState;
  const reply = kubeletPathReply(w, self, req.method, path, at < 0 ? '' : req.path.slice(at + 1));
  return answer(w, req, reply.status, reply.body, reply.contentType);
}
