/**
 * narrate(record, locale): one trace record as a plain sentence a screen reader can speak and a
 * learner can follow — "kube-scheduler asked kube-apiserver to bind pod go-api-x to node-1".
 * Pure: same record, context and locale ⇒ same sentence.
 *
 * `context` is the trace up to and including the record (the store's `cluster.trace`). It is
 * only read backwards, a bounded distance, to name things the record itself does not carry (the
 * node a binding request is for comes from kube-scheduler's decision just before it).
 */
import type { TraceKind, TraceRecord } from '../../engine/core/trace';
import type { Locale } from '../i18n/catalog';
import { narrateEtcdCommit, narrateEtcdWrite, narrateRequest, narrateResponse, narrateStage, narrateWatch } from './api';
import { narrateCni, narrateCri, narrateCsi, narrateProbe, narrateProcess, narrateProxy } from './node';
import { actor, podPhrase, sayer, sentence, type Say } from './words';

export function narrate(record: TraceRecord, locale: Locale, context: readonly TraceRecord[] = []): string {
  return sentence(locale, describe(sayer(locale), record, context));
}

function describe(say: Say, r: TraceRecord, context: readonly TraceRecord[]): string {
  const kind: TraceKind = r.kind;
  switch (kind) {
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
    case 'fault':
      return narrateFault(say, r);
    case 'proxy':
      return narrateProxy(say, r);
    default: {
      const never: never = kind;
      return say('narr.fallback', { from: r.from, to: r.to, summary: `${String(never)} ${r.summary}` });
    }
  }
}

function narrateReconcile(say: Say, r: TraceRecord): string {
  const controller = actor(say, r.from);
  let m = /^reconcile (\S+)$/.exec(r.summary);
  if (m) return say('narr.reconcile', { controller, key: m[1]! });
  m = /^error syncing (\S+): (.*); requeuing in (\S+)$/s.exec(r.summary);
  if (m) return say('narr.reconcile.error', { controller, key: m[1]!, error: m[2]!, delay: m[3]! });
  m = /^informer resync: (\d+) cached objects/.exec(r.summary);
  if (m) return say('narr.reconcile.resync', { controller, count: m[1]! });
  return say('narr.reconcile.other', { controller, detail: r.summary });
}

function narrateSchedule(say: Say, r: TraceRecord): string {
  const scheduler = actor(say, r.from);
  // `filter 1 of 4 nodes` (only some nodes were evaluated) still means: out of the cluster's 4.
  const ok = /^pod (\S+): filter (\d+)(?: of (\d+))? nodes → (\d+) feasible(?:; score [^;]*)?; selected (\S+)$/.exec(r.summary);
  if (ok) return say('narr.schedule.selected', { scheduler, pod: podPhrase(ok[1]!), node: ok[5]!, feasible: ok[4]!, total: ok[3] ?? ok[2]! });
  const none = /^pod (\S+): (?:filter [^;]*→ 0 feasible; )?(.*)$/s.exec(r.summary);
  if (none) return say('narr.schedule.failed', { scheduler, pod: podPhrase(none[1]!), reason: none[2]! });
  return say('narr.schedule.other', { scheduler, pod: r.object ? podPhrase(`${r.object.namespace ?? ''}/${r.object.name}`) : '', detail: r.summary });
}

/**
 * An Event the apiserver refused reads `Event <type> <reason>: <message> failed: <error>`; the
 * error is an API status (`events "x" already exists`) or a connection error, which tells it
 * apart from a message that itself says "failed:" (`Readiness probe failed: …`).
 */
const EVENT_WRITE_FAILED = / failed: ((?:[a-z][a-z0-9.-]* "[^"]*" .*)|(?:dial tcp .*)|(?:etcdserver: .*))$/s;

function narrateEvent(say: Say, r: TraceRecord): string {
  const from = actor(say, r.from);
  const m = /^Event (\S*) (\S*): (.*)$/s.exec(r.summary);
  if (!m || (!m[1] && !m[2])) return say('narr.event.bare', { from });
  const failed = EVENT_WRITE_FAILED.exec(m[3]!);
  if (failed) return say('narr.event.failed', { from, type: m[1]!, reason: m[2]!, error: failed[1]! });
  return say('narr.event', { from, type: m[1]!, reason: m[2]!, message: m[3]!.trim() });
}

function narrateLease(say: Say, r: TraceRecord): string {
  const from = actor(say, r.from);
  const m = /^(GET|POST|PUT) lease (\S*[^/\s]\S*)(?: failed: (.*))?$/s.exec(r.summary);
  if (!m) return say('narr.lease.other', { from, detail: r.summary });
  const lease = m[2]!;
  const error = m[3];
  switch (m[1]) {
    case 'GET':
      return error ? say('narr.lease.getFailed', { from, lease, error }) : say('narr.lease.get', { from, lease });
    case 'POST':
      return error ? say('narr.lease.createFailed', { from, lease, error }) : say('narr.lease.create', { from, lease });
    default:
      return error ? say('narr.lease.renewFailed', { from, lease, error }) : say('narr.lease.renew', { from, lease });
  }
}

function narrateFault(say: Say, r: TraceRecord): string {
  const instructor = actor(say, r.from);
  const s = r.summary;
  let m: RegExpExecArray | null;
  if ((m = /^stop delaying watch events (to|from) (\S+)$/.exec(s))) return say(m[1] === 'to' ? 'narr.fault.undelayTo' : 'narr.fault.undelayFrom', { instructor, target: m[2]! });
  if ((m = /^delay watch events (to|from) (\S+) by (\S+)$/.exec(s))) return say(m[1] === 'to' ? 'narr.fault.delayTo' : 'narr.fault.delayFrom', { instructor, target: m[2]!, delay: m[3]! });
  if ((m = /^stop dropping watch events to (\S+)$/.exec(s))) return say('narr.fault.undrop', { instructor, target: m[1]! });
  if ((m = /^drop watch events to (\S+)/.exec(s))) return say('narr.fault.drop', { instructor, target: m[1]! });
  if ((m = /^stop (\S+)$/.exec(s))) return say('narr.fault.stop', { instructor, target: m[1]! });
  if ((m = /^start (\S+)$/.exec(s))) return say('narr.fault.start', { instructor, target: m[1]! });
  if ((m = /^power off (\S+)$/.exec(s))) return say('narr.fault.powerOff', { instructor, target: m[1]! });
  if ((m = /^power on (\S+)$/.exec(s))) return say('narr.fault.powerOn', { instructor, target: m[1]! });
  if ((m = /^partition (\S+)$/.exec(s))) return say('narr.fault.partition', { instructor, target: m[1]! });
  if ((m = /^reconnect (\S+)$/.exec(s))) return say('narr.fault.reconnect', { instructor, target: m[1]! });
  const target = r.fault?.target ?? r.to;
  return say(r.fault?.active === false ? 'narr.fault.healed' : 'narr.fault.injected', { instructor, target });
}
