/**
 * narrate(record, locale): one trace record as a plain sentence a screen reader can speak and a
 * learner can follow — "kube-scheduler asked kube-apiserver to bind pod go-api-x to node-1".
 * Pure: same record, context and locale ⇒ same sentence.
 *
 * `context` is the trace up to and including the record (the store's `cluster.trace`). It is
 * only read backwards, a bounded distance, to name things the record itself does not carry (the
 * node a binding request is for comes from kube-scheduler's decision just before it).
 */
import type { TraceRecord, TraceRecordOf } from '../../engine/core/trace';
import { goDuration } from '../../k8s/time';
import type { Locale } from '../i18n/catalog';
import { narrateEtcdCommit, narrateEtcdRead, narrateEtcdWrite, narrateRequest, narrateResponse, narrateStage, narrateWatch } from './api';
import { narrateCni, narrateCri, narrateOci, narrateCsi, narrateProbe, narrateProcess, narratePleg, narrateProxy } from './node';
import { why, WHY_LOOKAHEAD } from './why';
import { actor, podPhrase, sayer, sentence, type Say } from './words';

export function narrate(record: TraceRecord, locale: Locale, context: readonly TraceRecord[] = []): string {
  return sentence(locale, describe(sayer(locale), record, context));
}

/** Records before the current one that narration may look back through (a binding's node). */
const CONTEXT_RECORDS = 600;

/** `trace[i]` narrated with the bounded stretch of trace before it as its context. */
export function narrateAt(trace: readonly TraceRecord[], i: number, locale: Locale): string {
  return narrate(trace[i]!, locale, trace.slice(Math.max(0, i - CONTEXT_RECORDS), i + 1));
}

/**
 * A step of the story: `records[i]` narrated and, where the message alone would puzzle, followed
 * by why it exists (why.ts). `records[i + 1 … count)` is what the tape holds after it.
 */
export function narrateStep(records: readonly TraceRecord[], i: number, locale: Locale, count = records.length): string {
  const say = sayer(locale);
  const r = records[i]!;
  const before = records.slice(Math.max(0, i - CONTEXT_RECORDS), i + 1);
  const what = sentence(locale, describe(say, r, before));
  const reason = why(say, r, before, records.slice(i + 1, Math.min(count, i + 1 + WHY_LOOKAHEAD)));
  // The sentence may end in a quoted message's own full stop; the template adds the separator.
  return reason ? say('narr.withWhy', { what: what.replace(/[.。]$/, ''), why: reason }) : what;
}

/** Exhaustive over kinds (and, in each narrator, over the kind's detail variants). */
function describe(say: Say, r: TraceRecord, context: readonly TraceRecord[]): string {
  switch (r.kind) {
    case 'request':
      return narrateRequest(say, r, context);
    case 'authn':
    case 'authz':
    case 'mutating-admission':
    case 'validation':
    case 'validating-admission':
      return narrateStage(say, r);
    case 'etcd-write':
      return narrateEtcdWrite(say, r);
    case 'etcd-read':
      return narrateEtcdRead(say, r);
    case 'etcd-commit':
      return narrateEtcdCommit(say, r, context);
    case 'response':
      return narrateResponse(say, r);
    case 'watch':
      return narrateWatch(say, r);
    case 'reconcile':
      return narrateReconcile(say, r);
    case 'schedule':
      return narrateSchedule(say, r);
    case 'cri':
      return narrateCri(say, r);
    case 'cni':
      return narrateCni(say, r);
    case 'oci':
      return narrateOci(say, r);
    case 'csi':
      return narrateCsi(say, r);
    case 'probe':
      return narrateProbe(say, r);
    case 'event':
      return narrateEvent(say, r);
    case 'lease':
      return narrateLease(say, r);
    case 'process':
      return narrateProcess(say, r);
    case 'pleg':
      return narratePleg(say, r);
    case 'fault':
      return narrateFault(say, r);
    case 'proxy':
      return narrateProxy(say, r);
    default: {
      const never: never = r;
      return String(never);
    }
  }
}

