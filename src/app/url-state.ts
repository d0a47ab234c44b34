/**
 * The run in the address bar: seed, topology, the command log and the moment shown, so a link
 * reproduces exactly the same run for anyone (the simulation is deterministic; the log replays it).
 *
 * `run` is the log as JSON in base64url (UTF-8 safe: manifests may hold Chinese comments).
 * Anything malformed is ignored field by field: a broken link still opens a working cluster.
 */
import type { LogEntry, Topology } from '../protocol/messages';

export interface RunLocation {
  seed: number;
  topology: Topology;
  log: LogEntry[];
  /** The moment shown: trace seq and simulated ms. */
  at?: { seq: number; t: number };
  /** `audience`: a classroom window that follows its presenter (view only). */
  view?: 'audience';
}

/** Longest `run` parameter accepted (a pasted link must not freeze the page). */
export const MAX_RUN_CHARS = 1_000_000;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isEntry(e: unknown): e is LogEntry {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  switch (o.type) {
    case 'command':
      return typeof o.line === 'string' && (o.stdin === undefined || typeof o.stdin === 'string') && (o.interruptAt === undefined || Number.isFinite(o.interruptAt));
    case 'advance':
      return typeof o.ms === 'number' && Number.isFinite(o.ms) && o.ms >= 0;
    case 'step':
      return typeof o.maxMs === 'number' && Number.isFinite(o.maxMs) && o.maxMs >= 0;
    default:
      return false;
  }
}

function int(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

export function decodeRun(search: string): RunLocation {
  const p = new URLSearchParams(search);
  const seed = int(p.get('seed')) ?? 1;
  const topology: Topology = p.get('topology') === 'ha' ? 'ha' : 'basic';
  let log: LogEntry[] = [];
  const run = p.get('run');
  if (run && run.length <= MAX_RUN_CHARS) {
    try {
      const parsed: unknown = JSON.parse(fromBase64Url(run));
      if (Array.isArray(parsed) && parsed.every(isEntry)) log = parsed;
    } catch {
      // A damaged link opens a fresh cluster rather than nothing.
    }
  }
  const seq = int(p.get('at'));
  const t = int(p.get('t'));
  const view = p.get('view') === 'audience' ? ({ view: 'audience' } as const) : {};
  return { seed, topology, log, ...(seq !== undefined && t !== undefined && log.length ? { at: { seq, t } } : {}), ...view };
}

export function encodeRun(r: RunLocation): string {
  const p = new URLSearchParams();
  p.set('seed', String(r.seed));
  p.set('topology', r.topology);
  if (r.log.length) {
    p.set('run', toBase64Url(JSON.stringify(r.log)));
    if (r.at) {
      p.set('at', String(r.at.seq));
      p.set('t', String(Math.round(r.at.t)));
    }
  }
  if (r.view) p.set('view', r.view);
  return `?${p.toString()}`;
}
