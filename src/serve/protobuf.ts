/**
 * Request bodies in Kubernetes' protobuf encoding (`application/vnd.kubernetes.protobuf`), which
 * client-go's generated clients always send for built-in kinds (kubectl's `create deployment`,
 * `auth can-i`, …) and never replace with JSON on a 415 (rest/client.go: only CBOR degrades).
 * Decoded with protobufjs from Kubernetes' own message definitions (./proto, copied verbatim from
 * k8s.io/api and k8s.io/apimachinery), then shaped as the JSON the same Go struct would marshal to.
 *
 * The wire does not say which fields are Go pointers, and gogo-protobuf writes every non-pointer
 * field, zero or not. JSON drops zero scalars marked omitempty, so zero strings, false and empty
 * lists and maps are dropped here; zero numbers are dropped except the fields in KEEP_ZERO, which
 * are pointers or required in every kind we serve (`replicas: 0` must stay a request for none),
 * and false except the pointer bools in KEEP_FALSE (gogo writes a nil pointer not at all).
 * Empty messages stay `{}`: Go's omitempty never omits a struct value. A zero Time is `null` in
 * JSON, and dropped here like the null it is.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import type { KObject } from '../k8s/types';

export const PROTOBUF_MEDIA = 'application/vnd.kubernetes.protobuf';

/** The 4-byte prefix of every Kubernetes protobuf body (runtime/serializer/protobuf). */
const MAGIC = [0x6b, 0x38, 0x73, 0x00];

const PROTO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'proto');

const FILES = [
  'k8s.io/api/core/v1/generated.proto',
  'k8s.io/api/apps/v1/generated.proto',
  'k8s.io/api/authentication/v1/generated.proto',
  'k8s.io/api/authorization/v1/generated.proto',
  'k8s.io/api/autoscaling/v1/generated.proto',
  'k8s.io/api/autoscaling/v2/generated.proto',
  'k8s.io/api/batch/v1/generated.proto',
  'k8s.io/api/coordination/v1/generated.proto',
  'k8s.io/api/discovery/v1/generated.proto',
  'k8s.io/api/networking/v1/generated.proto',
  'k8s.io/api/node/v1/generated.proto',
  'k8s.io/api/policy/v1/generated.proto',
  'k8s.io/api/rbac/v1/generated.proto',
  'k8s.io/api/scheduling/v1/generated.proto',
  'k8s.io/api/storage/v1/generated.proto',
];

const KEEP_ZERO = new Set(['replicas', 'value', 'port', 'containerPort', 'weight', 'exitCode', 'priority']);

/** `*bool` fields whose explicit false means something (kubectl debug's restricted profile, `--share-processes=false`). */
const KEEP_FALSE = new Set(['allowPrivilegeEscalation', 'privileged', 'runAsNonRoot', 'readOnlyRootFilesystem', 'shareProcessNamespace']);

/**
 * Embedded Go structs (`json:",inline"`): a field of their own on the wire, their fields spread
 * into the parent in JSON (`kubectl create ingress` sends IngressRule.IngressRuleValue).
 */
const INLINE = new Set([
  // The ServiceAccount's projected kube-root-ca.crt source (a Pod spec kubectl debug --copy-to copies), envFrom, valueFrom.
  'k8s.io.api.core.v1.ConfigMapEnvSource.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapKeySelector.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapProjection.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapVolumeSource.localObjectReference',
  'k8s.io.api.core.v1.SecretEnvSource.localObjectReference',
  'k8s.io.api.core.v1.SecretKeySelector.localObjectReference',
  'k8s.io.api.core.v1.SecretProjection.localObjectReference',
  'k8s.io.api.core.v1.EphemeralContainer.ephemeralContainerCommon',
  'k8s.io.api.core.v1.PersistentVolumeSpec.persistentVolumeSource',
  'k8s.io.api.core.v1.Probe.handler',
  'k8s.io.api.core.v1.Volume.volumeSource',
  'k8s.io.api.networking.v1.IngressRule.ingressRuleValue',
]);

let root: protobuf.Root | undefined;

/** Kubernetes' message definitions, loaded once. */
export function loadRoot(): protobuf.Root {
  if (root) return root;
  const r = new protobuf.Root();
  r.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  r.loadSync(FILES, { keepCase: true });
  root = r;
  return r;
}

export type Decoded = { ok: true; object: KObject } | { ok: false; message: string };

/**
 * The protobuf package of an apiVersion: `apps/v1` → `k8s.io.api.apps.v1`. A built-in group's
 * package is named by the group's first label (`rbac.authorization.k8s.io` → `rbac`,
 * `flowcontrol.apiserver.k8s.io` → `flowcontrol`), as k8s.io/api's directories are.
 */
