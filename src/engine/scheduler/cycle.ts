/**
 * schedulePod (pkg/scheduler/schedule_one.go): PreFilter, Filter over the nodes in a rotating
 * order until enough feasible nodes are found (percentageOfNodesToScore), PreScore/Score/
 * NormalizeScore with the profile's weights, then selectHost. Pure over the cache view: the
 * caller turns the result into API calls, a trace record and a decision record.
 */
import type { AbsentRun, NodeVerdict } from './decisions';
import type { Diagnosis } from './fit-error';
import { unresolvable, type ClusterView, type NodeFilter, type PodInfo, type Rejection, type Scores } from './framework';
import { inOrder, nodeNames } from './cache';
import { addPodEntry, cloneNodeInfo, type NodeInfo, type PodEntry } from './nodeinfo';
import { FILTER_PLUGINS, SCORE_PLUGINS } from './profile';

/** minFeasibleNodesToFind / minFeasibleNodesPercentageToFind in schedule_one.go. */
const MIN_FEASIBLE_NODES_TO_FIND = 100;
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/** numFeasibleNodesToFind with the adaptive default percentage (50 − nodes/125, at least 5%). */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let pct = percentageOfNodesToScore;
  if (pct === 0) pct = Math.max(50 - Math.trunc(numAllNodes / 125), MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND);
  const n = Math.trunc((numAllNodes * pct) / 100);
  return Math.max(n, MIN_FEASIBLE_NODES_TO_FIND);
}

/** Scores of the feasible nodes: per plugin (normalised, before weighting) and weighted totals. */
export interface ScoreTable {
  nodes: readonly NodeInfo[];
  /** Valid until the next cycle: the columns are reused (nothing keeps them past the decision). */
  totals: Scores;
  plugins: { name: string; scores: Scores }[];
}

/** Feasible nodes whose scores the decision record keeps (the best ones when there are more). */
export const MAX_SCORED_VERDICTS = 20;

export interface CycleInput {
  pod: PodInfo;
  view: ClusterView;
  nextStartNodeIndex: number;
  /** Pods nominated to each node by an earlier preemption (other than this Pod). */
  nominated: ReadonlyMap<string, readonly PodEntry[]>;
  /** Uniform integer in [0, n) from the world's PRNG (selectHost's tie-break). */
  randomInt(n: number): number;
}

export type CycleResult =
  | { kind: 'no-nodes' }
  | {
      kind: 'scheduled';
      node: string;
      evaluated: number;
      feasible: number;
      /** Indexes into table.nodes, best total first (at most MAX_SCORED_VERDICTS). */
      ranked: number[];
      table: ScoreTable;
      verdicts: NodeVerdict[];
      /** Nodes a PreFilterResult left out, one verdict each, belonging at `absent.at` in verdicts. */
      absent?: AbsentRun;
      nextStartNodeIndex: number;
    }
  | {
      kind: 'unschedulable';
      diagnosis: Diagnosis;
      /** Plugins that rejected the Pod (the queueing hints' subscribers). */
      rejectedBy: string[];
      preFilterPlugin?: string;
      evaluated: number;
      verdicts: NodeVerdict[];
      /** Nodes a PreFilter left out (or rejected outright), belonging at `absent.at` in verdicts. */
      absent?: AbsentRun;
      nextStartNodeIndex: number;
      /** The whole Filter chain, for preemption's dry runs. */
      runFilters: NodeFilter;
    };

interface NamedFilter {
  name: string;
  filter: NodeFilter;
}

/** The Filter chain on one node; the first plugin to reject decides (as RunFilterPlugins does). */
function runChain(chain: readonly NamedFilter[], node: NodeInfo): { plugin: string; rejection: Rejection } | undefined {
  for (const f of chain) {
    const r = f.filter(node);
    if (r) return { plugin: f.name, rejection: r };
  }
  return undefined;
}

/** RunFilterPluginsWithNominatedPods: Pods nominated here with at least our priority count as placed. */
function withNominated(node: NodeInfo, input: CycleInput): NodeInfo {
  // Mostly nobody is nominated: skip a lookup by name on every candidate.
  if (input.nominated.size === 0) return node;
  const noms = input.nominated.get(node.name);
  if (!noms || noms.length === 0) return node;
  let scratch: NodeInfo | undefined;
  for (const e of noms) {
    if (e.key === input.pod.key || e.priority < input.pod.priority) continue;
    scratch ??= cloneNodeInfo(node);
    addPodEntry(scratch, e);
  }
  return scratch ?? node;
}

