/**
 * Servers whose answer is computed from the request rather than looked up in their routes
 * (ServerSpec.dynamic): echoserver renders the request it received (echoserver.ts); an nginx
 * whose only location is `proxy_pass http://<upstream>` passes it on to a Service by name, through
 * the Pod's resolver and the cluster's network, and hands back what came back.
 *
 * nginx's proxy request (ngx_http_proxy_module defaults): HTTP/1.0 with `Host: <upstream name>`
 * ($proxy_host) and `Connection: close`, then the client's other headers. A refused connection is
 * its 502 page; an upstream that never answers its 504 after proxy_read_timeout / the connect
 * timeout (60 s). Approximate: the name is resolved at each request (nginx resolves an upstream's
 * `server` once, when it loads its configuration, and refuses to start when it cannot).
 */
import type { DynamicHandler, Route } from './catalog-types';
import { echoserverBody } from './echoserver';
import type { Net } from './net-tools';
import { nginxErrorPage } from './nginx-http';
import type { HttpRequest } from './types';

/** nginx's proxy_connect_timeout / proxy_read_timeout. */
const PROXY_TIMEOUT_MS = 60_000;

export interface DynamicContext {
  req: HttpRequest;
  clientIP: string;
  port: number;
  hostname: string;
  podIP: string;
  env: (name: string) => string | undefined;
  /** The app's version (nginx's, for its error pages). */
  version: string;
  /** The container's network (container-net.ts), for a proxy's upstream. */
  net: () => Net;
}

/** The answer, with how long it took when that is more than the handler's own moment. */
export function dynamicAnswer(d: DynamicHandler, c: DynamicContext): Route {
  switch (d.kind) {
    case 'echoserver':
      return {
        status: 200,
        contentType: 'text/plain',
        body: c.req.method === 'HEAD' ? '' : echoserverBody(d.layout, { method: c.req.method, path: c.req.path, headers: c.req.headers, ...(c.req.body !== undefined ? { body: c.req.body } : {}), clientIP: c.clientIP, serverPort: c.port, hostname: c.hostname, env: c.env, serverAddr: c.podIP }),
      };
    case 'proxy': {
      const skip = new Set(['host', 'connection']);
      const headers: [string, string][] = [['Host', d.upstream], ['Connection', 'close'], ...c.req.headers.filter(([k]) => !skip.has(k.toLowerCase())).map(([k, v]): [string, string] => [k, v])];
      const a = c.net().fetch(d.host, d.port, { method: c.req.method, path: c.req.path, headers, ...(c.req.body !== undefined ? { body: c.req.body } : {}) });
      const page = (status: number, title: string, delayMs?: number): Route => {
        const r = nginxErrorPage(status, title, c.version);
        return { ...r, body: r.body.replace('{version}', c.version), ...(delayMs ? { delayMs } : {}) };
      };
      switch (a.kind) {
        case 'reply':
          return { status: a.status, body: a.body, ...(a.contentType !== undefined ? { contentType: a.contentType } : {}), ...(a.ms ? { delayMs: a.ms } : {}) };
        case 'timeout':
          return page(504, 'Gateway Time-out', PROXY_TIMEOUT_MS);
        case 'refused':
        case 'unresolved':
        case 'empty':
        case 'tls-failed':
          return page(502, 'Bad Gateway');
        default: {
          const never: never = a;
          return never;
        }
      }
    }
    default: {
      const never: never = d;
      return never;
    }
  }
}
