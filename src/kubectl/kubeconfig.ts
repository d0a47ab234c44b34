/**
 * The learner's kubeconfig (~/.kube/config): kubeadm's admin.conf plus a context for `jane`, the
 * restricted learner of the RBAC lessons. kubectl reads it first on every run — which cluster,
 * which credentials, which namespace — so `kubectl config use-context jane` makes every later
 * command authenticate as jane, and `kubectl config set-context --current --namespace=X` makes X
 * every later command's namespace. The contexts, the users (`set-credentials`) and the current
 * context are the learner's to change; the one cluster is fixed (no set-cluster here).
 * A Session owns one and keeps it across commands and `sim topology` (the file is the learner's,
 * not the cluster's); forks copy it, and replaying the Session's log rebuilds it (a token from
 * `kubectl create token` is the same string on replay: minting draws on the simulated clock and
 * the seed only).
 *
 * Credentials: only bearer tokens and kubeadm's own certificates authenticate. A certificate
 * the learner names (`--client-certificate`) is stored and shown, but nothing here signs
 * certificates with the cluster's CA, so kube-apiserver refuses it as it refuses any client
 * certificate its CA did not issue: 401 Unauthorized (not system:anonymous, which would hide that
 * credentials were sent and rejected).
 */
import { WORKSTATION_HOME, type ClientCredentials, type KubeconfigUser } from '../engine/index';

/** A context as the file stores it: cluster and user are names, which need not exist. */
export interface KubeconfigContext {
  name: string;
  cluster: string;
  user: string;
  namespace?: string;
}

/** The users the file holds client certificates for (the engine's identities with credentials). */
export type CredentialedUser = Exclude<KubeconfigUser, 'system:anonymous'>;

/**
 * Where a user's client certificate or key comes from: kubeadm's embedded data for one of the
 * engine's identities, a path (`--client-certificate=PATH`), or data embedded from a file
 * (`--embed-certs`; only shown, never read, so its contents are not kept).
 */
export type CertificateSource = { kind: 'kubeadm'; user: CredentialedUser } | { kind: 'file'; path: string } | { kind: 'data' };

/** A user entry (clientcmd's AuthInfo), as far as this simulator reads it. */
export interface KubeconfigAuthInfo {
  name: string;
  certificate?: CertificateSource;
  key?: CertificateSource;
  token?: string;
}

/** kubeadm names its cluster `kubernetes` and its admin context `kubernetes-admin@kubernetes`. */
export const CLUSTER_NAME = 'kubernetes';
export const ADMIN_CONTEXT = 'kubernetes-admin@kubernetes';

/** The users the file starts with, sorted as kubectl writes them. */
export const USERS: readonly CredentialedUser[] = ['jane', 'kubernetes-admin'];

/** The contexts the file starts with (and `reconcile serve`'s kubeconfig holds). */
export const CONTEXTS: readonly (KubeconfigContext & { user: CredentialedUser })[] = [
  { name: ADMIN_CONTEXT, cluster: CLUSTER_NAME, user: 'kubernetes-admin' },
  { name: 'jane', cluster: CLUSTER_NAME, user: 'jane' },
];

/** Where the file is, on the learner's workstation (WORKSTATION_HOME's .kube/config): kubectl names it in its messages. */
export const KUBECONFIG_PATH = `${WORKSTATION_HOME}/.kube/config`;

export interface Kubeconfig {
  /** May name a context that no longer exists (`delete-context` of the current one keeps it). */
  currentContext: string;
  /** In no particular order; readers sort by name, as kubectl writes the file's map. */
  contexts: KubeconfigContext[];
  /** In no particular order, names unique; readers sort by name. */
  users: KubeconfigAuthInfo[];
}

export function defaultKubeconfig(): Kubeconfig {
  return {
    currentContext: ADMIN_CONTEXT,
    contexts: CONTEXTS.map((c) => ({ ...c })),
    users: USERS.map((user) => ({ name: user, certificate: { kind: 'kubeadm', user }, key: { kind: 'kubeadm', user } })),
  };
}

/** An independent copy (a fork's). CertificateSources are never mutated, only replaced, so they are shared. */
export function copyKubeconfig(k: Kubeconfig): Kubeconfig {
  return { currentContext: k.currentContext, contexts: k.contexts.map((c) => ({ ...c })), users: k.users.map((u) => ({ ...u })) };
}

export function userIn(k: Kubeconfig, name: string): KubeconfigAuthInfo | undefined {
  return k.users.find((u) => u.name === name);
}

