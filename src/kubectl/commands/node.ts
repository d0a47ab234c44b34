/**
 * `kubectl cordon`, `uncordon` and `drain`. Drain cordons, sorts the node's pods through
 * drain's filters (DaemonSet, mirror, local storage, unreplicated — the last filter's verdict
 * wins, as in pkg/drain), evicts what may go through pods/eviction — retrying every 5 s while a
 * PodDisruptionBudget refuses — or deletes it with --disable-eviction, and waits until each pod
 * is really gone. A NODE may be written TYPE/NAME (`nodes/node-1`, as the Pod failure policy page
 * drains): Builder.ResourceNames("nodes", args...) takes either form, and the visitor refuses any
 * type but nodes. Approximate: another type is refused without first being fetched.
 */
import type { KObject, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { objectRef, resolveType } from '../builder';
import { CmdError, failureText, isNetworkError, plainError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import type { Env } from '../env';
import { labelSelectorOf } from '../selectors';
import { effectiveTimeout, watchUntil } from '../wait-util';
import { DRY_RUN_FLAG, dryRunOf, withDryRun } from './common';
import { goDuration } from '../../k8s/time';

export const NODE_FLAGS: FlagDef[] = [
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'ignore-daemonsets', kind: 'bool' },
  { name: 'delete-emptydir-data', kind: 'bool' },
  { name: 'delete-local-data', kind: 'bool' },
  { name: 'force', kind: 'bool' },
  { name: 'grace-period', kind: 'int' },
  { name: 'timeout', kind: 'duration' },
  { name: 'disable-eviction', kind: 'bool' },
  { name: 'pod-selector', kind: 'string' },
  { name: 'skip-wait-for-delete-timeout', kind: 'int' },
  { name: 'chunk-size', kind: 'int' },
  DRY_RUN_FLAG,
];

const NODES = resourceInfo('nodes')!;
const PODS = resourceInfo('pods')!;

function nodesOf(env: Env, flags: Flags, cmd: string): KObject[] {
  const sel = labelSelectorOf(flags.str('selector'));
  if (flags.args.length === 0 && !sel) throw new CmdError(`error: USAGE: ${cmd} NODE [flags]\nSee 'kubectl ${cmd} -h' for help and examples\n`);
  if (sel) {
    if (flags.args.length) throw plainError('cannot specify both a node name and a selector option');
    const r = env.client.list(NODES, undefined, { labelSelector: sel });
    if (!r.ok) throw new CmdError(failureText([{ api: r.error }]));
    return r.value;
  }
  const out: KObject[] = [];
  for (const arg of flags.args) {
    const name = nodeName(arg);
    const r = env.client.get(NODES, undefined, name);
    if (!r.ok) throw new CmdError(failureText([{ api: r.error }]));
    out.push(r.value);
  }
  return out;
}

/**
 * The node a NODE argument names: `node-1`, or `nodes/node-1` / `node/node-1` (splitResourceTypeName:
 * one slash, both parts non-empty). Another resource type is the drain visitor's error, which
 * prints the GroupVersionResource as Go's %q of its String().
 */
function nodeName(arg: string): string {
  const i = arg.indexOf('/');
  if (i < 0) return arg;
  const type = arg.slice(0, i);
  const name = arg.slice(i + 1);
  if (type === '' || name === '' || name.includes('/')) throw plainError(`arguments in resource/name form must have a single resource and name`);
  const info = resolveType(type);
  if (info.resource !== 'nodes' || info.group !== '') throw plainError(`expected resource of type node, got "${info.group}/${info.version}, Resource=${info.resource}"`);
  return name;
}

/** Sets spec.unschedulable and prints `node/x cordoned` (or `already cordoned`). */
function setUnschedulable(env: Env, node: KObject, value: boolean, dry: ReturnType<typeof dryRunOf>): void {
  const verb = value ? 'cordoned' : 'uncordoned';
  const ref = objectRef(NODES, node.metadata.name ?? '');
  if (((node.spec as { unschedulable?: boolean } | undefined)?.unschedulable === true) === value) {
    env.out.out(`${ref} already ${verb}\n`);
    return;
  }
  if (dry !== 'client') {
    const r = env.client.patch(NODES, undefined, node.metadata.name ?? '', { spec: { unschedulable: value ? true : null } }, dry === 'server');
    if (!r.ok) throw new CmdError(failureText([{ api: r.error }]));
  }
  env.out.out(`${ref} ${withDryRun(verb, dry)}\n`);
}

export function runCordon(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, NODE_FLAGS, 'kubectl cordon');
  for (const n of nodesOf(env, flags, 'cordon')) setUnschedulable(env, n, true, dryRunOf(flags));
  return 0;
}

