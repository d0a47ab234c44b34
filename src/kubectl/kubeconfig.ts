/**
 * The learner's kubeconfig (~/.kube/config): kubeadm's admin.conf plus a context for `jane`, the
 * restricted learner of the RBAC lessons. kubectl reads it first on every run — which cluster,
 * which credentials, which namespace — so `kubectl config use-context jane` makes every later
 * command authenticate as jane, `kubectl config set-context --current --namespace=X` makes X
 * every later command's namespace, and `kubectl config set-cluster kubernetes --server=…` makes
 * every later command dial that server (client-config.ts). Everything in it is the learner's to
 * change, with the fields clientcmd's api.Config has (config set/unset walk them by their names).
 * A Session owns one and keeps it across commands and `sim topology` (the file is the learner's,
 * not the cluster's); forks copy it, and replaying the Session's log rebuilds it (a token from
 * `kubectl create token` is the same string on replay: minting draws on the simulated clock and
 * the seed only).
 *
 * kubeadm's own bytes (the cluster CA, the users' client certificates and keys) are kept as
 * references and printed from the cluster (`Simulation.kubeadmPem`), so `config view --raw`
 * shows the CA every namespace's kube-root-ca.crt holds.
 *
 * Credentials: bearer tokens, kubeadm's own certificates, and a certificate the learner names
 * (`--client-certificate`) that kube-controller-manager's signer issued from an approved
 * CertificateSigningRequest (the engine verifies it against the cluster CA). Any other
 * certificate kube-apiserver refuses as it refuses any client certificate its CA did not issue:
 * 401 Unauthorized (not system:anonymous, which would hide that credentials were sent and
 * rejected).
 */
import { WORKSTATION_HOME, type KubeconfigUser } from '../engine/index';

/** A context as the file stores it: cluster and user are names, which need not exist. */
export interface KubeconfigContext {
  name: string;
  cluster: string;
  user: string;
  namespace?: string;
}

/** The users the file holds client certificates for (the engine's identities with credentials). */
export type CredentialedUser = Exclude<KubeconfigUser, 'system:anonymous'>;

/** Which of kubeadm's PEMs a []byte field holds: the cluster CA, or a user's certificate or key. */
export type KubeadmPem = { of: 'ca' } | { of: 'cert' | 'key'; user: CredentialedUser };

/**
 * A []byte field: one of kubeadm's PEMs (its bytes are the cluster's), or bytes the learner put
 * there (`config set … --set-raw-bytes`, base64-decoded, or a file embedded), one character per byte.
 */
export type KubeconfigBytes = { kind: 'kubeadm'; pem: KubeadmPem } | { kind: 'bytes'; data: string };

/** A cluster entry (clientcmd's api.Cluster). Empty strings and false are Go's zero values: unset. */
export interface KubeconfigCluster {
  name: string;
  server: string;
  tlsServerName?: string;
  insecureSkipTlsVerify?: boolean;
  certificateAuthority?: string;
  certificateAuthorityData?: KubeconfigBytes;
  proxyUrl?: string;
  disableCompression?: boolean;
}

/**
 * A user entry (clientcmd's api.AuthInfo) without the plugin fields (auth-provider, exec), which
 * nothing here could run. Paths are absolute, as `kubectl config` writes them.
 */
