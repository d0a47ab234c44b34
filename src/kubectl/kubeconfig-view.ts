/**
 * The kubeconfig as `kubectl config view` prints it (pkg/cmd/config/view.go): clientcmd's v1.Config
 * with its fields in the Go structs' order (the JSON printer keeps it; the YAML one sorts keys,
 * as sigs.k8s.io/yaml does), after MinifyConfig (`--minify`), then FlattenConfig (`--flatten`:
 * the files a path names embedded as data) or, without `--raw`, ShortenConfig (data as
 * DATA+OMITTED, tokens and passwords as REDACTED). The deprecated `preferences` is left out while
 * it is empty, as kubectl 1.35 leaves it out in every format. Recorded from kubectl v1.35.2
 * against a copy of this file (commands/config-view.test.ts cites the transcripts).
 */
import { base64EncodeBytes } from '../k8s/base64';
import { clusterIn, contextIn, resolvedPath, sortedContexts, sortedClusterNames, sortedUserNames, userIn, utf8Bytes, type KubeadmPem, type Kubeconfig, type KubeconfigAuthInfo, type KubeconfigBytes, type KubeconfigCluster, type KubeconfigContext } from './kubeconfig';

export interface ViewOptions {
  /** `--context`, else the file's current context: which one `--minify` keeps. */
  context: string;
  minify: boolean;
  raw: boolean;
  flatten: boolean;
  /** kubeadm's PEMs, from the cluster (Simulation.kubeadmPem). */
  pem: (which: KubeadmPem) => string;
  /** A file on the learner's workstation, for `--flatten`. */
  readFile: (path: string) => string | undefined;
}

export type ConfigView = { ok: true; config: Record<string, unknown> } | { ok: false; message: string };

/** The bytes a field holds, one character per byte. */
export function bytesOf(b: KubeconfigBytes, pem: (which: KubeadmPem) => string): string {
  return b.kind === 'bytes' ? b.data : utf8Bytes(pem(b.pem));
}

/** MinifyConfig: the one context and what it names, with its errors. */
function minified(k: Kubeconfig, context: string): { ok: true; config: Kubeconfig } | { ok: false; message: string } {
  if (context === '') return { ok: false, message: 'current-context must exist in order to minify' };
  const used = contextIn(k, context);
  if (!used) return { ok: false, message: `cannot locate context ${context}` };
  const cluster = used.cluster === '' ? undefined : clusterIn(k, used.cluster);
  if (used.cluster !== '' && !cluster) return { ok: false, message: `cannot locate cluster ${used.cluster}` };
  const user = used.user === '' ? undefined : userIn(k, used.user);
  if (used.user !== '' && !user) return { ok: false, message: `cannot locate user ${used.user}` };
  return { ok: true, config: { ...k, currentContext: context, contexts: [used], clusters: cluster ? [cluster] : [], users: user ? [user] : [] } };
}

type Flat = { ok: true; value: { path?: string; data?: KubeconfigBytes } } | { ok: false; message: string };

/** FlattenContent: a path's file read into the data field, the path cleared. */
function flattened(path: string | undefined, data: KubeconfigBytes | undefined, readFile: ViewOptions['readFile']): Flat {
  if (!path) return { ok: true, value: { ...(data ? { data } : {}) } };
  const full = resolvedPath(path);
  const text = readFile(full);
  if (text === undefined) return { ok: false, message: `open ${full}: no such file or directory` };
  return { ok: true, value: { data: { kind: 'bytes', data: utf8Bytes(text) } } };
}

