/**
 * How a redis-server's log lines look, by version, for the lines replication adds and for Redis
 * 2.8's start-up (the guestbook's redis-leader, registry.k8s.io/redis:e2e):
 * - 2.8 (src/redis.c redisLogRaw at 2.8.19): `[pid] 07 Dec 07:00:00.123 * text` — no role letter,
 *   no year; its start-up prints the ASCII logo raw (asciilogo.h, trailing spaces and the blank
 *   line after it included), then `# Server started, Redis version 2.8.19` and `* The server is
 *   now ready to accept connections on port 6379` (redis.c main).
 * - 3.0 on (server.c serverLogRaw): `pid:R 07 Dec 2026 07:00:00.123 * text` (redis-persist.ts).
 * Replicas are "slaves" in 2.8's messages and "replicas" from 5.0 (replication.c).
 */
import { redisTime } from './clock';
import type { AppRun } from './app';
import type { LogLine } from './types';

export function versionAtLeast(v: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = v.split('.').map((x) => Number.parseInt(x, 10));
  return a > major || (a === major && b >= minor);
}

/** 2.8's time: redisTime without the year (`%d %b %H:%M:%S.` and milliseconds). */
function time28(at: number): string {
  const [d, mon, , hms] = redisTime(at).split(' ');
  return `${d} ${mon} ${hms}`;
}

export type RedisRole = 'M' | 'S' | 'C';

/** One log line of a redis-server of `version` (`role` is ignored before 3.0). */
export function redisLog(version: string, pid: number, role: RedisRole, at: number, level: '*' | '#', text: string): LogLine {
  const prefix = versionAtLeast(version, 3, 0) ? `${pid}:${role} ${redisTime(at)}` : `[${pid}] ${time28(at)}`;
  return { at, stream: 'stdout', text: `${prefix} ${level} ${text}` };
}

/** The word for a replica in the server's messages. */
export const replicaWord = (version: string): string => (versionAtLeast(version, 5, 0) ? 'replica' : 'slave');

/** Whether argv makes the server a replica (`--replicaof host port`, `--slaveof host port`). */
export function replicaOfArgv(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--replicaof' || a === '--slaveof');
}

const LOGO = [
  '                _._                                                  ',
  "           _.-``__ ''-._                                             ",
  "      _.-``    `.  `_.  ''-._           Redis %v (00000000/0) 64 bit",
  "  .-`` .-```.  ```\\/    _.,_ ''-._                                   ",
  " (    '      ,       .-`  | `,    )     Running in stand alone mode",
  " |`-._`-...-` __...-.``-._|'` _.-'|     Port: %p",
  ' |    `-._   `._    /     _.-\'    |     PID: %i',
  "  `-._    `-._  `-./  _.-'    _.-'                                   ",
  " |`-._`-._    `-.__.-'    _.-'_.-'|                                  ",
  " |    `-._`-._        _.-'_.-'    |           http://redis.io        ",
  "  `-._    `-._`-.__.-'_.-'    _.-'                                   ",
  " |`-._`-._    `-.__.-'    _.-'_.-'|                                  ",
  " |    `-._`-._        _.-'_.-'    |                                  ",
  "  `-._    `-._`-.__.-'_.-'    _.-'                                   ",
  "      `-._    `-.__.-'    _.-'                                       ",
  "          `-._        _.-'                                           ",
  "              `-.__.-'                                               ",
  '',
];

/** Redis 2.8's start-up lines (with a config file given: no "no config file" warning). */
export function redis28Banner(run: AppRun, port: number): LogLine[] {
  const s = run.startedAt;
  const up = run.listenAt;
  const logo = LOGO.map((l) => ({ at: s, stream: 'stdout' as const, text: l.replace('%v', run.version).replace('%p', String(port)).replace('%i', String(run.pid)) }));
  return [...logo, redisLog(run.version, run.pid, 'M', s, '#', `Server started, Redis version ${run.version}`), redisLog(run.version, run.pid, 'M', up, '*', `The server is now ready to accept connections on port ${port}`)];
}
