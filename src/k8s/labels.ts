/** Label selectors, with the same semantics and text forms as apimachinery's labels package. */
import type { LabelSelector } from './types';

export type Requirement =
  | { key: string; op: 'In' | 'NotIn'; values: string[] }
  | { key: string; op: 'Exists' | 'DoesNotExist' };

export type Selector = Requirement[];

export function matches(sel: Selector, labels: Record<string, string> | undefined): boolean {
  const l = labels ?? {};
  for (const req of sel) {
    const has = Object.prototype.hasOwnProperty.call(l, req.key);
    switch (req.op) {
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      case 'In':
        if (!has || !req.values.includes(l[req.key]!)) return false;
        break;
      case 'NotIn':
        if (has && req.values.includes(l[req.key]!)) return false;
        break;
    }
  }
  return true;
}

/** A metav1.LabelSelector as a Selector. An empty selector matches everything (as in Kubernetes). */
export function fromLabelSelector(ls: LabelSelector | undefined): Selector {
  const out: Selector = [];
  for (const [key, value] of Object.entries(ls?.matchLabels ?? {})) out.push({ key, op: 'In', values: [value] });
  for (const e of ls?.matchExpressions ?? []) {
    if (e.operator === 'Exists' || e.operator === 'DoesNotExist') out.push({ key: e.key, op: e.operator });
    else out.push({ key: e.key, op: e.operator, values: e.values ?? [] });
  }
  return out;
}

export function fromMap(m: Record<string, string> | undefined): Selector {
  return Object.entries(m ?? {}).map(([key, value]) => ({ key, op: 'In' as const, values: [value] }));
}

/** metav1.FormatLabelSelector: `app=nginx,pod-template-hash=75675f5897`, `<none>` when empty. */
export function formatLabelSelector(ls: LabelSelector | undefined): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(ls?.matchLabels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) parts.push(`${k}=${v}`);
  for (const e of ls?.matchExpressions ?? []) {
    switch (e.operator) {
      case 'In':
        parts.push(`${e.key} in (${(e.values ?? []).join(',')})`);
        break;
      case 'NotIn':
        parts.push(`${e.key} notin (${(e.values ?? []).join(',')})`);
        break;
      case 'Exists':
        parts.push(e.key);
        break;
      case 'DoesNotExist':
        parts.push(`!${e.key}`);
        break;
    }
  }
  return parts.length ? parts.join(',') : '<none>';
}

export type ParseResult = { ok: true; selector: Selector } | { ok: false; error: string };

/**
 * Parses the `-l` syntax: `app=web,tier!=db,env in (a,b),!legacy,team`.
 */
export function parseSelector(text: string): ParseResult {
  const out: Selector = [];
  const s = text.trim();
  if (s === '') return { ok: true, selector: out };
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  for (const raw of parts) {
    const p = raw.trim();
    let m: RegExpMatchArray | null;
    if ((m = p.match(/^([A-Za-z0-9./_-]+)\s+(in|notin)\s+\(([^)]*)\)$/))) {
      const values = m[3]!.split(',').map((v) => v.trim()).filter((v) => v !== '');
      out.push({ key: m[1]!, op: m[2] === 'in' ? 'In' : 'NotIn', values });
    } else if ((m = p.match(/^([A-Za-z0-9./_-]+)\s*!=\s*([A-Za-z0-9._-]*)$/))) {
      out.push({ key: m[1]!, op: 'NotIn', values: [m[2]!] });
    } else if ((m = p.match(/^([A-Za-z0-9./_-]+)\s*==?\s*([A-Za-z0-9._-]*)$/))) {
      out.push({ key: m[1]!, op: 'In', values: [m[2]!] });
    } else if ((m = p.match(/^!([A-Za-z0-9./_-]+)$/))) {
      out.push({ key: m[1]!, op: 'DoesNotExist' });
    } else if ((m = p.match(/^([A-Za-z0-9./_-]+)$/))) {
      out.push({ key: m[1]!, op: 'Exists' });
    } else {
      return { ok: false, error: `unable to parse requirement: found '${p}', expected: identifier` };
    }
  }
  return { ok: true, selector: out };
}
