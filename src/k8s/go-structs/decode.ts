/**
 * The request decoder's view of a body (sigs.k8s.io/json decoding into the v1 Go structs):
 * the first type error it would hit, in document order, with encoding/json's exact text, and
 * every field the structs do not declare, with strict decoding's paths (`spec.replica`,
 * `spec.template.spec.containers[0].imagee`). A type error fails the request by itself; unknown
 * fields fail it only under fieldValidation=Strict and are dropped otherwise.
 *
 * JSON null decodes as encoding/json decodes it, and the body is rewritten to match, so nothing
 * after this stage ever meets a null where the Go type has none:
 *   - a struct field that is null keeps its zero value (a pointer, slice or map stays nil), which
 *     the simulation stores as the field being absent: everything downstream reads absent as
 *     zero, as Go defaulting and validation read the zero value;
 *   - a null list element or map value is the element type's zero value (`""`, `0`, `false`, an
 *     empty struct; Quantity.UnmarshalJSON("null") is the zero Quantity `"0"`), so
 *     `containers: [null]` is one Container with no name and no image, and validation says so.
 * The round trip through the Go struct also drops what a value field cannot tell from absent,
 * rewrites every Quantity as its MarshalJSON writes it (`0.5` → `500m`, `1.5Gi` → `1536Mi`),
 * and writes what it cannot leave out (the grammar's markers, core.ts):
 *   - a value-type scalar with omitempty that holds its zero (`readOnly: false`, `hostPort: 0`,
 *     `workingDir: ""`) is removed; a pointer's explicit zero (`automountServiceAccountToken:
 *     false`, `replicas: 0`) stays;
 *   - a metav1.Time held by value without omitzero that is absent or null is `null`.
 * A value scalar without omitempty that is absent is left absent, though upstream prints its zero
 * (`containerPort: 0`); validation requires nearly all of them, and the writers that leave one
 * empty write the zero themselves (an Event's `reportingInstance: ""`).
 * Only the request decoder does this: `status` is `any` here and status writes are not decoded,
 * so the components writing status write what upstream's encoder would print (zero-times.ts fills
 * a Pod condition's `lastProbeTime`, which the kubelet's status patch sends as null).
 * Field names are user input: they are looked up in Maps, never as properties of the schema
 * tables, so `constructor` or `__proto__` is an unknown field like any other.
 */
import type { KObject } from '../types';
import type { ResourceInfo } from '../resources';
import { CORE_STRUCTS, fieldType, type StructSchema } from './core';
import { KIND_STRUCTS } from './kinds';
import { isConverted } from '../served-versions';
import { quantityError } from '../quantity';
import { base64Error } from '../base64';
import { roundTripQuantity } from '../resource-list';

interface Struct {
  /** The Go type name as encoding/json prints it: `v1.Container`. */
  go: string;
  /** Without its package (`DeploymentSpec`), as type errors name the struct holding the field. */
  bare: string;
  /** Each field's type with the pointer and omitempty markers taken off (`*int32` is `int32`). */
  fields: ReadonlyMap<string, string>;
  /** Value-type scalars with omitempty (`bool?`): their zero is dropped. */
  omitsZero?: ReadonlySet<string>;
  /** metav1.Time / MicroTime fields held by value without omitzero (`time`): a zero one is `null`. */
  valueTimes?: readonly string[];
}

function compile(tables: Record<string, StructSchema>[]): ReadonlyMap<string, Struct> {
  const out = new Map<string, Struct>();
  for (const table of tables) {
    for (const [name, st] of Object.entries(table)) {
      const fields = new Map<string, string>();
      const omitsZero = new Set<string>();
      const valueTimes: string[] = [];
      for (const [key, spec] of Object.entries(st.fields)) {
        const f = fieldType(spec);
        fields.set(key, f.type);
        const time = f.type === 'time' || f.type === 'mtime';
        if (f.omitsZero && !time) omitsZero.add(key);
        if (time && !f.pointer && !f.omitsZero) valueTimes.push(key);
      }
      const struct: Struct = { go: st.go, bare: st.go.slice(st.go.indexOf('.') + 1), fields };
      if (omitsZero.size) struct.omitsZero = omitsZero;
      if (valueTimes.length) struct.valueTimes = valueTimes;
      out.set(name, struct);
    }
  }
  return out;
}