export interface KubeconfigAuthInfo {
  name: string;
  clientCertificate?: string;
  clientCertificateData?: KubeconfigBytes;
  clientKey?: string;
  clientKeyData?: KubeconfigBytes;
  token?: string;
  tokenFile?: string;
  as?: string;
  asUid?: string;
  username?: string;
  password?: string;
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

/** The directory of the file, against which clientcmd writes paths inside it relative. */
export const KUBECONFIG_DIR = `${WORKSTATION_HOME}/.kube`;

/** Where the file is, on the learner's workstation (WORKSTATION_HOME's .kube/config): kubectl names it in its messages. */
export const KUBECONFIG_PATH = `${KUBECONFIG_DIR}/config`;

export interface Kubeconfig {
  /** May name a context that no longer exists (`delete-context` of the current one keeps it), or be empty (`config unset current-context`). */
  currentContext: string;
  /** preferences.colors (deprecated, and read by nothing; kept because `config set` writes it). */
  colors?: boolean;
  /** In no particular order, names unique; readers sort by name, as kubectl writes the file's map. */
  clusters: KubeconfigCluster[];
  /** In no particular order; readers sort by name, as kubectl writes the file's map. */
  contexts: KubeconfigContext[];
  /** In no particular order, names unique; readers sort by name. */
  users: KubeconfigAuthInfo[];
  /** The learner removed ~/.kube/config: an empty config, and no file until kubectl writes one. */
  absent?: boolean;
  /** The learner wrote a file clientcmd cannot load: its text, and the loader's message every command fails with. */
  loadError?: { text: string; message: string };
}

/**
 * The cluster entry kubeadm writes. `server` is not known until the file meets a cluster: a
 * Session fills it with the cluster's address (withServer) when it is created.
 */
function kubeadmCluster(server: string): KubeconfigCluster {
  return { name: CLUSTER_NAME, server, certificateAuthorityData: { kind: 'kubeadm', pem: { of: 'ca' } } };
}

/** The file a fresh workstation has, pointing at `server` (`host:port`, the cluster's serverAddress). */
export function defaultKubeconfig(server: string): Kubeconfig {
  return {
    currentContext: ADMIN_CONTEXT,
    clusters: [kubeadmCluster(`https://${server}`)],
    contexts: CONTEXTS.map((c) => ({ ...c })),
    users: USERS.map((user) => ({
      name: user,
      clientCertificateData: { kind: 'kubeadm', pem: { of: 'cert', user } },
      clientKeyData: { kind: 'kubeadm', pem: { of: 'key', user } },
    })),
  };
}

/**
 * `sim topology` builds a new cluster, which kubeadm hands over with a new admin.conf: entries
 * that pointed at the old cluster's address now point at the new one's; everything else the
 * learner wrote stays.
 */
export function moveServer(k: Kubeconfig, from: string, to: string): void {
  for (const c of k.clusters) if (c.server === `https://${from}`) c.server = `https://${to}`;
}

/** An independent copy (a fork's). KubeconfigBytes are never mutated, only replaced, so they are shared. */
export function copyKubeconfig(k: Kubeconfig): Kubeconfig {
  return { ...k, clusters: k.clusters.map((c) => ({ ...c })), contexts: k.contexts.map((c) => ({ ...c })), users: k.users.map((u) => ({ ...u })) };
}

export function userIn(k: Kubeconfig, name: string): KubeconfigAuthInfo | undefined {
  return k.users.find((u) => u.name === name);
}

export function clusterIn(k: Kubeconfig, name: string): KubeconfigCluster | undefined {
  return k.clusters.find((c) => c.name === name);
}

export function contextIn(k: Kubeconfig, name: string): KubeconfigContext | undefined {
  return k.contexts.find((c) => c.name === name);
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The users' names sorted (Go's map order, as kubectl prints and writes them). */
export function sortedUserNames(k: Kubeconfig): string[] {
  return k.users.map((u) => u.name).sort();
}

/** The clusters' names sorted (Go's map order). */
export function sortedClusterNames(k: Kubeconfig): string[] {
  return k.clusters.map((c) => c.name).sort();
}

/** The contexts sorted by name (Go's map order as kubectl prints and writes them). */
export function sortedContexts(k: Kubeconfig): KubeconfigContext[] {
  return [...k.contexts].sort(byName);
}

/** The server clientcmd dials for a context whose cluster the file does not hold, or holds without a server (ClusterDefaults). */
export const DEFAULT_SERVER_URL = 'http://localhost:8080';

/** filepath.Clean of an absolute path, or of a relative one against `base` (filepath.Join). */
function cleanPath(path: string, base: string): string {
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : `${base}/${path}`).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}

/**
 * filepath.Abs as `config set-cluster` / `set-credentials` apply it to a path flag, against the
 * prompt's working directory (always the home directory here; an empty path is that directory),
 * then clientcmd's RelativizePathWithNoBacksteps on write: a path whose form relative to ~/.kube
 * does not start with `../` is stored relative — so the home directory itself becomes `..`, as
 * kubectl 1.35 writes `--certificate-authority=` (recorded).
 */
export function storedPath(path: string): string {
  const abs = cleanPath(path, WORKSTATION_HOME);
  if (abs === KUBECONFIG_DIR) return '.';
  if (abs === WORKSTATION_HOME) return '..';
  return abs.startsWith(`${KUBECONFIG_DIR}/`) ? abs.slice(KUBECONFIG_DIR.length + 1) : abs;
}

/** Where a stored path points: relative ones are resolved against the file's directory, as clientcmd's loader does. */
export function resolvedPath(stored: string): string {
  return cleanPath(stored, KUBECONFIG_DIR);
}

/** A text (a file's, UTF-8) as the bytes a []byte field holds, one character per byte. */
export function utf8Bytes(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out += ch;
    else if (c < 0x800) out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out += String.fromCharCode(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}
