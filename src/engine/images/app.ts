/**
 * A running application (the thing a Behaviour describes), as plain data plus pure functions of
 * time: is it listening, what does it answer, how much memory does it use, when does it end.
 * Started by the interpreter when a script runs a server/app binary; many may run in one
 * container (`nginx & sleep infinity`).
 */
import type { MysqlServerState } from './mysql-wire';
import { kubeletInsecureTls } from '../metrics/flags';
import { pythonHttp } from './python';
import type { Behaviour, ListenPort, LogStyle, Route, ServerSpec } from './catalog-types';
import type { HttpHead, LogLine } from './types';
import type { Stat } from './fs';
import type { RedisServer } from './redis-types';
import type { ZkServer } from './zookeeper-server';
import { spaceTime } from './clock';
import { nginxDirLocation, nginxErrorHead, nginxErrorPage, nginxFileHead, nginxNotAllowed, nginxStatic } from './nginx-http';
import { own } from '../../k8s/own';
import { httpDate, statusText } from '../../k8s/http-text';
import { EPOCH_MS } from '../../k8s/time';

export type RunningBehaviour = Exclude<Behaviour, { kind: 'missing' }>;

export interface AppRun {
  /** Program name as it appears in `ps` and logs: `nginx`, `go-api`, `agnhost`. */
  name: string;
  version: string;
  behaviour: RunningBehaviour;
  argv: string[];
  listen: ListenPort[];
  /** Absolute simulated ms. */
  startedAt: number;
  /** When it accepts connections (startedAt + jittered startupMs). */
  listenAt: number;
  pid: number;
  /** Its own exit (crash, job), if it has one. */
  end?: { at: number; code: number };
  /** A signal ended it (pkill): when, and its exit status (128 + the signal). */
  killed?: { at: number; code: number };
  /** When its memory reaches the container's limit. */
  oomAt?: number;
  /** Threads spinning forever (stress's CPU hogs), at most the node's CPUs: millicores it burns unthrottled. */
  busyMillicores?: number;
  /** Its container's place in a shared PID namespace: `pid` is the container's, pid + pidBase the namespace's (what nginx logs as its own). */
  pidBase?: number;
  /** nginx's workers (container PIDs) after a reload (SIGHUP): new processes replace its start's (app-signals.ts). */
  workers?: number[];
  /** Static files it serves (nginx, httpd): paths under it come from the container's filesystem. */
  docroot?: string;
  /** It serves the docroot as python's http.server does: listings and its own 404 page (python.ts). */
  listing?: true;
  hostname: string;
  podIP: string;
  /** Startup lines, already rendered (they only depend on the start). */
  banner: LogLine[];
  /** A redis-server's key space (redis-store.ts): the one part of an app that changes after its start. */
  redis?: RedisServer;
  /** A ZooKeeper server's process state (zookeeper-server.ts): its myid, config and the leader it follows. */
  zk?: ZkServer;
  /** A mysqld's connection count (mysql-serve.ts), made at its first connection. */
  mysql?: MysqlServerState;
}

export interface StartOptions {
  name: string;
  version: string;
  behaviour: RunningBehaviour;
  argv: string[];
  startedAt: number;
  pid: number;
  seed: number;
  declaredPorts: number[];
  memoryLimitBytes?: number;
  restartCount: number;
  hostname: string;
  podIP: string;
  docroot?: string;
  listing?: true;
  pidBase?: number;
  banner?: (run: AppRun) => LogLine[];
}

export function serverOf(b: RunningBehaviour): ServerSpec | undefined {
  return 'server' in b ? b.server : undefined;
}

/** How the app logs: its server's style; an nginx without one (a tag override) logs as nginx. */
export function appLogStyle(app: AppRun): LogStyle {
  return serverOf(app.behaviour)?.logStyle ?? (app.name === 'nginx' ? 'nginx' : 'silent');
}

/** A flaky app only crashes on its first `untilRestart` starts. */
function effective(b: RunningBehaviour, restartCount: number): RunningBehaviour {
  if (b.kind === 'crash' && b.untilRestart !== undefined && restartCount >= b.untilRestart) {
    return b.server ? { kind: 'serve', server: b.server } : { kind: 'sleep-forever', memoryBytes: 4 << 20, logs: [] };
  }
  return b;
}

