/**
 * `kubectl get`: fetch by name or list (with -l / --field-selector / -A), then print as a
 * table (grouped per kind, `kind/name` when several kinds were asked for) or a generic format;
 * `-w` keeps printing rows as the objects change while simulated time advances.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { parseResourceArgs, type TargetGroup } from '../builder';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, requestTimeout, type Env } from '../env';
import { GET_FORMATS, parseOutput, printGeneric, type OutputFormat } from '../printers/generic';
import { sortObjects, sortTables } from '../printers/sort';
import { buildTable, listedTableOrder, writeTable, type TableOptions } from '../printers/table';
import { GET_TABLE, TabWriter } from '../../k8s/go-tabwriter';
import { enhanceListError, listOptions } from '../selectors';
import { ObjectWatch } from '../watch';
import { StreamBound } from '../wait-util';
import { stringMeta } from '../apply/objects';
import { FILENAME_FLAG, templateOptions } from './common';
import { runRaw } from './raw';
import { getSubresource } from './get-subresource';
import { SUBRESOURCE_COMPLETIONS } from '../subresource';
import { SCALE_TABLE } from '../printers/autoscaling-columns';
import { pushAll } from '../../k8s/arrays';
import { atStorageVersion, toServed, toStorage } from '../../k8s/served-versions';
import { failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';

export const GET_FLAGS: FlagDef[] = [
  { name: 'output', short: 'o', kind: 'string', values: ['custom-columns=', 'go-template=', 'json', 'jsonpath=', 'kyaml', 'name', 'wide', 'yaml'] },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-selector', kind: 'string' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'watch', short: 'w', kind: 'bool' },
  { name: 'watch-only', kind: 'bool' },
  { name: 'output-watch-events', kind: 'bool' },
  { name: 'sort-by', kind: 'string' },
  { name: 'show-labels', kind: 'bool' },
  { name: 'label-columns', short: 'L', kind: 'strings' },
  { name: 'no-headers', kind: 'bool' },
  { name: 'show-kind', kind: 'bool' },
  { name: 'ignore-not-found', kind: 'bool' },
  { name: 'raw', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'chunk-size', kind: 'int' },
  { name: 'server-print', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'subresource', kind: 'string', values: SUBRESOURCE_COMPLETIONS },
  { name: 'template', kind: 'string' },
  { name: 'allow-missing-template-keys', kind: 'bool' },
];

interface Fetched {
  info: ResourceInfo;
  objs: KObject[];
  /** A `/scale` GET answers Scales, printed with their own table. */
  scale?: true;
  /** Read with a list (no names): a table is the server's list printing. */
  listed?: true;
}

/** `sub` is `--subresource`, for named objects only (a file's objects are read whole, as kubectl's builder reads them). */
/** A group read at the storage version for a table, with the version asked for (`asked`). */
/** `namespaces`: a file's objects, each in its own namespace (undefined: the command's). */
type Group = TargetGroup & { asked?: ResourceInfo; namespaces?: (string | undefined)[] };

function fetch(env: Env, groups: Group[], flags: Flags, ns: string, allNs: boolean, sub = ''): { fetched: Fetched[]; errors: Failure[] } {
  const fetched: Fetched[] = [];
  const errors: Failure[] = [];
  for (const g of groups) {
    const objs: KObject[] = [];
    if (g.names.length > 0 && sub) {
      const got = getSubresource(env, g.info, ns, g.names, sub, flags.bool('ignore-not-found'));
      fetched.push({ info: g.info, ...got.fetched });
      pushAll(errors, got.errors);
      continue;
    }
    if (g.names.length > 0) {
      for (const [i, name] of g.names.entries()) {
        const r = env.client.getNamed(g.info, g.namespaces?.[i] ?? ns, name);
        if (r.ok) objs.push(r.value);
        else if (!(flags.bool('ignore-not-found') && !('network' in r.error) && r.error.reason === 'NotFound')) errors.push({ api: r.error });
      }
    } else {
      let opts;
      try {
        opts = listOptions(flags, g.info);
      } catch (e) {
        // A selector the server refuses fails this resource's list; ContinueOnError goes on.
        if (!(e instanceof CmdError)) throw e;
        errors.push({ text: e.text });
        fetched.push({ info: g.info, objs });
        continue;
      }
      // Field labels are the asked version's (events.k8s.io's regarding.*): a selector is sent there.
      const at = opts.fieldSelector && g.asked ? g.asked : g.info;
      const r = env.client.list(at, allNs ? undefined : ns, opts);
      if (r.ok) pushAll(objs, at === g.info ? r.value : r.value.map((o) => toStorage(at, o)));
      // With discovery cached, each kind's list fails on its own: `get all` prints the refusal ten
      // times (recorded with kubectl v1.35.2; a cold cache stops at discovery: Client.failOnDiscovery).
      else if ('network' in r.error) errors.push({ api: r.error });
      else errors.push({ api: enhanceListError(r.error, at, flags) });
      fetched.push({ info: g.info, objs, listed: true });
      continue;
    }
    fetched.push({ info: g.info, objs });
  }
  return { fetched, errors };
}

