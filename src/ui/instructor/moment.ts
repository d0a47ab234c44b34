/**
 * The state of the cluster at the moment shown, as the symptoms rules read it, plus the small
 * shared readings they need (Pods of a node, seconds since a timestamp, a short list of names).
 * Pure; every rule gets the same Moment so the statements agree with each other and with the
 * rest of the page.
 */
import type { Deployment, KObject, Pod, ReplicaSet } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';
import type { en } from '../i18n/messages/instructor';
import { objectsOf } from '../store/cluster';
import type { FaultSpan } from './faults';

export interface Moment {
  objects: ReadonlyMap<string, KObject>;
  components: ReadonlyMap<string, ComponentSummary>;
  /** activeFaults(tape, seq) at the moment shown. */
  active: ReadonlyMap<string, FaultSpan>;
  /** Simulated ms of the moment shown. */
  now: number;
  /** Unix ms of simulated time 0: object timestamps are wall-clock strings. */
  epochMs: number;
}

export type SymptomKey = Extract<keyof typeof en, `sym.${string}`>;

export interface Statement {
  key: SymptomKey;
  params?: Record<string, string | number>;
}

export type Tone = 'fault' | 'problem' | 'ok';

export interface Symptom {
  /** Stable: `scheduler-down`, `node-notready:node-2`, ... */
  id: string;
  tone: Tone;
  says: Statement[];
  /** Commands a learner should run to see it for themselves, in the order to try them. */
  checks: string[];
}

/** Simulated ms of an RFC 3339 timestamp; undefined when absent or unreadable. */
export function simTime(m: Moment, ts: string | null | undefined): number | undefined {
  if (!ts) return undefined;
  const unix = Date.parse(ts);
  return Number.isNaN(unix) ? undefined : unix - m.epochMs;
}

/** Whole seconds from `ts` to the moment (never negative). */
export function secondsSince(m: Moment, ts: string | null | undefined): number | undefined {
  const t = simTime(m, ts);
  return t === undefined ? undefined : Math.max(0, Math.floor((m.now - t) / 1000));
}

export function instances(m: Moment, kind: ComponentSummary['kind']): ComponentSummary[] {
  return [...m.components.values()].filter((c) => c.kind === kind).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every rule asks for the Pods; one sorted list per objects map (maps are immutable per moment). */
const podCache = new WeakMap<ReadonlyMap<string, KObject>, Pod[]>();

export function pods(m: Moment): Pod[] {
  let list = podCache.get(m.objects);
  if (!list) podCache.set(m.objects, (list = objectsOf<Pod>(m.objects, 'pods')));
  return list;
}

export const deleting = (p: Pod): boolean => !!p.metadata.deletionTimestamp;

/** `web-1` in default, `kube-system/coredns-x` elsewhere: how kubectl users refer to it. */
export function podName(p: Pod): string {
  const ns = p.metadata.namespace ?? 'default';
  return ns === 'default' ? (p.metadata.name ?? '') : `${ns}/${p.metadata.name ?? ''}`;
}

/** `kubectl describe pod x`, `kubectl logs x --previous`, with `-n` when the Pod is not in default. */
export function podCommand(verb: 'describe pod' | 'logs', p: Pod, extra = ''): string {
  const ns = p.metadata.namespace ?? 'default';
  return `kubectl ${verb} ${p.metadata.name ?? ''}${ns === 'default' ? '' : ` -n ${ns}`}${extra}`;
}

/** At most three names, then `(+N)`: the card stays short with fifty Pods. */
export function shortList(names: readonly string[]): string {
  const head = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${head} (+${names.length - 3})` : head;
}

export function isPending(p: Pod): boolean {
  const phase = p.status?.phase ?? 'Pending';
  return !deleting(p) && phase === 'Pending';
}

/** Unbound and waiting: what a stopped scheduler leaves behind. */
export function unbound(m: Moment): Pod[] {
  return pods(m).filter((p) => isPending(p) && !p.spec.nodeName);
}

/** `go-api 3/5`: Deployments whose live Pods differ from spec.replicas. */
export function lagging(m: Moment): string[] {
  const rsOwner = new Map<string, string>();
  for (const rs of objectsOf<ReplicaSet>(m.objects, 'replicasets')) {
    const owner = rs.metadata.ownerReferences?.find((r) => r.controller)?.uid;
    if (owner && rs.metadata.uid) rsOwner.set(rs.metadata.uid, owner);
  }
  const have = new Map<string, number>();
  for (const p of pods(m)) {
    if (deleting(p)) continue;
    const rs = p.metadata.ownerReferences?.find((r) => r.controller)?.uid;
    const d = rs ? rsOwner.get(rs) : undefined;
    if (d) have.set(d, (have.get(d) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const d of objectsOf<Deployment>(m.objects, 'deployments')) {
    const want = d.spec.replicas ?? 1;
    const n = have.get(d.metadata.uid ?? '') ?? 0;
    if (n !== want) out.push(`${d.metadata.name ?? ''} ${n}/${want}`);
  }
  return out;
}