function narrateReconcile(say: Say, r: TraceRecordOf<'reconcile'>): string {
  const controller = actor(say, r.from);
  const d = r.detail;
  switch (d.type) {
    case 'sync':
      return d.desired !== undefined && d.actual !== undefined
        ? say('narr.reconcile.counted', { controller, key: d.key, desired: d.desired, actual: d.actual })
        : say('narr.reconcile', { controller, key: d.key });
    case 'error':
      return say('narr.reconcile.error', { controller, key: d.key, error: d.error, delay: `${d.requeueAfterMs}ms` });
    case 'resync':
      return say('narr.reconcile.resync', { controller, count: d.objects });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function narrateSchedule(say: Say, r: TraceRecordOf<'schedule'>): string {
  const scheduler = actor(say, r.from);
  const d = r.detail;
  const pod = podPhrase(d.pod);
  switch (d.result) {
    case 'scheduled':
      // `filter 1 of 4 nodes` (only some nodes were evaluated) still means: out of the cluster's 4.
      return say('narr.schedule.selected', { scheduler, pod, node: d.selected, feasible: d.feasible, total: d.total });
    case 'unschedulable':
      return d.nominated
        ? say('narr.schedule.preempting', { scheduler, pod, reason: d.message, node: d.nominated.node, victims: d.nominated.victims.join(', ') })
        : say('narr.schedule.failed', { scheduler, pod, reason: d.message });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function narrateEvent(say: Say, r: TraceRecordOf<'event'>): string {
  const from = actor(say, r.from);
  const d = r.detail;
  // A request on events without an Event in its body: the namespace controller clearing a namespace.
  if ('method' in d) {
    if (d.error !== undefined) return say('narr.event.requestFailed', { from, error: d.error });
    if (d.method === 'GET') return d.namespace ? say('narr.event.list', { from, namespace: d.namespace }) : say('narr.event.listAll', { from });
    return d.method === 'DELETE' ? say('narr.event.delete', { from, event: d.name }) : say('narr.event.bare', { from });
  }
  // A count bump (PATCH) names no type or reason.
  if (!d.type && !d.reason) return say('narr.event.bare', { from });
  if (d.error !== undefined) return say('narr.event.failed', { from, type: d.type, reason: d.reason, error: d.error });
  return say('narr.event', { from, type: d.type, reason: d.reason, message: d.message.trim() });
}

function narrateLease(say: Say, r: TraceRecordOf<'lease'>): string {
  const from = actor(say, r.from);
  const d = r.detail;
  const lease = `${d.namespace}/${d.name}`;
  const error = d.error;
  switch (d.method) {
    case 'GET':
      // A LIST: of one namespace's Leases, or (namespace empty) of every namespace's.
      if (d.name === '') {
        if (error !== undefined) return say('narr.lease.listFailed', { from, error });
        return d.namespace ? say('narr.lease.list', { from, namespace: d.namespace }) : say('narr.lease.listAll', { from });
      }
      return error !== undefined ? say('narr.lease.getFailed', { from, lease, error }) : say('narr.lease.get', { from, lease });
    case 'POST':
      return error !== undefined ? say('narr.lease.createFailed', { from, lease, error }) : say('narr.lease.create', { from, lease });
    case 'PUT':
    case 'PATCH':
      return error !== undefined ? say('narr.lease.renewFailed', { from, lease, error }) : say('narr.lease.renew', { from, lease });
    case 'DELETE':
      return error !== undefined ? say('narr.lease.deleteFailed', { from, lease, error }) : say('narr.lease.delete', { from, lease });
    default: {
      const never: never = d.method;
      return String(never);
    }
  }
}

function narrateFault(say: Say, r: TraceRecordOf<'fault'>): string {
  const instructor = actor(say, r.from);
  const d = r.detail;
  // Node and message faults name the machine or component after the slash (`node/node-2` → node-2).
  const host = d.target.slice(d.target.indexOf('/') + 1);
  switch (d.action) {
    case 'stop':
      return say('narr.fault.stop', { instructor, target: d.target });
    case 'start':
      return say('narr.fault.start', { instructor, target: d.target });
    case 'power-off':
      return say('narr.fault.powerOff', { instructor, target: host });
    case 'power-on':
      return say('narr.fault.powerOn', { instructor, target: host });
    case 'partition':
      return say('narr.fault.partition', { instructor, target: host });
    case 'reconnect':
      return say('narr.fault.reconnect', { instructor, target: host });
    case 'delay':
      return say(d.direction === 'from' ? 'narr.fault.delayFrom' : 'narr.fault.delayTo', { instructor, target: host, delay: goDuration(d.delayMs ?? 0) });
    case 'undelay':
      return say(d.direction === 'from' ? 'narr.fault.undelayFrom' : 'narr.fault.undelayTo', { instructor, target: host });
    case 'drop':
      return say('narr.fault.drop', { instructor, target: host });
    case 'undrop':
      return say('narr.fault.undrop', { instructor, target: host });
    case 'slow-disk':
      return say('narr.fault.slowDisk', { instructor, target: host, delay: goDuration(d.delayMs ?? 0) });
    case 'heal-disk':
      return say('narr.fault.healDisk', { instructor, target: host });
    default: {
      const never: never = d.action;
      return String(never);
    }
  }
}
