/**
 * Evaluating a Condition against the cluster: stored objects and the trace. The result says
 * whether it holds and cites its evidence (the trace records or objects it counted), so a lesson
 * can show the learner *why* an answer is right, not only that it is.
 */
import { matches as labelsMatch, parseSelector, type Selector } from '../../k8s/labels';
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../core/trace';
import { fieldHolds } from './fields';
import { globMatch, traceMatches } from './match';
import type { Condition, CountCondition, ObjectQuery, OutputCondition } from './pattern';

/** What evaluation reads; the Simulation provides it (tests may build one from plain data). */
export interface ObserveSource {
  /** Stored objects of one kind. */
  objectsOfKind(kind: string): Iterable<KObject>;
  /** Trace records with seq greater than `afterSeq`, oldest first (as far back as the trace holds them). */
  traceSince(afterSeq: number): readonly TraceRecord[];
  /** Actor ids of kube-controller-manager's controllers (`replicaset-controller`…). */
  controllers: ReadonlySet<string>;
}

export interface Verdict {
  holds: boolean;
  /** What was counted (objects or records), when the condition counts something. */
  count?: number;
  /** Trace seqs the condition matched (at most EVIDENCE_LIMIT). */
  records: number[];
  /** Storage-style keys (`Pod default/x`) of the objects it matched (at most EVIDENCE_LIMIT). */
  objects: string[];
}

const EVIDENCE_LIMIT = 20;

export interface EvaluateOptions {
  /** Trace conditions count records after this seq (a lesson step's start). */
  sinceSeq: number;
  /** Evaluates `output` conditions (the command layer runs kubectl on a copy of the cluster). */
  output?: (c: OutputCondition) => boolean;
}

function countHolds(n: number, c: CountCondition | undefined): boolean {
  if (!c) return n >= 1;
  if (c.equals !== undefined && n !== c.equals) return false;
  if (c.atLeast !== undefined && n < c.atLeast) return false;
  if (c.atMost !== undefined && n > c.atMost) return false;
  return true;
}

function selectorOf(text: string | undefined): Selector | undefined {
  if (text === undefined || text === '') return undefined;
  const r = parseSelector(text);
  if (!r.ok) throw new Error(`bad selector ${JSON.stringify(text)}: ${r.error}`);
  return r.selector;
}

export function queryObjects(src: ObserveSource, q: ObjectQuery): KObject[] {
  const sel = selectorOf(q.selector);
  const out: KObject[] = [];
  for (const o of src.objectsOfKind(q.kind)) {
    if (q.namespace !== undefined && (o.metadata.namespace ?? '') !== q.namespace) continue;
    if (q.name !== undefined && !globMatch(q.name, o.metadata.name ?? '')) continue;
    if (sel && !labelsMatch(sel, o.metadata.labels)) continue;
    if (q.where && !q.where.every((c) => fieldHolds(o, c))) continue;
    out.push(o);
  }
  return out;
}

function objectRef(o: KObject): string {
  return o.metadata.namespace ? `${o.kind} ${o.metadata.namespace}/${o.metadata.name ?? ''}` : `${o.kind} ${o.metadata.name ?? ''}`;
}

export function evaluate(c: Condition, src: ObserveSource, opts: EvaluateOptions): Verdict {
  if ('objects' in c) {
    const found = queryObjects(src, c.objects);
    return { holds: countHolds(found.length, c.count), count: found.length, records: [], objects: found.slice(0, EVIDENCE_LIMIT).map(objectRef) };
  }
  if ('trace' in c) {
    const seqs: number[] = [];
    let n = 0;
    for (const r of src.traceSince(opts.sinceSeq)) {
      if (!traceMatches(c.trace, r, src.controllers)) continue;
      n++;
      if (seqs.length < EVIDENCE_LIMIT) seqs.push(r.seq);
    }
    return { holds: countHolds(n, c.count), count: n, records: seqs, objects: [] };
  }
  if ('output' in c) {
    if (!opts.output) throw new Error('an output condition needs the command layer to evaluate it');
    return { holds: opts.output(c), records: [], objects: [] };
  }
  if ('all' in c) return combine(c.all.map((x) => evaluate(x, src, opts)), (vs) => vs.every((v) => v.holds));
  if ('any' in c) return combine(c.any.map((x) => evaluate(x, src, opts)), (vs) => vs.some((v) => v.holds));
  const inner = evaluate(c.not, src, opts);
  return { ...inner, holds: !inner.holds };
}

function combine(vs: Verdict[], holds: (vs: Verdict[]) => boolean): Verdict {
  return {
    holds: holds(vs),
    records: [...new Set(vs.flatMap((v) => v.records))].sort((a, b) => a - b).slice(0, EVIDENCE_LIMIT),
    objects: [...new Set(vs.flatMap((v) => v.objects))].slice(0, EVIDENCE_LIMIT),
  };
}

/** Whether a condition can be decided by the engine alone (no kubectl output involved). */
export function engineOnly(c: Condition): boolean {
  if ('output' in c) return false;
  if ('all' in c) return c.all.every(engineOnly);
  if ('any' in c) return c.any.every(engineOnly);
  if ('not' in c) return engineOnly(c.not);
  return true;
}
