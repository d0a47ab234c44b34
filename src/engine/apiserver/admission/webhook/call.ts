/**
 * Calling a webhook (webhookutil.ClientManager's REST client, validating/mutating callHook):
 * kube-apiserver POSTs the AdmissionReview to `https://<svc>.<ns>.svc:<port><path>?timeout=Ns`
 * and dials what its default service resolver returns — the Service's ClusterIP
 * (aggregator's NewClusterIPServiceResolver: kube-apiserver's --enable-aggregator-routing is off),
 * so the packet meets its node's kube-proxy rules like any client's (node/traffic.ts), and the TLS
 * handshake checks the server's certificate against clientConfig.caBundle for the name
 * `<svc>.<ns>.svc`. Every way the call fails is Go's error after `failed to call webhook: `.
 *
 * Simulated time does not pass during the call: a reply slower than timeoutSeconds, or none,
 * is the context's deadline at once.
 */
import { decodeBase64 } from '../../../../k8s/base64';
import type { Service } from '../../../../k8s/types';
import type { Webhook } from '../../../../k8s/webhook-configuration';
import type { ComponentId } from '../../../core/ids';
import type { HttpGetResult } from '../../../node/traffic';
import type { World } from '../../../world';
import { sendFromApiServer } from '../../proxy-transport';
import type { ApiServerState } from '../../state';
import { storedObject } from '../../storage';

export type CallOutcome = { ok: true; status: number; body: string } | { ok: false; error: string };

interface Target {
  url: string;
  /** The address dialled, or the dial's own error. */
  host: string;
  port: number;
  serverName: string;
  namespace: string;
  path: string;
}

/** ResolveCluster: the Service's ClusterIP and port (ExternalName is dialled by its name). */
function resolve(w: World, h: Webhook, timeout: string): Target | { error: string; url: string } {
  const cc = h.clientConfig;
  if (cc.service) {
    const { namespace, name } = cc.service;
    const port = cc.service.port ?? 443;
    const path = cc.service.path ?? '';
    const serverName = `${name}.${namespace}.svc`;
    const url = `https://${serverName}:${port}${path}?timeout=${timeout}`;
    const svc = storedObject(w, 'services', namespace, name) as Service | undefined;
    if (!svc) return { url, error: `service ${JSON.stringify(name)} not found` };
    const type = svc.spec.type ?? 'ClusterIP';
    if (type === 'ClusterIP' && svc.spec.clusterIP === 'None') return { url, error: 'cannot route to service with ClusterIP "None"' };
    if (type === 'ExternalName') return { url, host: svc.spec.externalName ?? '', port, serverName, namespace, path };
    if (!(svc.spec.ports ?? []).some((p) => p.port === port)) return { url, error: `no service port ${port} found for service ${JSON.stringify(name)}` };
    return { url, host: svc.spec.clusterIP ?? '', port, serverName, namespace, path: `${path}?timeout=${timeout}` };
  }
  const raw = cc.url ?? '';
  const m = /^https:\/\/([^/:?#]+)(?::(\d+))?([^?#]*)/.exec(raw);
  const url = `${raw}?timeout=${timeout}`;
  if (!m) return { url, error: `unsupported protocol scheme ""` };
  return { url, host: m[1]!, port: Number(m[2] ?? 443), serverName: m[1]!, namespace: 'default', path: `${m[3] ?? ''}?timeout=${timeout}` };
}

const DEADLINE = 'context deadline exceeded';

/** Go's crypto/tls and x509 wording of a failed handshake, as net/http hands it back. */
function tlsError(failure: Extract<HttpGetResult, { kind: 'sent' }>['reply'] & { kind: 'tls-failed' }): string {
  const f = failure.failure;
  switch (f.kind) {
    case 'not-tls':
      return 'http: server gave HTTP response to HTTPS client';
    case 'unknown-issuer':
    case 'self-signed-in-chain':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'name-mismatch':
      return `tls: failed to verify certificate: x509: ${f.detail ?? 'certificate is not valid for the requested name'}`;
  }
}

function outcome(r: HttpGetResult, dialled: string, timeoutMs: number): CallOutcome {
  switch (r.kind) {
    case 'no-endpoints':
      // kube-proxy REJECTs a Service without ready endpoints.
      return { ok: false, error: `dial tcp ${dialled}: connect: connection refused` };
    case 'no-node':
    case 'no-proxy':
    case 'unknown-host':
    case 'unroutable':
    case 'no-local-endpoint':
      return { ok: false, error: DEADLINE };
    case 'sent':
      break;
  }
  const reply = r.reply;
  switch (reply.kind) {
    case 'refused':
      return { ok: false, error: `dial tcp ${dialled}: connect: connection refused` };
    case 'no-listener':
    case 'dropped':
    case 'hang':
      return { ok: false, error: DEADLINE };
    case 'closed':
      return { ok: false, error: 'EOF' };
    case 'tls-failed':
      return { ok: false, error: tlsError(reply) };
    case 'answer':
      if ((reply.delayMs ?? 0) >= timeoutMs) return { ok: false, error: DEADLINE };
      return { ok: true, status: reply.status, body: reply.body };
  }
}

/** POSTs `review` to the webhook; the URL as the error names it, and what came back. */
export function callWebhook(w: World, serverId: ComponentId, h: Webhook, review: unknown): { url: string; outcome: CallOutcome } {
  const seconds = h.timeoutSeconds ?? 10;
  const target = resolve(w, h, `${seconds}s`);
  if ('error' in target) return { url: target.url, outcome: { ok: false, error: target.error } };
  const server = w.components.get(serverId) as ApiServerState;
  const caBundle = h.clientConfig.caBundle ? decodeBase64(h.clientConfig.caBundle) : undefined;
  const r = sendFromApiServer(w, {
    from: server.host,
    host: target.host,
    port: target.port,
    path: target.path,
    namespace: target.namespace,
    request: {
      method: 'POST',
      path: target.path,
      headers: [
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, */*'],
      ],
      body: JSON.stringify(review),
      // No caBundle: the system's roots, which sign no cluster Service's certificate.
      tls: { serverName: target.serverName, insecure: false, caBundle: caBundle ?? '' },
    },
    via: serverId,
  });
  return { url: target.url, outcome: outcome(r, `${target.host}:${target.port}`, seconds * 1000) };
}
