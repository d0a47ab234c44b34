/**
 * Namespace deletion conditions (pkg/controller/namespace/deletion/status_condition_utils.go):
 * five condition types, each either a failure or its "ok" variant, with upstream's exact text.
 */
import { rfc3339 } from '../../../k8s/time';
import type { SimMillis } from '../../core/ids';

export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime: string;
  reason: string;
  message: string;
}

const TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

const OK: Record<(typeof TYPES)[number], [reason: string, message: string]> = {
  NamespaceDeletionDiscoveryFailure: ['ResourcesDiscovered', 'All resources successfully discovered'],
  NamespaceDeletionGroupVersionParsingFailure: ['ParsedGroupVersions', 'All legacy kube types successfully parsed'],
  NamespaceDeletionContentFailure: ['ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
  NamespaceContentRemaining: ['ContentRemoved', 'All content successfully removed'],
  NamespaceFinalizersRemaining: ['ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
};

export interface ContentTotals {
  /** `<resource>.<group>` → instances left. */
  remaining: Map<string, number>;
  /** finalizer → instances held by it. */
  finalizers: Map<string, number>;
  /** Errors from deleting content (one per resource). */
  errors: string[];
}

/** The failure conditions these totals produce (ProcessContentTotals, makeDeleteContentCondition). */
function failures(t: ContentTotals, now: string): NamespaceCondition[] {
  const out: NamespaceCondition[] = [];
  if (t.remaining.size) {
    const parts = [...t.remaining].filter(([, n]) => n > 0).map(([gr, n]) => `${gr} has ${n} resource instances`).sort();
    out.push({ type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${parts.join(', ')}` });
  }
  if (t.finalizers.size) {
    const parts = [...t.finalizers].filter(([, n]) => n > 0).map(([f, n]) => `${f} in ${n} resource instances`).sort();
    out.push({ type: 'NamespaceFinalizersRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${parts.join(', ')}` });
  }
  if (t.errors.length) {
    const msgs = [...t.errors].sort();
    out.push({ type: 'NamespaceDeletionContentFailure', status: 'True', lastTransitionTime: now, reason: 'ContentDeletionFailed', message: `Failed to delete all resource types, ${msgs.length} remaining: ${msgs.join(', ')}` });
  }
  return out;
}

/** updateConditions: merges into `conditions` in place; returns whether anything changed. */
export function updateConditions(conditions: NamespaceCondition[], t: ContentTotals, nowMs: number): boolean {
  const now = rfc3339(nowMs as SimMillis);
  const fresh = failures(t, now);
  let changed = false;
  for (const type of TYPES) {
    const [reason, message] = OK[type];
    const want = fresh.find((c) => c.type === type) ?? { type, status: 'False' as const, lastTransitionTime: now, reason, message };
    const old = conditions.find((c) => c.type === type);
    if (!old) {
      conditions.push(want);
      changed = true;
    } else if (old.status !== want.status || old.message !== want.message || old.reason !== want.reason) {
      if (old.status !== want.status) old.lastTransitionTime = now;
      old.status = want.status;
      old.reason = want.reason;
      old.message = want.message;
      changed = true;
    }
  }
  return changed;
}
