/**
 * A custom object against its CRD's structural schema: decoding (defaults applied, unknown fields
 * found and pruned unless the request is Strict, as apiextensions' pruning and strict decoding
 * do) and validation with kube-openapi's messages as the apiserver renders them
 * (`spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`).
 * apiVersion, kind and metadata belong to the API machinery, not to the schema.
 */
import type { JSONSchemaProps } from '../../k8s/apiextensions';
import type { KObject } from '../../k8s/types';
import type { FieldError } from '../apiserver/status';
import { invalid, notSupported, path, required, tooLong, type Path } from '../apiserver/validation/field';

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON type name kube-openapi reports for a value. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  return typeof v;
}

function typeMatches(type: JSONSchemaProps['type'], v: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
  }
}

function childSchema(s: JSONSchemaProps, key: string): JSONSchemaProps | undefined {
  if (s.properties && Object.hasOwn(s.properties, key)) return s.properties[key];
  if (typeof s.additionalProperties === 'object') return s.additionalProperties;
  return undefined;
}

function keeps(s: JSONSchemaProps): boolean {
  return s['x-kubernetes-preserve-unknown-fields'] === true || s.additionalProperties === true;
}

/**
 * Applies schema defaults and collects (and, with `prune`, deletes) fields the schema does not
 * declare, with strict decoding's paths (`spec.foo`).
 */
export function decodeCustom(schema: JSONSchemaProps | undefined, obj: KObject, prune: boolean): string[] {
  const unknown: string[] = [];
  if (!schema) return unknown;
  const walk = (s: JSONSchemaProps, v: unknown, at: string, root: boolean): void => {
    if (isObject(v)) {
      if (s.properties) {
        for (const [k, ps] of Object.entries(s.properties)) if (!(k in v) && ps.default !== undefined) v[k] = structuredClone(ps.default);
      }
      for (const k of Object.keys(v)) {
        if ((root && META_FIELDS.has(k)) || v[k] === undefined) continue;
        const p = at ? `${at}.${k}` : k;
        const cs = childSchema(s, k);
        if (cs) walk(cs, v[k], p, false);
        else if (!keeps(s)) {
          unknown.push(p);
          if (prune) delete v[k];
        }
      }
    } else if (Array.isArray(v) && s.items) {
      v.forEach((x, i) => walk(s.items!, x, `${at}[${i}]`, false));
    }
  };
  walk(schema, obj, '', true);
  return unknown;
}

function inBody(p: Path): string {
  return `${p.text} in body`;
}

function validateValue(s: JSONSchemaProps, v: unknown, p: Path, errs: FieldError[]): void {
  if (v === null) {
    if (!s.nullable) errs.push(invalid(p, 'null', `${inBody(p)} must be of type ${s.type ?? 'object'}: "null"`));
    return;
  }
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  if (intOrString ? !(typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))) : !typeMatches(s.type, v)) {
    const t = jsonType(v);
    errs.push(invalid(p, t, `${inBody(p)} must be of type ${intOrString ? 'integer,string' : s.type}: "${t}"`));
    return;
  }
  if (s.enum && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
    errs.push(notSupported(p, v, s.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))));
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum)) {
      errs.push(invalid(p, v, `${inBody(p)} should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${s.minimum}`));
    }
    if (s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum)) {
      errs.push(invalid(p, v, `${inBody(p)} should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${s.maximum}`));
    }
  }
  if (typeof v === 'string') {
    if (s.maxLength !== undefined && v.length > s.maxLength) errs.push(tooLong(p, s.maxLength));
    if (s.minLength !== undefined && v.length < s.minLength) errs.push(invalid(p, v, `${inBody(p)} should be at least ${s.minLength} chars long`));
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v)) errs.push(invalid(p, v, `${inBody(p)} should match '${s.pattern}'`));
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) errs.push(invalid(p, v.length, `${inBody(p)} should have at least ${s.minItems} items`));
    if (s.maxItems !== undefined && v.length > s.maxItems) errs.push({ type: 'FieldValueInvalid', field: p.text, detail: `Too many: ${v.length}: must have at most ${s.maxItems} items` });
    if (s.items) v.forEach((x, i) => validateValue(s.items!, x, p.index(i), errs));
  }
  if (isObject(v)) {
    for (const r of s.required ?? []) if (!(r in v)) errs.push(required(p.child(r)));
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      const cs = childSchema(s, k);
      if (cs) validateValue(cs, x, p.child(k), errs);
    }
  }
}

/** The schema's rules over everything but apiVersion, kind and metadata. */
export function validateCustom(schema: JSONSchemaProps | undefined, obj: KObject): FieldError[] {
  if (!schema) return [];
  const errs: FieldError[] = [];
  const body = obj as Record<string, unknown>;
  for (const r of schema.required ?? []) if (!(r in body) && !META_FIELDS.has(r)) errs.push(required(path(r)));
  for (const [k, v] of Object.entries(body)) {
    if (META_FIELDS.has(k) || v === undefined) continue;
    const cs = childSchema(schema, k);
    if (cs) validateValue(cs, v, path(k), errs);
  }
  return errs;
}