export function runUncordon(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, NODE_FLAGS, 'kubectl uncordon');
  for (const n of nodesOf(env, flags, 'uncordon')) setUnschedulable(env, n, false, dryRunOf(flags));
  return 0;
}

type Verdict = { delete: boolean; kind: 'okay' | 'skip' | 'warning' | 'error'; message?: string };

function controller(pod: Pod): { kind: string } | undefined {
  return (pod.metadata.ownerReferences ?? []).find((r) => r.controller);
}

function verdict(pod: Pod, flags: Flags): Verdict {
  const finished = pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
  const filters: ((p: Pod) => Verdict)[] = [
    (p) => {
      if (controller(p)?.kind !== 'DaemonSet' || finished) return { delete: true, kind: 'okay' };
      return flags.bool('ignore-daemonsets') ? { delete: false, kind: 'warning', message: 'ignoring DaemonSet-managed Pods' } : { delete: false, kind: 'error', message: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)' };
    },
    (p) => (p.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined ? { delete: false, kind: 'skip' } : { delete: true, kind: 'okay' }),
    (p) => {
      if (!(p.spec.volumes ?? []).some((v) => v.emptyDir) || finished) return { delete: true, kind: 'okay' };
      return flags.bool('delete-emptydir-data') || flags.bool('delete-local-data') ? { delete: true, kind: 'warning', message: 'deleting Pods with local storage' } : { delete: false, kind: 'error', message: 'Pods with local storage (use --delete-emptydir-data to override)' };
    },
    (p) => {
      if (finished || controller(p)) return { delete: true, kind: 'okay' };
      // filters.go's unmanagedFatal, whose own `cannot delete` errors() prefixes once more.
      return flags.bool('force') ? { delete: true, kind: 'warning', message: 'deleting Pods that declare no controller' } : { delete: false, kind: 'error', message: 'cannot delete Pods that declare no controller (use --force to override)' };
    },
  ];
  let v: Verdict = { delete: true, kind: 'okay' };
  for (const f of filters) {
    v = f(pod);
    if (!v.delete) break;
  }
  return v;
}

function grouped(pods: { pod: Pod; v: Verdict }[], kind: Verdict['kind']): [string, string[]][] {
  const m = new Map<string, string[]>();
  for (const { pod, v } of pods) {
    if (v.kind !== kind || !v.message) continue;
    m.set(v.message, [...(m.get(v.message) ?? []), `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`]);
  }
  return [...m];
}

/** Helper.EvictErrorRetryDelay as `kubectl drain` sets it. */
const EVICT_RETRY_MS = 5000;

/** time.Duration(math.MaxInt64), drain's "no --timeout". */
const FOREVER = '2562047h47m16.854775807s';

type Attempt = { kind: 'evicted' } | { kind: 'gone' } | { kind: 'retry'; message: string } | { kind: 'error'; message: string };

/** EvictPod: POST pods/<name>/eviction with the drain's grace period. */
function evictOnce(env: Env, pod: Pod, grace: number): Attempt {
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  const body = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: ns }, ...(grace >= 0 ? { deleteOptions: { gracePeriodSeconds: grace } } : {}) } as unknown as KObject;
  const res = env.client.raw({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: ns, name, body });
  if (res.ok) return { kind: 'evicted' };
  if (!isNetworkError(res.error) && res.error.reason === 'NotFound') return { kind: 'gone' };
  if (!isNetworkError(res.error) && res.error.code === 429) return { kind: 'retry', message: res.error.message };
  return { kind: 'error', message: `error when evicting pods/"${name}" -n "${ns}": ${res.error.message}` };
}

/**
 * Helper.evictPods: each Pod's goroutine prints `evicting pod`, posts the eviction, and on a 429
 * (a disruption budget says no) prints the error, sleeps EvictErrorRetryDelay and tries again
 * with the Pod read afresh; once evicted it waits for the Pod to go. The goroutines run side by
 * side in simulated time; --timeout is the context they all share. Returns the errors in the
 * order the goroutines reported them.
 */
