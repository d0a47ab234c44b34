/**
 * Reading one field of an API object for a FieldCondition: dotted paths with list filters, and
 * the columns kubectl computes (STATUS, READY) from the same rules kubectl prints with.
 */
import { nodeStatus } from '../../k8s/printers/node';
import { podStatus } from '../../k8s/printers/pod';
import type { KObject, Node, Pod } from '../../k8s/types';
import type { FieldCondition } from './pattern';

type Segment = { key: string } | { index: number } | { filter: [string, string] };

const pathCache = new Map<string, Segment[]>();

/** `status.conditions[type=Ready].status` → key, key, filter, key. */
export function parsePath(path: string): Segment[] {
  const cached = pathCache.get(path);
  if (cached) return cached;
  const out: Segment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[[^\]]*\])*)$/.exec(part);
    if (!m) throw new Error(`bad field path ${JSON.stringify(path)}`);
    if (m[1]) out.push({ key: m[1] });
    for (const b of m[2]!.match(/\[[^\]]*\]/g) ?? []) {
      const inner = b.slice(1, -1);
      const eq = inner.indexOf('=');
      if (eq > 0) out.push({ filter: [inner.slice(0, eq), inner.slice(eq + 1)] });
      else if (/^\d+$/.test(inner)) out.push({ index: Number(inner) });
      else throw new Error(`bad field path ${JSON.stringify(path)}: [${inner}]`);
    }
  }
  pathCache.set(path, out);
  return out;
}

function own(o: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

export function readField(obj: KObject, field: string): unknown {
  if (field.startsWith('kubectl:')) return column(obj, field.slice('kubectl:'.length));
  let cur: unknown = obj;
  for (const seg of parsePath(field)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if ('key' in seg) cur = own(cur, seg.key);
    else if ('index' in seg) cur = Array.isArray(cur) ? cur[seg.index] : undefined;
    else cur = Array.isArray(cur) ? cur.find((item) => item !== null && typeof item === 'object' && String(own(item as object, seg.filter[0])) === seg.filter[1]) : undefined;
  }
  return cur;
}

function column(obj: KObject, name: string): string | undefined {
  if (obj.kind === 'Pod') {
    const s = podStatus(obj as Pod);
    if (name === 'STATUS') return s.status;
    if (name === 'READY') return s.ready;
    if (name === 'RESTARTS') return String(s.restarts);
  }
  if (obj.kind === 'Node' && name === 'STATUS') return nodeStatus(obj as Node);
  return undefined;
}

const regexCache = new Map<string, RegExp>();

export function fieldHolds(obj: KObject, c: FieldCondition): boolean {
  const v = readField(obj, c.field);
  const present = v !== undefined && v !== null && v !== '';
  if (c.exists !== undefined && present !== c.exists) return false;
  if (c.equals !== undefined && v !== c.equals && !(typeof v !== 'object' && String(v) === String(c.equals))) return false;
  if (c.notEquals !== undefined && (v === c.notEquals || (present && typeof v !== 'object' && String(v) === String(c.notEquals)))) return false;
  if (c.in !== undefined && !c.in.some((x) => x === v || (present && typeof v !== 'object' && String(v) === String(x)))) return false;
  if (c.atLeast !== undefined && !(typeof v === 'number' ? v >= c.atLeast : Number(v) >= c.atLeast)) return false;
  if (c.atMost !== undefined && !(typeof v === 'number' ? v <= c.atMost : Number(v) <= c.atMost)) return false;
  if (c.matches !== undefined) {
    let re = regexCache.get(c.matches);
    if (!re) regexCache.set(c.matches, (re = new RegExp(c.matches)));
    if (!present || !re.test(typeof v === 'object' ? JSON.stringify(v) : String(v))) return false;
  }
  // No comparison at all: the field must be there.
  const compared = c.exists !== undefined || c.equals !== undefined || c.notEquals !== undefined || c.in !== undefined || c.atLeast !== undefined || c.atMost !== undefined || c.matches !== undefined;
  return compared || present;
}
