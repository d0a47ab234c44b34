/**
 * `kubectl logs` (logs.go): the pods/log subresource for one Pod, a workload's chosen Pod
 * (`deploy/x`), every Pod of a workload (`--all-pods`) or every Pod a selector matches (`-l`,
 * with `--tail` 10 unless given); one container (`-c`, the second argument, the default-container
 * annotation, else the first) or all of them (`--all-containers`); `--prefix`, `--previous`,
 * `--tail`, `--since`/`--since-time`, `--limit-bytes`, `--timestamps`. `-f` keeps reading while
 * simulated time advances (logs-follow.ts).
 *
 * Approximate: upstream keeps its requests in a Go map, so several Pods' or containers' logs come
 * in a random order; here they come in list order (Pods by name), containers init → regular →
 * ephemeral, as logsForObject builds them.
 */
import type { Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { fromLabelSelector } from '../../k8s/labels';
import { parseTimestamp, rfc3339 } from '../../k8s/time';
import type { LogOptions, SimMillis } from '../../engine/index';
import { resolveType } from '../builder';
import { CmdError, fatalText, isNetworkError, plainError, usageError, type ApiError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { labelSelectorOf } from '../selectors';
import { byLogging } from './pod-order';
import { allContainerNames, containerNames, hasSeveralContainers, logContainers } from './pod-containers';
import { followLogs } from './logs-follow';
import { prefixed, readLog, type LogStream } from './logs-stream';

export const LOGS_FLAGS: FlagDef[] = [
  { name: 'container', short: 'c', kind: 'string', values: 'containers' },
  { name: 'previous', short: 'p', kind: 'bool' },
  { name: 'tail', kind: 'int' },
  { name: 'follow', short: 'f', kind: 'bool' },
  { name: 'timestamps', kind: 'bool' },
  { name: 'all-containers', kind: 'bool' },
  { name: 'all-pods', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'since', kind: 'duration' },
  { name: 'since-time', kind: 'string' },
  { name: 'limit-bytes', kind: 'int' },
  { name: 'prefix', kind: 'bool' },
  { name: 'max-log-requests', kind: 'int' },
  { name: 'ignore-errors', kind: 'bool' },
  { name: 'pod-running-timeout', kind: 'string' },
  { name: 'insecure-skip-tls-verify-backend', kind: 'bool' },
];

const PODS = resourceInfo('pods')!;
const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
/** logs.go selectorTail: a selector shows each container's last 10 lines unless --tail says otherwise. */
const SELECTOR_TAIL = 10;
const DEFAULT_MAX_FOLLOW = 5;


/**
 * logs.go Complete: a NotFound from resolving the argument is rewrapped as a plain error
 * (`error from server (NotFound): %w in namespace %q`), so checkErr prefixes `error: `.
 */
function builderError(e: ApiError, ns: string): CmdError {
  if (isNetworkError(e) || e.reason !== 'NotFound') return new CmdError(fatalText(e));
  return plainError(`error from server (NotFound): ${e.message} in namespace "${ns}"`);
}

function listPods(env: Env, ns: string, selector: Parameters<typeof fromLabelSelector>[0] | undefined, text?: string): Pod[] {
  const labelSelector = text !== undefined ? labelSelectorOf(text) : selector ? fromLabelSelector(selector) : undefined;
  const pods = env.client.list(PODS, ns, labelSelector ? { labelSelector } : {});
  if (!pods.ok) throw new CmdError(fatalText(pods.error));
  return pods.value as Pod[];
}

/**
 * The Pods an argument names: itself, or a workload's — AttachablePodForObject's pick (the
 * first by ByLogging, announced when there were several), or all of them with --all-pods.
 */
function podsFor(env: Env, arg: string, ns: string, allPods: boolean): Pod[] {
  const slash = arg.indexOf('/');
  const info = slash >= 0 ? resolveType(arg.slice(0, slash)) : PODS;
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  const got = env.client.getNamed(info, ns, name);
  if (!got.ok) throw builderError(got.error, ns);
  if (info.resource === 'pods') return [got.value as Pod];
  const selector = (got.value.spec as { selector?: Parameters<typeof fromLabelSelector>[0] } | undefined)?.selector;
  if (!selector) throw plainError(`cannot get the logs from ${info.resource}.${info.group}`);
  const sorted = listPods(env, ns, selector).sort(byLogging);
  if (sorted.length === 0) throw plainError(`timed out waiting for the condition`);
  if (allPods) return sorted;
  if (sorted.length > 1) env.out.err(`Found ${sorted.length} pods, using pod/${sorted[0]!.metadata.name}\n`);
  return [sorted[0]!];
}

/**
 * logsForObjectWithClient's choice of container for one Pod (kubectl v1.36,
 * pkg/polymorphichelpers/logsforobject.go): the asked one, else the default-container annotation,
 * else the first, announced when there was a choice (not with --all-pods); checked before any
 * request. Unlike attach and exec (podcmd), logs still only warns about an annotation naming no
 * container and falls back to the first; a `-c` naming none lists the Pod's containers since v1.36.
 */
function defaultContainer(env: Env, pod: Pod, asked: string, allPods: boolean): string {
  let chosen = asked;
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (!chosen && annotated) {
    if (containerNames(pod).includes(annotated)) chosen = annotated;
    else env.out.err(`Default container name "${annotated}" not found in pod ${pod.metadata.name ?? ''}\n`);
  }
  if (!chosen) {
    chosen = pod.spec.containers[0]?.name ?? '';
    if (hasSeveralContainers(pod) && !allPods) env.out.err(`Defaulted container "${chosen}" out of: ${allContainerNames(pod)}\n`);
  }
  if (!containerNames(pod).includes(chosen)) throw plainError(`container ${chosen} is not valid for pod ${pod.metadata.name ?? ''} out of: ${allContainerNames(pod)}`);
  return chosen;
}

function streamsOf(env: Env, pods: Pod[], container: string, allContainers: boolean, prefix: boolean, allPods: boolean): LogStream[] {
  const named = (pod: Pod, c: string): LogStream => ({ pod, container: c, prefix: prefix ? `[pod/${pod.metadata.name ?? ''}/${c}] ` : '' });
  return pods.flatMap((pod) => (allContainers ? logContainers(pod).map((c) => named(pod, c.name)) : [named(pod, defaultContainer(env, pod, container, allPods))]));
}

/** util.ParseRFC3339 (RFC 3339, with or without fractional seconds), as the UTC text the request carries. */
function sinceTimeOf(text: string): string {
  const m = text.match(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/);
  if (!m) throw plainError(`parsing time "${text}" as "2006-01-02T15:04:05Z07:00": cannot parse "${text}" as "2006"`);
  const at = parseTimestamp(`${m[1]!}${m[2] ?? ''}Z`);
  const offset = m[4] ? (m[4] === '-' ? -1 : 1) * (Number(m[5]) * 60 + Number(m[6])) * 60_000 : 0;
  return rfc3339((at - offset) as SimMillis);
}

function optionsOf(flags: Flags, container: string): LogOptions {
  const opts: LogOptions = {};
  if (container) opts.container = container;
  if (flags.bool('previous')) opts.previous = true;
  if (flags.bool('timestamps')) opts.timestamps = true;
  if (flags.str('since-time')) opts.sinceTime = sinceTimeOf(flags.str('since-time'));
  const limit = flags.int('limit-bytes', 0);
  if (limit !== 0) opts.limitBytes = limit;
  // Rounded up to the nearest second, as ToLogOptions does.
  const since = flags.duration('since', 0);
  if (since !== 0) opts.sinceSeconds = Math.round(since / 1000);
  const tail = flags.int('tail', -1);
  if (flags.str('selector') !== '' && tail === -1 && !flags.has('tail')) opts.tailLines = SELECTOR_TAIL;
  else if (tail !== -1) opts.tailLines = tail;
  return opts;
}

/** logs.go Validate, in its order. */
function validate(flags: Flags, opts: LogOptions, inlineContainer: boolean): void {
  if (flags.str('since-time') && flags.duration('since', 0) !== 0) throw plainError('at most one of `sinceTime` or `sinceSeconds` may be specified');
  if (flags.bool('all-containers') && opts.container) throw plainError(`--all-containers=true should not be specified with container name ${opts.container}`);
  if (flags.has('container') && inlineContainer) throw plainError('only one of -c or an inline [CONTAINER] arg is allowed');
  if (flags.int('limit-bytes', 0) < 0) throw plainError('--limit-bytes must be greater than 0');
  if ((opts.sinceSeconds ?? 0) < 0) throw plainError('--since must be greater than 0');
  if ((opts.tailLines ?? -1) < -1) throw plainError('--tail must be greater than or equal to -1');
}

export function runLogs(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, LOGS_FLAGS, 'kubectl logs');
  const ns = namespaceOf(env, flags);
  const args = flags.args;
  const selector = flags.str('selector');
  if (args.length === 0 && !selector) throw usageError(USAGE, 'kubectl logs');
  if (args.length === 1 && selector) throw usageError('only a selector (-l) or a POD name is allowed', 'kubectl logs');
  if (args.length > 2) throw usageError(USAGE, 'kubectl logs');
  const container = args.length === 2 ? args[1]! : flags.str('container');
  const allPods = flags.bool('all-pods');
  const opts = optionsOf(flags, container);
  // Complete resolves the Pods (its requests) before Validate looks at the flags.
  const pods = args[0] !== undefined ? podsFor(env, args[0], ns, allPods) : listPods(env, ns, undefined, selector);
  if (selector && pods.length === 0) env.out.err(`No resources found in ${ns} namespace.\n`);
  validate(flags, opts, args.length === 2);
  const streams = streamsOf(env, pods, container, flags.bool('all-containers'), flags.bool('prefix') || allPods, allPods);
  const follow = flags.bool('follow');
  const maxFollow = flags.int('max-log-requests', DEFAULT_MAX_FOLLOW);
  if (follow && streams.length > 1 && streams.length > maxFollow) {
    throw plainError(`you are attempting to follow ${streams.length} log streams, but maximum allowed concurrency is ${maxFollow}, use --max-log-requests to increase the limit`);
  }
  if (!follow) {
    for (const s of streams) env.out.out(prefixed(readLog(env, s, opts), s.prefix));
    return 0;
  }
  followLogs(env, flags, streams, opts);
  return 0;
}
