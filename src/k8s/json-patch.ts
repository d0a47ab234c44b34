/**
 * RFC 7386 JSON merge patch and RFC 6902 JSON patch over plain JSON data, as kube-apiserver
 * applies them (and kubectl for a client-side dry run). Failures carry the apiserver's status.
 */
import { own, setOwn } from './own';

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A deep copy of JSON-shaped data. */
function cloneData<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => cloneData(x)) as T;
  if (isObject(v)) {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) setOwn(out, k, cloneData(x));
    return out as T;
  }
  return v;
}

/** RFC 7386 JSON merge patch: lists are replaced whole, whatever their merge keys. */
export function jsonMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return cloneData(patch);
  const out: Record<string, Json> = isObject(target) ? { ...(cloneData(target) as Record<string, Json>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, jsonMergePatch(own(out, k), v));
  }
  return out;
}

export type PatchResult = { ok: true; value: Json } | { ok: false; code: 400 | 422 | 500; message: string };

/** encoding/json's name for the JSON type of a value, in `cannot unmarshal <type> into ...`. */
export function jsonTypeName(v: Json): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : 'bool';
}

/** The apiserver's strict decoding of a JSON patch into `[]jsonPatchOp`, when it is no list. */
const NOT_AN_ARRAY = (v: Json): string => `error decoding patch: json: cannot unmarshal ${jsonTypeName(v)} into Go value of type []handlers.jsonPatchOp`;

/**
 * The apiserver answers any failure to apply a decoded JSON patch with
 * NewGenericServerResponse(422), whose message hides evanphx/json-patch's own words.
 */
const UNPROCESSABLE = 'the server rejected our request due to an error in our request';

/** An evanphx/json-patch v4 error, already in its words (pkg/errors' `context: cause`). */
class PatchFailure extends Error {}

const MISSING = 'missing value';
const INVALID_INDEX = 'invalid index referenced';

type Container = Json[] | Record<string, Json>;

/** strconv.Atoi, or its error text. */
function atoi(key: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(key)) return `strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`;
  const n = Number(key);
  return Number.isSafeInteger(n) && Math.abs(n) <= 2 ** 63 ? n : `strconv.Atoi: parsing ${JSON.stringify(key)}: value out of range`;
}

function decodeKey(k: string): string {
  return k.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** partialArray.get / partialDoc.get: a missing object key is nil (no error), a bad index is an error. */
function getIn(con: Container, key: string): Json | undefined {
  if (!Array.isArray(con)) return Object.hasOwn(con, key) ? con[key] : undefined;
  const idx = atoi(key);
  if (typeof idx === 'string') throw new PatchFailure(idx);
  if (idx >= con.length || idx < 0) throw new PatchFailure(`Unable to access invalid index: ${idx}: ${INVALID_INDEX}`);
  return con[idx];
}

/** findObject: the container the path's last token lives in, and that token; undefined where the walk breaks. */
function findObject(doc: Json, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let cur = doc;
  for (const part of split.slice(1, -1)) {
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    let next: Json | undefined;
    try {
      next = getIn(cur, decodeKey(part));
    } catch (e) {
      if (e instanceof PatchFailure) return undefined;
      throw e;
    }
    if (next === null || next === undefined) return undefined;
    cur = next;
  }
  if (!isObject(cur) && !Array.isArray(cur)) return undefined;
  return { con: cur, key: decodeKey(split[split.length - 1]!) };
}

function addIn(con: Container, key: string, value: Json): void {
  if (!Array.isArray(con)) {
    setOwn(con, key, value);
    return;
  }
  if (key === '-') {
    con.push(value);
    return;
  }
  const parsed = atoi(key);
  if (typeof parsed === 'string') throw new PatchFailure(`value was not a proper array index: '${key}': ${parsed}`);
  const size = con.length + 1;
  if (parsed >= size || parsed < -size) throw new PatchFailure(`Unable to access invalid index: ${parsed}: ${INVALID_INDEX}`);
  con.splice(parsed < 0 ? parsed + size : parsed, 0, value);
}

function removeIn(con: Container, key: string): void {
  if (!Array.isArray(con)) {
    if (!Object.hasOwn(con, key)) throw new PatchFailure(`Unable to remove nonexistent key: ${key}: ${MISSING}`);
    delete con[key];
    return;
  }
  const parsed = atoi(key);
  if (typeof parsed === 'string') throw new PatchFailure(parsed);
  if (parsed >= con.length || parsed < -con.length) throw new PatchFailure(`Unable to access invalid index: ${parsed}: ${INVALID_INDEX}`);
  con.splice(parsed < 0 ? parsed + con.length : parsed, 1);
}

/** Wraps a failure from `fn` in `context: `, as errors.Wrapf does. */
function wrapped<T>(context: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PatchFailure) throw new PatchFailure(`${context}: ${e.message}`);
    throw e;
  }
}

/** Operation.Path / From: the string, or the error it decodes to. */
function field(op: Record<string, Json>, name: 'path' | 'from'): string {
  const v = op[name];
  if (v === undefined || v === null) throw new PatchFailure(name === 'path' ? `operation missing path field: ${MISSING}` : `operation, missing from field: ${MISSING}`);
  if (typeof v !== 'string') throw new PatchFailure(`json: cannot unmarshal ${jsonTypeName(v)} into Go value of type string`);
  return v;
}