/**
 * Slice fields whose json tag lacks omitempty: a nil one is printed as `null`, and an empty one
 * is nil once stored (protobuf keeps no difference), so it reads back as `null` too. Every other
 * slice and map field of these structs is `omitempty`.
 */
const PRINTS_NULL: ReadonlySet<string> = new Set([
  'v1.EndpointSlice.endpoints',
  'v1.EndpointSlice.ports',
  'v1.Endpoint.addresses',
  'v1.Role.rules',
  'v1.ClusterRole.rules',
  'v1.PolicyRule.verbs',
  'v1.NodeSelector.nodeSelectorTerms',
  'v1.LimitRangeSpec.limits',
  'v1.PodSpec.containers',
  'v1.HTTPIngressRuleValue.paths',
]);

const STRUCTS = compile([CORE_STRUCTS, KIND_STRUCTS]);

/**
 * Whether a decoded scalar is its type's zero (`false`, `""`, `0`), which encoding/json's
 * omitempty leaves out: decoded into a value field it is indistinguishable from absent, so it is
 * absent from every answer. A value of the wrong type has already failed the decode.
 */
function isZeroScalar(v: unknown): boolean {
  return v === false || v === '' || v === 0;
}

/**
 * Whether a decoded field value is an empty slice or map: kube-apiserver stores built-in objects
 * as protobuf, which has no empty-but-present list or map, so what it reads back (and answers
 * with) is nil — omitted under omitempty, `null` otherwise. `args: []` or `labels: {}` in a
 * manifest is gone from `kubectl get -o yaml`.
 */
function isEmptyCollection(spec: string, v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0 && spec.startsWith('[]');
  if (typeof v !== 'object' || v === null || !(spec.startsWith('map:') || spec === 'rl')) return false;
  for (const k in v) if (Object.hasOwn(v, k)) return false;
  return true;
}

export interface DecodeOutcome {
  /** The decode error text (`json: cannot unmarshal ...`, `quantities must match ...`). */
  typeError?: string;
  unknown: string[];
}

/** How a context's segment joins its parent's paths. */
const enum Seg {
  Root,
  /** A struct field: in both paths (`spec.replicas`). */
  Field,
  /** A list index: only in the strict path (`containers[0]`). */
  Index,
  /** A map key: only in the strict path (`labels.app`). */
  MapKey,
}

/**
 * Where the decoder is. The paths are rendered from the chain of parents only when an error or an
 * unknown field needs them: built eagerly, two strings per decoded value were most of what
 * decoding a body allocated, and a body almost always decodes clean.
 */
interface Ctx {
  parent: Ctx | undefined;
  seg: Seg;
  key: string | number;
  /** Go struct that holds the field being decoded, for type errors: `DeploymentSpec`. */
  struct: string;
  out: DecodeOutcome;
  prune: boolean;
  /** Re-encoded as JSON (kubectl's codec) rather than stored as protobuf: an empty list stays `[]`. */
  json: boolean;
}

/** JSON field names from the root without indices: `spec.template.spec.containers.ports`. */
function goPathOf(ctx: Ctx): string {
  let path = '';
  for (let c: Ctx | undefined = ctx; c; c = c.parent) if (c.seg === Seg.Field) path = path ? `${String(c.key)}.${path}` : String(c.key);
  return path;
}

/** The strict-decoding path with indices: `spec.template.spec.containers[0].ports`. */
function pathOf(ctx: Ctx): string {
  if (ctx.seg === Seg.Root || !ctx.parent) return '';
  const parent = pathOf(ctx.parent);
  switch (ctx.seg) {
    case Seg.Field:
      return parent ? `${parent}.${String(ctx.key)}` : String(ctx.key);
    case Seg.Index:
      return `${parent}[${String(ctx.key)}]`;
    case Seg.MapKey:
      return `${parent}.${String(ctx.key)}`;
  }
}

