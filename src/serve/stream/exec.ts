/**
 * Streaming subresources over an HTTP upgrade. `pods/exec` speaks the WebSocket remotecommand
 * protocol kubectl 1.35 uses by default (`v5.channel.k8s.io`, or `v4.channel.k8s.io`): every
 * binary message starts with its channel (0 stdin, 1 stdout, 2 stderr, 3 error, 4 resize; v5's
 * 255 closes a channel), and the command's metav1.Status arrives on channel 3. The engine runs a
 * command whole (as the headless runner does), so stdin is read to its close before it runs;
 * an interactive shell on a terminal (`-it … -- sh`) runs line by line (tty.ts).
 *
 * kubectl falls back to SPDY/3.1 when the WebSocket handshake fails; a refusal (NotFound,
 * Forbidden, the kubelet's "container not found") is therefore answered twice, the second time
 * from a short memory of the first, so the command runs once and kubectl prints the refusal as
 * it prints it against a real cluster. `attach` is attach.ts's, on the same channels;
 * `portforward` is refused with the engine's Status (its apiserver/connect.ts); an upgraded `proxy`
 * (a Pod's or a Service's) goes on to the app, which never upgrades, and its refusal comes back.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ExecChunk, ExecOptions, KubeconfigUser } from '../../engine/index';
import type { ResourceInfo } from '../../k8s/resources';
import type { Invocation, ServedCluster } from '../cluster';
import { INTERACTIVE_SHELLS } from '../../kubectl/attach';
import { routeOf } from '../route';
import { statusText } from '../../k8s/http-text';
import { attachTty } from './tty';
import { openAttach } from './attach';
import { badRequest, failure, notFoundPath, unauthorized, unreachable, type HttpError } from '../status';

const PROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io'] as const;
const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const ERROR = 3;
const CLOSE = 255;

/** How long a refused WebSocket attempt is remembered for the SPDY retry that follows it. */
const FALLBACK_MS = 10_000;

export interface UpgradeContext {
  cluster: ServedCluster;
  user: KubeconfigUser | undefined;
  invocation: Invocation | undefined;
  extra: readonly ResourceInfo[];
}

/** A Status, or a plain answer (a kubelet's text; an app's own answer through pods/proxy, with its Content-Type). */
export type Refusal = { status: HttpError } | { text: string; code: number; contentType?: string };

