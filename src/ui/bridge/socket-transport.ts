/**
 * The bridge's host over a WebSocket: a served cluster (`reconcile serve --open`) speaks the same
 * ToWorker/FromWorker messages as the Web Worker, as JSON text frames. Messages posted before the
 * socket opens wait for it. A socket that fails to open or closes is a crash to the bridge, which
 * retries (a new socket) and then gives up with a notice, so an unreachable server never leaves a
 * blank page.
 */
import type { ToWorker } from '../../protocol/messages';
import type { WorkerFactory } from './bridge';

export const ATTACH_PATH = '/reconcile/attach';

/**
 * Wall ms a socket may take to open. A refused connection closes at once, but one the page's CSP
 * blocks (another origin than the one that served the page) neither opens nor closes.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * The WebSocket address for what a learner typed or a link carried: a bare token attaches to the
 * server this page came from; `ws://…`/`wss://…` is used as it is; an `http(s)://…` link that
 * `reconcile serve` printed (`…/?attach=TOKEN`) names its server and token. Undefined: not an
 * address.
 */
export function attachAddress(input: string, here: { protocol: string; host: string }): string | undefined {
  const text = input.trim();
  if (/^[0-9a-f]{8,128}$/i.test(text)) return `${here.protocol === 'https:' ? 'wss:' : 'ws:'}//${here.host}${ATTACH_PATH}?token=${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return url.toString();
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const token = url.searchParams.get('attach');
  if (!token || !/^[0-9a-f]{8,128}$/i.test(token)) return undefined;
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}${ATTACH_PATH}?token=${token}`;
}

export function createSocketTransport(address: string): WorkerFactory {
  return (events) => {
    const queue: string[] = [];
    let closed = false;
    let ws: WebSocket;
    try {
      ws = new WebSocket(address);
    } catch (e) {
      // A malformed address throws at once; report it as the bridge reports any failed host.
      queueMicrotask(() => events.onCrash(`cannot connect to ${address}: ${e instanceof Error ? e.message : String(e)}`));
      return { post: () => undefined, terminate: () => undefined };
    }
    const shown = address.replace(/token=[^&]*/, 'token=…');
    const fail = (why: string): void => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      events.onCrash(`the served cluster at ${shown} ${why}`);
    };
    const timer = setTimeout(() => {
      if (ws.readyState !== WebSocket.OPEN) {
        fail(`did not answer within ${CONNECT_TIMEOUT_MS / 1000} s (is reconcile serve running? a page attaches only to the server that served it)`);
        ws.close();
      }
    }, CONNECT_TIMEOUT_MS);
    ws.addEventListener('open', () => {
      clearTimeout(timer);
      for (const m of queue.splice(0)) ws.send(m);
    });
    ws.addEventListener('message', (ev: MessageEvent<unknown>) => {
      if (typeof ev.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        data = undefined;
      }
      events.onMessage(data);
    });
    ws.addEventListener('close', (ev: CloseEvent) => fail(`is unreachable (closed${ev.code ? ` ${ev.code}` : ''})`));
    return {
      post: (msg: ToWorker) => {
        const text = JSON.stringify(msg);
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
        else if (ws.readyState === WebSocket.CONNECTING) queue.push(text);
      },
      terminate: () => {
        closed = true;
        clearTimeout(timer);
        ws.close();
      },
    };
  };
}
