/**
 * `sim curl <service>[:port][/path] --from <node> [-n NS]`: one HTTP GET sent from a node, the
 * way `curl` on that machine would send it. The engine carries it (node/traffic.ts: the node's
 * kube-proxy rules, the process at the endpoint, the `proxy` hop on the trace); this parses the
 * command line and prints what curl would.
 */
import type { HttpGet, HttpGetResult } from '../../engine/index';
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';

export const CURL_FLAGS: FlagDef[] = [
  { name: 'from', kind: 'string', values: 'nodes' },
  { name: 'namespace', short: 'n', kind: 'string', values: 'namespaces' },
];

const USAGE = 'error: usage: sim curl <service>[:port][/path] --from <node> [-n NAMESPACE]';
/** curl's own default when the user gives no --max-time: the connect attempt we report. */
const CONNECT_TIMEOUT_MS = 10_000;

function parse(argv: string[], defaultNamespace: string): HttpGet | string {
  let url: string | undefined;
  let from: string | undefined;
  let namespace = defaultNamespace;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(CURL_FLAGS, a);
    if (f) {
      const v = f.inline ?? argv[++i];
      if (v === undefined) return `error: flag needs an argument: ${a}`;
      if (f.def.name === 'from') from = v;
      else namespace = v;
    } else if (a.startsWith('-')) return `error: unknown flag: ${a}`;
    else if (url === undefined) url = a;
    else return USAGE;
  }
  if (!url || !from) return USAGE;
  const m = /^(?:http:\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  if (!m) return `curl: (3) URL using bad/illegal format or missing URL`;
  return { host: m[1]!, port: m[2] ? Number(m[2]) : 80, path: m[3] ?? '/', from, namespace };
}

function refused(ip: string, port: number): string {
  return `curl: (7) Failed to connect to ${ip} port ${port}: Connection refused`;
}

function timedOut(ip: string, port: number): string {
  return `curl: (28) Failed to connect to ${ip} port ${port} after ${CONNECT_TIMEOUT_MS} ms: Connection timed out`;
}

/** curl's words for what happened to the request. */
function outcome(req: HttpGet, r: HttpGetResult): CommandResult {
  switch (r.kind) {
    case 'no-node':
      return fail(`error: no node named "${req.from}"`);
    case 'no-proxy':
      return fail(`error: ${req.from} runs no kube-proxy`);
    case 'unknown-host':
      return fail(`curl: (6) Could not resolve host: ${req.host}`, 6);
    case 'no-endpoints':
      return fail(refused(r.clusterIP, req.port), 7);
    case 'unroutable':
    case 'no-local-endpoint':
      return fail(timedOut(req.host, req.port), 28);
    case 'sent': {
      const { ip, port } = r.dialled;
      const note = r.service !== undefined ? `\n(${req.from}'s kube-proxy rules sent it to ${r.endpoint}${r.pod ? '' : ', which no Pod holds any more'})` : '';
      switch (r.reply.kind) {
        case 'no-listener':
          return fail(timedOut(ip, port) + note, 28);
        case 'refused':
          return fail(refused(ip, port) + note, 7);
        case 'hang':
          return fail(`curl: (28) Operation timed out after ${CONNECT_TIMEOUT_MS} milliseconds with 0 bytes received${note}`, 28);
        case 'closed':
          return fail(`curl: (52) Empty reply from server${note}`, 52);
        case 'dropped': {
          // Not curl's words: what happened to the packet, which curl cannot see.
          const d = r.reply.dropped;
          const whose = d.direction === 'ingress' ? `${d.pod.namespace}/${d.pod.name}'s ingress` : `${d.pod.namespace}/${d.pod.name}'s egress`;
          return fail(`${timedOut(ip, port)}${note}\n(${d.node}'s ${d.plugin} dropped it: NetworkPolicy ${d.policies.join(', ')} isolates ${whose} and no rule allows this connection)`, 28);
        }
        case 'tls-failed':
          // sim curl speaks plain HTTP: it never starts a handshake.
          return fail(`curl: (35) TLS connect error${note}`, 35);
        case 'answer': {
          const first = r.reply.body.split('\n')[0] ?? '';
          return ok(`HTTP ${r.reply.status} from ${r.pod?.name ?? r.listener ?? ''} (${r.endpoint})\n${first}\n`);
        }
        default: {
          const never: never = r.reply;
          return fail(String(never));
        }
      }
    }
    default: {
      const never: never = r;
      return fail(String(never));
    }
  }
}

export function simCurl(session: Session, argv: string[]): CommandResult {
  const req = parse(argv, session.contextNamespace());
  if (typeof req === 'string') return fail(req);
  return outcome(req, session.sim.httpGet(req));
}