export class StreamUpgrades {
  private readonly wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered: Set<string>) => PROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  private readonly refused = new Map<string, { at: number; refusal: Refusal }>();

  handle(ctx: UpgradeContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = req.url ?? '/';
    const memoKey = `${req.headers.authorization ?? ''}\n${url}`;
    const refuse = (r: Refusal): void => {
      this.remember(memoKey, r);
      writeRefusal(socket, r);
    };
    if (!ctx.user) return writeRefusal(socket, { status: unauthorized });
    const websocket = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (!websocket) {
      // The SPDY retry of a refused WebSocket attempt gets the same answer.
      const memo = this.refused.get(memoKey);
      this.refused.delete(memoKey);
      if (memo && Date.now() - memo.at < FALLBACK_MS) return writeRefusal(socket, memo.refusal);
      return writeRefusal(socket, { status: badRequest('reconcile serve streams over WebSocket (v5.channel.k8s.io, v4.channel.k8s.io) only, not SPDY/3.1') });
    }
    const route = routeOf('GET', url, ctx.extra);
    if (route.type !== 'resource' || route.name === undefined) return refuse({ status: notFoundPath });
    // A Service has one Connecter, its proxy; a Pod has them all.
    if (route.info.resource !== 'pods' && !(route.info.resource === 'services' && route.subresource === 'proxy')) return refuse({ status: notFoundPath });
    switch (route.subresource) {
      case 'exec':
        break;
      case 'attach': {
        const q = route.query;
        const container = q.get('container');
        const opened = openAttach({
          cluster: ctx.cluster,
          namespace: route.namespace ?? 'default',
          name: route.name,
          options: { ...(container ? { container } : {}), stdin: q.get('stdin') === 'true', tty: q.get('tty') === 'true' },
          user: ctx.user,
          invocation: ctx.invocation,
        });
        if (opened.type === 'refused') return refuse(opened.refusal);
        return this.upgrade(req, socket, head, opened.stream);
      }
      case 'portforward': {
        // The engine locates the Pod and upgrades (RBAC, NotFound, the kubelet as ever); the
        // port-forward protocol itself is not served here, so a located one is refused with a
        // Status of ours that says where it works (the simulator's terminal) and what reaches the app.
        const ns = route.namespace ?? 'default';
        const r = ctx.cluster.request({ verb: 'create', resource: 'pods', subresource: 'portforward', namespace: ns, name: route.name }, ctx.user, ctx.invocation);
        if (!r.ok) return refuse({ status: 'network' in r.error ? unreachable(r.error) : r.error });
        return refuse({
          status: badRequest(
            `port-forward is not served by reconcile serve: a local port here cannot reach a simulated Pod; run kubectl port-forward in the simulator's terminal (its curl reaches the forwarded port), or ask the Pod's app through kube-apiserver (kubectl get --raw /api/v1/namespaces/${ns}/pods/${route.name}/proxy/)`,
          ),
        });
      }
      case 'proxy': {
        // An upgraded proxy (a WebSocket to the Pod's app): the engine sends the handshake on; no
        // app in the simulation upgrades, so the answer is its refusal (tryUpgrade echoes one of
        // 400 and up, and turns any other into a 500).
        const r = ctx.cluster.request({ verb: 'get', resource: route.info.resource, subresource: 'proxy', namespace: route.namespace ?? 'default', name: route.name, proxyPath: route.proxyPath ?? '' }, ctx.user, ctx.invocation);
        if (!r.ok) return refuse({ status: 'network' in r.error ? unreachable(r.error) : r.error });
        return refuse({ text: r.text ?? '', code: r.code, ...(r.proxied?.contentType !== undefined ? { contentType: r.proxied.contentType } : {}) });
      }
      default:
        return refuse({ status: notFoundPath });
    }
    const q = route.query;
    const options: ExecOptions = { command: q.getAll('command') };
    const container = q.get('container');
    if (container) options.container = container;
    if (q.get('tty') === 'true') options.tty = true;
    const wantsStdin = q.get('stdin') === 'true';
    const target = { namespace: route.namespace ?? 'default', name: route.name, user: ctx.user, invocation: ctx.invocation };

    const run = (ws: WebSocket | undefined, stdin: string | undefined): Refusal | undefined => {
      const r = ctx.cluster.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: target.namespace, name: target.name, execOptions: stdin === undefined ? options : { ...options, stdin } }, target.user, target.invocation);
      if (!r.ok) {
        const status = 'network' in r.error ? unreachable(r.error) : r.error;
        if (!ws) return { status };
        return void finish(ws, NOTHING, failure(status));
      }
      const outcome = r.exec;
      if (!outcome || outcome.type === 'upgrade-failed') {
        const text = outcome?.message ?? 'the kubelet did not answer the exec';
        if (!ws) return { text, code: 500 };
        return void finish(ws, NOTHING, failure({ code: 500, reason: 'InternalError', message: text }));
      }
      // Approximate: a command that still runs (`sleep infinity`) is not kept open on a live stream; it ends as killed (137).
      const exitCode = outcome.type === 'running' ? 137 : outcome.exitCode;
      const status = exitCode === 0 ? { metadata: {}, status: 'Success' } : nonZeroExit(options.command, exitCode);
      // Each stream on its own channel: `kubectl cp` reads a tar archive from stdout alone.
      const streams = outcome.streams ?? [{ stream: 'stdout' as const, text: outcome.output }];
      if (ws) finish(ws, streams, status);
      else this.upgrade(req, socket, head, (s) => finish(s, streams, status));
      return undefined;
    };

    // An interactive shell on a terminal (`exec -it POD -- sh`): keystrokes, line by line.
    if (wantsStdin && options.tty && options.command.length === 1 && INTERACTIVE_SHELLS.has(options.command[0]!)) {
      return this.upgrade(req, socket, head, (ws) => attachTty(ws, { cluster: ctx.cluster, namespace: target.namespace, name: target.name, options, user: target.user, invocation: target.invocation }));
    }
    if (!wantsStdin) {
      // Without stdin the command can run before the handshake, so a refusal is an HTTP answer.
      const refusal = run(undefined, undefined);
      if (refusal) refuse(refusal);
      return;
    }
    this.upgrade(req, socket, head, (ws) => {
      const chunks: Buffer[] = [];
      let done = false;
      ws.on('message', (data: RawData) => {
        const buf = toBuffer(data);
        if (done || buf.length === 0) return;
        if (buf[0] === STDIN) chunks.push(buf.subarray(1));
        else if (buf[0] === CLOSE && buf[1] === STDIN) {
          done = true;
          run(ws, Buffer.concat(chunks).toString('utf8'));
        }
      });
    });
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, then: (ws: WebSocket) => void): void {
    this.wss.handleUpgrade(req, socket, head, then);
  }

  private remember(key: string, refusal: Refusal): void {
    const now = Date.now();
    for (const [k, v] of this.refused) if (now - v.at >= FALLBACK_MS) this.refused.delete(k);
    this.refused.set(key, { at: now, refusal });
  }

  close(): void {
    this.wss.close();
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

const NOTHING: ExecChunk[] = [];

/** The output on stdout and stderr in the order it was written, then the Status on the error channel, then a normal close. */
function finish(ws: WebSocket, output: readonly ExecChunk[], status: object): void {
  for (const c of output) if (c.text !== '') ws.send(Buffer.concat([Buffer.from([c.stream === 'stderr' ? STDERR : STDOUT]), Buffer.from(c.text, 'utf8')]));
  ws.send(Buffer.concat([Buffer.from([ERROR]), Buffer.from(JSON.stringify(status), 'utf8')]));
  ws.close(1000);
}

/** The kubelet's status for a command that exited non-zero; kubectl exits with the cause's code. */
function nonZeroExit(command: string[], code: number): object {
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${code}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
  };
}


function writeRefusal(socket: Duplex, r: Refusal): void {
  const [code, type, body] = 'status' in r ? [r.status.code, 'application/json', JSON.stringify(failure(r.status))] : [r.code, r.contentType ?? 'text/plain; charset=utf-8', r.text];
  const bytes = Buffer.from(body, 'utf8');
  socket.end(`HTTP/1.1 ${code} ${statusText(code) || 'Error'}\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\nCache-Control: no-cache, private\r\nConnection: close\r\n\r\n${body}`);
}
