/**
 * Who a served request is: a bearer token per kubeconfig user, made fresh for each run, mapped
 * to the simulator's identities (`kubernetes-admin`, and `jane` of the RBAC lessons), and the
 * kubeconfig that holds them. The contexts are the ones our kubectl port's kubeconfig has
 * (src/kubectl/kubeconfig.ts), so `kubectl config use-context jane` means the same in both.
 */
import { randomBytes } from 'node:crypto';
import { stringify } from 'yaml';
import type { KubeconfigUser } from '../engine/index';
import { ADMIN_CONTEXT, CLUSTER_NAME, CONTEXTS, type CredentialedUser } from '../kubectl/kubeconfig';

export class Credentials {
  private readonly byToken = new Map<string, KubeconfigUser>();
  /** One token per user the kubeconfig holds; system:anonymous is who arrives without one. */
  readonly tokens: Readonly<Record<CredentialedUser, string>>;

  constructor() {
    const make = (): string => randomBytes(24).toString('base64url');
    this.tokens = { 'kubernetes-admin': make(), jane: make() };
    for (const [user, token] of Object.entries(this.tokens) as [CredentialedUser, string][]) this.byToken.set(token, user);
  }

  /** The user an `Authorization` header authenticates, or undefined (401). */
  authenticate(authorization: string | undefined): KubeconfigUser | undefined {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    return m ? this.byToken.get(m[1]!) : undefined;
  }
}

/** A kubeconfig (clientcmd v1.Config) for the served cluster, the admin's context current. */
export function kubeconfigYaml(server: string, caPem: string, creds: Credentials): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: CLUSTER_NAME, cluster: { server, 'certificate-authority-data': Buffer.from(caPem).toString('base64') } }],
    users: CONTEXTS.map((c) => ({ name: c.user, user: { token: creds.tokens[c.user] } })),
    contexts: CONTEXTS.map((c) => ({ name: c.name, context: { cluster: c.cluster, user: c.user, ...(c.namespace ? { namespace: c.namespace } : {}) } })),
    'current-context': ADMIN_CONTEXT,
    preferences: {},
  });
}
