/**
 * clientcmd's DirectClientConfig for one invocation: the context (`--context`, else the file's
 * current one) with the global `--cluster`, `--user`, `--token`, `--server`,
 * `--certificate-authority`, `--insecure-skip-tls-verify` and `--tls-server-name` flags over it,
 * checked as ConfirmUsable checks it (the context, then the user, then the cluster), resolved to
 * the credentials the Client presents and, through cluster-dial.ts, to whether its requests reach
 * kube-apiserver at all. Errors are clientcmd's and client-go's, recorded from kubectl v1.35.2: a
 * missing context or `--cluster` is a configuration error, a missing `--user` an `auth info …
 * does not exist`; a context that merely names a user the file lacks sends no credentials, and one
 * naming a cluster the file lacks dials clientcmd's default, http://localhost:8080.
 *
 * `--token` is merged into the user entry as clientcmd's overrides are: a user that also holds a
 * client certificate still presents it, and kube-apiserver's x509 authenticator runs before its
 * token authenticators, so `kubectl --token=… ` under kubeadm's admin.conf is still the admin.
 */
import type { ApiDial, ClientCredentials, NetworkError } from '../engine/index';
import { checkRootCertificates, dialCluster, type DialTarget } from './cluster-dial';
import { CmdError, plainError } from './errors';
import { pemDecode } from '../k8s/der';
import { parseX509, publicKeyOfPrivate } from '../k8s/pkix';
import { bytesOf } from './kubeconfig-view';
import { clusterIn, contextIn, DEFAULT_SERVER_URL, resolvedPath, storedPath, USERS, userIn, utf8Bytes, type KubeadmPem, type Kubeconfig, type KubeconfigAuthInfo, type KubeconfigBytes, type KubeconfigContext } from './kubeconfig';

export interface ClientConfig {
  /** Undefined only for `kubectl config`, which reads the file without building a client. */
  context: KubeconfigContext | undefined;
  credentials: ClientCredentials;
  /** Set when the server cannot be reached: every request fails with it. */
  unreachable?: NetworkError;
  /** The server URL dialled, as the kubeconfig (or --server) writes it: what cluster-info and the -v log name. */
  server?: string;
}

/** What resolving needs besides the file: the cluster (its PEMs, the network) and the workstation's files. */
export interface ClientWorld {
  kubeadmPem(which: KubeadmPem): string;
  dialFromWorkstation(host: string, port: number): ApiDial;
  readFile(path: string): string | undefined;
}

/**
 * Commands whose own flag hides a global one of the same name: cobra adds a parent's persistent
 * flag only where the command has no flag by that name (`create rolebinding --user` names a
 * subject, not credentials).
 */
const SHADOWED: ReadonlyMap<string, readonly string[]> = new Map([
  ['create rolebinding', ['user']],
  ['create clusterrolebinding', ['user']],
  ['set subject', ['user']],
]);

/** A global string flag's value wherever it stands on the line (before a bare `--`); '' when absent or empty. */
export function globalFlag(argv: readonly string[], name: string): string {
  let found = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith(`--${name}=`)) found = a.slice(name.length + 3);
    else if (a === `--${name}` && i + 1 < argv.length) found = argv[++i]!;
  }
  return found;
}

/** A global bool flag (`--x`, `--x=true`): pflag's ParseBool values. */
function globalBool(argv: readonly string[], name: string): boolean {
  let on = false;
  for (const a of argv) {
    if (a === '--') break;
    if (a === `--${name}`) on = true;
    else if (a.startsWith(`--${name}=`)) on = ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(a.slice(name.length + 3));
  }
  return on;
}

/** clientcmd's validation errors: one is printed as `error: …` (or its own prefix), several as a list. */
function configurationError(errors: readonly string[]): CmdError {
  if (errors.length === 1) return errors[0]!.startsWith('context was not found') ? new CmdError(`Error in configuration: ${errors[0]}\n`) : plainError(errors[0]!);
  return new CmdError(`Error in configuration: \n${errors.map((e) => `* ${e}\n`).join('')}`);
}

