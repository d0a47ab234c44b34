/**
 * `kubectl events [--for TYPE/NAME] [--types Normal,Warning] [-A] [-w]` (pkg/cmd/events): one list
 * of core/v1 Events (a field selector on involvedObject when `--for` names an object), filtered
 * by type on the client, sorted by when each last happened, printed by the EventPrinter:
 * OBJECT is `Kind/name` as the Event records it, LAST SEEN carries `(xN over M)` for repeats.
 * `-w` prints what the watch adds, flushing the tab writer after each Event as kubectl does.
 */
import type { KEvent, KObject } from '../../k8s/types';
import { apiVersionOf, resourceInfo } from '../../k8s/resources';
import { parseTimestamp } from '../../k8s/time';
import { eventInterval } from '../../k8s/printers/event';
import type { FieldRequirement } from '../../engine/index';
import { resolveType } from '../builder';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, requestTimeout, type Env } from '../env';
import { parseOutput, printGeneric, PRINT_FORMATS } from '../printers/generic';
import { templateOptions } from './common';
import { TabWriter } from '../../k8s/go-tabwriter';
import { toYaml } from '../../k8s/printers/yaml';
import { toJsonIndent } from '../../k8s/printers/json';
import { ObjectWatch, type WatchEvent } from '../watch';
import { StreamBound } from '../wait-util';
import { goSorted } from '../../k8s/go-sort';

export const EVENTS_FLAGS: FlagDef[] = [
  { name: 'watch', short: 'w', kind: 'bool' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'for', kind: 'string' },
  { name: 'types', kind: 'strings', values: ['Normal', 'Warning'] },
  { name: 'no-headers', kind: 'bool' },
  { name: 'chunk-size', kind: 'int' },
  { name: 'output', short: 'o', kind: 'string', values: PRINT_FORMATS },
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'template', kind: 'string' },
];

const EVENTS = resourceInfo('events')!;

/** printers.GetNewTabWriter: widths are measured again at every Flush (no memory across them). */
const EVENTS_TABLE = { minwidth: 6, padding: 3 };

/** SortableEvents' eventTime: the series' last sighting, else lastTimestamp, else eventTime. */
function eventTime(e: KEvent): number {
  const stamp = e.series?.lastObservedTime ?? e.lastTimestamp ?? e.eventTime;
  return stamp ? parseTimestamp(stamp) : Number.NEGATIVE_INFINITY;
}

function row(e: KEvent, now: number, allNs: boolean): string {
  const cells = [eventInterval(e, now), e.type ?? '', e.reason ?? '', `${e.involvedObject.kind ?? ''}/${e.involvedObject.name ?? ''}`, (e.message ?? '').trim()];
  return `${allNs ? `${e.metadata.namespace ?? ''}\t` : ''}${cells.join('\t')}\n`;
}

function heading(allNs: boolean): string {
  return `${allNs ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`;
}

/** decodeResourceTypeName: `TYPE/NAME` to the involvedObject fields the server filters on. */
function forSelector(arg: string): FieldRequirement[] {
  if (!arg.includes('/')) throw plainError('--for must be in resource/name form');
  const seg = arg.split('/');
  if (seg.length !== 2) throw plainError('arguments in resource/name form may not have more than one slash');
  const info = resolveType(seg[0]!);
  return [
    { field: 'involvedObject.kind', op: '=', value: info.kind },
    { field: 'involvedObject.apiVersion', op: '=', value: apiVersionOf(info) },
    { field: 'involvedObject.name', op: '=', value: seg[1]! },
  ];
}

export function runEvents(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EVENTS_FLAGS, 'kubectl events');
  const allNs = flags.bool('all-namespaces');
  const ns = namespaceOf(env, flags);
  const fieldSelector = flags.str('for') ? forSelector(flags.str('for')) : undefined;
  const output = flags.str('output');
  const fmt = parseOutput(output, PRINT_FORMATS, templateOptions(flags, env.files));
  const types = [...new Set(flags.list('types'))].sort();
  for (const t of types) if (t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning') throw plainError('valid --types are Normal or Warning');
  const wanted = (e: KEvent): boolean => types.length === 0 || types.some((t) => t.toLowerCase() === (e.type ?? '').toLowerCase());
  const noHeaders = flags.bool('no-headers');
  const tw = new TabWriter(EVENTS_TABLE);
  let headed = noHeaders;
  const print = (items: KEvent[]): string => {
    if (fmt.kind !== 'table') return printItems(fmt, items);
    if (!headed) tw.write(heading(allNs));
    headed = true;
    for (const e of items) tw.write(row(e, env.sim.now, allNs));
    return tw.flush();
  };

  if (flags.bool('watch')) return watch(env, allNs ? undefined : ns, fieldSelector, wanted, print, requestTimeout(flags));

  const listed = env.client.list(EVENTS, allNs ? undefined : ns, fieldSelector ? { fieldSelector } : {});
  if (!listed.ok) throw new CmdError(fatalText(listed.error));
  const items = (listed.value as KEvent[]).filter(wanted);
  if (items.length === 0) {
    env.out.err(allNs ? 'No events found.\n' : `No events found in ${ns} namespace.\n`);
    return 0;
  }
  // sort.Sort: Events at the same moment come out in the order Go's pdqsort leaves them.
  const sorted = goSorted(items.map((e) => ({ e, t: eventTime(e) })), (a, b) => a.t < b.t).map((x) => x.e);
  env.out.out(print(sorted));
  return 0;
}

/** `-o`: the EventList (one Event per watch event), as the print flags' printers write it. */
function printItems(fmt: Exclude<ReturnType<typeof parseOutput>, { kind: 'table' }>, items: KEvent[]): string {
  const list = { apiVersion: 'v1', items, kind: 'EventList', metadata: { resourceVersion: '' } };
  if (fmt.kind === 'yaml') return toYaml(list);
  if (fmt.kind === 'json') return toJsonIndent(list);
  // The template runs over the EventList itself, not a List of its items.
  if (fmt.kind === 'go-template') return printGeneric(fmt, [list as unknown as KObject], true);
  return printGeneric(fmt, items as KObject[], false);
}

function watch(env: Env, ns: string | undefined, fieldSelector: FieldRequirement[] | undefined, wanted: (e: KEvent) => boolean, print: (items: KEvent[]) => string, timeoutMs: number): number {
  // A watch from no resourceVersion starts with every current Event as ADDED: read them as a list.
  const listed = env.client.list(EVENTS, ns, fieldSelector ? { fieldSelector } : {});
  if (!listed.ok) throw new CmdError(fatalText(listed.error));
  const watcher = new ObjectWatch(env.sim, 'events', { ...(ns ? { namespace: ns } : {}), ...(fieldSelector ? { fieldSelector } : {}) }, listed.value);
  const bound = new StreamBound(env.sim, timeoutMs);
  let events: WatchEvent[] = listed.value.map((obj) => ({ type: 'ADDED', obj }));
  for (;;) {
    for (const ev of events) {
      // Events are deleted after an hour; kubectl does not print that.
      if (ev.type === 'DELETED' || !wanted(ev.obj as KEvent)) continue;
      const text = print([ev.obj as KEvent]);
      bound.wrote(text);
      env.out.out(text);
    }
    events = watcher.next(bound.window());
    if (events.length === 0) break;
  }
  return 0;
}