/** What a failed decode of path/from reads as: add, remove and copy's path say only `missing value`. */
function decoded(op: Record<string, Json>, name: 'path' | 'from', context: string, plain = false): string {
  try {
    return field(op, name);
  } catch (e) {
    if (e instanceof PatchFailure) throw new PatchFailure(plain ? `${context}: ${MISSING}` : `${context}: ${e.message}`);
    throw e;
  }
}

/** Operation.value(): an absent or null value is nil. */
function valueOf(op: Record<string, Json>): Json {
  return op['value'] === undefined ? null : cloneData(op['value']);
}

function applyOp(doc: Json, op: Record<string, Json>): Json {
  const kind = typeof op['op'] === 'string' ? op['op'] : 'unknown';
  switch (kind) {
    case 'add': {
      const path = decoded(op, 'path', 'add operation failed to decode path', true);
      const at = findObject(doc, path);
      if (!at) throw new PatchFailure(`add operation does not apply: doc is missing path: "${path}": ${MISSING}`);
      wrapped(`error in add for path: '${path}'`, () => addIn(at.con, at.key, valueOf(op)));
      return doc;
    }
    case 'remove': {
      const path = decoded(op, 'path', 'remove operation failed to decode path', true);
      const at = findObject(doc, path);
      if (!at) throw new PatchFailure(`remove operation does not apply: doc is missing path: "${path}": ${MISSING}`);
      wrapped(`error in remove for path: '${path}'`, () => removeIn(at.con, at.key));
      return doc;
    }
    case 'replace': {
      const path = decoded(op, 'path', 'replace operation failed to decode path');
      const at = findObject(doc, path);
      if (!at) throw new PatchFailure(`replace operation does not apply: doc is missing path: ${path}: ${MISSING}`);
      // v4 replaces a missing object key as if adding it; only a bad index is missing.
      wrapped(`replace operation does not apply: doc is missing key: ${path}`, () => {
        try {
          getIn(at.con, at.key);
        } catch (e) {
          if (e instanceof PatchFailure) throw new PatchFailure(MISSING);
          throw e;
        }
      });
      if (Array.isArray(at.con)) at.con[Number(atoi(at.key))] = valueOf(op);
      else setOwn(at.con, at.key, valueOf(op));
      return doc;
    }
    case 'move': {
      const from = decoded(op, 'from', 'move operation failed to decode from');
      const src = findObject(doc, from);
      if (!src) throw new PatchFailure(`move operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
      const value = wrapped(`error in move for path: '${src.key}'`, () => getIn(src.con, src.key));
      wrapped(`error in move for path: '${src.key}'`, () => removeIn(src.con, src.key));
      const path = decoded(op, 'path', 'move operation failed to decode path');
      const dst = findObject(doc, path);
      if (!dst) throw new PatchFailure(`move operation does not apply: doc is missing destination path: ${path}: ${MISSING}`);
      wrapped(`error in move for path: '${path}'`, () => addIn(dst.con, dst.key, value ?? null));
      return doc;
    }
    case 'test': {
      const path = decoded(op, 'path', 'test operation failed to decode path');
      const at = findObject(doc, path);
      if (!at) throw new PatchFailure(`test operation does not apply: is missing path: ${path}: ${MISSING}`);
      const value = wrapped(`error in test for path: '${path}'`, () => getIn(at.con, at.key));
      const want = op['value'] ?? null;
      // A missing key and a JSON null are both nil.
      if ((value ?? null) === null ? want !== null : want === null || !sameJson(value, want)) throw new PatchFailure(`testing value ${path} failed: test failed`);
      return doc;
    }
    case 'copy': {
      const from = decoded(op, 'from', 'copy operation failed to decode from');
      const src = findObject(doc, from);
      if (!src) throw new PatchFailure(`copy operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
      const value = wrapped(`error in copy for from: '${from}'`, () => getIn(src.con, src.key));
      const path = decoded(op, 'path', 'copy operation failed to decode path', true);
      const dst = findObject(doc, path);
      if (!dst) throw new PatchFailure(`copy operation does not apply: doc is missing destination path: ${path}: ${MISSING}`);
      wrapped('error while adding value during copy', () => addIn(dst.con, dst.key, cloneData(value ?? null)));
      return doc;
    }
    default:
      throw new PatchFailure(`Unexpected kind: ${kind}`);
  }
}

function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * Patch.Apply of evanphx/json-patch v4 (kubectl's and kube-apiserver's): the operations in order,
 * all or nothing, with that library's leniencies — `replace` of a missing object key adds it,
 * negative array indices count from the end, a missing key and null are the same to `test` —
 * and its error text. `ops` is the decoded patch: each element must be an object.
 */
export function applyJsonPatch(target: Json, ops: readonly Json[]): { ok: true; value: Json } | { ok: false; detail: string } {
  let doc = cloneData(target);
  try {
    for (const op of ops) doc = applyOp(doc, isObject(op) ? op : {});
  } catch (e) {
    if (e instanceof PatchFailure) return { ok: false, detail: e.message };
    throw e;
  }
  return { ok: true, value: doc };
}

/** RFC 6902 JSON patch as kube-apiserver applies one: evanphx's words stay inside the 422. */
export function jsonPatch(target: Json, ops: Json): PatchResult {
  if (!Array.isArray(ops)) return { ok: false, code: 400, message: NOT_AN_ARRAY(ops) };
  const r = applyJsonPatch(target, ops);
  return r.ok ? r : { ok: false, code: 422, message: UNPROCESSABLE };
}
