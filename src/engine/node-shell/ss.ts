/**
 * iproute2 6.1's `ss` (Ubuntu 24.04 ships 6.1.0, as this machine's Debian does) over the node's
 * listening sockets (host-sockets.ts): `-t`/`-u` TCP and UDP, `-l` listening, `-n` numeric
 * ports (else /etc/services' names: netbase 6.4 names 22 `ssh` and 53 `domain`, none of the
 * Kubernetes ports), `-p` the owners as `users:(("comm",pid=N,fd=M),…)`, `-a`, `-4`/`-6`, `-H`.
 *
 * The layout is misc/ss.c's: every field is buffered, then render_calc_width() sizes each column
 * to its longest content (the header included) plus its left delimiter; on a terminal the spare
 * width is spread over the columns, otherwise (a pipe, `ssh NODE -- ss …`) nothing is added.
 * Recorded with ss 6.1.0 here: `ss -tlnp`, `ss -tln`, `ss -ulnp`, `ss -tulnp` against Python
 * listeners on 127.0.0.1, 127.0.0.53, 0.0.0.0, `::` (dual-stack and v6only).
 *
 * Approximate: sockets are ordered by port within a family (the kernel's hash order is not
 * modelled); connected sockets (no `-l`) are not modelled, so `-a` lists the listening ones and
 * a query without `-l`/`-a` says so; unix, raw and netlink sockets and filter expressions are not
 * simulated.
 */
import type { Tool } from '../images/tool-types';
import { stdoutIsTty } from '../images/tool-types';
import type { World } from '../world';
import { hostSockets, type HostSocket } from './host-sockets';
import { hostProcesses } from './processes';

export interface Column {
  header: string;
  right: boolean;
  ldelim: string;
}

export const NETID_COLUMN: Column = { header: 'Netid', right: false, ldelim: '' };
export const SS_COLUMNS: readonly Column[] = [
  { header: 'State', right: false, ldelim: ' ' },
  { header: 'Recv-Q', right: false, ldelim: ' ' },
  { header: 'Send-Q', right: false, ldelim: ' ' },
  { header: 'Local Address:', right: true, ldelim: ' ' },
  { header: 'Port', right: false, ldelim: '' },
  { header: 'Peer Address:', right: true, ldelim: ' ' },
  { header: 'Port', right: false, ldelim: '' },
  { header: 'Process', right: false, ldelim: '' },
];

/** netbase 6.4's /etc/services for the ports the node listens on (recorded: grep on this machine). */
const SERVICES: Readonly<Record<number, string>> = { 22: 'ssh', 53: 'domain' };

/**
 * render_calc_width() and render(): `screen` is the terminal's width, undefined when stdout is
 * not a terminal (compact output).
 */
export function renderColumns(cols: readonly Column[], rows: readonly string[][], screen: number | undefined): string {
  const max = cols.map((_, i) => Math.max(0, ...rows.map((r) => r[i]!.length)));
  let first = true;
  const width = cols.map((c, i) => {
    const w = !first && max[i]! > 0 ? max[i]! + c.ldelim.length : max[i]!;
    const clamped = Math.min(w, screen ?? Infinity);
    if (clamped) first = false;
    return clamped;
  });
  if (screen !== undefined) {
    let len = 0;
    let linecols = 0;
    let eol = -1;
    for (let c = 0; c < cols.length; c++) {
      if (!width[c]) continue;
      linecols++;
      len += width[c]!;
      const last = !width.slice(c + 1).some((x) => x > 0);
      if (!last && len < screen) continue;
      if (len !== screen) {
        if (len > screen) {
          len -= width[c]!;
          c--;
          linecols--;
        }
        const pad = screen - len;
        const spacing = linecols > 0 ? Math.floor(pad / linecols) : 0;
        let rem = linecols > 0 ? pad % linecols : 0;
        for (let t = c; t > eol; t--) {
          if (!width[t]) continue;
          width[t]! += spacing;
          if (rem) {
            width[t]!++;
            rem--;
          }
        }
      }
      eol = c;
      len = 0;
      linecols = 0;
    }
  }
  let out = '';
  for (const r of rows) {
    let started = false;
    cols.forEach((c, i) => {
      const text = r[i]!;
      let printed = 0;
      if (started) {
        out += c.ldelim;
        printed = c.ldelim.length;
      }
      started = true;
      const w = width[i]!;
      if (w && c.right) {
        const s = w - text.length - printed;
        if (s > 0) out += ' '.repeat(s);
        out += text;
      } else {
        out += text;
        printed += text.length;
        if (w && w - printed > 0) out += ' '.repeat(w - printed);
      }
    });
    out += '\n';
  }
  return out;
}

