/**
 * Registry strategies' PrepareForUpdate: fields a plain update may not touch are reset to the
 * stored values before validation, so they are silently kept rather than rejected.
 */
import type { KObject } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';

export function prepareForUpdate(info: ResourceInfo, obj: KObject, old: KObject, subresource: string | undefined): void {
  switch (info.resource) {
    case 'namespaces': {
      // namespaceStrategy: spec.finalizers change only through namespaces/finalize.
      if (subresource === 'finalize') return;
      const oldFinalizers = (old.spec as { finalizers?: string[] } | undefined)?.finalizers;
      const spec = ((obj.spec as Record<string, unknown> | undefined) ?? {}) as { finalizers?: string[] };
      if (oldFinalizers) spec.finalizers = structuredClone(oldFinalizers);
      else delete spec.finalizers;
      obj.spec = spec;
      return;
    }
    default:
      return;
  }
}
