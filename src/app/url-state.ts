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
  /** The lesson running on this run, and the step shown. */
  lesson?: { id: string; step?: string };
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

/**
 * Every entry must be a well-formed input (the same schema saved progress uses), or the log is
 * dropped. The schemas load only for a link that carries a log: a plain visit never needs them.
 */
async function isLog(v: unknown): Promise<boolean> {
  const [{ z }, { LogEntrySchema }] = await Promise.all([import('zod'), import('../lesson-runtime/progress-schema')]);
  return z.array(LogEntrySchema).max(10_000).safeParse(v).success;
}

function int(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

export async function decodeRun(search: string): Promise<RunLocation> {
  const p = new URLSearchParams(search);
  const seed = int(p.get('seed')) ?? 1;
  const topology: Topology = p.get('topology') === 'ha' ? 'ha' : 'basic';
  let log: LogEntry[] = [];
  const run = p.get('run');
  if (run && run.length <= MAX_RUN_CHARS) {
    try {
      const parsed: unknown = JSON.parse(fromBase64Url(run));
      if (await isLog(parsed)) log = parsed as LogEntry[];
    } catch {
      // A damaged link opens a fresh cluster rather than nothing.
    }
  }
  const seq = int(p.get('at'));
  const t = int(p.get('t'));
  const view = p.get('view') === 'audience' ? ({ view: 'audience' } as const) : {};
  const id = p.get('lesson');
  const step = p.get('step');
  const slug = /^[a-z0-9][a-z0-9-]{0,80}$/;
  const lesson = id && slug.test(id) ? { lesson: step && slug.test(step) ? { id, step } : { id } } : {};
  return { seed, topology, log, ...(seq !== undefined && t !== undefined && log.length ? { at: { seq, t } } : {}), ...view, ...lesson };
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
  if (r.lesson) {
    p.set('lesson', r.lesson.id);
    if (r.lesson.step) p.set('step', r.lesson.step);
  }
  return `?${p.toString()}`;
}
