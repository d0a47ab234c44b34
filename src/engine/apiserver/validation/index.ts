/**
 * Validation with Kubernetes' field paths and messages (pkg/apis/<group>/validation). The rules that
 * learners hit first: names, required fields, the Deployment selector/template match, immutable
 * selectors, quantities and probe shapes.
 */
import type { KObject } from '../../api/types';
import type { ResourceInfo } from '../../api/resources';
import type { World } from '../../world';
import type { FieldError } from '../status';
import { validateByKind } from './rules';
import { unknownFields } from './schema';

export function validateObject(w: World, info: ResourceInfo, obj: KObject, old: KObject | undefined): FieldError[] {
  return validateByKind(w, info, obj, old);
}

/** Paths of fields the schema does not know, as strict decoding reports them (`spec.replica`). */
export function strictDecode(info: ResourceInfo, obj: KObject): string[] {
  return unknownFields(info, obj);
}