function verdictReason(r: Rejection): string {
  return r.reasons.join(', ');
}

export function schedulePod(input: CycleInput): CycleResult {
  const { pod, view } = input;
  const allNodes = view.nodes;
  if (allNodes.length === 0) return { kind: 'no-nodes' };

  // PreFilter: an unresolvable rejection ends it at once; a plain rejection lets the rest run.
  const chain: NamedFilter[] = [];
  let narrowed: Set<string> | undefined;
  const narrowedBy: string[] = [];
  let preRejection: { plugin: string; rejection: Rejection } | undefined;
  for (const p of FILTER_PLUGINS) {
    const out = p.preFilter(pod, view);
    if (out.kind === 'skip') continue;
    if (out.kind === 'reject') {
      preRejection = { plugin: p.name, rejection: out.rejection };
      if (out.rejection.code === 'UnschedulableAndUnresolvable') break;
      continue;
    }
    chain.push({ name: p.name, filter: out.filter });
    if (out.nodeNames) {
      narrowed = narrowed ? new Set([...narrowed].filter((n) => out.nodeNames!.has(n))) : new Set(out.nodeNames);
      narrowedBy.push(p.name);
    }
  }
  const runFilters: NodeFilter = (node) => runChain(chain, withNominated(node, input))?.rejection;
  if (preRejection) {
    const r = preRejection.rejection;
    return {
      kind: 'unschedulable',
      diagnosis: { nodeToStatus: new Map(), absentNodesStatus: r, preFilterMsg: r.reasons.join(', ') },
      rejectedBy: [preRejection.plugin],
      preFilterPlugin: preRejection.plugin,
      evaluated: 0,
      verdicts: [],
      absent: { at: 0, names: nodeNames(allNodes), count: allNodes.length, except: NO_NODES, rejectedBy: { plugin: preRejection.plugin, reason: verdictReason(r) } },
      nextStartNodeIndex: input.nextStartNodeIndex,
      runFilters,
    };
  }

  const nodes = narrowed ? narrowedNodes(allNodes, narrowed) : allNodes;
  const absent = narrowed ? unresolvable(`node(s) didn't satisfy plugin(s) [${[...narrowedBy].sort().join(' ')}]`) : undefined;
  const statuses = new Map<string, Rejection>();
  const rejectedBy = new Set<string>();
  const verdicts: NodeVerdict[] = [];
  const feasible: NodeInfo[] = [];
  let processed = 0;
  let nextStart = input.nextStartNodeIndex;

  const nominatedHere = pod.pod.status?.nominatedNodeName;
  const nominatedNode = nominatedHere ? nodes.find((n) => n.name === nominatedHere) : undefined;
  if (nominatedNode && !runFilters(nominatedNode)) {
    feasible.push(nominatedNode);
    processed = 1;
  } else if (nodes.length > 0) {
    const want = numFeasibleNodesToFind(nodes.length);
    const start = input.nextStartNodeIndex % nodes.length;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[(start + i) % nodes.length]!;
      processed++;
      const rej = runChain(chain, withNominated(node, input));
      if (!rej) {
        feasible.push(node);
        if (feasible.length >= want) break;
        continue;
      }
      statuses.set(node.name, rej.rejection);
      rejectedBy.add(rej.plugin);
      verdicts.push({ node: node.name, rejectedBy: { plugin: rej.plugin, reason: verdictReason(rej.rejection) } });
    }
    nextStart = (input.nextStartNodeIndex + processed) % allNodes.length;
  }
  // One verdict per node left out, kept as a run: at 5,000 nodes every DaemonSet Pod leaves out
  // 4,999, and building them one by one made a fleet's boot grow with the square of its size.
  const absentRun: AbsentRun | undefined = absent ? { at: verdicts.length, names: nodeNames(allNodes), count: allNodes.length, except: narrowed!, rejectedBy: { plugin: narrowedBy.join(', '), reason: verdictReason(absent) } } : undefined;

  if (feasible.length === 0) {
    const diagnosis: Diagnosis = absent ? { nodeToStatus: statuses, absentNodesStatus: absent } : { nodeToStatus: statuses };
    return { kind: 'unschedulable', diagnosis, rejectedBy: [...rejectedBy].sort(), evaluated: processed, verdicts, ...(absentRun ? { absent: absentRun } : {}), nextStartNodeIndex: nextStart, runFilters };
  }

  // With a single feasible node there is nothing to compare: kube-scheduler skips scoring.
  const table: ScoreTable = feasible.length === 1 ? { nodes: feasible, totals: [0], plugins: [] } : prioritizeNodes(pod, feasible, view);
  const chosen = selectHost(table.totals, input.randomInt);
  const ranked = rank(table.totals, chosen, MAX_SCORED_VERDICTS);
  for (const i of ranked) {
    const scores: Record<string, number> = {};
    for (const p of table.plugins) scores[p.name] = p.scores[i]!;
    verdicts.push({ node: table.nodes[i]!.name, scores, total: table.totals[i]! });
  }
  return { kind: 'scheduled', node: table.nodes[chosen]!.name, evaluated: processed, feasible: feasible.length, ranked, table, verdicts, ...(absentRun ? { absent: absentRun } : {}), nextStartNodeIndex: nextStart };
}

