/** Small formatting helpers shared by the table printers and describe. */
import { humanDuration, parseTimestamp } from '../time';
import type { LabelSelector } from '../types';

/** translateTimestampSince: `<unknown>` for a missing time, else HumanDuration(now - t). */
export function since(ts: string | null | undefined, now: number): string {
  if (!ts) return '<unknown>';
  return humanDuration(now - parseTimestamp(ts));
}

/** labels.FormatLabels: sorted `k=v` pairs, `<none>` when empty. */
export function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${m![k]}`).join(',');
}

/**
 * metav1.LabelSelectorAsSelector(sel).String(): requirements sorted by key, `k=v` for
 * matchLabels, `k in (a,b)` for In, `!k` for DoesNotExist. Empty selector prints as ''.
 */
export function selectorString(sel: LabelSelector | undefined): string {
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(sel?.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const e of sel?.matchExpressions ?? []) {
    const vals = [...(e.values ?? [])].sort();
    switch (e.operator) {
      case 'In':
        reqs.push({ key: e.key, text: vals.length === 1 ? `${e.key} in (${vals[0]})` : `${e.key} in (${vals.join(',')})` });
        break;
      case 'NotIn':
        reqs.push({ key: e.key, text: `${e.key} notin (${vals.join(',')})` });
        break;
      case 'Exists':
        reqs.push({ key: e.key, text: e.key });
        break;
      case 'DoesNotExist':
        reqs.push({ key: e.key, text: `!${e.key}` });
        break;
    }
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return reqs.map((r) => r.text).join(',');
}

/** Go's `%v` of a []string: `[a b c]`. */
export function goSlice(xs: readonly unknown[] | undefined): string {
  return `[${(xs ?? []).map((x) => String(x)).join(' ')}]`;
}

/** Go's `%v` of a decoded JSON value (used by custom-columns). */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** `PersistentVolume` access modes as printers show them. */
export function accessModes(modes: string[] | undefined): string {
  const short: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };
  const out: string[] = [];
  for (const m of ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod']) if ((modes ?? []).includes(m)) out.push(short[m]!);
  return out.join(',');
}
