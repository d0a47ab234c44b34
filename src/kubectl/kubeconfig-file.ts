/**
 * ~/.kube/config on the learner's workstation, one source of truth with the Session's Kubeconfig:
 * the file shown (`cat ~/.kube/config`) is the kubeconfig as clientcmd writes it — the same bytes
 * as `kubectl config view --raw` (kubectl 1.35 writes no empty `preferences`) — and a file the
 * learner writes there (`cp`, `>`, `sed -i`, `rm`) is read back as clientcmd's loader reads it,
 * errors included (recorded from kubectl v1.35.2):
 *
 *   error: error loading config file "…/.kube/config": yaml: line 1: did not find expected node content
 *   error: error loading config file "…": json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server of type string
 *   error: error loading config file "…": illegal base64 data at input byte 4
 *
 * A missing file is an empty config (`config view` prints empty lists). Approximate: the plugin
 * fields (exec, auth-provider) and extensions are read and dropped; duplicate names keep the first.
 */
import { base64Error, decodeBase64 } from '../k8s/base64';
import { toYaml } from '../k8s/printers/yaml';
import { configView } from './kubeconfig-view';
import { KUBECONFIG_PATH, USERS, utf8Bytes, type KubeadmPem, type Kubeconfig, type KubeconfigAuthInfo, type KubeconfigBytes, type KubeconfigCluster, type KubeconfigContext } from './kubeconfig';
import { yamlToJson } from '../k8s/yaml-to-json';

/** The file's text, or undefined when there is none (deleted, or never loaded). */
export function kubeconfigFileText(k: Kubeconfig, pem: (which: KubeadmPem) => string): string | undefined {
  if (k.loadError) return k.loadError.text;
  // Removed, and nothing written since: kubectl's next edit creates it again.
  if (k.absent && !k.currentContext && !k.clusters.length && !k.contexts.length && !k.users.length) return undefined;
  const view = configView(k, { context: k.currentContext, minify: false, raw: true, flatten: false, pem, readFile: () => undefined });
  return view.ok ? toYaml(view.config) : undefined;
}

/** What every kubectl command prints while the file does not load. */
export function loadErrorText(k: Kubeconfig): string | undefined {
  return k.loadError ? `error: error loading config file ${JSON.stringify(KUBECONFIG_PATH)}: ${k.loadError.message}\n` : undefined;
}

type Json = unknown;

class DecodeError extends Error {}

/** encoding/json's word for a JSON value's type. */
function jsonType(v: Json): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

/** json.UnmarshalTypeError: `Struct.path of type T`, the path from the document's root. */
function mismatch(v: Json, struct: string, path: string, goType: string): never {
  throw new DecodeError(`json: cannot unmarshal ${jsonType(v)} into Go struct field ${struct}.${path} of type ${goType}`);
}

function str(o: Record<string, Json>, key: string, struct: string, path: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') mismatch(v, struct, `${path}${key}`, 'string');
  return v;
}

function bool(o: Record<string, Json>, key: string, struct: string, path: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') mismatch(v, struct, `${path}${key}`, 'bool');
  return v;
}

function record(v: Json, struct: string, path: string, goType: string): Record<string, Json> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) mismatch(v, struct, path, goType);
  return v as Record<string, Json>;
}

function list(o: Record<string, Json>, key: string, goType: string): Record<string, Json>[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) mismatch(v, 'Config', key, goType);
  return v.map((item) => record(item, 'Config', key, goType.slice(2)) ?? {});
}

/** A []byte field: base64 in the file; kubeadm's own PEMs are recognised and kept as references. */
function bytes(o: Record<string, Json>, key: string, struct: string, path: string, pem: (which: KubeadmPem) => string, kubeadm: KubeadmPem[]): KubeconfigBytes | undefined {
  const text = str(o, key, struct, path);
  if (text === undefined || text === '') return undefined;
  const bad = base64Error(text);
  if (bad) throw new DecodeError(bad);
  const data = decodeBase64(text);
  const ref = kubeadm.find((which) => utf8Bytes(pem(which)) === data);
  return ref ? { kind: 'kubeadm', pem: ref } : { kind: 'bytes', data };
}

function compact<T extends object>(o: T): T {
  for (const [k, v] of Object.entries(o)) if (v === undefined) delete (o as Record<string, unknown>)[k];
  return o;
}

