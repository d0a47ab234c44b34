/**
 * apimachinery's field.Error constructors and ErrorBody rendering as of v1.34: simple values
 * print bare (`70000`, `true`), strings Go-quoted (`"api"`), everything else as JSON
 * (`{"app":"x"}`, `null`), which is the "nicer value rendering" that replaced `%#v`.
 */
import type { FieldError } from '../status';

/** A field path as Kubernetes prints it: `spec.containers[0].ports[1].name`, `data[key]`. */
export class Path {
  constructor(readonly text: string) {}
  child(...names: string[]): Path {
    let t = this.text;
    for (const n of names) t = t ? `${t}.${n}` : n;
    return new Path(t);
  }
  index(i: number): Path {
    return new Path(`${this.text}[${i}]`);
  }
  key(k: string): Path {
    return new Path(`${this.text}[${k}]`);
  }
}

export function path(...names: string[]): Path {
  return new Path('').child(...names);
}

/** Go's %q for the strings validation messages quote (ASCII control characters escaped). */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** Marks a record as a Go map so JSON rendering sorts its keys, as encoding/json does. */
const SORTED = Symbol('sortedMap');

export function asGoMap<T extends Record<string, unknown>>(m: T): T {
  Object.defineProperty(m, SORTED, { value: true, enumerable: false });
  return m;
}

function goJson(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  if (typeof v === 'object') {
    const rec = v as Record<string | symbol, unknown>;
    let keys = Object.keys(rec).filter((k) => rec[k] !== undefined);
    if (rec[SORTED]) keys = keys.sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${goJson(rec[k])}`).join(',')}}`;
  }
  // encoding/json escapes HTML-significant characters.
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** ErrorBody's value rendering. */
export function renderValue(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return goQuote(v);
  return goJson(v);
}

function withDetail(head: string, detail: string): string {
  return detail ? `${head}: ${detail}` : head;
}

export function required(p: Path, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field: p.text, detail: withDetail('Required value', detail) };
}

export function invalid(p: Path, value: unknown, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: p.text, detail: withDetail(`Invalid value: ${renderValue(value)}`, detail) };
}

export function notSupported(p: Path, value: unknown, valid: readonly string[]): FieldError {
  const detail = valid.length ? `supported values: ${valid.map(goQuote).join(', ')}` : '';
  return { type: 'FieldValueNotSupported', field: p.text, detail: withDetail(`Unsupported value: ${renderValue(value)}`, detail) };
}

export function duplicate(p: Path, value: unknown): FieldError {
  return { type: 'FieldValueDuplicate', field: p.text, detail: `Duplicate value: ${renderValue(value)}` };
}

export function notFound(p: Path, value: unknown): FieldError {
  return { type: 'FieldValueNotFound', field: p.text, detail: `Not found: ${renderValue(value)}` };
}

export function forbidden(p: Path, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field: p.text, detail: withDetail('Forbidden', detail) };
}

export function tooLong(p: Path, maxBytes: number): FieldError {
  return { type: 'FieldValueTooLong', field: p.text, detail: `Too long: may not be more than ${maxBytes} byte${maxBytes === 1 ? '' : 's'}` };
}

/** field.TooMany with a known count and limit. */
export function tooMany(p: Path, actual: number, max: number): FieldError {
  return { type: 'FieldValueTooMany', field: p.text, detail: `Too many: ${actual}: must have at most ${max} item${max === 1 ? '' : 's'}` };
}

/** apimachinery's ValidateNonnegativeField. */
export function nonNegative(value: number | undefined, p: Path): FieldError[] {
  return value !== undefined && value < 0 ? [invalid(p, value, 'must be greater than or equal to 0')] : [];
}

/** ValidateImmutableField: the new value is reported. */
export function immutable(newVal: unknown, oldVal: unknown, p: Path): FieldError[] {
  return semanticEqual(newVal, oldVal) ? [] : [invalid(p, newVal, 'field is immutable')];
}

/**
 * apiequality.Semantic.DeepEqual for decoded JSON: absent and null are the same, and so are an
 * empty map/list and a missing one (Go's nil vs empty for omitempty fields).
 *
 * Hot path (every update compares the whole object twice), so it allocates nothing: no key-union
 * Set and no per-call closure. Same answer as comparing `ra[k]`/`rb[k]` for every key in the union
 * of both objects' own enumerable keys.
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  // A subtree a new version shares with the old one (apiserver/handler.ts's status writes); the
  // walk could only disagree on a NaN inside, which JSON-shaped API objects cannot hold.
  if (a === b && typeof a === 'object') return true;
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    // `i in a` mirrors Array.prototype.every, which skips holes.
    for (let i = 0; i < a.length; i++) if (i in a && !semanticEqual(a[i], b[i])) return false;
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const k of Object.keys(ra)) if (!semanticEqual(ra[k], rb[k])) return false;
    // Keys only `b` has; a key both have was compared above.
    for (const k of Object.keys(rb)) if (!isOwnEnumerable.call(ra, k) && !semanticEqual(ra[k], rb[k])) return false;
    return true;
  }
  return a === b;
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.length === 0;
  for (const k in v) if (isOwnEnumerable.call(v, k)) return false;
  return true;
}

/** ErrorList.ToAggregate drops errors whose rendered text repeats an earlier one. */
export function dedupe(errs: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errs.filter((e) => {
    const k = `${e.field}: ${e.detail}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