const NO_NODES: ReadonlySet<string> = new Set();

/** The nodes named in `names`, in node-tree order: looked up by name when they are few (a DaemonSet Pod names one). */
function narrowedNodes(all: readonly NodeInfo[], names: ReadonlySet<string>): readonly NodeInfo[] {
  if (names.size * 16 > all.length) return all.filter((n) => names.has(n.name));
  return inOrder(all, names);
}

/**
 * The `limit` best indexes by total, `chosen` first, the rest best-first and in node order on
 * ties. A bounded insertion pass: most candidates lose to the last kept one in one comparison.
 */
export function rank(totals: ArrayLike<number>, chosen: number, limit: number): number[] {
  const top: number[] = [chosen];
  if (limit <= 1) return top.slice(0, limit);
  for (let i = 0; i < totals.length; i++) {
    if (i === chosen) continue;
    const t = totals[i]!;
    if (top.length >= limit && t <= totals[top[top.length - 1]!]!) continue;
    let j = top.length;
    while (j > 1 && totals[top[j - 1]!]! < t) j--;
    top.splice(j, 0, i);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** prioritizeNodes: every score plugin that does not Skip, normalised, weighted, summed. */
export function prioritizeNodes(pod: PodInfo, feasible: readonly NodeInfo[], view: ClusterView): ScoreTable {
  const n = feasible.length;
  const totals = column(0, n).fill(0);
  const plugins: ScoreTable['plugins'] = [];
  for (const p of SCORE_PLUGINS) {
    const scorer = p.preScore(pod, feasible, view);
    if (!scorer) continue;
    const scores = column(plugins.length + 1, n);
    for (let i = 0; i < feasible.length; i++) scores[i] = scorer.score(feasible[i]!);
    scorer.normalize?.(scores, feasible);
    for (let i = 0; i < feasible.length; i++) totals[i]! += scores[i]! * p.weight;
    plugins.push({ name: p.name, scores });
  }
  return { nodes: feasible, totals, plugins };
}

/**
 * Score columns reused from cycle to cycle: a 1,000-node cycle scores ~420 nodes with six plugins,
 * and new arrays for them were ~5 % of what a Pod's run allocates. Column 0 is the totals.
 */
const COLUMNS: Float64Array[] = [];

function column(i: number, n: number): Float64Array {
  let c = COLUMNS[i];
  if (!c || c.length < n) COLUMNS[i] = c = new Float64Array(Math.max(n, 2 * (c?.length ?? 0), 64));
  return c.subarray(0, n);
}

/** selectHost: the index of the highest total; ties broken uniformly at random (reservoir sampling). */
export function selectHost(totals: ArrayLike<number>, randomInt: (n: number) => number): number {
  let best = 0;
  let ties = 1;
  for (let i = 1; i < totals.length; i++) {
    const t = totals[i]!;
    if (t > totals[best]!) {
      best = i;
      ties = 1;
    } else if (t === totals[best]) {
      ties++;
      if (randomInt(ties) === 0) best = i;
    }
  }
  return best;
}
