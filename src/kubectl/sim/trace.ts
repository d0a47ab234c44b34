import type { TraceKind, TraceRecord } from '../../engine/index';
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';
import { pushAll } from '../../k8s/arrays';
import { aggregateLines } from './trace-aggregate';

/** `T+<seconds since boot>s <from> -> <to>: <summary>` */
export function traceLine(r: TraceRecord, bootedAt: number): string {
  return `T+${((r.at - bootedAt) / 1000).toFixed(3)}s ${r.from} -> ${r.to}: ${r.summary}`;
}

/**
 * Whether a record is about `kind/name` (or just `name`). A create sent with generateName is
 * recorded before the name exists, so `go-api-568fb6b74-` counts as about each Pod it named.
 */
function aboutObject(r: TraceRecord, filter: string): boolean {
  if (!r.object) return false;
  const [kind, name] = filter.includes('/') ? (filter.split('/', 2) as [string, string]) : [undefined, filter];
  if (kind !== undefined && r.object.kind.toLowerCase() !== kind) return false;
  const n = r.object.name;
  return n === name || (n.endsWith('-') && name.startsWith(n) && name.length === n.length + 5);
}

export const TRACE_FLAGS: FlagDef[] = [
  { name: 'all', kind: 'bool' },
  { name: 'last', kind: 'int' },
  { name: 'kind', kind: 'strings' },
  { name: 'object', kind: 'stringArray' },
  { name: 'json', kind: 'bool' },
];

/** One record as a JSON line: the structured fields lesson patterns match on (not the summary). */
export function traceJson(r: TraceRecord, bootedAt: number): string {
  const { seq, at, from, to, kind, object, detail } = r;
  return JSON.stringify({ seq, t: Number(((at - bootedAt) / 1000).toFixed(3)), kind, from, to, ...(object ? { object } : {}), detail });
}

/**
 * Without --last or --all, prints what happened since the previous `sim trace`, so a script can
 * alternate commands and traces. Background chatter (Events, Lease renewals) and the runtime's
 * OCI hops (runc create/start, a level below the CRI calls) are left out unless asked for with --kind.
 */
export function simTrace(session: Session, argv: string[]): CommandResult {
  let last: number | undefined;
  let all = false;
  let json = false;
  const kinds: TraceKind[] = [];
  const objects: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(TRACE_FLAGS, a);
    if (!f) return fail(`error: unknown flag: ${a}\nSee 'sim help' for usage.`);
    const value = (): string | undefined => f.inline ?? argv[++i];
    if (f.def.name === 'all') all = true;
    else if (f.def.name === 'json') json = true;
    else if (f.def.name === 'last') {
      const n = Number(value());
      if (!Number.isInteger(n) || n <= 0) return fail('error: --last needs a positive whole number');
      last = n;
    } else if (f.def.name === 'kind') pushAll(kinds, (value() ?? '').split(',').filter(Boolean) as TraceKind[]);
    else objects.push((value() ?? '').toLowerCase());
  }
  const sim = session.sim;
  const boot = sim.bootedAt;
  const cursor = session.traceCursor;
  const keep = (k: TraceKind): boolean => (kinds.length ? kinds.includes(k) : k !== 'event' && k !== 'lease' && k !== 'oci');
  let recs = all || last !== undefined ? sim.traceSince(0).filter((r) => r.at >= boot) : sim.traceSince(cursor);
  // An object no record was ever about is most likely a mistyped or stale name: said on stderr,
  // so a script that names a Pod from an older run does not print nothing in silence. (In scale
  // mode old records leave the window, so there it cannot be told.)
  const unknown = sim.traceAggregate() ? [] : objects.filter((o) => !sim.traceSince(0).some((r) => aboutObject(r, o)));
  recs = recs.filter((r) => keep(r.kind));
  if (objects.length) recs = recs.filter((r) => objects.some((o) => aboutObject(r, o)));
  if (last !== undefined) recs = recs.slice(-last);
  // Scale mode: the asked-for span reaches back past the window of full records.
  const agg = sim.traceAggregate();
  const reachesBack = agg !== undefined && !json && (all || (last !== undefined ? recs.length < last : cursor < agg.lastSeq));
  if (!all && last === undefined) session.traceCursor = sim.lastTraceSeq;
  const res = ok((reachesBack ? aggregateLines(agg, keep) : '') + recs.map((r) => (json ? traceJson(r, boot) : traceLine(r, boot)) + '\n').join(''));
  for (const o of unknown) res.output.push({ stream: 'stderr', text: `warning: no trace record is about ${o}\n` });
  return res;
}