export function startApp(o: StartOptions): AppRun {
  const behaviour = effective(o.behaviour, o.restartCount);
  const server = serverOf(behaviour);
  const jitter = 0.85 + 0.3 * ((o.seed >>> 8) % 1000) / 1000;
  const startupMs = Math.round((server?.startupMs ?? 0) * jitter);
  const listen = !server ? [] : server.listen === 'declared' ? o.declaredPorts.map((port) => ({ port, protocol: 'grpc' as const })) : server.listen;
  const run: AppRun = {
    name: o.name,
    version: o.version,
    behaviour,
    argv: o.argv,
    listen,
    startedAt: o.startedAt,
    listenAt: o.startedAt + startupMs,
    pid: o.pid,
    hostname: o.hostname,
    podIP: o.podIP,
    banner: [],
  };
  if (o.docroot !== undefined) run.docroot = o.docroot;
  if (o.pidBase) run.pidBase = o.pidBase;
  if (o.listing) run.listing = true;
  if (behaviour.kind === 'crash') run.end = { at: o.startedAt + behaviour.afterMs, code: behaviour.exitCode };
  if (behaviour.kind === 'job') run.end = { at: o.startedAt + behaviour.durationMs, code: behaviour.exitCode };
  const limit = o.memoryLimitBytes;
  if (limit !== undefined && limit > 0) {
    const base = baseMemory(behaviour);
    if (base >= limit) run.oomAt = o.startedAt + Math.min(250, Math.max(20, Math.round(startupMs / 2)));
    else if (behaviour.kind === 'memory-leak' && behaviour.bytesPerSecond > 0 && (behaviour.maxBytes === undefined || base + behaviour.maxBytes >= limit)) {
      run.oomAt = o.startedAt + startupMs + Math.ceil(((limit - base) / behaviour.bytesPerSecond) * 1000);
    }
    if (run.oomAt !== undefined && run.end && run.end.at <= run.oomAt) delete run.oomAt;
  }
  run.banner = o.banner ? o.banner(run) : [];
  return run;
}

function baseMemory(b: RunningBehaviour): number {
  const s = serverOf(b);
  if (s) return s.memoryBytes;
  if (b.kind === 'job' || b.kind === 'sleep-forever') return b.memoryBytes;
  return 4 << 20;
}

/** The app has not exited (on its own) by `t`. OOM is the container's business, see process.ts. */
export function appAlive(run: AppRun, t: number): boolean {
  return t >= run.startedAt && (run.end === undefined || t < run.end.at);
}

export function memoryAt(run: AppRun, t: number): number {
  if (!appAlive(run, t)) return 0;
  const base = baseMemory(run.behaviour);
  if (run.behaviour.kind === 'memory-leak') {
    const grown = Math.round((Math.max(0, t - run.listenAt) / 1000) * run.behaviour.bytesPerSecond);
    return base + Math.min(grown, run.behaviour.maxBytes ?? Infinity);
  }
  return base;
}

export function listensOn(run: AppRun, port: number, t: number): ListenPort | undefined {
  if (!appAlive(run, t) || t < run.listenAt) return undefined;
  return run.listen.find((l) => l.port === port);
}

export type AppReply =
  | { kind: 'refused' }
  /** Accepted, never answered (deadlock). */
  | { kind: 'hang' }
  /** A TCP-only server closed the connection on an HTTP request. */
  | { kind: 'eof' }
  /** `head`: the status line and headers as the server frames them (nginx's), when modelled. */
  | { kind: 'reply'; status: number; body: string; contentType: string; delayMs: number; tls?: true; head?: HttpHead };

/**
 * What the request carries beyond its path: the method (GET when unset) and, for servers that
 * send Last-Modified and ETag (nginx), a file's modification time in simulated ms.
 */
export interface AppRequest {
  method?: string;
  /** The Host header as sent (nginx builds a redirect's absolute Location from it). Approximate: absent (an HTTP/1.0 client), nginx names the address the client reached; here `localhost`. */
  host?: string;
  mtime?: (path: string) => number | undefined;
}

const fill = (run: AppRun, text: string, t: number): string =>
  text.replace(/\{version\}/g, run.version).replace(/\{hostname\}/g, run.hostname).replace(/\{now\}/g, `${spaceTime(t).replace(' +0000', '')}.${String(t % 1000).padStart(3, '0')}000000 +0000 UTC m=+${((t - run.startedAt) / 1000).toFixed(9)}`);

