/**
 * glibc's `getent` (libc-bin, in every Debian and Ubuntu image; BusyBox has no such applet),
 * reading the container's own /etc/hosts, /etc/passwd and /etc/group and asking
 * the Pod's resolver (container-net.ts: the search list under ndots:5) for what /etc/hosts lacks.
 *
 * Formats recorded on this machine (glibc 2.36, hostname 3.23, BusyBox 1.35) and read in glibc's
 * nss/getent.c: `hosts` prints `%-15s %s` and the aliases, `ahosts` one line per socket type
 * (STREAM with the canonical name, DGRAM and RAW without), a key that is not found ends with
 * exit 2, an unknown database is exit 1 with `Unknown database:` on stderr and the `Try` hint on
 * stdout. `hosts` asks for IPv6 first (gethostbyname2 AF_INET6, then AF_INET), so `localhost`
 * is the kubelet's `::1` line.
 * Approximate: the AAAA queries that precede the A ones cost no time, `ahosts` orders ::1 before
 * 127.0.0.1 (RFC 3484's precedence) and other names' addresses as the resolver returns them, and
 * only the hosts, ahosts, ahostsv4, passwd and group databases exist.
 */
import { stat } from './fs';
import type { Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tool-types';

const TRY = "Try `getent --help' or `getent --usage' for more information.\n";

interface HostLine {
  ip: string;
  names: string[];
}

function file(env: ToolEnv, p: string): string {
  const s = stat(env.fs, env.base, p);
  return s.kind === 'file' ? s.content : '';
}

/** /etc/hosts as the files backend reads it: `#` comments, an address and its names. */
export function hostsFile(env: ToolEnv): HostLine[] {
  return file(env, '/etc/hosts')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim().split(/\s+/))
    .filter((f) => f.length >= 2 && f[0] !== '')
    .map(([ip, ...names]) => ({ ip: ip!, names }));
}

export const v6 = (ip: string): boolean => ip.includes(':');

/** The files backend for one family: the first line naming `name`, with the rest of its names as aliases. */
function fromFiles(lines: HostLine[], name: string, family: 6 | 4): HostLine | undefined {
  const key = name.toLowerCase();
  return lines.find((l) => v6(l.ip) === (family === 6) && l.names.some((n) => n.toLowerCase() === key));
}

function hostsKey(env: ToolEnv, net: Net, key: string): { line?: string; ms: number } {
  const lines = hostsFile(env);
  const print = (ip: string, names: string[]): string => `${ip.padEnd(15)} ${names.join(' ')}\n`;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(key) || v6(key)) {
    const l = lines.find((h) => h.ip === key);
    if (l) return { line: print(l.ip, l.names), ms: 0 };
    if (v6(key)) return { ms: 0 };
    const back = net.reverse(key);
    const name = back.kind === 'answered' ? back.answer : null;
    return { ...(name ? { line: print(key, [name]) } : {}), ms: 1 };
  }
  const own = fromFiles(lines, key, 6) ?? fromFiles(lines, key, 4);
  if (own) return { line: print(own.ip, own.names), ms: 0 };
  const r = net.lookup(key);
  if (r.kind !== 'found') return { ms: r.ms };
  return { line: r.ips.map((ip) => print(ip, [r.fqdn])).join(''), ms: r.ms };
}

function ahostsKey(env: ToolEnv, net: Net, key: string, v4only: boolean): { line?: string; ms: number } {
  const lines = hostsFile(env);
  const named = lines.filter((l) => l.names.some((n) => n.toLowerCase() === key.toLowerCase()) && !(v4only && v6(l.ip)));
  let ips: string[];
  let canon: string;
  let ms = 0;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(key)) [ips, canon] = [[key], key];
  else if (named.length > 0) {
    ips = [...named.filter((l) => v6(l.ip)), ...named.filter((l) => !v6(l.ip))].map((l) => l.ip);
    canon = named[0]!.names[0]!;
  } else {
    const r = net.lookup(key);
    ms = r.ms;
    if (r.kind !== 'found') return { ms };
    [ips, canon] = [r.ips, r.fqdn];
  }
  const out = ips.map((ip, i) => `${ip.padEnd(15)} STREAM ${i === 0 ? canon : ''}\n${ip.padEnd(15)} DGRAM  \n${ip.padEnd(15)} RAW    \n`).join('');
  return { line: out, ms };
}

/** passwd and group: the whole file, or the lines whose name (or numeric id) is a key. */
function tableKeys(env: ToolEnv, db: 'passwd' | 'group', keys: string[]): ToolResult {
  const rows = file(env, `/etc/${db}`).split('\n').filter((l) => l !== '');
  if (keys.length === 0) {
    if (rows.length > 0) env.io.out(`${rows.join('\n')}\n`);
    return { status: 0 };
  }
  let status = 0;
  for (const k of keys) {
    const row = rows.find((r) => {
      const f = r.split(':');
      return /^\d+$/.test(k) ? f[2] === k : f[0] === k;
    });
    if (row) env.io.out(`${row}\n`);
    else status = 2;
  }
  return { status };
}

export function getent(args: string[], env: ToolEnv, net: Net): ToolResult {
  const [db, ...keys] = args.filter((a) => a !== '--');
  if (db === undefined) {
    env.io.err('getent: wrong number of arguments\n');
    env.io.out(TRY);
    return { status: 1 };
  }
  if (db === 'passwd' || db === 'group') return tableKeys(env, db, keys);
  const each = db === 'hosts' ? hostsKey : db === 'ahosts' || db === 'ahostsv4' ? (e: ToolEnv, n: Net, k: string) => ahostsKey(e, n, k, db === 'ahostsv4') : undefined;
  if (!each) {
    env.io.err(`Unknown database: ${db}\n`);
    env.io.out(TRY);
    return { status: 1 };
  }
  // Enumerating the hosts database lists /etc/hosts (DNS cannot be enumerated).
  if (keys.length === 0 && db === 'hosts') {
    for (const l of hostsFile(env)) env.io.out(`${l.ip.padEnd(15)} ${l.names.join(' ')}\n`);
    return { status: 0 };
  }
  let status = 0;
  let ms = 0;
  for (const k of keys) {
    const r = each(env, net, k);
    ms += r.ms;
    if (r.line) env.io.out(r.line);
    else status = 2;
  }
  return { status, ms };
}
