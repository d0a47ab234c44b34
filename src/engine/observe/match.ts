/**
 * Matching trace records and names against patterns (pattern.ts). Pure functions over plain data.
 */
import type { TraceRecord } from '../core/trace';
import { componentMatches, globMatch } from '../../k8s/names';
import type { DetailPattern, Scalar, TracePattern } from './pattern';

export { componentMatches, globMatch };

function scalarMatches(want: Scalar | Scalar[], got: unknown): boolean {
  if (Array.isArray(want)) return want.some((w) => w === got);
  return want === got;
}

/** A subset match of `pattern` against `detail`: every named field must match, others are free. */
export function detailMatches(pattern: DetailPattern, detail: unknown): boolean {
  if (detail === null || typeof detail !== 'object') return false;
  const d = detail as Record<string, unknown>;
  for (const key of Object.keys(pattern)) {
    const want = pattern[key]!;
    const got = Object.prototype.hasOwnProperty.call(d, key) ? d[key] : undefined;
    if (want === null) {
      if (got !== undefined) return false;
    } else if (typeof want === 'object' && !Array.isArray(want)) {
      if (!detailMatches(want, got)) return false;
    } else if (!scalarMatches(want, got)) return false;
  }
  return true;
}

export function traceMatches(p: TracePattern, r: TraceRecord, controllers?: ReadonlySet<string>): boolean {
  if (p.kind !== undefined && (Array.isArray(p.kind) ? !p.kind.includes(r.kind) : p.kind !== r.kind)) return false;
  if (p.from !== undefined && !componentMatches(p.from, r.from, controllers)) return false;
  if (p.to !== undefined && !componentMatches(p.to, r.to, controllers)) return false;
  if (p.object) {
    const o = r.object;
    if (!o) return false;
    if (p.object.kind !== undefined && p.object.kind !== o.kind) return false;
    if (p.object.namespace !== undefined && p.object.namespace !== (o.namespace ?? '')) return false;
    if (p.object.name !== undefined && !globMatch(p.object.name, o.name)) return false;
  }
  return p.detail === undefined || detailMatches(p.detail, r.detail);
}
