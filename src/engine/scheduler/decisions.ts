/**
 * The scheduler's per-decision explanations ("why this node?", "why Pending?"), kept beside the
 * objects rather than in them so Pod size does not grow with node count. Bounded: the oldest
 * decisions are dropped first; in scale mode every Pod's latest decision is kept, compactly.
 */
export interface NodeVerdict {
  node: string;
  /** Filter plugin that rejected the node and its reasons (joined with ", "), if any. */
  rejectedBy?: { plugin: string; reason: string };
  /** Per score plugin: normalised 0–100 score (before weighting). */
  scores?: Record<string, number>;
  /** Weighted total. */
  total?: number;
}

/**
 * The same rejection for every node of `names` but those in `except`, in `names` order: the nodes
 * a PreFilterResult left out (or all of them, when a PreFilter rejected the Pod). `at` is where
 * the run sits among a decision's verdicts. Kept as a run so a DaemonSet Pod at 5,000 nodes does
 * not build (and keep) 4,999 verdicts.
 */
export interface AbsentRun {
  at: number;
  /** The node listing's names; only the first `count` belong to the run (the array may have grown since). */
  names: readonly string[];
  count: number;
  except: ReadonlySet<string>;
  rejectedBy: { plugin: string; reason: string };
}

/** `verdicts` with the run spelled out at its place. */
export function withAbsent(verdicts: readonly NodeVerdict[], run: AbsentRun): NodeVerdict[] {
  const out = verdicts.slice(0, run.at);
  const { plugin, reason } = run.rejectedBy;
  for (let i = 0; i < run.count; i++) {
    const node = run.names[i]!;
    if (!run.except.has(node)) out.push({ node, rejectedBy: { plugin, reason } });
  }
  for (let i = run.at; i < verdicts.length; i++) out.push(verdicts[i]!);
  return out;
}

export interface ScheduleDecision {
  /** Trace seq of the `schedule` record this explains. */
  seq: number;
  at: number;
  pod: { namespace: string; name: string; uid: string };
  /** Chosen node, or undefined when the Pod stayed unschedulable. */
  node?: string;
  /** Nodes examined (percentageOfNodesToScore may stop early). */
  evaluated: number;
  totalNodes: number;
  /**
   * Every node Filter rejected (with the first plugin that did and its reasons), then the
   * feasible nodes best-first — the chosen one first, at most MAX_SCORED_VERDICTS of them
   * (cycle.ts), so a 1,000-node cluster does not keep hundreds of verdicts per Pod.
   */
  verdicts: NodeVerdict[];
  /** FailedScheduling message when unschedulable. */
  message?: string;
}

export interface DecisionLog {
  decisions: ScheduleDecision[];
  limit: number;
  /**
   * Scale mode: every Pod's latest decision by `namespace/name`, stored compactly (oldest first,
   * at most SCALE_DECISIONS), so `sim why` stays exact for any Pod however many were scheduled.
   */
  byPod?: Map<string, CompactDecision>;
}

/** Pods whose latest decision scale mode keeps: the 150,000-Pod envelope with room to spare. */
export const SCALE_DECISIONS = 200_000;

/**
 * A decision as columns instead of one object per node, so keeping one per Pod stays small at
 * 150,000 Pods: the leading Filter rejections as (node, index into the distinct (plugin, reason)
 * pairs) — at 5,000 nodes a Pod can be rejected by thousands of nodes for the same few reasons —
 * then the scored verdicts as (node, total, one score per plugin, plugins named once). Verdicts
 * of any other shape stay in `rest` as recorded, so expanding gives back exactly the decision
 * that was stored.
 */
interface CompactDecision extends Omit<ScheduleDecision, 'verdicts'> {
  /** Holds the key's place, so an expanded decision lists its fields in the recorded order. */
  verdicts: null;
  rejectedNodes: string[];
  rejectedReason: Uint16Array;
  reasons: { plugin: string; reason: string }[];
  /** After the rejections above: the absent run, its rejection as an index into `reasons`. */
  absent?: { names: readonly string[]; count: number; except: ReadonlySet<string>; reason: number };
  scored?: ScoredColumns;
  rest: NodeVerdict[];
}