/** A child context; fixed-shape literals, cheaper and monomorphic. */
function child(ctx: Ctx, seg: Seg, key: string | number, struct: string): Ctx {
  return { parent: ctx, seg, key, struct, out: ctx.out, prune: ctx.prune, json: ctx.json };
}

function jsonKind(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

function goTypeOf(spec: string): string {
  if (spec.startsWith('[]')) return `[]${goTypeOf(spec.slice(2))}`;
  if (spec.startsWith('map:')) return `map[string]${goTypeOf(spec.slice(4))}`;
  if (spec.startsWith('string:')) return spec.slice(7);
  switch (spec) {
    case 'time':
    case 'mtime':
      return 'string';
    case 'bytes':
      return '[]uint8';
    case 'rl':
      return 'v1.ResourceList';
    case 'ios':
      return 'int32';
    case 'qty':
      return 'resource.Quantity';
    case 'string':
    case 'int32':
    case 'int64':
    case 'bool':
    case 'float64':
      return spec;
    default:
      return STRUCTS.get(spec)?.go ?? spec;
  }
}

function fail(ctx: Ctx, message: string): void {
  ctx.out.typeError ??= message;
}

function typeError(ctx: Ctx, value: string, goType: string): void {
  fail(ctx, `json: cannot unmarshal ${value} into Go struct field ${ctx.struct}.${goPathOf(ctx)} of type ${goType}`);
}

const INT_RANGE: Record<string, [number, number]> = { int32: [-2147483648, 2147483647], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] };

function decodeInt(v: unknown, kind: 'int32' | 'int64', ctx: Ctx): void {
  if (typeof v !== 'number') return typeError(ctx, jsonKind(v), goTypeOf(kind));
  const [lo, hi] = INT_RANGE[kind]!;
  if (!Number.isInteger(v) || v < lo || v > hi) typeError(ctx, `number ${String(v)}`, kind);
}

/**
 * The zero value of a list element or map value of type `spec`, which is what encoding/json
 * leaves for a JSON null there. `any` is interface{}: null stays null.
 */
function zeroOf(spec: string): unknown {
  if (spec === 'any') return null;
  if (spec.startsWith('[]')) return [];
  if (spec.startsWith('map:') || spec === 'rl') return {};
  if (spec === 'string' || spec.startsWith('string:') || spec === 'time' || spec === 'mtime' || spec === 'bytes') return '';
  switch (spec) {
    case 'int32':
    case 'int64':
    case 'float64':
    case 'ios':
      return 0;
    case 'bool':
      return false;
    case 'qty':
      return '0';
  }
  return {};
}

