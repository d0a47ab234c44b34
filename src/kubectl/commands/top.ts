/**
 * `kubectl top node|pod` (pkg/cmd/top, pkg/metricsutil): needs metrics.k8s.io in discovery
 * (`error: Metrics API not available` otherwise), lists NodeMetrics / PodMetrics through the
 * aggregated API, and prints them as TopCmdPrinter does — every cell tab-terminated (so lines end
 * in padding), CPU as `%vm` of MilliValue, memory as `%vMi` of Value/2^20, node percentages of
 * allocatable (capacity with --show-capacity) truncated to an integer. Nodes with no metrics get
 * `<unknown>` lines; no metrics at all is `error: metrics not available yet`.
 */
import type { NodeMetrics, PodMetrics } from '../../k8s/autoscaling';
import { parseMilli } from '../../k8s/quantity';
import { parseTimestamp } from '../../k8s/time';
import type { KObject, Node, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { aggregatedResourceInfos } from '../discovery';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { labelSelectorOf } from '../selectors';
import { tabulate, type TabWriterOptions } from '../../k8s/go-tabwriter';
import { goDuration } from '../../k8s/time';
import { TOP_SUBCOMMAND_FLAGS, TOP_SUBCOMMANDS, TOP_SUBCOMMAND_ALIASES } from './unmodelled';
import { defaultSubCommandRun } from '../help/parent-usage';

/** printers.GetNewTabWriter: minwidth 0, tabwidth 8, padding 3. */
const TOP_TABLE: TabWriterOptions = { minwidth: 0, padding: 3 };
/** metricsCreationDelay: a Pod younger than this may simply not have been scraped twice yet. */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

const milliOf = (q: string | undefined): number => parseMilli(q) ?? 0;
const cpuCell = (q: number): string => `${Math.ceil(q)}m`;
const memCell = (milliBytes: number): string => `${Math.floor(Math.ceil(milliBytes / 1000) / (1024 * 1024))}Mi`;

function apiError(res: { ok: false; error: Parameters<typeof fatalText>[0] }): never {
  throw new CmdError(fatalText(res.error));
}

function metricsAvailable(): boolean {
  return aggregatedResourceInfos().some((r) => r.group === 'metrics.k8s.io');
}

/** top asks discovery for metrics.k8s.io (a GET of /apis, never cached) before the metrics: a server it cannot reach is refused there (recorded). */
function metricsOrFail(env: Env): void {
  const down = env.client.dialError();
  if (down) throw new CmdError(fatalText(down));
  if (!metricsAvailable()) throw plainError('Metrics API not available');
}

function topNodes(env: Env, flags: ReturnType<typeof parseFlags>): number {
  const name = flags.args[0];
  const selector = labelSelectorOf(flags.str('selector'));
  metricsOrFail(env);
  const res = env.client.raw(name ? { verb: 'get', resource: 'nodes.metrics.k8s.io', name } : { verb: 'list', resource: 'nodes.metrics.k8s.io', ...(selector ? { labelSelector: selector } : {}) });
  if (!res.ok) apiError(res);
  const metrics = (name ? [res.object] : (res.items ?? [])) as NodeMetrics[];
  if (metrics.length === 0) throw plainError('metrics not available yet');
  const nodesInfo = resourceInfo('nodes')!;
  let nodes: KObject[];
  if (name) {
    const got = env.client.get(nodesInfo, undefined, name);
    if (!got.ok) apiError(got);
    nodes = [got.value];
  } else {
    const got = env.client.list(nodesInfo, undefined, selector ? { labelSelector: selector } : {});
    if (!got.ok) apiError(got);
    nodes = got.value;
  }
  const available = new Map<string, Record<string, string>>();
  for (const n of nodes as Node[]) available.set(n.metadata.name ?? '', (flags.bool('show-capacity') ? n.status?.capacity : n.status?.allocatable) ?? {});
  const sortBy = flags.str('sort-by');
  const sorted = [...metrics].sort((a, b) => {
    if (sortBy === 'cpu') return milliOf(b.usage['cpu']) - milliOf(a.usage['cpu']);
    if (sortBy === 'memory') return milliOf(b.usage['memory']) - milliOf(a.usage['memory']);
    return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
  // --show-swap: the simulated nodes have no swap (status.nodeInfo.swap unset), so its cells are unknown.
  const swap = flags.bool('show-swap');
  let text = flags.bool('no-headers') ? '' : `NAME\tCPU(cores)\tCPU(%)\tMEMORY(bytes)\tMEMORY(%)\t${swap ? 'SWAP(bytes)\tSWAP(%)\t' : ''}\n`;
  for (const m of sorted) {
    const avail = available.get(m.metadata.name ?? '');
    const cpu = milliOf(m.usage['cpu']);
    const mem = milliOf(m.usage['memory']);
    const pct = (used: number, of: string | undefined): string => {
      const total = milliOf(of);
      return `${Math.trunc(total === 0 ? 0 : (used / total) * 100)}%\t`;
    };
    text += `${m.metadata.name ?? ''}\t${cpuCell(cpu)}\t${avail ? pct(cpu, avail['cpu']) : ''}${memCell(mem)}\t${avail ? pct(mem, avail['memory']) : ''}${swap ? '<unknown>\t<unknown>\t' : ''}\n`;
    available.delete(m.metadata.name ?? '');
  }
  for (const n of [...available.keys()].sort()) text += `${n}\t${'<unknown>\t'.repeat(swap ? 6 : 4)}\n`;
  env.out.out(tabulate(text, TOP_TABLE));
  return 0;
}

function podSum(m: PodMetrics, resource: string): number {
  return m.containers.reduce((n, c) => n + milliOf(c.usage[resource]), 0);
}

/** verifyEmptyMetrics: no metrics for Pods that exist is an error only once they are old enough. */
function verifyEmpty(env: Env, ns: string | undefined, name: string | undefined, selector: ReturnType<typeof labelSelectorOf>): void {
  const podsInfo = resourceInfo('pods')!;
  const now = env.sim.now;
  const check = (pod: Pod): void => {
    const age = now - parseTimestamp(pod.metadata.creationTimestamp ?? '');
    if (age > METRICS_CREATION_DELAY_MS) throw plainError(`Metrics not available for pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}, age: ${goDuration(age)}`);
  };
  if (name) {
    const got = env.client.get(podsInfo, ns, name);
    if (!got.ok) apiError(got);
    check(got.value as Pod);
  } else {
    const got = env.client.list(podsInfo, ns, selector ? { labelSelector: selector } : {});
    if (!got.ok) apiError(got);
    if (got.value.length === 0) return;
    for (const p of got.value) check(p as Pod);
  }
  throw plainError('metrics not available yet');
}

function topPods(env: Env, flags: ReturnType<typeof parseFlags>): number {
  const sortBy = flags.str('sort-by');
  const name = flags.args[0];
  const selector = labelSelectorOf(flags.str('selector'));
  if (name && (flags.str('selector') || flags.str('field-selector'))) throw plainError('only one of NAME or selector can be provided');
  const all = flags.bool('all-namespaces');
  const ns = all ? undefined : namespaceOf(env, flags);
  metricsOrFail(env);
  const res = env.client.raw(
    name ? { verb: 'get', resource: 'pods.metrics.k8s.io', namespace: ns ?? 'default', name } : { verb: 'list', resource: 'pods.metrics.k8s.io', ...(ns ? { namespace: ns } : {}), ...(selector ? { labelSelector: selector } : {}) },
  );
  if (!res.ok) apiError(res);
  const metrics = (name ? [res.object] : (res.items ?? [])) as PodMetrics[];
  if (metrics.length === 0) {
    verifyEmpty(env, ns, name, selector);
    env.out.err(all ? 'No resources found\n' : `No resources found in ${ns ?? 'default'} namespace.\n`);
    return 0;
  }
  const containers = flags.bool('containers');
  const sorted = [...metrics].sort((a, b) => {
    if (sortBy === 'cpu') return podSum(b, 'cpu') - podSum(a, 'cpu');
    if (sortBy === 'memory') return podSum(b, 'memory') - podSum(a, 'memory');
    if (all && a.metadata.namespace !== b.metadata.namespace) return (a.metadata.namespace ?? '') < (b.metadata.namespace ?? '') ? -1 : 1;
    return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
  let text = '';
  // --show-swap: no container reports swap here, so each uses 0Mi.
  const swap = flags.bool('show-swap');
  const swapCell = swap ? '0Mi\t' : '';
  if (!flags.bool('no-headers')) text += `${all ? 'NAMESPACE\t' : ''}${containers ? 'POD\t' : ''}NAME\tCPU(cores)\tMEMORY(bytes)\t${swap ? 'SWAP(bytes)\t' : ''}\n`;
  const nsCell = (m: PodMetrics): string => (all ? `${m.metadata.namespace ?? ''}\t` : '');
  let cpuTotal = 0;
  let memTotal = 0;
  for (const m of sorted) {
    cpuTotal += podSum(m, 'cpu');
    memTotal += podSum(m, 'memory');
    if (containers) {
      const cs = [...m.containers].sort((a, b) => {
        if (sortBy === 'cpu') return milliOf(b.usage['cpu']) - milliOf(a.usage['cpu']);
        if (sortBy === 'memory') return milliOf(b.usage['memory']) - milliOf(a.usage['memory']);
        return a.name < b.name ? -1 : 1;
      });
      for (const c of cs) text += `${nsCell(m)}${m.metadata.name ?? ''}\t${c.name}\t${cpuCell(milliOf(c.usage['cpu']))}\t${memCell(milliOf(c.usage['memory']))}\t${swapCell}\n`;
    } else text += `${nsCell(m)}${m.metadata.name ?? ''}\t${cpuCell(podSum(m, 'cpu'))}\t${memCell(podSum(m, 'memory'))}\t${swapCell}\n`;
  }
  if (flags.bool('sum')) {
    const width = 3 + (swap ? 1 : 0) + (all ? 1 : 0) + (containers ? 1 : 0);
    text += `${'\t'.repeat(width - 2)}________\t________\t\n`;
    text += `${'\t'.repeat(width - 3)}\t${cpuCell(cpuTotal)}\t${memCell(memTotal)}\t${swapCell}\n`;
  }
  env.out.out(tabulate(text, TOP_TABLE));
  return 0;
}

export function runTop(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub === undefined || ![...TOP_SUBCOMMANDS, ...TOP_SUBCOMMAND_ALIASES].includes(sub as (typeof TOP_SUBCOMMANDS)[number])) return defaultSubCommandRun(env, argv, 'top', 'err');
  const flags = parseFlags(argv.slice(1), [...TOP_SUBCOMMAND_FLAGS[sub]!], `kubectl top ${sub}`);
  const sortBy = flags.str('sort-by');
  if (sortBy && sortBy !== 'cpu' && sortBy !== 'memory') throw plainError('--sort-by accepts only cpu or memory');
  return sub === 'node' || sub === 'nodes' || sub === 'no' ? topNodes(env, flags) : topPods(env, flags);
}