interface SsOptions {
  tcp: boolean;
  udp: boolean;
  listening: boolean;
  all: boolean;
  numeric: boolean;
  processes: boolean;
  header: boolean;
  v4: boolean;
  v6: boolean;
}

const SHORT: Readonly<Record<string, keyof SsOptions>> = { t: 'tcp', u: 'udp', l: 'listening', a: 'all', n: 'numeric', p: 'processes', '4': 'v4', '6': 'v6' };
const LONG: Readonly<Record<string, keyof SsOptions>> = { '--tcp': 'tcp', '--udp': 'udp', '--listening': 'listening', '--all': 'all', '--numeric': 'numeric', '--processes': 'processes', '--ipv4': 'v4', '--ipv6': 'v6' };

function parse(args: string[]): SsOptions | string {
  const o: SsOptions = { tcp: false, udp: false, listening: false, all: false, numeric: false, processes: false, header: true, v4: false, v6: false };
  for (const a of args) {
    if (a === '-H' || a === '--no-header') o.header = false;
    else if (a in LONG) o[LONG[a]!] = true;
    else if (/^-[a-zA-Z0-9]+$/.test(a)) {
      for (const ch of a.slice(1)) {
        if (ch === 'H') o.header = false;
        else if (ch in SHORT) o[SHORT[ch]!] = true;
        else return `option -${ch}`;
      }
    } else return a.startsWith('-') ? `option ${a}` : `filter ${JSON.stringify(args.slice(args.indexOf(a)).join(' '))}`;
  }
  return o;
}

function row(s: HostSocket, o: SsOptions, netid: boolean): string[] {
  const port = o.numeric ? String(s.port) : (SERVICES[s.port] ?? String(s.port));
  const peer = s.addr === '*' ? '*' : s.v6 ? '[::]' : '0.0.0.0';
  const users = o.processes && s.users.length ? ` users:(${s.users.map((u) => `("${u.comm}",pid=${u.pid},fd=${u.fd})`).join(',')})` : '';
  const listen = s.proto === 'tcp';
  const cells = [listen ? 'LISTEN' : 'UNCONN', '0'.padEnd(6), (listen ? '4096' : '0').padEnd(6), `${s.addr}:`, port, `${peer}:`, '*', users];
  return netid ? [s.proto, ...cells] : cells;
}

/** `ss` on `node`, as a program of its shell. */
export function ssTool(w: World, node: string): Tool {
  return (args, env) => {
    const o = parse(args);
    if (typeof o === 'string') {
      env.io.err(`ss: ${o}: not simulated in this classroom (ss -tulnp lists the node's listening sockets)\n`);
      return { status: 1 };
    }
    if (!o.tcp && !o.udp) {
      env.io.err('ss: only TCP and UDP sockets are simulated in this classroom: add -t and/or -u (ss -tulnp)\n');
      return { status: 1 };
    }
    if (!o.listening && !o.all) {
      env.io.err('ss: only listening sockets are simulated in this classroom: add -l (ss -tlnp)\n');
      return { status: 1 };
    }
    const family = (s: HostSocket): boolean => (o.v4 === o.v6 ? true : o.v4 ? !s.v6 : s.v6);
    const order = (s: HostSocket): number => (s.proto === 'udp' ? 0 : 2) + (s.v6 ? 1 : 0);
    const sockets = hostSockets(w, node, hostProcesses(w, node))
      .filter((s) => ((s.proto === 'tcp' && o.tcp) || (s.proto === 'udp' && o.udp)) && family(s))
      .sort((a, b) => order(a) - order(b) || a.port - b.port || (a.addr < b.addr ? -1 : a.addr > b.addr ? 1 : 0));
    const netid = o.tcp && o.udp;
    const cols = netid ? [NETID_COLUMN, ...SS_COLUMNS] : SS_COLUMNS;
    const rows = sockets.map((s) => row(s, o, netid));
    if (o.header) rows.unshift(cols.map((c) => c.header));
    const screen = stdoutIsTty(env.io) ? (env.columns ?? 80) : undefined;
    env.io.out(renderColumns(cols, rows, screen));
    return { status: 0 };
  };
}