/** Decodes one non-null value in place (its nested nulls included). */
function decodeValue(spec: string, v: unknown, ctx: Ctx): void {
  if (v === null || v === undefined || spec === 'any') return;
  if (spec.startsWith('[]')) {
    if (!Array.isArray(v)) return typeError(ctx, jsonKind(v), goTypeOf(spec));
    const elem = spec.slice(2);
    // Array.prototype.forEach semantics: holes are skipped.
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) continue;
      if (v[i] === null) v[i] = zeroOf(elem);
      decodeValue(elem, v[i], child(ctx, Seg.Index, i, ctx.struct));
    }
    return;
  }
  if (spec.startsWith('map:')) {
    if (typeof v !== 'object' || Array.isArray(v)) return typeError(ctx, jsonKind(v), goTypeOf(spec));
    const elem = spec.slice(4);
    const m = v as Record<string, unknown>;
    for (const k of Object.keys(m)) {
      if (m[k] === null) m[k] = zeroOf(elem);
      decodeValue(elem, m[k], child(ctx, Seg.MapKey, k, ctx.struct));
    }
    return;
  }
  if (spec === 'string' || spec.startsWith('string:') || spec === 'time' || spec === 'mtime') {
    if (typeof v !== 'string') typeError(ctx, jsonKind(v), goTypeOf(spec));
    return;
  }
  switch (spec) {
    case 'int32':
    case 'int64':
      return decodeInt(v, spec, ctx);
    case 'float64':
      if (typeof v !== 'number') typeError(ctx, jsonKind(v), 'float64');
      return;
    case 'bool':
      if (typeof v !== 'boolean') typeError(ctx, jsonKind(v), 'bool');
      return;
    case 'ios':
      // IntOrString.UnmarshalJSON: a JSON string is a name, anything else must be an int32.
      if (typeof v !== 'string') decodeInt(v, 'int32', ctx);
      return;
    case 'qty': {
      // Quantity.UnmarshalJSON parses whatever it is given; its error carries no field context.
      const err = typeof v === 'number' ? undefined : typeof v === 'string' ? quantityError(v) : quantityError(JSON.stringify(v));
      if (err) fail(ctx, err);
      return;
    }
    case 'rl': {
      if (typeof v !== 'object' || Array.isArray(v)) return typeError(ctx, jsonKind(v), 'v1.ResourceList');
      const m = v as Record<string, unknown>;
      for (const k of Object.keys(m)) {
        if (m[k] === null) m[k] = zeroOf('qty');
        decodeValue('qty', m[k], ctx);
        if (!ctx.out.typeError) m[k] = roundTripQuantity(m[k] as string | number);
      }
      return;
    }
    case 'bytes': {
      if (typeof v !== 'string') return typeError(ctx, jsonKind(v), '[]uint8');
      const err = base64Error(v);
      if (err) fail(ctx, err);
      return;
    }
  }
  const struct = STRUCTS.get(spec);
  if (!struct) return;
  if (typeof v !== 'object' || Array.isArray(v)) return typeError(ctx, jsonKind(v), struct.go);
  decodeStruct(struct, v as Record<string, unknown>, ctx);
}

function decodeStruct(struct: Struct, obj: Record<string, unknown>, ctx: Ctx): void {
  for (const key of Object.keys(obj)) {
    const spec = struct.fields.get(key);
    if (spec === undefined) {
      ctx.out.unknown.push(pathOf(child(ctx, Seg.Field, key, struct.bare)));
      if (ctx.prune) delete obj[key];
      continue;
    }
    const v = obj[key];
    // A null field is left at its zero value, which the stored object spells as absent —
    // except where the Go field has no omitempty and the server prints the nil as `null`.
    if (v === null) {
      if (spec !== 'any' && !PRINTS_NULL.has(`${struct.go}.${key}`) && !struct.valueTimes?.includes(key)) delete obj[key];
      continue;
    }
    decodeValue(spec, v, child(ctx, Seg.Field, key, struct.bare));
    if (spec === 'qty' && !ctx.out.typeError) obj[key] = roundTripQuantity(v as string | number);
    else if (struct.omitsZero?.has(key) && isZeroScalar(v)) delete obj[key];
    else if (isEmptyCollection(spec, v)) {
      if (!PRINTS_NULL.has(`${struct.go}.${key}`)) delete obj[key];
      else if (!ctx.json) obj[key] = null;
    }
  }
  if (struct.valueTimes) for (const key of struct.valueTimes) if (!Object.hasOwn(obj, key)) obj[key] = null;
}

/**
 * Decodes `obj` against its kind's schema, rewriting its nulls as Go would decode them. With
 * `prune`, unknown fields are deleted in place (fieldValidation Warn/Ignore: the server drops
 * what it does not know). With `json`, the object is what a client's JSON round trip gives
 * (kubectl's codec) instead of what storage reads back: an empty list without omitempty stays.
 */
export function decode(info: ResourceInfo, obj: KObject, prune = false, json = false): DecodeOutcome {
  const out: DecodeOutcome = { unknown: [] };
  // A version served by conversion has its own root (`HorizontalPodAutoscaler@v1`).
  const root = STRUCTS.get(isConverted(info) ? `${info.kind}@${info.version}` : info.kind);
  if (!root) return out;
  decodeStruct(root, obj as Record<string, unknown>, { parent: undefined, seg: Seg.Root, key: '', struct: info.kind, out, prune, json });
  return out;
}
