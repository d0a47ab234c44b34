/**
 * BusyBox ping (networking/ping.c with FEATURE_FANCY_PING, as the busybox image and Alpine build
 * it): one echo request a second, a line per reply, the statistics at the end — recorded from
 * BusyBox 1.36.1 (`-c 3` to a live address, `-c 2 -W 1` and `-w 2` to one that never answers,
 * `-q`, `-s 100`, a bad address, a bad number). Replies come from the `Net` (container-net.ts:
 * a Pod IP or a node answers, a Service's ClusterIP never does in iptables mode). Each line is
 * stamped when it would print, so a Pod whose command pings logs one line a second.
 *
 * Approximate: ping without -c or -w runs until interrupted; here it shows its first minute,
 * then waits silently.
 */
import type { Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tools';

const PING_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ping [OPTIONS] HOST\n\nSend ICMP ECHO_REQUESTs to HOST\n\n\t-4,-6\t\tForce IP or IPv6 name resolution\n\t-c CNT\t\tSend only CNT pings\n\t-s SIZE\t\tSend SIZE data bytes in packets (default 56)\n\t-i SECS\t\tInterval\n\t-A\t\tPing as soon as reply is received\n\t-t TTL\t\tSet TTL\n\t-I IFACE/IP\tSource interface or IP address\n\t-W SEC\t\tSeconds to wait for the first response (default 10)\n\t\t\t(after all -c CNT packets are sent)\n\t-w SEC\t\tSeconds until ping exits (default:infinite)\n\t\t\t(can exit earlier with -c CNT)\n\t-q\t\tQuiet, only display output at start/finish\n\t-p HEXBYTE\tPayload pattern\n';

/** How much of an endless ping the simulation plays out. */
const ENDLESS_MS = 60_000;

interface PingOptions {
  count: number;
  size: number;
  intervalMs: number;
  waitS: number;
  deadlineS: number;
  quiet: boolean;
  host: string;
}

function options(argv: string[], env: ToolEnv): PingOptions | { status: number } {
  const o: PingOptions = { count: 0, size: 56, intervalMs: 1000, waitS: 10, deadlineS: 0, quiet: false, host: '' };
  const hosts: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-') || a === '-') {
      hosts.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if ('csiwWtIp'.includes(c)) {
        const v = j + 1 < a.length ? a.slice(j + 1) : argv[++i];
        if (v === undefined) {
          env.io.err(`ping: option requires an argument -- '${c}'\n${PING_USAGE}`);
          return { status: 1 };
        }
        const n = Number(v);
        const numeric = c === 'i' ? /^\d+(\.\d+)?$/.test(v) : /^\d+$/.test(v);
        if ('csiwWt'.includes(c) && !numeric) {
          env.io.err(`ping: invalid number '${v}'\n`);
          return { status: 1 };
        }
        if (c === 'c') o.count = n;
        else if (c === 's') o.size = n;
        else if (c === 'i') o.intervalMs = Math.round(n * 1000);
        else if (c === 'w') o.deadlineS = n;
        else if (c === 'W') o.waitS = n;
        break;
      }
      if (c === 'q') o.quiet = true;
      else if (!'46An'.includes(c)) {
        env.io.err(`ping: invalid option -- '${c}'\n${PING_USAGE}`);
        return { status: 1 };
      }
    }
  }
  if (hosts.length !== 1) {
    env.io.err(PING_USAGE);
    return { status: 1 };
  }
  o.host = hosts[0]!;
  return o;
}

/** `%u.%03u` of microseconds, as ping prints times. */
function usText(us: number): string {
  return `${Math.floor(us / 1000)}.${String(us % 1000).padStart(3, '0')}`;
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
  const endless = o.count === 0 && o.deadlineS === 0;
  const replies: { at: number; line: string; us: number }[] = [];
  let sent = 0;
  let end = start;
  let allBack = false;
  for (;;) {
    const t = sent * o.intervalMs;
    // sendping_tail: the deadline is checked when the next echo is due.
    if (o.deadlineS > 0 && t >= o.deadlineS * 1000) {
      end = start + t;
      break;
    }
    if (endless && t >= ENDLESS_MS) break;
    const echo = net.echo?.(ip, sent);
    sent++;
    if (echo) {
      const us = Math.max(1, Math.round(echo.rttMs * 1000));
      replies.push({ at: start + t + us / 1000, us, line: `${o.size + 8} bytes from ${ip}: seq=${sent - 1} ttl=${echo.ttl} time=${usText(us)} ms\n` });
    }
    if (o.count > 0 && sent >= o.count) {
      const last = replies[replies.length - 1];
      if (replies.length >= o.count && last) {
        // The last reply is in: print_stats_and_exit at once.
        end = last.at;
        allBack = true;
      } else {
        // -W waits for a first reply; after some came back it waits about two round trips (at least 1 s).
        const tmax = Math.max(0, ...replies.map((x) => x.us));
        const expire = replies.length > 0 ? Math.max(1, Math.floor(tmax / (512 * 1024))) : o.waitS;
        end = start + t + expire * 1000;
        if (o.deadlineS > 0) end = Math.min(end, start + o.deadlineS * 1000);
      }
      break;
    }
  }
  if (!o.quiet) {
    for (const x of replies) {
      if (x.at > end && !allBack) continue;
      env.io.at?.(x.at);
      env.io.out(x.line);
    }
  }
  if (endless) return { status: 0, block: true };
  const got = replies.filter((x) => x.at <= end || allBack);
  const loss = sent === 0 ? 0 : Math.floor(((sent - got.length) * 100) / sent);
  let stats = `\n--- ${o.host} ping statistics ---\n${sent} packets transmitted, ${got.length} packets received, ${loss}% packet loss\n`;
  if (got.length > 0) {
    const us = got.map((x) => x.us);
    const avg = Math.floor(us.reduce((a, b) => a + b, 0) / us.length);
    stats += `round-trip min/avg/max = ${usText(Math.min(...us))}/${usText(avg)}/${usText(Math.max(...us))} ms\n`;
  }
  env.io.at?.(end);
  env.io.out(stats);
  const failed = got.length === 0 || (o.deadlineS > 0 && got.length < o.count);
  return { status: failed ? 1 : 0, ms: Math.ceil(end) };
}
