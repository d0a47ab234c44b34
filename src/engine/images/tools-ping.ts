/**
 * BusyBox ping (networking/ping.c with FEATURE_FANCY_PING, as the busybox image and Alpine build
 * it): one echo request a second, a line per reply, the statistics at the end — recorded from
 * BusyBox 1.36.1 (`-c 3` to a live address, `-c 2 -W 1` and `-w 2` to one that never answers,
 * `-q`, `-s 100`, a bad address, a bad number). Replies come from the `Net` (container-net.ts:
 * a Pod IP or a node answers, a Service's ClusterIP never does in iptables mode). Each line is
 * stamped when it would print, so a Pod whose command pings logs one line a second.
 *
 * Ctrl+C on its terminal (ToolEnv.sigintAt) prints the statistics so far (interrupted()).
 *
 * Approximate: ping without -c or -w runs until interrupted; here it shows its first 15 minutes
 * (ENDLESS_MS), then waits silently.
 */
import type { Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tools';
import { libcGetopt } from './tool-types';
import type { EchoReply } from './types';
import { getopt, getopt32, messageOf } from '../../k8s/getopt';

const PING_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ping [OPTIONS] HOST\n\nSend ICMP ECHO_REQUESTs to HOST\n\n\t-4,-6\t\tForce IP or IPv6 name resolution\n\t-c CNT\t\tSend only CNT pings\n\t-s SIZE\t\tSend SIZE data bytes in packets (default 56)\n\t-i SECS\t\tInterval\n\t-A\t\tPing as soon as reply is received\n\t-t TTL\t\tSet TTL\n\t-I IFACE/IP\tSource interface or IP address\n\t-W SEC\t\tSeconds to wait for the first response (default 10)\n\t\t\t(after all -c CNT packets are sent)\n\t-w SEC\t\tSeconds until ping exits (default:infinite)\n\t\t\t(can exit earlier with -c CNT)\n\t-q\t\tQuiet, only display output at start/finish\n\t-p HEXBYTE\tPayload pattern\n';

/** iputils 20221126's usage, after getopt's complaint (exit 2). */
const IPUTILS_USAGE = '\nUsage\n  ping [options] <destination>\n\nOptions:\n  <destination>      dns name or ip address\n  -a                 use audible ping\n  -A                 use adaptive ping\n  -B                 sticky source address\n  -c <count>         stop after <count> replies\n  -C                 call connect() syscall on socket creation\n  -D                 print timestamps\n  -d                 use SO_DEBUG socket option\n  -e <identifier>    define identifier for ping session, default is random for\n                     SOCK_RAW and kernel defined for SOCK_DGRAM\n                     Imply using SOCK_RAW (for IPv4 only for identifier 0)\n  -f                 flood ping\n  -h                 print help and exit\n  -I <interface>     either interface name or address\n  -i <interval>      seconds between sending each packet\n  -L                 suppress loopback of multicast packets\n  -l <preload>       send <preload> number of packages while waiting replies\n  -m <mark>          tag the packets going out\n  -M <pmtud opt>     define mtu discovery, can be one of <do|dont|want>\n  -n                 no dns name resolution\n  -O                 report outstanding replies\n  -p <pattern>       contents of padding byte\n  -q                 quiet output\n  -Q <tclass>        use quality of service <tclass> bits\n  -s <size>          use <size> as number of data bytes to be sent\n  -S <size>          use <size> as SO_SNDBUF socket option value\n  -t <ttl>           define time to live\n  -U                 print user-to-user latency\n  -v                 verbose output\n  -V                 print version and exit\n  -w <deadline>      reply wait <deadline> in seconds\n  -W <timeout>       time to wait for response\n\nIPv4 options:\n  -4                 use IPv4\n  -b                 allow pinging broadcast\n  -R                 record route\n  -T <timestamp>     define timestamp, can be one of <tsonly|tsandaddr|tsprespec>\n\nIPv6 options:\n  -6                 use IPv6\n  -F <flowlabel>     define flow label, default is random\n  -N <nodeinfo opt>  use icmp6 node info query, try <help> as argument\n\nFor more details see ping(8).\n';

/**
 * How much of an endless ping the simulation plays out: the runner's bound on any wait
 * (kubectl's MAX_WAIT_MS, 15 minutes), so `kubectl exec POD -- ping web` prints a line a second
 * for as long as anyone watches.
 */
const ENDLESS_MS = 15 * 60_000;

interface PingOptions {
  count: number;
  size: number;
  intervalMs: number;
  waitS: number;
  deadlineS: number;
  quiet: boolean;
  host: string;
}

function options(argv: string[], env: ToolEnv, flavour: 'busybox' | 'iputils' = 'busybox'): PingOptions | { status: number } {
  const o: PingOptions = { count: 0, size: 56, intervalMs: 1000, waitS: 10, deadlineS: 0, quiet: false, host: '' };
  // Both walk with getopt over glibc (options after the host count too); BusyBox's getopt32 also calls any --word unrecognized.
  const short = 'c:s:i:w:W:t:I:p:q46An';
  const walked = getopt(argv, flavour === 'iputils' ? { short } : getopt32(short), ({ key: c, value }): { status: number } | undefined => {
    if (c === 'q') o.quiet = true;
    if (value === undefined) return undefined;
    const n = Number(value);
    const numeric = c === 'i' ? /^\d+(\.\d+)?$/.test(value) : /^\d+$/.test(value);
    if ('csiwWt'.includes(c) && !numeric) {
      env.io.err(flavour === 'iputils' ? `ping: invalid argument: '${value}'\n` : `ping: invalid number '${value}'\n`);
      return { status: 1 };
    }
    if (c === 'c') o.count = n;
    else if (c === 's') o.size = n;
    else if (c === 'i') o.intervalMs = Math.round(n * 1000);
    else if (c === 'w') o.deadlineS = n;
    else if (c === 'W') o.waitS = n;
    return undefined;
  });
  if (walked.k === 'error') {
    env.io.err(`ping: ${messageOf(libcGetopt(env), walked.error)}\n${flavour === 'iputils' ? IPUTILS_USAGE : PING_USAGE}`);
    return { status: flavour === 'iputils' ? 2 : 1 };
  }
  if (walked.k === 'stopped') return walked.value;
  const hosts = walked.operands;
  if (hosts.length !== 1) {
    env.io.err(flavour === 'iputils' ? 'ping: usage error: Destination address required\n' : PING_USAGE);
    return { status: 1 };
  }
  o.host = hosts[0]!;
  return o;
}

/** `%u.%03u` of microseconds, as ping prints times. */
function usText(us: number): string {
  return `${Math.floor(us / 1000)}.${String(us % 1000).padStart(3, '0')}`;
}

interface Echo {
  seq: number;
  /** When the reply arrived, after the first echo went out (ms). */
  at: number;
  us: number;
  ttl: number;
}

interface Run {
  sent: number;
  /** The replies that came back before ping ended, in order. */
  got: Echo[];
  /** When ping ended (after the first echo went out), or undefined: it never ends by itself. */
  end: number | undefined;
}

/**
 * Which echoes go out and come back, and when ping ends: one echo per interval; the deadline
 * (-w) is checked when the next one is due; once -c echoes are out, it ends at the last reply, or
 * waits -W for a first one, or about two round trips (at least 1 s) for the rest.
 */
function schedule(o: PingOptions, echo: (seq: number) => EchoReply | undefined, cut: number | undefined): Run {
  const endless = o.count === 0 && o.deadlineS === 0;
  const got: Echo[] = [];
  let sent = 0;
  for (;;) {
    const t = sent * o.intervalMs;
    if (o.deadlineS > 0 && t >= o.deadlineS * 1000) return { sent, got: got.filter((x) => x.at <= t), end: t };
    if (cut !== undefined && t > cut) return { sent, got, end: undefined };
    if (endless && t >= ENDLESS_MS) return { sent, got, end: undefined };
    const r = echo(sent);
    sent++;
    if (r) {
      const us = Math.max(1, Math.round(r.rttMs * 1000));
      got.push({ seq: sent - 1, at: t + us / 1000, us, ttl: r.ttl });
    }
    if (o.count > 0 && sent >= o.count) {
      const last = got[got.length - 1];
      if (got.length >= o.count && last) return { sent, got, end: last.at };
      const tmax = Math.max(0, ...got.map((x) => x.us));
      const expire = got.length > 0 ? Math.max(1, Math.floor(tmax / (512 * 1024))) : o.waitS;
      let end = t + expire * 1000;
      if (o.deadlineS > 0) end = Math.min(end, o.deadlineS * 1000);
      return { sent, got: got.filter((x) => x.at <= end), end };
    }
  }
}

/**
 * A Ctrl+C (ToolEnv.sigintAt) `cut` ms after the first echo went out, before ping ended by
 * itself: its SIGINT handler (print_stats_and_exit; iputils' sigexit, then finish) prints the
 * statistics of what was sent and came back so far, as at a normal end, and exits with the same
 * status. Undefined when ping ends first (or the Ctrl+C came before it started).
 */
function interrupted(o: PingOptions, run: Run, cut: number | undefined): Run | undefined {
  if (cut === undefined || cut < 0 || (run.end !== undefined && run.end <= cut)) return undefined;
  const sent = Math.min(run.sent, Math.floor(cut / o.intervalMs) + 1);
  return { sent, got: run.got.filter((x) => x.at <= cut && x.seq < sent), end: cut };
}

/** ping's exit status: 1 when nothing came back, or fewer than -c before the -w deadline. */
function status(o: PingOptions, run: Run): number {
  return run.got.length === 0 || (o.deadlineS > 0 && run.got.length < o.count) ? 1 : 0;
}

export function ping(argv: string[], env: ToolEnv, net: Net): ToolResult {
  const o = options(argv, env);
  if ('status' in o) return o;
  const r = net.lookup(o.host);
  if (r.kind !== 'found') {
    env.io.err(`ping: bad address '${o.host}'\n`);
    return { status: 1, ms: r.ms };
  }
  const ip = r.ips[0]!;
  const start = r.ms;
  env.io.at?.(start);
  env.io.out(`PING ${o.host} (${ip}): ${o.size} data bytes\n`);
  const cut = env.sigintAt === undefined ? undefined : env.sigintAt - env.clock - start;
  const planned = schedule(o, (seq) => net.echo?.(ip, seq), cut);
  const caught = interrupted(o, planned, cut);
  const run = caught ?? planned;
  if (!o.quiet) {
    for (const x of run.got) {
      env.io.at?.(Math.round(start + x.at));
      env.io.out(`${o.size + 8} bytes from ${ip}: seq=${x.seq} ttl=${x.ttl} time=${usText(x.us)} ms\n`);
    }
  }
  if (run.end === undefined) return { status: 0, block: true };
  const end = start + run.end;
  const loss = run.sent === 0 ? 0 : Math.floor(((run.sent - run.got.length) * 100) / run.sent);
  let stats = `\n--- ${o.host} ping statistics ---\n${run.sent} packets transmitted, ${run.got.length} packets received, ${loss}% packet loss\n`;
  if (run.got.length > 0) {
    const us = run.got.map((x) => x.us);
    const avg = Math.floor(us.reduce((a, b) => a + b, 0) / us.length);
    stats += `round-trip min/avg/max = ${usText(Math.min(...us))}/${usText(avg)}/${usText(Math.max(...us))} ms\n`;
  }
  env.io.at?.(Math.ceil(end));
  env.io.out(stats);
  return { status: status(o, run), ms: Math.ceil(end), ...(caught ? { caughtSigint: true as const } : {}) };
}

/** iputils' time=: three decimals under 1 ms, two under 10, one under 100, none above. */
function iputilsTime(us: number): string {
  if (us >= 100_000 - 50) return String(Math.round(us / 1000));
  if (us >= 10_000 - 5) return (us / 1000).toFixed(1);
  if (us >= 1000) return (us / 1000).toFixed(2);
  return usText(us);
}

/**
 * iputils ping (netshoot installs it over BusyBox's), recorded from iputils 20221126: `-c 3` to a
 * live address, `-c 2 -W 1` to one that never answers, `-q`, `localhost` by name. Its sequence
 * numbers start at 1, a target given by name is shown by its reverse name, the statistics count
 * `received` and the whole run's time, and an address that never answered leaves a blank line.
 * A name that does not resolve is musl's message (netshoot is Alpine) and exit status 2.
 * Approximate: the run's `time` is the echoes' span plus the last round trip (real runs add a few
 * ms of scheduling).
 */
export function pingIputils(argv: string[], env: ToolEnv, net: Net): ToolResult {
  const o = options(argv, env, 'iputils');
  if ('status' in o) return o;
  const r = net.lookup(o.host);
  if (r.kind !== 'found') {
    // gai_strerror in netshoot's musl: EAI_NONAME, or EAI_AGAIN when no usable DNS answer came (recorded: "Try again").
    env.io.err(`ping: ${o.host}: ${r.kind === 'again' ? 'Try again' : 'Name does not resolve'}\n`);
    return { status: 2, ms: r.ms };
  }
  const ip = r.ips[0]!;
  const start = r.ms;
  // getaddrinfo's canonical name: the search domain that answered (`web.default.svc.cluster.local`).
  const canon = r.fqdn;
  env.io.at?.(start);
  env.io.out(`PING ${canon} (${ip}) ${o.size}(${o.size + 28}) bytes of data.\n`);
  const named = !/^\d+\.\d+\.\d+\.\d+$/.test(o.host);
  const back = named && ip !== '127.0.0.1' ? net.reverse(ip) : undefined;
  const ptr = ip === '127.0.0.1' ? 'localhost' : back?.kind === 'answered' ? back.answer : null;
  const from = named ? `${ptr ?? canon} (${ip})` : ip;
  const cut = env.sigintAt === undefined ? undefined : env.sigintAt - env.clock - start;
  const planned = schedule(o, (seq) => net.echo?.(ip, seq), cut);
  const caught = interrupted(o, planned, cut);
  const run = caught ?? planned;
  if (!o.quiet) {
    for (const x of run.got) {
      env.io.at?.(Math.round(start + x.at));
      env.io.out(`${o.size + 8} bytes from ${from}: icmp_seq=${x.seq + 1} ttl=${x.ttl} time=${iputilsTime(x.us)} ms\n`);
    }
  }
  if (run.end === undefined) return { status: 0, block: true };
  const end = start + run.end;
  const loss = run.sent === 0 ? 0 : ((run.sent - run.got.length) * 100) / run.sent;
  const last = run.got[run.got.length - 1];
  // finish() prints the time since the first echo; interrupted, that is up to the Ctrl+C.
  const span = caught ? Math.round(run.end ?? 0) : Math.max(0, run.sent - 1) * o.intervalMs + (last && last.seq === run.sent - 1 ? Math.round(last.us / 1000) : 0);
  let stats = `\n--- ${canon} ping statistics ---\n${run.sent} packets transmitted, ${run.got.length} received, ${Number(loss.toPrecision(6))}% packet loss, time ${span}ms\n`;
  if (run.got.length > 0) {
    const us = run.got.map((x) => x.us);
    const avg = us.reduce((a, b) => a + b, 0) / us.length;
    const mdev = Math.sqrt(Math.max(0, us.reduce((a, b) => a + b * b, 0) / us.length - avg * avg));
    stats += `rtt min/avg/max/mdev = ${usText(Math.min(...us))}/${usText(Math.round(avg))}/${usText(Math.max(...us))}/${usText(Math.round(mdev))} ms\n`;
  } else stats += '\n';
  env.io.at?.(Math.ceil(end));
  env.io.out(stats);
  return { status: status(o, run), ms: Math.ceil(end), ...(caught ? { caughtSigint: true as const } : {}) };
}