function reply(run: AppRun, r: Route, t: number): AppReply {
  return { kind: 'reply', status: r.status, body: fill(run, r.body, t), contentType: r.contentType ?? 'text/plain; charset=utf-8', delayMs: r.delayMs ?? 0 };
}

/**
 * What an HTTP request for `rawPath` on `port` gets at `t`. `readFile` reads the container's
 * filesystem (for docroot servers), so a script that rewrote index.html changes what nginx serves.
 * A HEAD is answered as its GET is, without the body: the head keeps the GET's Content-Length.
 * Approximate: only nginx tells methods apart (nginx-http.ts); other apps answer any method as GET.
 */
export function appHttp(run: AppRun, t: number, port: number, rawPath: string, readFile: DocrootReader, listDir?: DirLister, req: AppRequest = {}): AppReply {
  const plain = plainHttp(run, t, port, rawPath, readFile, listDir, req);
  if (plain.kind !== 'reply') return plain;
  const r = plain.head === undefined && serverOf(run.behaviour)?.framing === 'node' ? { ...plain, head: nodeHead(plain, t, req.method === 'HEAD') } : plain;
  const head = req.method === 'HEAD' ? { ...r, body: '', head: r.head ?? { version: 'HTTP/1.1' as const, reason: statusText(r.status), headers: [['Content-Type', r.contentType], ['Content-Length', String(r.body.length)]] as [string, string][] } } : r;
  // A TLS port answers only after the handshake: the reply says so, and the client decides.
  return listensOn(run, port, t)?.protocol === 'https' ? { ...head, tls: true } : head;
}

/**
 * Node.js's http module answering a handler that set Content-Type and wrote its body without a
 * length (lib/_http_outgoing.js: Date added, keep-alive kept for an HTTP/1.1 client, chunked
 * encoding for a body of unknown length — none for a HEAD, which sends no body).
 */
function nodeHead(r: { status: number; contentType: string }, t: number, head: boolean): HttpHead {
  const headers: [string, string][] = [['Content-Type', r.contentType], ['Date', httpDate(EPOCH_MS + t)], ['Connection', 'keep-alive']];
  if (!head) headers.push(['Transfer-Encoding', 'chunked']);
  return { version: 'HTTP/1.1', reason: statusText(r.status), headers };
}

/** What a docroot server finds at a path of the container's filesystem (fs.ts's stat). */
export type DocrootReader = (path: string) => Stat;

/** A directory's entries, for servers that list them (python's http.server). */
export type DirLister = (path: string) => { name: string; dir: boolean }[];

function plainHttp(run: AppRun, t: number, port: number, rawPath: string, readFile: DocrootReader, listDir: DirLister | undefined, req: AppRequest): AppReply {
  const l = listensOn(run, port, t);
  if (!l) return { kind: 'refused' };
  if (l.protocol === 'tcp') return { kind: 'eof' };
  const server = serverOf(run.behaviour);
  if (!server) return { kind: 'refused' };
  const [path = '/', query = ''] = rawPath.split('?');
  const age = t - run.startedAt;
  const b = run.behaviour;
  switch (b.kind) {
    case 'never-ready':
      if (path === b.path) return reply(run, { status: 503, body: b.body, contentType: 'application/json' }, t);
      break;
    case 'liveness-failure':
      if (path === b.path && age > b.afterMs) {
        // Go's fmt `%v` of duration.Seconds(): the shortest form (`error: 12.345`), as JS prints a
        // number in this range; a real one carries nanoseconds, the simulation's clock milliseconds.
        const body = b.failBody === 'agnhost-seconds' ? `error: ${age / 1000}` : b.failBody;
        return reply(run, { status: 500, body }, t);
      }
      break;
    case 'hang':
      if (age >= b.afterMs) return { kind: 'hang' };
      break;
    case 'wrong-answers':
      if (!b.healthyPaths.includes(path)) return reply(run, b.answer, t);
      break;
    case 'external-dependency':
      if (b.failingPaths.includes(path)) return reply(run, { status: 503, body: `{"status":"unavailable","dependency":"${b.dependency}","error":"${b.error}"}\n`, contentType: 'application/json' }, t);
      if (path !== '/version') return reply(run, { status: 500, body: `{"error":"${b.error}"}\n`, contentType: 'application/json' }, t);
      break;
    default:
      break;
  }
  if (server.warmup && server.warmup.paths.includes(path) && age < server.warmup.readyAfterMs) {
    return reply(run, { status: 503, body: server.warmup.body }, t);
  }
  // metrics-server's metric-storage-ready check fails while no scrape has succeeded (metrics/flags.ts);
  // the healthz handler answers 500. Approximate: the body lists only the failing check.
  if (run.name === 'metrics-server' && path === '/readyz' && !kubeletInsecureTls(run.argv)) return reply(run, { status: 500, body: '[-]metric-storage-ready failed: reason withheld\nreadyz check failed\n' }, t);
  if (run.name === 'agnhost' && path === '/echo') return reply(run, { status: 200, body: queryParam(query, 'msg') }, t);
  if (run.listing) return pythonHttp(run, path, query, readFile, listDir, req, t);
  if (run.docroot !== undefined && run.name === 'nginx') return nginxDocroot(run, t, port, server, path, query, readFile, req);
  if (run.docroot !== undefined) {
    const file = `${run.docroot}${path.endsWith('/') ? `${path}index.html` : path}`;
    const found = readFile(file);
    if (found.kind === 'dir') return reply(run, { status: 301, body: '', contentType: 'text/html' }, t);
    if (found.kind === 'file') return reply(run, { status: 200, body: found.content, contentType: 'text/html' }, t);
    // An empty volume mounted over the docroot (StatefulSet Basics' claim) leaves `/` without index.html.
    if (server.dirWithoutIndex && path.endsWith('/') && readFile(`${run.docroot}${path}`).kind === 'dir') return reply(run, server.dirWithoutIndex, t);
    return reply(run, server.notFound, t);
  }
  const route = own(server.routes, path) as Route | undefined;
  return reply(run, route ?? server.notFound, t);
}

