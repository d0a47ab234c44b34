/**
 * What a template sees: kubectl json.Unmarshals the object into map[string]interface{} (with
 * apimachinery's decoder, so whole numbers are int64 and the rest float64), and text/template
 * walks it with reflect. The kinds below are the reflect.Values that can arise from that data,
 * from template literals (int, float64, string, bool) and from the builtin functions.
 *
 * `iface` is a value read out of a map or slice of interface{}: Go keeps it boxed until a
 * pipeline ends, and the difference shows in errors (`can't evaluate field foo in type
 * interface {}`) and in how a JSON null behaves (`nil pointer evaluating interface {}.x`).
 */

export type Concrete =
  | { k: 'string'; v: string }
  | { k: 'int'; v: bigint }
  | { k: 'int64'; v: bigint }
  | { k: 'float64'; v: number }
  | { k: 'complex128'; re: number; im: number }
  | { k: 'bool'; v: boolean }
  | { k: 'map'; v: Readonly<Record<string, unknown>> }
  | { k: 'slice'; v: readonly unknown[] };

/** An `any` as fmt receives it: a concrete value or nil. */
export type Any = Concrete | null;

export type Value = { k: 'invalid' } | { k: 'iface'; v: Any } | Concrete;

export const INVALID: Value = { k: 'invalid' };

export function str(v: string): Concrete {
  return { k: 'string', v };
}

export function int(v: number | bigint): Concrete {
  return { k: 'int', v: BigInt(v) };
}

export function bool(v: boolean): Concrete {
  return { k: 'bool', v };
}

/** A decoded JSON value as interface{} holds it. */
export function fromJson(x: unknown): Any {
  if (x === null || x === undefined) return null;
  if (typeof x === 'string') return { k: 'string', v: x };
  if (typeof x === 'boolean') return { k: 'bool', v: x };
  if (typeof x === 'number') return Number.isInteger(x) && Math.abs(x) < 2 ** 63 ? { k: 'int64', v: BigInt(x) } : { k: 'float64', v: x };
  if (typeof x === 'bigint') return { k: 'int64', v: x };
  if (Array.isArray(x)) return { k: 'slice', v: x };
  return { k: 'map', v: x as Record<string, unknown> };
}

/** An element of a map or slice of interface{}. */
export function boxed(x: unknown): Value {
  return { k: 'iface', v: fromJson(x) };
}

/** reflect.Type.String(); an invalid Value has no type (Go panics when asked). */
export function typeName(v: Value): string {
  switch (v.k) {
    case 'invalid':
      return '<invalid reflect.Value>';
    case 'iface':
      return 'interface {}';
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    default:
      return v.k;
  }
}

/** fmt's %T of an `any`. */
export function anyTypeName(a: Any): string {
  return a === null ? '<nil>' : typeName(a);
}

/** indirectInterface: the value inside an interface, or invalid for a nil one. */
export function unbox(v: Value): Value {
  if (v.k !== 'iface') return v;
  return v.v ?? INVALID;
}

/** The `any` a Go function receives for this argument (Value.Interface()). */
export function toAny(v: Value): Any {
  if (v.k === 'invalid') return null;
  if (v.k === 'iface') return v.v;
  return v;
}

export function isIntKind(v: Value): v is Extract<Concrete, { k: 'int' | 'int64' }> {
  return v.k === 'int' || v.k === 'int64';
}

/** isTrue: the truth of if/with/and/or/not; every kind here has one. */
export function truth(v: Value): boolean {
  const u = unbox(v);
  switch (u.k) {
    case 'invalid':
    case 'iface':
      return false;
    case 'string':
      return u.v.length > 0;
    case 'map':
      return Object.keys(u.v).length > 0;
    case 'slice':
      return u.v.length > 0;
    case 'bool':
      return u.v;
    case 'int':
    case 'int64':
      return u.v !== 0n;
    case 'float64':
      return u.v !== 0;
    case 'complex128':
      return u.re !== 0 || u.im !== 0;
  }
}

/** Go sorts map keys for printing and ranging; a JSON object's keys are strings, byte-wise. */
export function sortedKeys(m: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(m).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
