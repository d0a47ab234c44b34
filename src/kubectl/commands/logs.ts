/**
 * `kubectl logs`: the pods/log subresource for one container (`-c`, the default container
 * otherwise), `--previous`, `--tail`, `--timestamps`; `deploy/x` style arguments pick a pod.
 * `-f` keeps reading while simulated time advances, ending when the container stops or no new
 * output appears for a minute.
 */
import type { KObject, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { fromLabelSelector } from '../../k8s/labels';
import type { LogOptions } from '../../engine/index';
import { resolveType } from '../builder';
import { CmdError, fatalText, isNetworkError, plainError, type ApiError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, requestTimeout, type Env } from '../env';
import { ObjectWatch } from '../watch';
import { StreamBound } from '../wait-util';

export const LOGS_FLAGS: FlagDef[] = [
  { name: 'container', short: 'c', kind: 'string', values: 'containers' },
  { name: 'previous', short: 'p', kind: 'bool' },
  { name: 'tail', kind: 'int' },
  { name: 'follow', short: 'f', kind: 'bool' },
  { name: 'timestamps', kind: 'bool' },
  { name: 'all-containers', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'since', kind: 'string' },
  { name: 'since-time', kind: 'string' },
  { name: 'limit-bytes', kind: 'int' },
  { name: 'prefix', kind: 'bool' },
  { name: 'max-log-requests', kind: 'int' },
  { name: 'ignore-errors', kind: 'bool' },
  { name: 'pod-running-timeout', kind: 'string' },
  { name: 'insecure-skip-tls-verify-backend', kind: 'bool' },
];

const PODS = resourceInfo('pods')!;

/** Picks the pod a workload's logs come from, as kubectl's AttachablePodForObject does. */
function podFor(env: Env, typed: string, name: string, ns: string): Pod {
  const info = resolveType(typed);
  if (info.resource === 'pods') {
    const r = env.client.get(PODS, ns, name);
    if (!r.ok) throw builderError(r.error, ns);
    return r.value as Pod;
  }
  const owner = env.client.get(info, ns, name);
  if (!owner.ok) throw builderError(owner.error, ns);
  const selector = (owner.value.spec as { selector?: Parameters<typeof fromLabelSelector>[0] } | undefined)?.selector;
  if (!selector) throw plainError(`cannot get the logs from ${info.resource}.${info.group}`);
  const pods = env.client.list(PODS, ns, { labelSelector: fromLabelSelector(selector) });
  if (!pods.ok) throw new CmdError(fatalText(pods.error));
  const sorted = (pods.value as Pod[]).sort(byLogging);
  if (sorted.length === 0) throw plainError(`timed out waiting for the condition`);
  if (sorted.length > 1) env.out.err(`Found ${sorted.length} pods, using pod/${sorted[0]!.metadata.name}\n`);
  return sorted[0]!;
}

/**
 * logs.go Complete: a NotFound from resolving the argument is rewrapped as a plain error
 * (`error from server (NotFound): %w in namespace %q`), so checkErr prefixes `error: `.
 */
function builderError(e: ApiError, ns: string): CmdError {
  if (isNetworkError(e) || e.reason !== 'NotFound') return new CmdError(fatalText(e));
  return plainError(`error from server (NotFound): ${e.message} in namespace "${ns}"`);
}

/**
 * controller.ByLogging's Less, as a comparator: assigned before unassigned, Running < Unknown <
 * Pending (any other phase counts as Running: Go's map lookup of a missing key is 0), ready
 * before not ready, ready longer before ready later, more restarts first, older first. Equal pods
 * keep the list's (name) order: Go sorts up to 12 elements by insertion, which is stable.
 */
function byLogging(a: Pod, b: Pod): number {
  const assigned = (p: Pod): boolean => (p.spec.nodeName ?? '') !== '';
  if ((a.spec.nodeName ?? '') !== (b.spec.nodeName ?? '') && (!assigned(a) || !assigned(b))) return assigned(a) ? -1 : 1;
  const order: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };
  const phase = (p: Pod): number => order[p.status?.phase ?? ''] ?? 0;
  if (phase(a) !== phase(b)) return phase(a) - phase(b);
  const ready = (p: Pod): { lastTransitionTime?: string } | undefined => (p.status?.conditions ?? []).find((c) => c.type === 'Ready' && c.status === 'True');
  const isReady = (p: Pod): boolean => ready(p) !== undefined;
  if (isReady(a) !== isReady(b)) return isReady(a) ? -1 : 1;
  if (isReady(a) && isReady(b)) {
    const later = afterOrZero(ready(a)?.lastTransitionTime, ready(b)?.lastTransitionTime);
    if (later !== 0) return later;
  }
  const restarts = (p: Pod): number => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount));
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  return afterOrZero(a.metadata.creationTimestamp, b.metadata.creationTimestamp);
}

