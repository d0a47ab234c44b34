/**
 * The page's side of `reconcile serve --open | --classroom`: plain HTTP serving the built app
 * (dist/) and two WebSocket endpoints (the `ws` package does the framing):
 *
 * - `/reconcile/attach?token=T`: the worker protocol over the served cluster (host.ts), for a
 *   page holding the run's presenter token: an attached page runs commands as kubernetes-admin.
 * - `/reconcile/classroom[?token=T]`: the classroom relay (relay.ts); with the token a presenter,
 *   without one a student, whose messages are dropped.
 *
 * Plain HTTP on purpose: a student's browser would refuse this run's self-signed CA, and the
 * page's traffic is the simulation's, not a cluster's credentials (the Kubernetes API stays
 * HTTPS on 127.0.0.1, and attaching needs the token). The app's own CSP (`connect-src 'self'`)
 * lets it open WebSockets to the origin that served it.
 */
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { isToWorker, type FromWorker } from '../../protocol/messages';
import type { ServedCluster } from '../cluster';
import { attachHost } from './host';
import { ClassroomRelay, MAX_RELAYED_BYTES, type RelayPeer } from './relay';

export const ATTACH_PATH = '/reconcile/attach';
export const CLASSROOM_PATH = '/reconcile/classroom';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface AppServerOptions {
  cluster: ServedCluster;
  /** The built app's folder (index.html and assets/). */
  dist: string;
  /** Who may attach and present. */
  token: string;
}

export interface AppServer {
  server: Server;
  relay: ClassroomRelay;
  close(): Promise<void>;
}

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createAppServer(o: AppServerOptions): AppServer {
  const relay = new ClassroomRelay();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_RELAYED_BYTES });
  const server = createServer((req, res) => serveStatic(o.dist, req, res));

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://app');
    const token = url.searchParams.get('token');
    const refuse = (code: number, text: string): void => {
      socket.end(`HTTP/1.1 ${code} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname === ATTACH_PATH) {
      if (!sameToken(token, o.token)) return refuse(401, 'Unauthorized');
      return wss.handleUpgrade(req, socket, head, (ws) => attachSocket(o.cluster, ws));
    }
    if (url.pathname === CLASSROOM_PATH) {
      if (token !== null && !sameToken(token, o.token)) return refuse(401, 'Unauthorized');
      const role = token === null ? 'student' : 'presenter';
      return wss.handleUpgrade(req, socket, head, (ws) => classroomSocket(relay, ws, role));
    }
    refuse(404, 'Not Found');
  });

  return {
    server,
    relay,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function attachSocket(cluster: ServedCluster, ws: WebSocket): void {
  const host = attachHost(cluster, (msg: FromWorker) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  });
  ws.on('message', (data, isBinary) => {
    let msg: unknown;
    try {
      msg = isBinary ? undefined : JSON.parse(String(data));
    } catch {
      msg = undefined;
    }
    if (isToWorker(msg)) host.handle(msg);
    else ws.send(JSON.stringify({ type: 'error', epoch: -1, message: 'malformed message to the served cluster', fatal: false } satisfies FromWorker));
  });
  ws.on('close', () => host.close());
}

function classroomSocket(relay: ClassroomRelay, ws: WebSocket, role: 'presenter' | 'student'): void {
  const peer: RelayPeer = { send: (text) => ws.readyState === ws.OPEN && ws.send(text) };
  relay.join(peer, role);
  ws.on('message', (data, isBinary) => {
    if (!isBinary) relay.receive(peer, String(data));
  });
  ws.on('close', () => relay.leave(peer));
}

/** Files of the built app; any other path is the app itself (its routes live in the query string). */
function serveStatic(dist: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' });
    return void res.end();
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname);
  } catch {
    res.writeHead(400);
    return void res.end();
  }
  const root = normalize(dist);
  let file = normalize(join(root, path));
  if (!file.startsWith(root + sep) && file !== root) {
    res.writeHead(404);
    return void res.end();
  }
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end(`The app is not built: ${join(root, 'index.html')} is missing. Run \`npm run build\` first.\n`);
  }
  const hashed = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}