interface ScoredColumns {
  nodes: string[];
  totals: NumberColumn;
  /** The score plugins, in the order every scored verdict lists them (one shared array per list). */
  plugins: readonly string[];
  /** Row-major: node i's score for plugin j is at i × plugins.length + j. */
  scores: NumberColumn;
}

/** Numbers kept in the smallest typed array that holds every one of them exactly. */
type NumberColumn = Uint8Array | Int32Array | Float64Array;

function column(values: readonly number[]): NumberColumn {
  let small = true;
  for (const v of values) {
    if (!Number.isInteger(v) || Object.is(v, -0) || v < -0x80000000 || v > 0x7fffffff) return new Float64Array(values);
    if (v < 0 || v > 255) small = false;
  }
  // The constructors copy an array directly; TypedArray.from walks it through the iterator protocol.
  return small ? new Uint8Array(values) : new Int32Array(values);
}

/** One array per distinct plugin list: every decision of a profile lists the same plugins. */
const PLUGIN_LISTS = new Map<string, readonly string[]>();
function pluginList(names: string[]): readonly string[] {
  const key = names.join('\0');
  let list = PLUGIN_LISTS.get(key);
  if (!list) {
    if (PLUGIN_LISTS.size >= 256) PLUGIN_LISTS.clear();
    PLUGIN_LISTS.set(key, (list = Object.freeze(names)));
  }
  return list;
}

/** The scored verdicts at the front of `vs` as columns, when they all list the same plugins. */
function scoredColumns(vs: readonly NodeVerdict[]): { columns: ScoredColumns; used: number } | undefined {
  const first = vs[0];
  if (!first || first.rejectedBy !== undefined || first.scores === undefined || first.total === undefined) return undefined;
  const plugins = Object.keys(first.scores);
  const nodes: string[] = [];
  const totals: number[] = [];
  const scores: number[] = [];
  let used = 0;
  for (const v of vs) {
    if (v.rejectedBy !== undefined || v.scores === undefined || v.total === undefined || Object.keys(v).length !== 3) break;
    const keys = Object.keys(v.scores);
    if (keys.length !== plugins.length || keys.some((k, j) => k !== plugins[j])) break;
    nodes.push(v.node);
    totals.push(v.total);
    for (const k of plugins) scores.push(v.scores[k]!);
    used++;
  }
  // Typed columns: at 150,000 kept decisions, boxed arrays with push slack were ~2 KB each.
  return used ? { columns: { nodes, totals: column(totals), plugins: pluginList(plugins), scores: column(scores) }, used } : undefined;
}

function expandScored(c: ScoredColumns, into: NodeVerdict[]): void {
  const n = c.plugins.length;
  c.nodes.forEach((node, i) => {
    const scores: Record<string, number> = {};
    c.plugins.forEach((p, j) => (scores[p] = c.scores[i * n + j]!));
    into.push({ node, scores, total: c.totals[i]! });
  });
}

export function newDecisionLog(limit = 500, scaleMode = false): DecisionLog {
  return scaleMode ? { decisions: [], limit, byPod: new Map() } : { decisions: [], limit };
}

function isRejectionOnly(v: NodeVerdict): v is NodeVerdict & { rejectedBy: { plugin: string; reason: string } } {
  return v.rejectedBy !== undefined && v.scores === undefined && v.total === undefined;
}

