/**
 * kubectl's `-f http(s)://…`: cli-runtime's URLVisitor (pkg/resource/visitor.go). The builder
 * takes a `-f` value that starts with `http://` or `https://` as a URL; readHttpWithRetries
 * GETs it (net/http: redirects followed, at most 10) up to 3 times, 1 s apart, retrying a
 * transport error or a 5xx; any other status but 200 ends it with `unable to read URL %q,
 * server reported %s, status code=%d`. A transport error is a *url.Error, which
 * StandardErrorMessage prints as `Unable to connect to the server: …` (refused: `The connection
 * to the server … was refused`). Recorded with kubectl v1.32 here (no network):
 * `kubectl apply -f https://nosuch.invalid/x.yaml` → `Unable to connect to the server: dial tcp:
 * lookup nosuch.invalid on 10.255.255.53:53: no such host` after 2 s, exit 1.
 *
 * The request goes over the laptop's network (Simulation.workstationNet), the one the prompt's
 * curl uses: public hosts answer as engine/images/internet.ts says.
 * Approximate: the retries' two seconds do not pass on the simulated clock.
 */
import type { Simulation } from '../engine/index';
import type { NetAnswer } from '../engine/index';
import { statusText } from '../k8s/http-text';
import { CmdError, plainError } from './errors';

/** defaultHttpGetAttempts (cli-runtime builder.go). */
const ATTEMPTS = 3;
/** net/http's defaultCheckRedirect: the 11th redirect fails. */
const MAX_REDIRECTS = 10;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** builder.go: only these prefixes make a `-f` value a URL. */
export function isUrl(arg: string): boolean {
  return arg.startsWith('http://') || arg.startsWith('https://');
}

type Got = { kind: 'ok'; body: string } | { kind: 'status'; code: number } | { kind: 'transport'; err: string; refused?: string };

/** Go's words for a failed dial (net.OpError under the url.Error). */
function transportError(a: Exclude<NetAnswer, { kind: 'reply' }>, host: string, port: number, nameserver: string): string {
  switch (a.kind) {
    case 'unresolved':
      return `dial tcp: lookup ${host} on ${nameserver}:53: no such host`;
    case 'refused':
      return `dial tcp ${a.ip}:${port}: connect: connection refused`;
    case 'timeout':
      return `dial tcp ${a.ip}:${port}: i/o timeout`;
    case 'tls-failed':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'empty':
      return 'EOF';
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** The parts of an http(s) URL the request needs (a userinfo or IPv6 literal is not parsed). */
function splitUrl(raw: string): { scheme: string; host: string; port: number; path: string } | undefined {
  const m = /^(https?):\/\/([^/:?#]+)(?::(\d+))?([^#]*)/i.exec(raw);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  return { scheme, host: m[2]!.toLowerCase(), port: m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80, path: m[4] || '/' };
}

/** One http.Get, its redirects followed. */
function httpGet(sim: Simulation, raw: string): Got {
  const net = sim.workstationNet();
  let target = raw;
  for (let hops = 0; ; hops++) {
    const u = splitUrl(target);
    if (!u) return { kind: 'transport', err: `parse "${target}": invalid URL` };
    const h2 = u.scheme === 'https';
    const a = net.fetch(u.host, u.port, {
      method: 'GET',
      path: u.path,
      headers: [['Host', u.host], ['User-Agent', `Go-http-client/${h2 ? '2.0' : '1.1'}`], ['Accept-Encoding', 'gzip']],
      ...(h2 ? { tls: { serverName: u.host, insecure: false, h2: true } } : {}),
    });
    if (a.kind !== 'reply') return { kind: 'transport', err: transportError(a, u.host, u.port, net.nameserver), ...(a.kind === 'refused' ? { refused: u.host } : {}) };
    const location = REDIRECT.has(a.status) ? a.head?.headers.find(([k]) => k.toLowerCase() === 'location')?.[1] : undefined;
    if (location === undefined) return a.status === 200 ? { kind: 'ok', body: a.body } : { kind: 'status', code: a.status };
    if (hops === MAX_REDIRECTS) return { kind: 'transport', err: 'stopped after 10 redirects' };
    target = location;
  }
}

/** The manifest text at `url`, or the error kubectl ends with. */
export function readUrl(sim: Simulation, url: string): string {
  let last: Got | undefined;
  for (let i = 0; i < ATTEMPTS; i++) {
    last = httpGet(sim, url);
    if (last.kind === 'ok') return last.body;
    if (last.kind === 'status' && !(last.code >= 500 && last.code < 600)) break;
  }
  const got = last!;
  switch (got.kind) {
    case 'status':
      throw plainError(`unable to read URL ${JSON.stringify(url)}, server reported ${got.code} ${statusText(got.code)}, status code=${got.code}`);
    case 'transport':
      if (got.refused !== undefined) throw new CmdError(`The connection to the server ${got.refused} was refused - did you specify the right host or port?\n`);
      throw new CmdError(`Unable to connect to the server: ${got.err}\n`);
    case 'ok':
      return got.body;
    default: {
      const never: never = got;
      return never;
    }
  }
}