/**
 * Orders two times as afterOrZero(t_b, t_a) does in ByLogging: the earlier first, a zero
 * (missing) time last; equal times are a tie (0). Stored times are RFC 3339 in UTC to the second
 * (`2025-09-01T09:00:07Z`), so their text orders as their instants do.
 */
function afterOrZero(a: string | undefined, b: string | undefined): number {
  if (!a || !b) return !a === !b ? 0 : !a ? 1 : -1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * logsForObject's choice of container: `-c` (or the second argument), else the default-container
 * annotation, else the first container. The choice is checked against the Pod on the client,
 * before any log request.
 */
function containerOf(env: Env, pod: Pod, flags: Flags, positional: string | undefined): string {
  const names = pod.spec.containers.map((c) => c.name);
  const every = [...names, ...(pod.spec.initContainers ?? []).map((c) => c.name)];
  let chosen = flags.str('container') || positional || '';
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (!chosen && annotated) {
    if (every.includes(annotated)) chosen = annotated;
    else env.out.err(`Default container name "${annotated}" not found in pod ${pod.metadata.name ?? ''}\n`);
  }
  if (!chosen) {
    chosen = names[0] ?? '';
    if (every.length > 1) {
      const all = [...names, ...(pod.spec.initContainers ?? []).map((c) => `${c.name} (init)`)];
      env.out.err(`Defaulted container "${chosen}" out of: ${all.join(', ')}\n`);
    }
  }
  if (!every.includes(chosen)) throw plainError(`container ${chosen} is not valid for pod ${pod.metadata.name ?? ''}`);
  return chosen;
}

function read(env: Env, pod: Pod, opts: LogOptions): string {
  const res = env.client.raw({ verb: 'get', resource: 'pods', subresource: 'log', namespace: pod.metadata.namespace, name: pod.metadata.name, logOptions: opts });
  if (!res.ok) throw new CmdError(fatalText(res.error));
  return res.text ?? '';
}

export function runLogs(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, LOGS_FLAGS, 'kubectl logs');
  const ns = namespaceOf(flags);
  const [first, second] = flags.args;
  if (!first) throw new CmdError(`error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n`);
  const slash = first.indexOf('/');
  const pod = slash >= 0 ? podFor(env, first.slice(0, slash), first.slice(slash + 1), ns) : podFor(env, 'pods', first, ns);
  const container = containerOf(env, pod, flags, slash >= 0 ? undefined : second);
  const opts: LogOptions = { container };
  if (flags.bool('previous')) opts.previous = true;
  if (flags.has('tail') && flags.int('tail', -1) >= 0) opts.tailLines = flags.int('tail', -1);
  if (flags.bool('timestamps')) opts.timestamps = true;
  let printed = read(env, pod, opts);
  env.out.out(printed);
  if (!flags.bool('follow')) return 0;
  const bound = new StreamBound(env.sim, requestTimeout(flags));
  const watch = new ObjectWatch(env.sim, 'pods', { namespace: pod.metadata.namespace ?? '', names: [pod.metadata.name ?? ''] }, [pod as KObject]);
  const full: LogOptions = { ...opts };
  delete full.tailLines;
  let all = read(env, pod, full);
  for (;;) {
    const window = bound.window();
    if (window <= 0) break;
    const events = watch.next(window);
    const next = read(env, pod, full);
    if (next.length > all.length && next.startsWith(all)) {
      printed = next.slice(all.length);
      bound.wrote(printed);
      env.out.out(printed);
    }
    const grew = next !== all;
    all = next;
    const stopped = events.some((e) => e.type === 'DELETED' || containerStopped(e.obj as Pod, container));
    if (stopped || (!grew && events.length === 0)) break;
  }
  return 0;
}

function containerStopped(pod: Pod, name: string): boolean {
  return (pod.status?.containerStatuses ?? []).some((c) => c.name === name && c.state?.terminated !== undefined);
}