/**
 * The objects of `-f`/`-k`, each looked up in the namespace it names; consecutive objects of one
 * kind share a table, as the builder's visitor hands them to one printer.
 */
function groupsFromFiles(env: Env, flags: Flags): Group[] {
  const loaded = loadInputs(env, flags);
  if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
  failIfUnrecognizable(env, flags, loaded, { bare: true });
  const groups: (Group & { namespaces: (string | undefined)[] })[] = [];
  for (const d of loaded.docs) {
    const ns = (d.info.namespaced && stringMeta(d.obj, 'namespace')) || undefined;
    const last = groups[groups.length - 1];
    if (last?.info === d.info) {
      last.names.push(stringMeta(d.obj, 'name'));
      last.namespaces.push(ns);
    } else groups.push({ info: d.info, names: [stringMeta(d.obj, 'name')], namespaces: [ns] });
  }
  return groups;
}

export function runGet(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, GET_FLAGS, 'kubectl get');
  if (flags.has('raw')) return runRaw(env, flags.str('raw'));
  const ns = namespaceOf(env, flags);
  const allNs = flags.bool('all-namespaces');
  const fmt = parseOutput(flags.str('output'), GET_FORMATS, templateOptions(flags, env.files));
  if (flags.args.length === 0 && !usesFiles(flags)) {
    env.out.err('You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n');
    throw new CmdError(
      `error: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples\n`,
    );
  }
  const asked = usesFiles(flags) ? groupsFromFiles(env, flags) : parseResourceArgs(flags.args);
  // A table is the server's printing of the internal object, whatever version was asked for
  // (`horizontalpodautoscalers.v1.autoscaling`): read at the storage version.
  const groups: Group[] = fmt.kind === 'table' ? asked.map((g) => ({ ...g, info: atStorageVersion(g.info), asked: g.info })) : asked;
  const named = groups.some((g) => g.names.length > 0);
  if (named && allNs) throw plainError('a resource cannot be retrieved by name across all namespaces');
  const multipleTypes = new Set(groups.map((g) => g.info)).size > 1 || flags.args[0]?.toLowerCase().split(',').includes('all') === true;
  const singleItem = groups.length === 1 && groups[0]!.names.length === 1 && !flags.args[0]?.includes(',');

  // A watch reads whole objects: kubectl's watch builder takes no subresource.
  if (flags.bool('watch') || flags.bool('watch-only')) return watch(env, flags, groups, fmt, ns, allNs);
  // A file's objects are read whole too: its builder visits them by name without the subresource.
  const sub = usesFiles(flags) ? '' : flags.str('subresource');
  if (sub && groups.some((g) => g.names.length === 0)) throw plainError('subresource cannot be used when bulk resources are specified');

  const { fetched, errors } = fetch(env, groups, flags, ns, allNs, sub);
  const sortBy = flags.str('sort-by');
  if (fmt.kind === 'table') for (const f of fetched) if (f.listed) f.objs = listedTableOrder(f.info, f.objs);
  if (sortBy && fmt.kind === 'table') sortTables(fetched, sortBy);
  else if (sortBy) for (const f of fetched) f.objs = sortObjects(f.objs, sortBy);

  if (fmt.kind !== 'table') {
    const all = fetched.flatMap((f) => f.objs);
    const singleFailed = singleItem && named && errors.length > 0;
    if (!singleFailed && !(all.length === 0 && flags.bool('ignore-not-found'))) {
      env.out.out(printGeneric(fmt, sortBy ? sortObjects(all, sortBy) : all, singleItem && named, flags.bool('no-headers'), flags.bool('show-managed-fields')));
    }
  } else {
    const printed = printTables(env, fetched, flags, fmt.wide, allNs, multipleTypes || flags.bool('show-kind'));
    if (!printed && errors.length === 0 && !flags.bool('ignore-not-found')) {
      const allNamespaced = !allNs && fetched.every((f) => f.info.namespaced);
      env.out.err(allNamespaced ? `No resources found in ${ns} namespace.\n` : 'No resources found\n');
    }
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

function tableOptions(flags: Flags, wide: boolean, allNs: boolean, withKind: boolean, info: ResourceInfo): TableOptions {
  return { wide, withNamespace: allNs && info.namespaced, withKind, showLabels: flags.bool('show-labels'), labelColumns: flags.list('label-columns') };
}

function printTables(env: Env, fetched: Fetched[], flags: Flags, wide: boolean, allNs: boolean, withKind: boolean): boolean {
  const tw = new TabWriter(GET_TABLE);
  let printedAny = false;
  for (const f of fetched) {
    if (f.objs.length === 0) continue;
    if (printedAny) {
      env.out.out(tw.flush());
      tw.resetWidths();
      if (!flags.bool('no-headers')) env.out.out('\n');
    }
    const opts = tableOptions(flags, wide, allNs, withKind, f.info);
    writeTable(tw, f.scale ? buildTable(f.info, f.objs, opts, env.sim.now, SCALE_TABLE) : buildTable(f.info, f.objs, opts, env.sim.now), !flags.bool('no-headers'));
    printedAny = true;
  }
  env.out.out(tw.flush());
  return printedAny;
}

function watch(env: Env, flags: Flags, groups: Group[], fmt: OutputFormat, ns: string, allNs: boolean): number {
  if (groups.length !== 1) throw plainError('you may only specify a single resource type');
  const g = groups[0]!;
  const { fetched, errors } = fetch(env, groups, flags, ns, allNs);
  if (errors.length) throw new CmdError(failureText(errors));
  let objs = fetched[0]!.objs;
  if (fmt.kind === 'table' && fetched[0]!.listed) objs = listedTableOrder(g.info, objs);
  const sortBy = flags.str('sort-by');
  if (sortBy) objs = sortObjects(objs, sortBy);
  const opts = listOptions(flags);
  const filter = {
    ...(g.info.namespaced && !allNs ? { namespace: ns } : {}),
    ...(opts.labelSelector ? { labelSelector: opts.labelSelector } : {}),
    ...(opts.fieldSelector ? { fieldSelector: opts.fieldSelector } : {}),
    ...(g.names.length ? { names: g.names } : {}),
  };
  const watcher = new ObjectWatch(env.sim, g.info.resource, filter, objs);
  const tw = new TabWriter(GET_TABLE);
  const withEvents = flags.bool('output-watch-events');
  const topts = tableOptions(flags, fmt.kind === 'table' && fmt.wide, allNs, flags.bool('show-kind'), g.info);
  let headerDone = flags.bool('no-headers');
  let generic = 0;
  // Set once the initial list is out: only what the watch adds counts against its bound.
  // eslint-disable-next-line prefer-const -- write() closes over it before the watch assigns it.
  let bound: StreamBound | undefined;
  const write = (text: string): void => {
    bound?.wrote(text);
    env.out.out(text);
  };
  const emit = (items: { type: string; obj: KObject }[]): void => {
    if (items.length === 0) return;
    if (fmt.kind === 'table') {
      const table = buildTable(g.info, items.map((i) => i.obj), topts, env.sim.now);
      if (withEvents) {
        table.header.unshift('EVENT');
        table.rows.forEach((r, i) => r.unshift(items[i]!.type));
      }
      writeTable(tw, table, !headerDone);
      headerDone = true;
      write(tw.flush());
      return;
    }
    for (const it of items) {
      // The watch hands over stored objects: a converted version's (events.k8s.io) shows them as the list did.
      const text = printGeneric(fmt, [toServed(g.info, it.obj)], true);
      write(fmt.kind === 'yaml' && generic++ > 0 ? `---\n${text}` : text);
    }
  };
  if (!flags.bool('watch-only')) emit(objs.map((obj) => ({ type: 'ADDED', obj })));
  // A named watch's request is not recorded, so only a collection's is logged (-v=6).
  if (!g.names.length) env.client.logWatch(g.info, g.info.namespaced && !allNs ? ns : undefined, opts, g.info.verbs.includes('watch') ? 200 : 405);
  // A resource its REST storage cannot watch (ComponentStatus) fails the WATCH after the list.
  if (!g.info.verbs.includes('watch')) throw new CmdError('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
  // A real watch runs until Ctrl+C; this one ends as StreamBound says, printing nothing more.
  bound = new StreamBound(env.sim, requestTimeout(flags));
  for (;;) {
    const events = watcher.next(bound.window());
    if (events.length === 0) break;
    emit(events);
  }
  return 0;
}
