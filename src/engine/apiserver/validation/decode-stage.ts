/**
 * The decode step of the request handlers (create/update in rest.go, patch in patch.go): how a
 * type error or unknown fields turn into the response, per the request's fieldValidation.
 * kubectl sends `Strict` (its `--validate=strict` default); client-go components send nothing,
 * which the server treats as `Warn`: unknown fields are dropped and reported as warnings.
 */
import type { KObject } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import { badRequest, type StatusError } from '../status';
import { invalid, path } from './field';
import { decode, type DecodeOutcome } from '../../../k8s/go-structs/decode';
import { customSource } from '../../../k8s/apiextensions';
import { decodeCustom } from '../../apiextensions/schema';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export type DecodeResult = { ok: true; warnings: string[] } | { ok: false; error: StatusError };

/** Go's `%+v` of a decoded JSON map, which is how a rejected strategic-merge patch is shown. */
function goPrint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goPrint).join(' ')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, x]) => `${k}:${goPrint(x)}`).join(' ')}]`;
  }
  return String(v);
}

/** patch.go reports decode failures as an Invalid error on the field `patch`, with no kind or name. */
function patchInvalid(patch: unknown, message: string): StatusError {
  const e = invalid(path('patch'), goPrint(patch), message);
  return {
    code: 422,
    reason: 'Invalid',
    message: ` "" is invalid: ${e.field}: ${e.detail}`,
    details: { name: '', group: '', kind: '', causes: [{ type: e.type, field: e.field, message: e.detail }] },
  };
}

/**
 * Decodes `obj` in place (pruning unknown fields unless Strict). `patch` is the request body of
 * a PATCH, which the error quotes.
 */
export function decodeStage(info: ResourceInfo, obj: KObject, verb: 'create' | 'update' | 'patch', directive: FieldValidation, patch?: unknown): DecodeResult {
  const custom = customSource(info);
  // A custom object is pruned against its CRD's schema (defaults applied); it has no Go struct.
  const out: DecodeOutcome = custom ? { unknown: decodeCustom(custom.schema, obj, directive !== 'Strict') } : decode(info, obj, directive !== 'Strict');
  const prefix = `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: `;
  if (out.typeError) {
    return { ok: false, error: verb === 'patch' ? patchInvalid(patch, out.typeError) : badRequest(prefix + out.typeError) };
  }
  const fields = out.unknown.map((f) => `unknown field "${f}"`);
  if (fields.length === 0 || directive === 'Ignore') return { ok: true, warnings: [] };
  if (directive === 'Warn') return { ok: true, warnings: fields };
  const strict = `strict decoding error: ${fields.join(', ')}`;
  return { ok: false, error: verb === 'patch' ? patchInvalid(patch, strict) : badRequest(prefix + strict) };
}
