/** The known-field schema used by strict decoding. */
import type { KObject } from '../../api/types';
import type { ResourceInfo } from '../../api/resources';

export function unknownFields(_info: ResourceInfo, _obj: KObject): string[] {
  return [];
}
