/**
 * What kubectl prints when its discovery cannot reach the server and nothing is cached under
 * ~/.kube/cache/discovery for it (a first command after `sim fail kube-apiserver`, a kubeconfig
 * pointing at a closed port). Its memory-cached discovery client logs a klog error each time a
 * RESTMapper lookup finds the group list unfetchable, before the command's own error line:
 *
 *   E1206 07:40:28.860475   25576 memcache.go:265] "Unhandled Error" err="couldn't get current
 *   server API group list: Get \"https://127.0.0.1:1/api?timeout=5s\": dial tcp 127.0.0.1:1:
 *   connect: connection refused"
 *
 * (one line). How many lines depends on how often the command asks; the counts below were
 * recorded with kubectl v1.35.2 against https://127.0.0.1:1 (connection refused), a cold cache,
 * for the single-`TYPE` or `TYPE/NAME` form each command was typed in (builderLogs: the others).
 * A command not listed logs none: it fails on another request first (apply/create/replace -f
 * download the OpenAPI schema to validate, `create <kind>` and `create token` POST with a typed
 * client, version, events, top, auth whoami, cp and get --raw never ask discovery).
 */
import type { NetworkError } from '../engine/index';
import { goDuration } from '../k8s/time';
import { parseRequestTimeout } from './env';
import { klogError } from './klog';

const LOGS_PER_COMMAND: Readonly<Record<string, number>> = {
  get: 5,
  describe: 5,
  delete: 5,
  edit: 5,
  scale: 5,
  label: 5,
  annotate: 5,
  patch: 5,
  expose: 5,
  autoscale: 5,
  'cluster-info': 5,
  logs: 4,
  exec: 4,
  attach: 4,
  debug: 4,
  'port-forward': 4,
  wait: 4,
  cordon: 4,
  uncordon: 4,
  drain: 4,
  // Every rollout and set subcommand recorded (status, history, undo, restart, pause; image, env, resources).
  'rollout *': 4,
  'set *': 4,
  explain: 2,
  taint: 2,
  'auth can-i': 2,
  'create role': 2,
  'api-resources': 1,
  'api-versions': 1,
  run: 1,
  diff: 1,
};

/**
 * A command that takes resources as the builder reads them (ResourceTypeOrNameArgs): its count
 * follows the arguments' shape, recorded for get, describe, delete, label, scale, expose, wait,
 * rollout and set — `TYPE/NAME...` 4, `TYPE [NAME...]` 5, `T1,T2,…` without names 4 + one per
 * type (`get pods,svc` 6, `delete pods,svc,deploy --all` 7), `T1,T2 NAME` 4. Arguments with `=`
 * (label's and set's `key=value`) are not names.
 */
function builderLogs(positionals: readonly string[]): number | undefined {
  const [first, ...more] = positionals;
  if (first === undefined) return undefined;
  if (first.includes('/')) return 4;
  const types = first.split(',').length;
  if (types === 1) return 5;
  return more.some((a) => !a.includes('=')) ? 4 : 4 + types;
}

/** The command reads its objects from -f or -k (logs' -f is --follow). */
export function readsFiles(words: readonly string[], argv: readonly string[]): boolean {
  return words[0] !== 'logs' && argv.some((a) => /^(-f|--filename|-k|--kustomize)(=|$)/.test(a) || /^-[fk]./.test(a));
}

/** How many lines `words` logs; `argv` for the flags that change it, `positionals` its arguments (recorded). */
function logsFor(words: readonly string[], argv: readonly string[], positionals: readonly string[], takesResources: boolean): number {
  const key = words.join(' ');
  // `auth can-i --list` asks the server for its rules without a RESTMapper.
  if (key === 'auth can-i' && argv.includes('--list')) return 0;
  // Objects read from -f or -k are mapped once (the builder), after apply/create/replace's OpenAPI download.
  if (readsFiles(words, argv)) return 1;
  const byShape = takesResources ? builderLogs(positionals) : undefined;
  return byShape ?? LOGS_PER_COMMAND[key] ?? LOGS_PER_COMMAND[`${words[0] ?? ''} *`] ?? 0;
}

/** The global `--request-timeout`, read off argv before the command parses it (the last one before `--` wins). */
export function requestTimeoutOf(argv: readonly string[]): number {
  let raw = '';
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    const a = argv[i]!;
    if (a.startsWith('--request-timeout=')) raw = a.slice('--request-timeout='.length);
    else if (a === '--request-timeout' && i + 1 < argv.length) raw = argv[++i]!;
  }
  return parseRequestTimeout(raw);
}

/** The discovery URL's `timeout` query: client-go's default 32s, or `--request-timeout` as a Go duration. */
function timeoutQuery(requestTimeoutMs: number): string {
  return goDuration(requestTimeoutMs > 0 ? requestTimeoutMs : 32_000);
}

/**
 * The klog lines for `words` (the command path, `rollout status`), or '' when that command logs
 * none. `serverUrl` is the server as the kubeconfig writes it (`https://10.0.0.10:6443`).
 */
export function discoveryFailureLog(command: { words: readonly string[]; positionals: readonly string[]; takesResources: boolean }, argv: readonly string[], serverUrl: string, requestTimeoutMs: number, error: NetworkError, simMs: number): string {
  const n = logsFor(command.words, argv, command.positionals, command.takesResources);
  if (n === 0) return '';
  const url = `${serverUrl.replace(/\/+$/, '')}/api?timeout=${timeoutQuery(requestTimeoutMs)}`;
  const line = klogError(simMs, 'memcache.go:265', 'Unhandled Error', [['err', `couldn't get current server API group list: Get ${JSON.stringify(url)}: ${error.message}`]]);
  return line.repeat(n);
}

/**
 * apply, create and replace validate against the OpenAPI schema, which kubectl downloads (and
 * does not keep on disk) before the first object: an unreachable server fails there, naming
 * the first file, whatever discovery has cached. Recorded with kubectl v1.35.2.
 */
export function schemaDownloadFailure(source: string, serverBase: string, requestTimeoutMs: number, error: NetworkError): string {
  const url = `${serverBase}/openapi/v2?timeout=${timeoutQuery(requestTimeoutMs)}`;
  return `error validating ${JSON.stringify(source)}: error validating data: failed to download openapi: Get ${JSON.stringify(url)}: ${error.message}; if you choose to ignore these errors, turn validation off with --validate=false`;
}

/** The builder's mapping error for a file's objects when discovery cannot be fetched. */
export function unrecognizable(source: string, serverBase: string, requestTimeoutMs: number, error: NetworkError): string {
  return `unable to recognize ${JSON.stringify(source)}: Get ${JSON.stringify(`${serverBase}/api?timeout=${timeoutQuery(requestTimeoutMs)}`)}: ${error.message}`;
}
