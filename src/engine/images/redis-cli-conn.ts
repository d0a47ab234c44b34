/**
 * What redis-cli's one-shot run and its prompt (redis-cli-repl.ts) share: the options it was
 * started with, its connection's words for a server it cannot reach (hiredis' errstr, in the
 * words of the image's C library), and how it prints a reply. From redis/redis src/redis-cli.c
 * at 7.4.1 (cliConnect, cliAuth, cliSelect, cliSendCommand); 8.x words them the same.
 */
import type { Net } from './net-tools';
import { formatRaw, formatReply, type Reply } from './redis-reply';
import { SYN_TIMEOUT_MS } from './tools-nc';
import type { ToolEnv } from './tools';

export interface CliOptions {
  host: string;
  port: number;
  auth?: string;
  user?: string;
  db: number;
  raw?: boolean;
  errcode: boolean;
  stdinLast: boolean;
  noAuthWarning: boolean;
}

/**
 * cliSendCommand's output_raw: INFO (and the other commands whose reply is a report) is printed
 * as the server sent it, whatever the output mode.
 */
export function show(words: readonly string[], r: Reply, raw: boolean): string {
  return (words[0] ?? '').toLowerCase() === 'info' && r.t === 'bulk' ? formatRaw(r) : formatReply(r, raw);
}

/** hiredis' connect failures, in the words of the image's C library (glibc, or Alpine's musl). */
function connectError(env: ToolEnv, host: string, port: number, why: 'nxdomain' | 'dns-timeout' | 'refused' | 'timeout'): string {
  const musl = env.flavour === 'busybox';
  const text = why === 'nxdomain' ? (musl ? 'Name does not resolve' : 'Name or service not known') : why === 'dns-timeout' ? (musl ? 'Try again' : 'Temporary failure in name resolution') : why === 'refused' ? 'Connection refused' : 'Connection timed out';
  return `Could not connect to Redis at ${host}:${port}: ${text}\n`;
}

/**
 * One connection's exchange: the replies in order, or what redis-cli prints when it got none —
 * `connect` the failed connect's line (cliConnect), `protocol` an answer that is no RESP (the
 * server is something else) — and the simulated time it took.
 */
export type Exchange = { kind: 'replies'; replies: Reply[]; ms: number } | { kind: 'connect'; text: string; ms: number } | { kind: 'protocol'; text: string; ms: number };

export function exchange(env: ToolEnv, net: Net, host: string, port: number, commands: string[][]): Exchange {
  const wire = net.redis ? net.redis(host, port, commands) : { kind: 'refused' as const };
  switch (wire.kind) {
    case 'unresolved':
      return { kind: 'connect', text: connectError(env, host, port, wire.timeout ? 'dns-timeout' : 'nxdomain'), ms: wire.ms };
    case 'refused':
      return { kind: 'connect', text: connectError(env, host, port, 'refused'), ms: 1 };
    case 'timeout':
      return { kind: 'connect', text: connectError(env, host, port, 'timeout'), ms: SYN_TIMEOUT_MS };
    case 'not-redis':
      // hiredis reads the first byte as a RESP type: an HTTP server's `HTTP/1.1 400` is none.
      return { kind: 'protocol', text: wire.first === '' ? 'Error: Server closed the connection\n' : `Error: Protocol error, got "${wire.first}" as reply type byte\n`, ms: 1 };
    case 'replies':
      return { kind: 'replies', replies: wire.replies, ms: 1 };
  }
}