/** clientcmd's LoadFromFile: the text decoded as a v1 Config, or the message the loader fails with. */
export function parseKubeconfigFile(text: string, pem: (which: KubeadmPem) => string): { ok: true; config: Kubeconfig } | { ok: false; message: string } {
  // The codec's yaml.YAMLToJSON reads the whole file's first document (a `---` ends it).
  const parsed = yamlToJson(text);
  if (parsed.error) return { ok: false, message: parsed.error };
  const doc: Json = (parsed.value ?? {}) as Json;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { ok: false, message: `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(doc)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }` };
  }
  const top = doc as Record<string, Json>;
  try {
    const kind = str(top, 'kind', 'Config', '');
    if (kind && kind !== 'Config') return { ok: false, message: `no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(str(top, 'apiVersion', 'Config', '') || 'v1')} in scheme "k8s.io/client-go/tools/clientcmd/api/latest/latest.go:50"` };
    const clusters: KubeconfigCluster[] = [];
    for (const item of list(top, 'clusters', '[]v1.NamedCluster')) {
      const name = str(item, 'name', 'NamedCluster', 'clusters.') ?? '';
      const c = record(item['cluster'], 'NamedCluster', 'clusters.cluster', 'v1.Cluster') ?? {};
      const at = 'clusters.cluster.';
      if (clusters.some((x) => x.name === name)) continue;
      clusters.push(
        compact({
          name,
          server: str(c, 'server', 'Cluster', at) ?? '',
          tlsServerName: str(c, 'tls-server-name', 'Cluster', at),
          insecureSkipTlsVerify: bool(c, 'insecure-skip-tls-verify', 'Cluster', at),
          certificateAuthority: str(c, 'certificate-authority', 'Cluster', at),
          certificateAuthorityData: bytes(c, 'certificate-authority-data', 'Cluster', at, pem, [{ of: 'ca' }]),
          proxyUrl: str(c, 'proxy-url', 'Cluster', at),
          disableCompression: bool(c, 'disable-compression', 'Cluster', at),
        }),
      );
    }
    const users: KubeconfigAuthInfo[] = [];
    for (const item of list(top, 'users', '[]v1.NamedAuthInfo')) {
      const name = str(item, 'name', 'NamedAuthInfo', 'users.') ?? '';
      const u = record(item['user'], 'NamedAuthInfo', 'users.user', 'v1.AuthInfo') ?? {};
      const at = 'users.user.';
      if (users.some((x) => x.name === name)) continue;
      users.push(
        compact({
          name,
          clientCertificate: str(u, 'client-certificate', 'AuthInfo', at),
          clientCertificateData: bytes(u, 'client-certificate-data', 'AuthInfo', at, pem, USERS.map((user) => ({ of: 'cert' as const, user }))),
          clientKey: str(u, 'client-key', 'AuthInfo', at),
          clientKeyData: bytes(u, 'client-key-data', 'AuthInfo', at, pem, USERS.map((user) => ({ of: 'key' as const, user }))),
          token: str(u, 'token', 'AuthInfo', at),
          tokenFile: str(u, 'tokenFile', 'AuthInfo', at),
          as: str(u, 'as', 'AuthInfo', at),
          asUid: str(u, 'as-uid', 'AuthInfo', at),
          username: str(u, 'username', 'AuthInfo', at),
          password: str(u, 'password', 'AuthInfo', at),
        }),
      );
    }
    const contexts: KubeconfigContext[] = [];
    for (const item of list(top, 'contexts', '[]v1.NamedContext')) {
      const name = str(item, 'name', 'NamedContext', 'contexts.') ?? '';
      const c = record(item['context'], 'NamedContext', 'contexts.context', 'v1.Context') ?? {};
      const at = 'contexts.context.';
      if (contexts.some((x) => x.name === name)) continue;
      contexts.push(compact({ name, cluster: str(c, 'cluster', 'Context', at) ?? '', user: str(c, 'user', 'Context', at) ?? '', namespace: str(c, 'namespace', 'Context', at) }));
    }
    const prefs = record(top['preferences'], 'Config', 'preferences', 'v1.Preferences') ?? {};
    const colors = bool(prefs, 'colors', 'Preferences', 'preferences.');
    return { ok: true, config: { currentContext: str(top, 'current-context', 'Config', '') ?? '', ...(colors ? { colors } : {}), clusters, contexts, users } };
  } catch (e) {
    if (e instanceof DecodeError) return { ok: false, message: e.message };
    throw e;
  }
}

/**
 * What a line wrote at ~/.kube/config, applied to the Session's kubeconfig: new text is loaded
 * (or kept as the text every command then fails to load), `null` (rm) leaves no file.
 */
export function applyKubeconfigFile(k: Kubeconfig, written: string | null, pem: (which: KubeadmPem) => string): void {
  delete k.loadError;
  delete k.absent;
  if (written === null) {
    Object.assign(k, { currentContext: '', clusters: [], contexts: [], users: [], absent: true });
    delete k.colors;
    return;
  }
  const parsed = parseKubeconfigFile(written, pem);
  if (!parsed.ok) {
    k.loadError = { text: written, message: parsed.message };
    return;
  }
  delete k.colors;
  Object.assign(k, parsed.config);
}