function compact(d: ScheduleDecision, absent?: AbsentRun): CompactDecision {
  const verdicts = d.verdicts;
  const rest = { ...d, verdicts: null };
  let n = 0;
  while (n < verdicts.length && isRejectionOnly(verdicts[n]!) && Object.keys(verdicts[n]!).length === 2) n++;
  // The run goes right after the leading rejections (where the cycle puts it); anywhere else, spelled out.
  if (absent && (absent.at !== n || (n < verdicts.length && isRejectionOnly(verdicts[n]!)))) return compact({ ...d, verdicts: withAbsent(verdicts, absent) });
  const reasons: { plugin: string; reason: string }[] = [];
  const index = new Map<string, number>();
  const rejectedNodes = new Array<string>(n);
  const rejectedReason = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const v = verdicts[i]!;
    const by = v.rejectedBy!;
    const key = `${by.plugin}\0${by.reason}`;
    let r = index.get(key);
    if (r === undefined) {
      r = reasons.length;
      // A column of 16-bit indexes: past 65,535 distinct reasons keep the rest as recorded.
      if (r > 0xffff) return { ...rest, rejectedNodes: rejectedNodes.slice(0, i), rejectedReason: rejectedReason.slice(0, i), reasons, rest: verdicts.slice(i) };
      index.set(key, r);
      reasons.push({ plugin: by.plugin, reason: by.reason });
    }
    rejectedNodes[i] = v.node;
    rejectedReason[i] = r;
  }
  let run: CompactDecision['absent'];
  if (absent) {
    const key = `${absent.rejectedBy.plugin}\0${absent.rejectedBy.reason}`;
    let r = index.get(key);
    if (r === undefined) {
      r = reasons.length;
      if (r > 0xffff) return { ...rest, rejectedNodes, rejectedReason, reasons, rest: withAbsent(verdicts, absent).slice(n) };
      reasons.push({ ...absent.rejectedBy });
    }
    run = { names: absent.names, count: absent.count, except: absent.except, reason: r };
  }
  const scored = scoredColumns(verdicts.slice(n));
  // The optional fields are set in place (in the order spreads of optional parts would give):
  // a spread after the first one takes the engine's generic copy.
  const out: Omit<CompactDecision, 'rest'> = { ...rest, rejectedNodes, rejectedReason, reasons };
  if (run) out.absent = run;
  if (scored) out.scored = scored.columns;
  return Object.assign(out, { rest: verdicts.slice(n + (scored ? scored.used : 0)) });
}

function expand(c: CompactDecision): ScheduleDecision {
  const { rejectedNodes, rejectedReason, reasons, absent, scored, rest, ...fields } = c;
  const verdicts: NodeVerdict[] = rejectedNodes.map((node, i) => {
    const r = reasons[rejectedReason[i]!]!;
    return { node, rejectedBy: { plugin: r.plugin, reason: r.reason } };
  });
  if (absent) {
    const r = reasons[absent.reason]!;
    for (let i = 0; i < absent.count; i++) {
      const node = absent.names[i]!;
      if (!absent.except.has(node)) verdicts.push({ node, rejectedBy: { plugin: r.plugin, reason: r.reason } });
    }
  }
  if (scored) expandScored(scored, verdicts);
  for (const v of rest) verdicts.push(v);
  return { ...fields, verdicts };
}

export function recordDecision(log: DecisionLog, d: ScheduleDecision, absent?: AbsentRun): void {
  if (log.byPod) {
    const key = `${d.pod.namespace}/${d.pod.name}`;
    // Re-inserted so the Map's order stays oldest-first and the bound drops the stalest Pods.
    log.byPod.delete(key);
    log.byPod.set(key, compact(d, absent));
    if (log.byPod.size > SCALE_DECISIONS) log.byPod.delete(log.byPod.keys().next().value!);
    return;
  }
  log.decisions.push(absent ? { ...d, verdicts: withAbsent(d.verdicts, absent) } : d);
  if (log.decisions.length > log.limit * 1.25) log.decisions.splice(0, log.decisions.length - log.limit);
}

/** The most recent decision about a Pod (by namespace/name). */
export function lastDecisionFor(log: DecisionLog, namespace: string, name: string): ScheduleDecision | undefined {
  if (log.byPod) {
    const c = log.byPod.get(`${namespace}/${name}`);
    return c && expand(c);
  }
  for (let i = log.decisions.length - 1; i >= 0; i--) {
    const d = log.decisions[i]!;
    if (d.pod.namespace === namespace && d.pod.name === name) return d;
  }
  return undefined;
}
