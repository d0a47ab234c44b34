/**
 * The Namespace registry strategy (pkg/registry/core/namespace/strategy.go PrepareForCreate): a new
 * Namespace is Active and always carries the `kubernetes` finalizer in spec.finalizers — the
 * namespace controller's promise to empty it before it may go.
 */
import type { KObject } from '../../k8s/types';

export const NAMESPACE_FINALIZER = 'kubernetes';

export function prepareNamespaceForCreate(obj: KObject): void {
  const spec = ((obj.spec as { finalizers?: string[] } | undefined) ?? {}) as { finalizers?: string[] };
  if (!(spec.finalizers ?? []).includes(NAMESPACE_FINALIZER)) spec.finalizers = [...(spec.finalizers ?? []), NAMESPACE_FINALIZER];
  obj.spec = spec;
  obj.status = { phase: 'Active' };
}
