/**
 * What `kubectl -v=N` adds to stderr before and around a command's requests, recorded from
 * kubectl v1.35.2 (verbose.test.ts): at 6 and up `loader.go:405] Config loaded from file:  PATH`;
 * at 1 and up client-go's feature gates, one line each (the real binary ranges over a Go map, so
 * its order varies run to run; this prints one of the orders it shows); at 4 and up, before an
 * `Error from server` message, the Status kubectl decoded (cmdutil's checkErr); at 6 and up every
 * request (request-log.ts). Set up only when -v is 1 or more: below, nothing is computed.
 */
import type { Simulation } from '../engine/index';
import type { StatusError } from '../engine/index';
import type { Client } from './client';
import { KUBECONFIG_PATH } from './kubeconfig';
import { globalFlag } from './client-config';
import { Klog } from './klog';
import type { Output } from './output';
import { RequestLog } from './request-log';

const FEATURE_GATES: readonly (readonly [string, boolean])[] = [
  ['ClientsAllowCBOR', false],
  ['ClientsPreferCBOR', false],
  ['InOrderInformers', true],
  ['InOrderInformersBatchProcess', true],
  ['InformerResourceVersion', true],
  ['WatchListClient', true],
];

/** `-o`/`--output`'s value, '' when absent. */
function outputFormat(argv: readonly string[]): string {
  let found = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '-o' || a === '--output') found = argv[++i] ?? '';
    else if (a.startsWith('--output=')) found = a.slice(9);
    else if (a.startsWith('-o')) found = a.slice(a.startsWith('-o=') ? 3 : 2);
  }
  return found;
}

/**
 * Go's json.MarshalIndent of the Status (HTML characters escaped, empty fields omitted). Its
 * message is the one printed: kubectl wraps a failed write's (recorded: `"message": "error when
 * creating \"bad.yaml\": ConfigMap in version …"`).
 */
function statusJson(e: StatusError, message: string): string {
  const d = e.details;
  const details = d ? Object.fromEntries(Object.entries({ name: d.name, group: d.group, kind: d.kind, causes: d.causes, retryAfterSeconds: d.retryAfterSeconds }).filter(([, v]) => v !== undefined && v !== '')) : undefined;
  const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: e.reason, ...(details ? { details } : {}), code: e.code };
  return JSON.stringify(status, null, 2).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** `words`: the command's words as the command table splits them (`['create', 'deployment']`). */
export function startLogging(level: number, sim: Simulation, out: Output, client: Client, argv: readonly string[], words: readonly string[]): ((exitCode: number) => void) | undefined {
  const klog = new Klog(level, () => sim.now, (text) => out.err(text));
  klog.info(6, 'loader.go:405', `Config loaded from file:  ${globalFlag(argv, 'kubeconfig') || KUBECONFIG_PATH}`);
  for (const [feature, enabled] of FEATURE_GATES) klog.info(1, 'envvar.go:172', 'Feature gate default state', [['feature', feature], ['enabled', enabled]]);
  if (level >= 4) {
    out.beforeErr = (text) => {
      const failure = client.lastFailure;
      const shown = /^Error from server(?: \([A-Za-z]+\))?: ([\s\S]*?)\n?$/.exec(text);
      if (!failure || !shown) return;
      client.lastFailure = undefined;
      klog.info(4, 'helpers.go:246', `server response object: %s[${statusJson(failure, shown[1]!)}]`);
    };
  }
  // kubectl apply's post-processors (prune), logged once every object applied (recorded at -v=4, not at 3).
  const finished = words[0] === 'apply' ? (code: number): void => (code === 0 ? klog.info(4, 'apply.go:546', 'Running apply post-processor function') : undefined) : undefined;
  if (level < 6 || client.unreachable) return finished;
  const format = outputFormat(argv);
  client.requestLog = new RequestLog(
    klog,
    { server: client.serverHost, credentials: client.user, words, table: words[0] === 'get' && (format === '' || format === 'wide'), apf: (t) => sim.apfResponseHeaders(client.user, t, client.actingAs) },
    () => sim.now,
  );
  return finished;
}
