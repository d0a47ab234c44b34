/**
 * Decoding and validation with Kubernetes' field paths and messages: k8s/go-structs/decode.ts is
 * the decoder (type errors, strict unknown fields), rules.ts dispatches to each kind's validation
 * (pkg/apis/<group>/validation), one small module per kind.
 */
import type { KObject } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import type { World } from '../../world';
import type { FieldError } from '../status';
import { validateByKind, type ValidateOptions } from './rules';
import { decode, type DecodeOutcome } from '../../../k8s/go-structs/decode';

export type { DecodeOutcome, ValidateOptions };
export { decode };

export function validateObject(w: World, info: ResourceInfo, obj: KObject, old: KObject | undefined, opts?: ValidateOptions): FieldError[] {
  return validateByKind(w, info, obj, old, opts);
}

/** Paths of fields the schema does not know, as strict decoding reports them (`spec.replica`). */
export function strictDecode(info: ResourceInfo, obj: KObject): string[] {
  return decode(info, structuredClone(obj)).unknown;
}