/** validateAuthInfo: one authentication method, and a client certificate with its key, whose files exist. */
function authInfoErrors(name: string, u: KubeconfigAuthInfo, world: ClientWorld): string[] {
  const errors: string[] = [];
  const methods: string[] = [];
  if (u.token || u.tokenFile) methods.push('token');
  if (u.username || u.password) methods.push('basicAuth');
  if (u.clientCertificate || u.clientCertificateData) {
    if (u.clientCertificate && u.clientCertificateData) errors.push(`client-cert-data and client-cert are both specified for ${name}. client-cert-data will override.`);
    if (u.clientKey && u.clientKeyData) errors.push(`client-key-data and client-key are both specified for ${name}; client-key-data will override`);
    if (!u.clientKey && !u.clientKeyData) errors.push(`client-key-data or client-key must be specified for ${name} to use the clientCert authentication method.`);
    for (const [what, path] of [['client-cert', u.clientCertificate], ['client-key', u.clientKey]] as const) {
      if (path && world.readFile(resolvedPath(path)) === undefined) errors.push(`unable to read ${what} ${resolvedPath(path)} for ${name} due to open ${resolvedPath(path)}: no such file or directory`);
    }
  }
  if (methods.length > 1) errors.push(`more than one authentication method found for ${name}; found [${methods.join(' ')}], only one is allowed`);
  return errors;
}

/**
 * tls.X509KeyPair's check for two foreign PEMs: an RSA certificate and an RSA key must share the
 * modulus (csrsigning's certificates carry the request's key). Anything else is taken to be a
 * pair, as nothing here can check it.
 */
function sameRsaKey(certPem: string, keyPem: string): boolean {
  const c = pemDecode(certPem);
  const k = pemDecode(keyPem);
  const certKey = c?.label === 'CERTIFICATE' ? parseX509(c.der)?.publicKey : undefined;
  const keyKey = k ? publicKeyOfPrivate(k.der, k.label) : undefined;
  if (certKey?.alg !== 'rsa' || keyKey?.alg !== 'rsa') return true;
  return certKey.modulus.length === keyKey.modulus.length && certKey.modulus.every((b, i) => b === keyKey.modulus[i]);
}

/** A []byte field, or the file its path names (read when the client is built). */
function contentOf(path: string | undefined, data: KubeconfigBytes | undefined, world: ClientWorld): string | undefined {
  if (data) return bytesOf(data, (w) => world.kubeadmPem(w));
  if (!path) return undefined;
  const text = world.readFile(resolvedPath(path));
  return text === undefined ? undefined : utf8Bytes(text);
}

/**
 * What a request presents for a user entry, as client-go builds its transport and
 * kube-apiserver's authenticators read it (x509 before tokens): kubeadm's certificate with its
 * key is that user; any other certificate is one the CA never signed (the engine refuses it);
 * else the token; a user with neither — or one the file does not hold — sends no credentials,
 * which kube-apiserver (kubeadm leaves anonymous auth on) authenticates as system:anonymous.
 */
function credentialsOf(user: KubeconfigAuthInfo | undefined, world: ClientWorld): ClientCredentials {
  const cert = user && contentOf(user.clientCertificate, user.clientCertificateData, world);
  if (user && cert !== undefined) {
    const key = contentOf(user.clientKey, user.clientKeyData, world) ?? '';
    // tls.X509KeyPair.
    if (!cert.includes('-----BEGIN ')) throw plainError('tls: failed to find any PEM data in certificate input');
    if (!key.includes('-----BEGIN ')) throw plainError('tls: failed to find any PEM data in key input');
    // kubeadm's pairs are known; two foreign PEMs are taken to be a pair (nothing here holds real keys).
    const owner = USERS.find((u) => cert === utf8Bytes(world.kubeadmPem({ of: 'cert', user: u })));
    const keyOwner = USERS.find((u) => key === utf8Bytes(world.kubeadmPem({ of: 'key', user: u })));
    if (owner !== keyOwner || !sameRsaKey(cert, key)) throw plainError('tls: private key does not match public key');
    return owner ?? { certificate: user.clientCertificate ?? 'data', pem: cert };
  }
  if (user?.token) return { token: user.token };
  return 'system:anonymous';
}

