/**
 * Applies a strategic merge patch locally: a client dry run shows the object the server would
 * store. The merge is kube-apiserver's own (src/k8s/strategic-merge.ts); the result is copied so
 * the caller may keep or change it. A malformed directive throws StrategicMergeError, whose
 * message is upstream's.
 */
import { strategicMerge } from '../../k8s/strategic-merge';

export function applyPatch(target: unknown, patch: unknown): unknown {
  return structuredClone(strategicMerge(target, patch));
}
