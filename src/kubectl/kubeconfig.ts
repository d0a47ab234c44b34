/**
 * The learner's kubeconfig (~/.kube/config): kubeadm's admin.conf plus a context for `jane`, the
 * restricted learner of the RBAC lessons. kubectl reads it first on every run — which cluster,
 * which credentials, which namespace — so `kubectl config use-context jane` makes every later
 * command authenticate as jane. Only `current-context` changes; a Session owns one and keeps it
 * across commands (and forks copy it).
 */
import type { KubeconfigUser } from '../engine/index';

export interface KubeconfigContext {
  name: string;
  cluster: string;
  user: KubeconfigUser;
  namespace?: string;
}

/** kubeadm names its cluster `kubernetes` and its admin context `kubernetes-admin@kubernetes`. */
export const CLUSTER_NAME = 'kubernetes';
export const ADMIN_CONTEXT = 'kubernetes-admin@kubernetes';

export const CONTEXTS: readonly KubeconfigContext[] = [
  { name: ADMIN_CONTEXT, cluster: CLUSTER_NAME, user: 'kubernetes-admin' },
  { name: 'jane', cluster: CLUSTER_NAME, user: 'jane' },
];

export interface Kubeconfig {
  currentContext: string;
}

export function defaultKubeconfig(): Kubeconfig {
  return { currentContext: ADMIN_CONTEXT };
}

export function contextNamed(name: string): KubeconfigContext | undefined {
  return CONTEXTS.find((c) => c.name === name);
}

/**
 * The config as `kubectl config view` prints it (clientcmd v1.Config; keys in the order
 * sigs.k8s.io/yaml writes them), secrets redacted as RedactSecrets does. `minify` keeps only what
 * `context` uses (MinifyConfig).
 */
export function configView(server: string, current: string, context: string, minify: boolean): Record<string, unknown> {
  const used = contextNamed(context);
  const contexts = minify ? (used ? [used] : []) : [...CONTEXTS].sort((a, b) => (a.name < b.name ? -1 : 1));
  const users = [...new Set(contexts.map((c) => c.user))].sort();
  return {
    apiVersion: 'v1',
    clusters: [{ cluster: { 'certificate-authority-data': 'DATA+OMITTED', server: `https://${server}` }, name: CLUSTER_NAME }],
    contexts: contexts.map((c) => ({ context: { cluster: c.cluster, ...(c.namespace ? { namespace: c.namespace } : {}), user: c.user }, name: c.name })),
    'current-context': minify ? context : current,
    kind: 'Config',
    preferences: {},
    users: users.map((name) => ({ name, user: { 'client-certificate-data': 'DATA+OMITTED', 'client-key-data': 'DATA+OMITTED' } })),
  };
}
