/**
 * The classroom channel across devices: the same ClassroomMessages as the BroadcastChannel, over
 * a WebSocket to `reconcile serve --classroom`'s relay (src/serve/attach/relay.ts). The presenter
 * connects with the run's token and may speak; a student connects without one, and the server
 * drops what it sends. Incoming messages are dispatched as `message` events, so install.ts uses
 * this exactly as it uses a BroadcastChannel (and still validates every message).
 */
import type { ClassroomChannel, ClassroomMessage } from './messages';

export const CLASSROOM_PATH = '/reconcile/classroom';

/** Wall ms before reconnecting a dropped socket (a laptop waking up, a flaky classroom Wi-Fi). */
const RECONNECT_MS = 2000;

export interface SocketChannel extends ClassroomChannel {
  close(): void;
}

/** The relay's address on the server this page came from; `token` makes this page the presenter. */
export function classroomAddress(here: { protocol: string; host: string }, token: string | undefined): string {
  const scheme = here.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${here.host}${CLASSROOM_PATH}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export function socketChannel(address: string, onStatus?: (connected: boolean) => void): SocketChannel {
  const target = new EventTarget();
  const pending: string[] = [];
  let ws: WebSocket | undefined;
  let closed = false;
  const connect = (): void => {
    const socket = new WebSocket(address);
    ws = socket;
    socket.addEventListener('open', () => {
      onStatus?.(true);
      for (const m of pending.splice(0)) socket.send(m);
    });
    socket.addEventListener('message', (ev: MessageEvent<unknown>) => {
      if (typeof ev.data !== 'string') return;
      try {
        target.dispatchEvent(new MessageEvent('message', { data: JSON.parse(ev.data) as unknown }));
      } catch {
        // Not JSON: nothing a classroom sends.
      }
    });
    socket.addEventListener('close', () => {
      onStatus?.(false);
      if (!closed) setTimeout(connect, RECONNECT_MS);
    });
  };
  connect();
  return {
    postMessage(message: ClassroomMessage) {
      const text = JSON.stringify(message);
      if (ws?.readyState === WebSocket.OPEN) ws.send(text);
      else pending.push(text);
    },
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    close() {
      closed = true;
      ws?.close();
    },
  };
}