export function packageOf(apiVersion: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === 'meta.k8s.io') return `k8s.io.apimachinery.pkg.apis.meta.${version}`;
  const short = group === '' ? 'core' : group!.split('.')[0]!;
  return `k8s.io.api.${short}.${version}`;
}

export function decodeProtobuf(body: Uint8Array): Decoded {
  if (body.length < 4 || MAGIC.some((b, i) => body[i] !== b)) return { ok: false, message: 'provided object is not a Kubernetes protobuf message (missing the k8s\\0 prefix)' };
  const r = loadRoot();
  const unknown = r.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown').decode(body.subarray(4)) as unknown as {
    typeMeta?: { apiVersion?: string; kind?: string };
    raw?: Uint8Array;
  };
  const apiVersion = unknown.typeMeta?.apiVersion ?? '';
  const kind = unknown.typeMeta?.kind ?? '';
  // The options kinds (DeleteOptions, …) are registered in every group version but defined once, in meta/v1.
  const type = lookup(r, `${packageOf(apiVersion)}.${kind}`) ?? lookup(r, `k8s.io.apimachinery.pkg.apis.meta.v1.${kind}`);
  if (!type) return { ok: false, message: `no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/runtime/scheme.go:100"` };
  const msg = type.decode(unknown.raw ?? new Uint8Array());
  const shaped = toJson(type, msg) as Record<string, unknown>;
  return { ok: true, object: { apiVersion, kind, ...shaped } as KObject };
}

function lookup(r: protobuf.Root, name: string): protobuf.Type | undefined {
  try {
    return r.lookupType(name);
  } catch {
    return undefined;
  }
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(String(v));
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

function rfc3339(seconds: number, nanos: number, micro: boolean): string {
  const iso = new Date(seconds * 1000).toISOString();
  return micro ? `${iso.slice(0, 19)}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z` : `${iso.slice(0, 19)}Z`;
}

/** The JSON form of one message, or undefined when Go would write `null` (a zero Time). */
function toJson(type: protobuf.Type, msg: protobuf.Message): unknown {
  const m = msg as unknown as Record<string, unknown>;
  switch (type.fullName) {
    case '.k8s.io.apimachinery.pkg.api.resource.Quantity':
      return m['string'] ?? '0';
    case '.k8s.io.apimachinery.pkg.util.intstr.IntOrString':
      return num(m['type'] ?? 0) === 1 ? (m['strVal'] ?? '') : num(m['intVal'] ?? 0);
    case '.k8s.io.apimachinery.pkg.apis.meta.v1.Time':
    case '.k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': {
      const seconds = num(m['seconds'] ?? 0);
      const nanos = num(m['nanos'] ?? 0);
      return seconds === 0 && nanos === 0 ? undefined : rfc3339(seconds, nanos, type.name === 'MicroTime');
    }
    case '.k8s.io.apimachinery.pkg.runtime.RawExtension':
    case '.k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1': {
      const raw = (m['raw'] ?? m['Raw']) as Uint8Array | undefined;
      return raw && raw.length ? JSON.parse(Buffer.from(raw).toString('utf8')) : undefined;
    }
  }
  const out: Record<string, unknown> = {};
  for (const field of type.fieldsArray) {
    if (!Object.prototype.hasOwnProperty.call(m, field.name)) continue;
    const value = fieldJson(field, m[field.name]);
    if (value === undefined) continue;
    if (INLINE.has(`${type.fullName.slice(1)}.${field.name}`) && typeof value === 'object' && value !== null) Object.assign(out, value);
    else out[field.name] = value;
  }
  return out;
}

function fieldJson(field: protobuf.Field, value: unknown): unknown {
  if (field.map) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return undefined;
    return Object.fromEntries(entries.map(([k, v]) => [k, scalarOrMessage(field, v, true)]));
  }
  if (field.repeated) {
    const items = value as unknown[];
    if (!items.length) return undefined;
    return items.map((v) => scalarOrMessage(field, v, true));
  }
  return scalarOrMessage(field, value, false);
}

/** One value; `inCollection` keeps zero values, which a list or map holds as they are. */
function scalarOrMessage(field: protobuf.Field, value: unknown, inCollection: boolean): unknown {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof protobuf.Type) return toJson(resolved, value as protobuf.Message) ?? (inCollection ? null : undefined);
  switch (field.type) {
    case 'bytes': {
      const b = value as Uint8Array;
      return b.length || inCollection ? base64(b) : undefined;
    }
    case 'string':
      return value !== '' || inCollection ? value : undefined;
    case 'bool':
      return value === true || inCollection || KEEP_FALSE.has(field.name) ? value : undefined;
    default: {
      const n = num(value);
      return n !== 0 || inCollection || KEEP_ZERO.has(field.name) ? n : undefined;
    }
  }
}