/** FlattenConfig: the clusters' CA files, then the users' certificates and keys (map order: by name). */
function flatten(k: Kubeconfig, readFile: ViewOptions['readFile']): { ok: true; config: Kubeconfig } | { ok: false; message: string } {
  const clusters: KubeconfigCluster[] = [];
  for (const c of [...k.clusters].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const ca = flattened(c.certificateAuthority, c.certificateAuthorityData, readFile);
    if (!ca.ok) return ca;
    const { certificateAuthority: _path, certificateAuthorityData: _data, ...rest } = c;
    clusters.push({ ...rest, ...(ca.value.data ? { certificateAuthorityData: ca.value.data } : {}) });
  }
  const users: KubeconfigAuthInfo[] = [];
  for (const u of [...k.users].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const cert = flattened(u.clientCertificate, u.clientCertificateData, readFile);
    if (!cert.ok) return cert;
    const key = flattened(u.clientKey, u.clientKeyData, readFile);
    if (!key.ok) return key;
    const { clientCertificate: _c, clientCertificateData: _cd, clientKey: _k, clientKeyData: _kd, ...rest } = u;
    users.push({ ...rest, ...(cert.value.data ? { clientCertificateData: cert.value.data } : {}), ...(key.value.data ? { clientKeyData: key.value.data } : {}) });
  }
  return { ok: true, config: { ...k, clusters, users } };
}

export function configView(k: Kubeconfig, opts: ViewOptions): ConfigView {
  let config = k;
  if (opts.minify) {
    const m = minified(config, opts.context);
    if (!m.ok) return m;
    config = m.config;
  }
  if (opts.flatten) {
    const f = flatten(config, opts.readFile);
    if (!f.ok) return f;
    config = f.config;
  }
  const raw = opts.raw || opts.flatten;
  // A []byte field marshals as base64; ShortenConfig's placeholder is itself valid base64, so it prints as is.
  const bytes = (b: KubeconfigBytes | undefined): string | undefined => {
    if (!b) return undefined;
    const data = bytesOf(b, opts.pem);
    if (data === '') return undefined;
    return raw ? base64EncodeBytes([...data].map((c) => c.charCodeAt(0))) : 'DATA+OMITTED';
  };
  const secret = (s: string | undefined): string | undefined => (s ? (raw ? s : 'REDACTED') : undefined);
  return {
    ok: true,
    config: {
      kind: 'Config',
      apiVersion: 'v1',
      ...(config.colors ? { preferences: { colors: true } } : {}),
      // An empty map converts to a nil list: `clusters: null`.
      clusters: nullIfEmpty(sortedClusterNames(config).map((name) => ({ name, cluster: clusterView(clusterIn(config, name)!, bytes) }))),
      users: nullIfEmpty(sortedUserNames(config).map((name) => ({ name, user: authInfoView(userIn(config, name)!, bytes, secret) }))),
      contexts: nullIfEmpty(sortedContexts(config).map((c) => ({ name: c.name, context: contextView(c) }))),
      'current-context': config.currentContext,
    },
  };
}

function nullIfEmpty<T>(list: T[]): T[] | null {
  return list.length ? list : null;
}

/** Only the fields set, as `omitempty` leaves the rest out; `server` has no omitempty. */
function compact(fields: Record<string, string | boolean | undefined>): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '' && v !== false) out[k] = v;
  return out;
}

/** v1.Cluster in the Go struct's field order. */
function clusterView(c: KubeconfigCluster, bytes: (b: KubeconfigBytes | undefined) => string | undefined): Record<string, string | boolean> {
  return {
    server: c.server,
    ...compact({
      'tls-server-name': c.tlsServerName,
      'insecure-skip-tls-verify': c.insecureSkipTlsVerify,
      'certificate-authority': c.certificateAuthority,
      'certificate-authority-data': bytes(c.certificateAuthorityData),
      'proxy-url': c.proxyUrl,
      'disable-compression': c.disableCompression,
    }),
  };
}

/** v1.AuthInfo in the Go struct's field order (`{}` when empty). */
function authInfoView(u: KubeconfigAuthInfo, bytes: (b: KubeconfigBytes | undefined) => string | undefined, secret: (s: string | undefined) => string | undefined): Record<string, string | boolean> {
  return compact({
    'client-certificate': u.clientCertificate,
    'client-certificate-data': bytes(u.clientCertificateData),
    'client-key': u.clientKey,
    'client-key-data': bytes(u.clientKeyData),
    token: secret(u.token),
    tokenFile: u.tokenFile,
    as: u.as,
    'as-uid': u.asUid,
    username: u.username,
    password: secret(u.password),
  });
}

/** v1.Context: cluster and user have no omitempty. */
function contextView(c: KubeconfigContext): Record<string, string> {
  return { cluster: c.cluster, user: c.user, ...(c.namespace ? { namespace: c.namespace } : {}) };
}