/** The users' names sorted (Go's map order, as kubectl prints and writes them). */
export function sortedUserNames(k: Kubeconfig): string[] {
  return k.users.map((u) => u.name).sort();
}

export function contextIn(k: Kubeconfig, name: string): KubeconfigContext | undefined {
  return k.contexts.find((c) => c.name === name);
}

/** The contexts sorted by name (Go's map order as kubectl prints and writes them). */
export function sortedContexts(k: Kubeconfig): KubeconfigContext[] {
  return [...k.contexts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * What a request presents for a user entry, as clientcmd builds the client and
 * kube-apiserver's authenticators read it (x509 before tokens): kubeadm's certificate is its
 * identity; any other certificate is one the CA never signed (the engine refuses it); else the
 * token; a user with neither — or one the file does not hold, which clientcmd leaves empty —
 * sends no credentials, which kube-apiserver (kubeadm leaves anonymous auth on) authenticates as
 * system:anonymous.
 */
export function credentialsOf(user: KubeconfigAuthInfo | undefined): ClientCredentials {
  const cert = user?.certificate;
  if (cert) return cert.kind === 'kubeadm' ? cert.user : { certificate: cert.kind === 'file' ? cert.path : 'data' };
  if (user?.token) return { token: user.token };
  return 'system:anonymous';
}

/**
 * Whether a context's cluster is this one. Any other name (or none) is missing from the file, so
 * clientcmd falls back to its ClusterDefaults: http://localhost:8080, where nothing listens.
 */
export function reachesCluster(context: KubeconfigContext): boolean {
  return context.cluster === CLUSTER_NAME;
}

/** The server clientcmd dials for a context whose cluster the file does not hold. */
export const DEFAULT_SERVER = 'localhost:8080';

export type ConfigView = { ok: true; config: Record<string, unknown> } | { ok: false; message: string };

/**
 * The config as `kubectl config view` prints it: clientcmd v1.Config with its fields in the Go
 * struct's order (the JSON printer keeps it; the YAML one sorts keys, as sigs.k8s.io/yaml does),
 * secrets redacted as RedactSecrets does. The deprecated, empty `preferences` is left out, as
 * kubectl 1.35 leaves it out in every format.
 * `minify` keeps only what `context` uses, with MinifyConfig's errors.
 */
export function configView(k: Kubeconfig, server: string, context: string, minify: boolean): ConfigView {
  let contexts = sortedContexts(k);
  let clusters: string[] = [CLUSTER_NAME];
  let users: string[] = sortedUserNames(k);
  if (minify) {
    const used = contextIn(k, context);
    if (!used) return { ok: false, message: `cannot locate context ${context}` };
    if (used.cluster !== '' && used.cluster !== CLUSTER_NAME) return { ok: false, message: `cannot locate cluster ${used.cluster}` };
    if (used.user !== '' && !userIn(k, used.user)) return { ok: false, message: `cannot locate user ${used.user}` };
    contexts = [used];
    clusters = used.cluster === '' ? [] : [used.cluster];
    users = used.user === '' ? [] : [used.user];
  }
  return {
    ok: true,
    config: {
      kind: 'Config',
      apiVersion: 'v1',
      // An empty map converts to a nil list: `clusters: null`.
      clusters: clusters.length ? clusters.map((name) => ({ name, cluster: { server: `https://${server}`, 'certificate-authority-data': 'DATA+OMITTED' } })) : null,
      users: users.length ? users.map((name) => ({ name, user: authInfoView(userIn(k, name)) })) : null,
      contexts: contexts.length ? contexts.map((c) => ({ name: c.name, context: { cluster: c.cluster, user: c.user, ...(c.namespace ? { namespace: c.namespace } : {}) } })) : null,
      'current-context': minify ? context : k.currentContext,
    },
  };
}

/** A certificate or key as `config view` shows it: a path as it is, data redacted. */
function sourceView(field: string, source: CertificateSource | undefined): Record<string, string> {
  if (!source) return {};
  return source.kind === 'file' ? { [field]: source.path } : { [`${field}-data`]: 'DATA+OMITTED' };
}

/** api.AuthInfo in the Go struct's field order, secrets redacted as RedactSecrets does (`{}` when empty). */
function authInfoView(u: KubeconfigAuthInfo | undefined): Record<string, string> {
  if (!u) return {};
  return { ...sourceView('client-certificate', u.certificate), ...sourceView('client-key', u.key), ...(u.token ? { token: 'REDACTED' } : {}) };
}
