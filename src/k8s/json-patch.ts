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

class ApplyError extends Error {}

function unescapeToken(t: string): string {
  return t.replace(/~1/g, '/').replace(/~0/g, '~');
}

function tokens(path: Json): string[] {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/'))) throw new ApplyError();
  return path === '' ? [] : path.slice(1).split('/').map(unescapeToken);
}

function arrayIndex(arr: Json[], t: string, forAdd: boolean): number {
  if (forAdd && t === '-') return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(t)) throw new ApplyError();
  const i = Number(t);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new ApplyError();
  return i;
}

/** The container the last token lives in, and that token. */
function parentOf(doc: Json, path: string[]): { parent: Json; key: string } {
  let cur = doc;
  for (const t of path.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isObject(cur) && Object.hasOwn(cur, t)) cur = cur[t];
    else throw new ApplyError();
  }
  return { parent: cur, key: path[path.length - 1]! };
}

function getAt(doc: Json, path: string[]): Json {
  if (path.length === 0) return doc;
  const { parent, key } = parentOf(doc, path);
  if (Array.isArray(parent)) return parent[arrayIndex(parent, key, false)];
  if (isObject(parent) && Object.hasOwn(parent, key)) return parent[key];
  throw new ApplyError();
}

function removeAt(doc: Json, path: string[]): Json {
  if (path.length === 0) throw new ApplyError();
  const { parent, key } = parentOf(doc, path);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, false), 1)[0];
  if (isObject(parent) && Object.hasOwn(parent, key)) {
    const v = parent[key];
    delete parent[key];
    return v;
  }
  throw new ApplyError();
}

function addAt(doc: Json, path: string[], value: Json): Json {
  if (path.length === 0) return value;
  const { parent, key } = parentOf(doc, path);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else if (isObject(parent)) setOwn(parent, key, value);
  else throw new ApplyError();
  return doc;
}

function replaceAt(doc: Json, path: string[], value: Json): Json {
  if (path.length === 0) return value;
  getAt(doc, path);
  const { parent, key } = parentOf(doc, path);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else setOwn(parent as Record<string, Json>, key, value);
  return doc;
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

/** RFC 6902 JSON patch: add, remove, replace, move, copy, test, applied in order, all or nothing. */
export function jsonPatch(target: Json, ops: Json): PatchResult {
  if (!Array.isArray(ops)) return { ok: false, code: 400, message: NOT_AN_ARRAY(ops) };
  let doc = cloneData(target);
  try {
    for (const op of ops) {
      if (!isObject(op)) throw new ApplyError();
      const path = tokens(op['path']);
      const value = (): Json => {
        if (!Object.hasOwn(op, 'value')) throw new ApplyError();
        return cloneData(op['value']);
      };
      switch (op['op']) {
        case 'add':
          doc = addAt(doc, path, value());
          break;
        case 'remove':
          removeAt(doc, path);
          break;
        case 'replace':
          doc = replaceAt(doc, path, value());
          break;
        case 'move': {
          const from = tokens(op['from']);
          doc = addAt(doc, path, removeAt(doc, from));
          break;
        }
        case 'copy':
          doc = addAt(doc, path, cloneData(getAt(doc, tokens(op['from']))));
          break;
        case 'test':
          if (!sameJson(getAt(doc, path), value())) throw new ApplyError();
          break;
        default:
          throw new ApplyError();
      }
    }
  } catch (e) {
    if (e instanceof ApplyError) return { ok: false, code: 422, message: UNPROCESSABLE };
    throw e;
  }
  return { ok: true, value: doc };
}

