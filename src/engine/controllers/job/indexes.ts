/**
 * An Indexed Job's completed indexes (indexed_job_utils.go): kept as a sorted list, written to
 * status.completedIndexes as intervals (`0-2,4`), and the pending indexes new Pods take.
 */
import type { Job, Pod } from '../../../k8s/types';
import { completionIndexOf, hasTrackingFinalizer } from './util';

/** parseIndexesFromString: indexes at or beyond `completions` are dropped. */
export function parseIndexes(text: string | undefined, completions: number): number[] {
  const out: number[] = [];
  for (const part of (text ?? '').split(',')) {
    if (part === '') continue;
    const [a, b] = part.split('-');
    const lo = Number(a);
    const hi = b === undefined ? lo : Number(b);
    if (!Number.isInteger(lo) || !Number.isInteger(hi)) continue;
    for (let i = lo; i <= hi && i < completions; i++) out.push(i);
  }
  return out;
}

/** orderedIntervals.String: an interval of two is written `2,3`, a longer one `0-4`. */
export function formatIndexes(sorted: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}${j === i + 1 ? ',' : '-'}${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function mergeIndexes(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** calculateSucceededIndexes: the indexes already counted, and those plus newly succeeded Pods'. */
export function succeededIndexes(job: Job, pods: Pod[]): { prev: number[]; all: number[] } {
  const completions = job.spec.completions ?? 0;
  const prev = parseIndexes(job.status?.completedIndexes, completions);
  const fresh: number[] = [];
  for (const p of pods) {
    const ix = completionIndexOf(p);
    if (p.status?.phase === 'Succeeded' && ix >= 0 && ix < completions && hasTrackingFinalizer(p)) fresh.push(ix);
  }
  return { prev, all: mergeIndexes(prev, fresh) };
}

/** firstPendingIndexes: the lowest indexes neither succeeded nor held by an active Pod. */
export function firstPendingIndexes(active: Pod[], succeeded: readonly number[], count: number, completions: number): number[] {
  const taken = new Set<number>(succeeded);
  for (const p of active) taken.add(completionIndexOf(p));
  const out: number[] = [];
  for (let i = 0; i < completions && out.length < count; i++) if (!taken.has(i)) out.push(i);
  return out;
}

/**
 * appendDuplicatedIndexPodsForRemoval: active Pods with no valid index, or a second Pod for an
 * index, are removed whatever the counts say.
 */
export function duplicatedIndexPods(active: Pod[], completions: number): { rm: Pod[]; left: Pod[] } {
  const rm: Pod[] = [];
  const left: Pod[] = [];
  const seen = new Set<number>();
  for (const p of active) {
    const ix = completionIndexOf(p);
    if (ix < 0 || ix >= completions || seen.has(ix)) rm.push(p);
    else {
      seen.add(ix);
      left.push(p);
    }
  }
  return { rm, left };
}