function evictPods(env: Env, pods: Pod[], flags: Flags): string[] {
  const grace = flags.int('grace-period', -1);
  const timeoutMs = flags.duration('timeout', 0);
  const globalTimeout = timeoutMs > 0 ? goDuration(timeoutMs) : FOREVER;
  const deadline = env.sim.now + effectiveTimeout(timeoutMs);
  type Slot = { pod: Pod; state: 'evict' | 'wait' | 'done'; at: number };
  const slots: Slot[] = pods.map((pod) => ({ pod, state: 'evict', at: env.sim.now }));
  const errors: string[] = [];
  const key = (p: Pod): string => `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`;
  const gone = (s: Slot, objs: readonly KObject[]): boolean => !objs.some((o) => o.metadata.uid === s.pod.metadata.uid);
  for (;;) {
    const now = env.sim.now;
    const due = slots.filter((s) => s.state === 'evict' && s.at <= now);
    for (const s of due) env.out.out(`evicting pod ${key(s.pod)}\n`);
    for (const s of due) {
      if (now >= deadline) {
        errors.push(`error when evicting pods/"${s.pod.metadata.name ?? ''}" -n "${s.pod.metadata.namespace ?? ''}": global timeout reached: ${globalTimeout}`);
        s.state = 'done';
        continue;
      }
      const a = evictOnce(env, s.pod, grace);
      switch (a.kind) {
        case 'evicted':
          s.state = 'wait';
          break;
        case 'gone':
          s.state = 'done';
          break;
        case 'retry': {
          env.out.err(`error when evicting pods/"${s.pod.metadata.name ?? ''}" -n "${s.pod.metadata.namespace ?? ''}" (will retry after ${goDuration(EVICT_RETRY_MS)}): ${a.message}\n`);
          s.at = now + EVICT_RETRY_MS;
          const fresh = env.client.get(PODS, s.pod.metadata.namespace, s.pod.metadata.name ?? '');
          if (fresh.ok) s.pod = fresh.value as Pod;
          break;
        }
        case 'error':
          errors.push(a.message);
          s.state = 'done';
          break;
      }
    }
    // waitForDelete: a Pod gone, or replaced under its name, is evicted.
    const objs = env.sim.objects(PODS.resource);
    for (const s of slots) {
      if (s.state !== 'wait' || !gone(s, objs)) continue;
      env.out.out(`${objectRef(PODS, s.pod.metadata.name ?? '')} evicted\n`);
      s.state = 'done';
    }
    const waiting = slots.filter((s) => s.state === 'wait');
    if (waiting.length && env.sim.now >= deadline) {
      for (const s of waiting) {
        errors.push(`error when waiting for pod "${s.pod.metadata.name ?? ''}" in namespace "${s.pod.metadata.namespace ?? ''}" to terminate: context deadline exceeded`);
        s.state = 'done';
      }
    }
    const retrying = slots.filter((s) => s.state === 'evict');
    if (retrying.length === 0 && waiting.length === 0) return errors;
    // Sleep until the next retry (or the deadline while Pods are awaited), waking when one goes.
    const next = Math.min(...retrying.map((s) => s.at), waiting.length ? deadline : Infinity);
    const span = next - env.sim.now;
    if (span <= 0) continue;
    const names = waiting.map((s) => s.pod.metadata.name ?? '');
    const current = env.sim.objects(PODS.resource).filter((o) => names.includes(o.metadata.name ?? ''));
    if (names.length === 0) env.sim.advance(span);
    else watchUntil(env, PODS.resource, { names }, current, span, (_e, now) => waiting.some((s) => gone(s, now)));
  }
}

/** Deletes one pod (--disable-eviction). Returns an error message, or undefined. */
function deleteOne(env: Env, pod: Pod, flags: Flags): string | undefined {
  const grace = flags.int('grace-period', -1);
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  const del = env.client.delete(PODS, ns, name, grace >= 0 ? { gracePeriodSeconds: grace } : {});
  if (!del.ok && !(!isNetworkError(del.error) && del.error.reason === 'NotFound')) return `error when deleting pods/"${name}" -n "${ns}": ${del.error.message}`;
  return undefined;
}

/** utilerrors.Aggregate's Error(): one message alone, several as `[a, b]`. */
function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

/** GetPodsForDeletion: the node's pods through drain's filters; a list call failure is its error. */
function podsForDeletion(env: Env, name: string, flags: Flags): { pod: Pod; v: Verdict }[] | string {
  const podSel = labelSelectorOf(flags.str('pod-selector'));
  const list = env.client.list(PODS, undefined, { fieldSelector: [{ field: 'spec.nodeName', op: '=', value: name }], ...(podSel ? { labelSelector: podSel } : {}) });
  if (!list.ok) return list.error.message;
  return (list.value as Pod[]).map((pod) => ({ pod, v: verdict(pod, flags) }));
}

