/**
 * `sim curl <service>[:port][/path] --from <node> [-n NS]`: one HTTP GET sent from a node, the
 * way `curl` on that machine would send it. The node's kube-proxy rules (as last programmed, so
 * stale while that kube-proxy is down) DNAT a Service address to one endpoint, drawn from the
 * world PRNG like iptables' random match; the container process listening there answers.
 * A Service with no ready endpoint is REJECTed (refused); an endpoint whose Pod is gone does not
 * answer at all (timeout). Each request is a `proxy` hop on the trace.
 */
import type { ComponentId } from '../../engine/core/ids';
import { nextInt } from '../../engine/core/rng';
import { serveHttp } from '../../engine/node/app';
import { runtimeOf } from '../../engine/node/cri';
import { proxyOf, resolveFromNode } from '../../engine/node/kube-proxy';
import type { ContainerRecord, SandboxRecord } from '../../engine/node/runtime-state';
import { markComponentChanged, trace } from '../../engine/runtime';
import type { World } from '../../engine/world';
import type { Session } from '../session';
import { fail, ok } from '../session';
import type { CommandResult } from '../types';

const USAGE = 'error: usage: sim curl <service>[:port][/path] --from <node> [-n NAMESPACE]';
/** curl's own default when the user gives no --max-time: the connect attempt we report. */
const CONNECT_TIMEOUT_MS = 10_000;

interface CurlArgs {
  host: string;
  port: number;
  path: string;
  from: string;
  namespace: string;
}

function parse(argv: string[]): CurlArgs | string {
  let url: string | undefined;
  let from: string | undefined;
  let namespace = 'default';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--from' || a === '-n' || a === '--namespace') {
      const v = argv[++i];
      if (v === undefined) return `error: flag needs an argument: ${a}`;
      if (a === '--from') from = v;
      else namespace = v;
    } else if (a.startsWith('--from=')) from = a.slice('--from='.length);
    else if (a.startsWith('--namespace=')) namespace = a.slice('--namespace='.length);
    else if (a.startsWith('-')) return `error: unknown flag: ${a}`;
    else if (url === undefined) url = a;
    else return USAGE;
  }
  if (!url || !from) return USAGE;
  const m = /^(?:http:\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  if (!m) return `curl: (3) URL using bad/illegal format or missing URL`;
  return { host: m[1]!, port: m[2] ? Number(m[2]) : 80, path: m[3] ?? '/', from, namespace };
}

interface Listener {
  runtime: ComponentId;
  sandbox: SandboxRecord;
  containers: ContainerRecord[];
}

/** Whatever holds `ip` on any node now: a ready sandbox and its running containers. */
function findListener(w: World, ip: string): Listener | undefined {
  for (const m of w.machines) {
    const rt = runtimeOf(w, m);
    if (!rt?.running) continue;
    for (const sb of rt.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY' || sb.hostNetwork || sb.ip !== ip) continue;
      const containers = [...rt.containers.values()].filter((c) => c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING' && c.process);
      return { runtime: rt.id, sandbox: sb, containers };
    }
  }
  return undefined;
}

function refused(ip: string, port: number): string {
  return `curl: (7) Failed to connect to ${ip} port ${port}: Connection refused`;
}

function timedOut(ip: string, port: number): string {
  return `curl: (28) Failed to connect to ${ip} port ${port} after ${CONNECT_TIMEOUT_MS} ms: Connection timed out`;
}

/** Sends the GET to `endpoint` (`podIP:port`) and words the outcome; `shown` is the address curl dialled. */
function deliver(w: World, args: CurlArgs, proxy: ComponentId, shown: { ip: string; port: number }, endpoint: string, via: string): CommandResult {
  const [ip = '', portText = '0'] = endpoint.split(':');
  const port = Number(portText);
  const nodeIP = w.machineSpecs.get(args.from)?.ip ?? '';
  const l = findListener(w, ip);
  trace(w, {
    from: proxy,
    to: l?.runtime ?? proxy,
    kind: 'proxy',
    summary: `GET http://${shown.ip}:${shown.port}${args.path} from ${args.from}${via} → ${endpoint}${l ? ` (${l.sandbox.podNamespace}/${l.sandbox.podName})` : ' (no Pod has this address)'}`,
    ...(l ? { object: { kind: 'Pod', namespace: l.sandbox.podNamespace, name: l.sandbox.podName } } : {}),
  });
  const note = via ? `\n(${args.from}'s kube-proxy rules sent it to ${endpoint}${l ? '' : ', which no Pod holds any more'})` : '';
  if (!l) return fail(timedOut(shown.ip, shown.port) + note, 28);
  for (const c of l.containers) {
    const answer = serveHttp(c.process!, w.now, port, args.path, nodeIP);
    if (!answer) continue;
    markComponentChanged(w, l.runtime);
    if (answer.hang) return fail(`curl: (28) Operation timed out after ${CONNECT_TIMEOUT_MS} milliseconds with 0 bytes received${note}`, 28);
    if (answer.closed) return fail(`curl: (52) Empty reply from server${note}`, 52);
    const first = answer.body.split('\n')[0] ?? '';
    return ok(`HTTP ${answer.status} from ${l.sandbox.podName} (${endpoint})\n${first}\n`);
  }
  return fail(refused(shown.ip, shown.port) + note, 7);
}

export function simCurl(session: Session, argv: string[]): CommandResult {
  const args = parse(argv);
  if (typeof args === 'string') return fail(args);
  const w = session.sim.world;
  if (!w.machineSpecs.has(args.from)) return fail(`error: no node named "${args.from}"`);
  const proxy = proxyOf(w, args.from);
  // iptables' statistic match: drawn even when unused, so a run's later randomness does not
  // depend on which Services happened to have endpoints.
  const pick = nextInt(w.rng, 0, 1 << 30);
  const r = resolveFromNode(w, args.from, args.host, args.port, args.namespace, pick);
  switch (r.kind) {
    case 'no-proxy':
      return fail(`error: ${args.from} runs no kube-proxy`);
    case 'unknown-host':
      return fail(`curl: (6) Could not resolve host: ${args.host}`, 6);
    case 'no-endpoints':
      return fail(refused(r.rule.clusterIP, args.port), 7);
    case 'endpoint':
      return deliver(w, args, proxy!.id, { ip: r.rule.clusterIP, port: args.port }, r.endpoint, ` via ${r.rule.service}`);
    case 'not-a-service': {
      // Not caught by any rule: routed as is, so only a Pod IP can answer.
      if (!/^\d+\.\d+\.\d+\.\d+$/.test(args.host)) return fail(timedOut(args.host, args.port), 28);
      return deliver(w, args, proxy!.id, { ip: args.host, port: args.port }, `${args.host}:${args.port}`, '');
    }
    default: {
      const never: never = r;
      return fail(String(never));
    }
  }
}