/** The configuration `argv` runs with; `words` are its command words (`['create', 'rolebinding']`). */
export function clientConfig(k: Kubeconfig, argv: readonly string[], words: readonly string[], world: ClientWorld): ClientConfig {
  const contextName = globalFlag(argv, 'context') || k.currentContext;
  // No context at all (an empty file): clientcmd's defaults, no cluster and no user.
  const context = contextName === '' ? { name: '', cluster: '', user: '' } : contextIn(k, contextName);
  if (words[0] === 'config') return { context, credentials: 'kubernetes-admin' };
  // A Map: command words are the learner's (`kubectl constructor`), never an object's inherited keys.
  const shadowed = SHADOWED.get(words.join(' ')) ?? [];
  const own = (name: string): string => (shadowed.includes(name) ? '' : globalFlag(argv, name));
  const clusterFlag = own('cluster');
  const errors: string[] = [];
  if (!context) errors.push(`context was not found for specified context: ${contextName}`);
  if (clusterFlag !== '' && !clusterIn(k, clusterFlag)) errors.push(`no server found for cluster ${JSON.stringify(clusterFlag)}`);
  if (errors.length) throw configurationError(errors);
  const userFlag = own('user');
  const userName = userFlag || context!.user;
  const stored = userIn(k, userName);
  if (userFlag !== '' && !stored) throw plainError(`auth info ${JSON.stringify(userFlag)} does not exist`);
  const token = own('token');
  const user = token ? { name: userName, ...stored, token } : stored;
  if (user) errors.push(...authInfoErrors(userName, user, world));

  const clusterName = clusterFlag || context!.cluster;
  const entry = clusterIn(k, clusterName);
  const target = {
    server: own('server') || entry?.server || DEFAULT_SERVER_URL,
    tlsServerName: entry?.tlsServerName ?? '',
    insecure: entry?.insecureSkipTlsVerify === true,
    caPath: entry?.certificateAuthority,
    caData: entry?.certificateAuthorityData,
  };
  // clientcmd's getCluster: a CA or insecure flag replaces the file's CA settings, and --server or
  // --tls-server-name replaces its server name.
  const caFlag = own('certificate-authority');
  const insecureFlag = globalBool(argv, 'insecure-skip-tls-verify');
  if (insecureFlag || caFlag) Object.assign(target, { insecure: insecureFlag, caPath: caFlag ? storedPath(caFlag) : undefined, caData: undefined });
  if (own('tls-server-name') || own('server')) target.tlsServerName = own('tls-server-name');
  if (entry || caFlag) {
    if (target.caPath && target.caData) errors.push(`certificate-authority-data and certificate-authority are both specified for ${clusterName}. certificate-authority-data will override.`);
    if (target.caPath && world.readFile(resolvedPath(target.caPath)) === undefined) errors.push(`unable to read certificate-authority ${resolvedPath(target.caPath)} for ${clusterName} due to open ${resolvedPath(target.caPath)}: no such file or directory`);
  }
  if (errors.length) throw configurationError(errors);

  // client-go's TLS configuration, built before anything is dialled.
  const caBytes = contentOf(target.caPath, target.caData, world);
  if (target.insecure && (target.caPath || caBytes)) throw plainError('specifying a root certificates file with the insecure flag is not allowed');
  const caPem = world.kubeadmPem({ of: 'ca' });
  // No CA bytes at all: the system's roots.
  if (caBytes) checkRootCertificates(caBytes, caPem);
  const credentials = credentialsOf(user, world);
  const dial: DialTarget = { server: target.server, tlsServerName: target.tlsServerName, insecure: target.insecure, ...(caBytes ? { caBytes } : {}) };
  const unreachable = dialCluster(dial, { dialFromWorkstation: (h, p) => world.dialFromWorkstation(h, p), caPem });
  return { context, credentials, server: target.server, ...(unreachable ? { unreachable } : {}) };
}