/** deleteOrEvictPodsSimple for one node: its errors (an Aggregate upstream), or undefined. */
function drainOne(env: Env, node: KObject, flags: Flags): string[] | undefined {
  const name = node.metadata.name ?? '';
  const pods = podsForDeletion(env, name, flags);
  if (typeof pods === 'string') return [pods];
  const fatal = grouped(pods, 'error').map(([msg, names]) => `cannot delete ${msg}: ${names.join(', ')}`);
  if (fatal.length) return fatal;
  const warnings = grouped(pods, 'warning').map(([msg, names]) => `${msg}: ${names.join(', ')}`);
  if (warnings.length) env.out.err(`Warning: ${warnings.join('; ')}\n`);
  const victims = pods.filter((p) => p.v.delete).map((p) => p.pod);
  const dry = dryRunOf(flags);
  if (dry === 'client') {
    for (const p of victims) env.out.out(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (dry run)\n`);
    return undefined;
  }
  if (dry === 'server') {
    for (const p of victims) env.out.out(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (server dry run)\n`);
    return undefined;
  }
  const errs = flags.bool('disable-eviction') ? deletePods(env, victims, flags) : evictPods(env, victims, flags);
  if (errs.length === 0) return undefined;
  const left = podsForDeletion(env, name, flags);
  if (typeof left !== 'string') {
    const still = left.filter((p) => p.v.delete);
    if (still.length) env.out.err(`There are pending pods in node "${name}" when an error occurred: ${aggregate(errs)}\n${still.map((p) => `pod/${p.pod.metadata.name ?? ''}\n`).join('')}`);
  }
  return errs;
}

/** Helper.deletePods: DELETE each Pod (the first failure ends it), then wait until all are gone. */
function deletePods(env: Env, victims: Pod[], flags: Flags): string[] {
  for (const p of victims) {
    const err = deleteOne(env, p, flags);
    if (err) return [err];
  }
  const pending = new Map(victims.map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p]));
  const gone = (objs: KObject[]): void => {
    for (const [k, p] of [...pending]) {
      if (!objs.some((o) => o.metadata.uid === p.metadata.uid)) {
        env.out.out(`${objectRef(PODS, p.metadata.name ?? '')} deleted\n`);
        pending.delete(k);
      }
    }
  };
  gone(env.sim.objects(PODS.resource));
  if (pending.size === 0) return [];
  const timeout = effectiveTimeout(flags.duration('timeout', 0));
  const current = env.sim.objects(PODS.resource).filter((o) => pending.has(`${o.metadata.namespace}/${o.metadata.name}`));
  const names = [...pending.values()].map((p) => p.metadata.name ?? '');
  const ok = watchUntil(env, PODS.resource, { names }, current, timeout, (_e, objs) => {
    gone(objs);
    return pending.size === 0;
  });
  // waitForDelete's poll ends with its context's deadline.
  return ok ? [] : ['context deadline exceeded'];
}

export function runDrain(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, NODE_FLAGS, 'kubectl drain');
  const dry = dryRunOf(flags);
  const nodes = nodesOf(env, flags, 'drain');
  for (const n of nodes) setUnschedulable(env, n, true, dry);
  // RunDrain: every node is tried; the failures are reported together at the end.
  const fatal: string[][] = [];
  const remaining: string[] = [];
  for (const n of nodes) {
    const errs = drainOne(env, n, flags);
    if (!errs) {
      env.out.out(`${objectRef(NODES, n.metadata.name ?? '')} ${withDryRun('drained', dry)}\n`);
      continue;
    }
    env.out.err(`error: unable to drain node "${n.metadata.name ?? ''}" due to error: ${aggregate(errs)}, continuing command...\n`);
    fatal.push(errs);
    remaining.push(n.metadata.name ?? '');
  }
  if (remaining.length) env.out.err(`There are pending nodes to be drained:\n${remaining.map((r) => ` ${r}\n`).join('')}`);
  if (fatal.length === 0) return 0;
  // checkErr unwraps the outer Aggregate of one and prints the inner one with MultipleErrors,
  // whose empty prefix leaves these lines without `error: `.
  const lines = fatal.length === 1 ? fatal[0]! : fatal.map(aggregate);
  throw new CmdError(lines.map((l) => `${l}\n`).join(''));
}
