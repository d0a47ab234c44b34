/**
 * `kubectl proxy` (kubectl pkg/cmd/proxy, pkg/proxy/proxy_server.go at v0.35.0): listens on
 * 127.0.0.1:8001 (`Starting to serve on 127.0.0.1:8001`) and hands every request it accepts to
 * kube-apiserver with the kubeconfig's credentials — the request curl sent, its User-Agent
 * included, over the laptop's network to the server's secure port (apiserver/https.ts), so what
 * comes back is kube-apiserver's own answer: RBAC, `404` Status JSON, pretty JSON for curl. In
 * front of it the FilterServer: a path matching --reject-paths (by default a Pod's exec and
 * attach), a method matching --reject-methods, or a path or Host not accepted is refused with
 * net/http's `Forbidden`; a path outside --api-prefix is the mux's `404 page not found`.
 *
 * Approximate: `?watch=true` is answered as a list (as the secure port here answers it);
 * --www, --unix-socket, --keepalive and --append-server-path are accepted and do nothing;
 * impersonation flags are not carried into the proxied requests.
 */
import type { HttpRequest, NetAnswer, Simulation } from '../../engine/index';
import { plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import type { LaptopServer } from '../prompt-jobs';
import { serveOnLaptop } from './laptop-serve';
import { KUBECTL_PID, klogTime } from '../klog';
import { httpDate, statusText } from '../../k8s/http-text';
import { EPOCH_MS } from '../../k8s/time';
import { utf8Length } from '../../k8s/utf8';

export const PROXY_FLAGS: FlagDef[] = [
  { name: 'port', short: 'p', kind: 'int' },
  { name: 'address', kind: 'string' },
  { name: 'api-prefix', kind: 'string' },
  { name: 'accept-paths', kind: 'string' },
  { name: 'reject-paths', kind: 'string' },
  { name: 'accept-hosts', kind: 'string' },
  { name: 'reject-methods', kind: 'string' },
  { name: 'www', short: 'w', kind: 'string' },
  { name: 'www-prefix', short: 'P', kind: 'string' },
  { name: 'disable-filter', kind: 'bool' },
  { name: 'unix-socket', short: 'u', kind: 'string' },
  { name: 'keepalive', kind: 'duration' },
  { name: 'append-server-path', kind: 'bool' },
];

/** pkg/proxy's defaults. */
const DEFAULT_HOST_ACCEPT = '^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$';
const DEFAULT_PATH_ACCEPT = '^.*';
const DEFAULT_PATH_REJECT = '^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach';
const DEFAULT_METHOD_REJECT = '^$';

/** MakeRegexpArray: comma-separated Go regexps (the defaults use nothing JavaScript reads otherwise). */
function regexps(list: string): RegExp[] {
  if (list === '') return [];
  return list.split(',').map((p) => {
    try {
      return new RegExp(p);
    } catch {
      throw plainError(`error parsing regexp: ${JSON.stringify(p)}`);
    }
  });
}

interface Filter {
  acceptPaths: RegExp[];
  rejectPaths: RegExp[];
  acceptHosts: RegExp[];
  rejectMethods: RegExp[];
}

/** FilterServer.accept. */
function accepts(f: Filter, method: string, path: string, host: string): boolean {
  if (f.rejectPaths.some((r) => r.test(path)) || f.rejectMethods.some((r) => r.test(method))) return false;
  return f.acceptPaths.some((r) => r.test(path)) && f.acceptHosts.some((r) => r.test(host));
}

/**
 * net/http's http.Error: the text and a newline, as text/plain with nosniff; its headers in the
 * order Go writes them (recorded: curl -si through kubectl 1.35.2's proxy).
 */
function httpError(status: number, text: string, now: number): NetAnswer {
  return {
    kind: 'reply',
    ip: '127.0.0.1',
    status,
    body: `${text}\n`,
    head: { version: 'HTTP/1.1', reason: statusText(status), headers: [['Content-Type', 'text/plain; charset=utf-8'], ['X-Content-Type-Options', 'nosniff'], ['Date', httpDate(EPOCH_MS + now)], ['Content-Length', String(utf8Length(text) + 1)]] },
  };
}

/** The credentials the kubeconfig's user presents, as TLS and headers on the proxied request. */
function credentials(env: Env): { certificatePem?: string; authorization?: string } {
  const user = env.client.user;
  if (typeof user === 'string') return user === 'system:anonymous' ? {} : { certificatePem: env.sim.kubeadmPem({ of: 'cert', user }) };
  if ('token' in user) return { authorization: `Bearer ${user.token}` };
  // A certificate file the kubeconfig names: its PEM when the loader read one.
  return 'pem' in user && typeof user.pem === 'string' ? { certificatePem: user.pem } : {};
}

function server(env: Env, address: string, port: number, prefix: string, filter: Filter | undefined): LaptopServer {
  const base = env.client.serverBase;
  const target = /^https?:\/\/([^/:]+)(?::(\d+))?/.exec(base);
  const host = target?.[1] ?? env.sim.serverAddress().split(':')[0]!;
  const targetPort = Number(target?.[2] ?? 443);
  const creds = credentials(env);
  return {
    sockets: [{ address, port }],
    interrupt: 'dies',
    poll: () => undefined,
    // Each request dials the kubeconfig's server on the cluster the laptop reaches now.
    connect(_port, request, _url, sim: Simulation) {
      const q = request.path.indexOf('?');
      const path = q < 0 ? request.path : request.path.slice(0, q);
      const query = q < 0 ? '' : request.path.slice(q);
      const hostHeader = request.headers.find(([k]) => k.toLowerCase() === 'host')?.[1] ?? '';
      const bare = hostHeader.replace(/:\d+$/, '');
      // The mux: only paths under the prefix; stripLeaveSlash when it is not /api….
      if (!path.startsWith(prefix)) return { answer: httpError(404, '404 page not found', sim.now), output: [] };
      let forwarded = path;
      if (!prefix.startsWith('/api')) {
        const rest = path.slice(prefix.length);
        if (rest.length >= path.length) return { answer: httpError(404, '404 page not found', sim.now), output: [] };
        forwarded = rest.startsWith('/') ? rest : `/${rest}`;
      }
      if (filter && !accepts(filter, request.method, forwarded, bare)) return { answer: httpError(403, 'Forbidden', sim.now), output: [] };
      const headers = request.headers.filter(([k]) => k.toLowerCase() !== 'host' && k.toLowerCase() !== 'authorization');
      const proxied: HttpRequest = {
        method: request.method,
        path: forwarded + query,
        headers: [['Host', `${host}:${targetPort}`], ...headers, ...(creds.authorization ? [['Authorization', creds.authorization] as [string, string]] : [])],
        ...(request.body !== undefined ? { body: request.body } : {}),
        tls: { serverName: host, insecure: false, caBundle: sim.kubeadmPem({ of: 'ca' }), ...(creds.certificatePem ? { certificatePem: creds.certificatePem } : {}) },
      };
      const a = sim.workstationNet().fetch(host, targetPort, proxied);
      switch (a.kind) {
        case 'reply':
          // Go's server writes HTTP/1.1 back to curl, whatever kube-apiserver spoke to the proxy.
          return { answer: { ...a, ip: '127.0.0.1', ...(a.head ? { head: { ...a.head, version: 'HTTP/1.1' as const } } : {}) }, output: [] };
        default: {
          // responder.Error: the transport's error, logged (klog.Errorf) and answered with http.Error's 500.
          const err = a.kind === 'refused' ? `dial tcp ${host}:${targetPort}: connect: connection refused` : a.kind === 'timeout' ? `dial tcp ${host}:${targetPort}: i/o timeout` : a.kind === 'tls-failed' ? 'tls: failed to verify certificate' : 'EOF';
          const logged = `E${klogTime(sim.now)} ${String(KUBECTL_PID).padStart(7)} proxy_server.go:147] Error while proxying request: ${err}\n`;
          return { answer: httpError(500, err, sim.now), output: [{ stream: 'stderr', text: logged }] };
        }
      }
    },
  };
}

export function runProxy(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, PROXY_FLAGS, 'kubectl proxy');
  const port = flags.has('port') ? flags.int('port', 8001) : 8001;
  const address = flags.has('address') ? flags.str('address') : '127.0.0.1';
  let prefix = flags.has('api-prefix') ? flags.str('api-prefix') : '/';
  if (!prefix.endsWith('/')) prefix += '/';
  const filter: Filter | undefined = flags.bool('disable-filter')
    ? undefined
    : {
        acceptPaths: regexps(flags.has('accept-paths') ? flags.str('accept-paths') : DEFAULT_PATH_ACCEPT),
        rejectPaths: regexps(flags.has('reject-paths') ? flags.str('reject-paths') : DEFAULT_PATH_REJECT),
        acceptHosts: regexps(flags.has('accept-hosts') ? flags.str('accept-hosts') : DEFAULT_HOST_ACCEPT),
        rejectMethods: regexps(flags.has('reject-methods') ? flags.str('reject-methods') : DEFAULT_METHOD_REJECT),
      };
  let bound = port;
  if (bound === 0) for (bound = 32768; env.laptop?.inUse(address, bound); bound++);
  if (env.laptop?.inUse(address, bound)) throw plainError(`listen tcp ${address}:${bound}: bind: address already in use`);
  env.out.out(`Starting to serve on ${address}:${bound}\n`);
  return serveOnLaptop(env, server(env, address, bound, prefix, filter), 'proxy');
}
