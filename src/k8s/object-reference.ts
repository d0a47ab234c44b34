/**
 * reference.GetReference: the ObjectReference an Event's involvedObject (and events.k8s.io's
 * `regarding`/`related`) carries. Fields are added in the Go struct's order and only when set,
 * never deleted afterwards (an Event is the most numerous stored object; see client/events.ts).
 */
import type { KObject, ObjectReference } from './types';

export function objectReference(obj: KObject): ObjectReference {
  const ref: ObjectReference = { kind: obj.kind };
  if (obj.metadata.namespace) ref.namespace = obj.metadata.namespace;
  ref.name = obj.metadata.name;
  if (obj.metadata.uid) ref.uid = obj.metadata.uid;
  ref.apiVersion = obj.apiVersion;
  if (obj.metadata.resourceVersion) ref.resourceVersion = obj.metadata.resourceVersion;
  return ref;
}