/**
 * nginx's static and index modules over its docroot: the file (with nginx's head), 301 for a
 * directory, 403 for a directory without index.html, 404, and 405 for a method they do not
 * serve (nginx-http.ts).
 */
function nginxDocroot(run: AppRun, t: number, port: number, server: ServerSpec, path: string, query: string, readFile: DocrootReader, req: AppRequest): AppReply {
  const file = `${run.docroot}${path.endsWith('/') ? `${path}index.html` : path}`;
  const found = readFile(file);
  const dirWithoutIndex = server.dirWithoutIndex !== undefined && found.kind === 'none' && path.endsWith('/') && readFile(`${run.docroot}${path}`).kind === 'dir';
  const outcome = nginxStatic(req.method ?? 'GET', found.kind === 'dir' ? 'dir' : found.kind === 'file' ? 'file' : dirWithoutIndex ? 'forbidden' : 'missing');
  const error = (route: Route, location?: string): AppReply => {
    const r = reply(run, route, t);
    return r.kind === 'reply' ? { ...r, head: nginxErrorHead(run.version, r.status, r.body.length, t, location) } : r;
  };
  switch (outcome) {
    case 'file': {
      const body = found.kind === 'file' ? found.content : '';
      const mtime = req.mtime?.(file) ?? run.startedAt;
      return { kind: 'reply', status: 200, body, contentType: 'text/html', delayMs: 0, head: nginxFileHead(run.version, 'text/html', body.length, t, mtime) };
    }
    case 'dir':
      return error(nginxErrorPage(301, 'Moved Permanently', run.version), nginxDirLocation(req.host ?? 'localhost', port, path, query));
    case 'forbidden':
      return error(server.dirWithoutIndex!);
    case 'missing':
      return error(server.notFound);
    case 'not-allowed':
      return error(nginxNotAllowed(run.version));
  }
}

export type GrpcHealth = 'refused' | 'serving' | 'not-serving' | 'hang' | 'http1' | 'tcp';

/** grpc.health.v1 Check against `port` at `t`. */
export function appGrpc(run: AppRun, t: number, port: number): GrpcHealth {
  const l = listensOn(run, port, t);
  if (!l) return 'refused';
  if (l.protocol === 'http') return 'http1';
  if (l.protocol === 'tcp') return 'tcp';
  const b = run.behaviour;
  const age = t - run.startedAt;
  if (b.kind === 'hang' && age >= b.afterMs) return 'hang';
  if (b.kind === 'never-ready' || b.kind === 'external-dependency' || (b.kind === 'liveness-failure' && age > b.afterMs)) return 'not-serving';
  return 'serving';
}

function queryParam(query: string, name: string): string {
  const raw = new RegExp(`(?:^|&)${name}=([^&]*)`).exec(query)?.[1] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
