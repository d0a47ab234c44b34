/**
 * What the mysql client's batch run and its prompt (mysql-client-repl.ts) share: the options it
 * was started with, how a connection fails in its words (libmysqlclient's CR_* errors from
 * include/errmsg.h and libmysql/errmsg.cc: 2002, 2003, 2005, 2013), and how its input splits into
 * statements (client/mysql.cc add_line: `;` or `\g` outside quotes and comments ends one).
 */
import type { Net } from './net-tools';
import type { MysqlDial, MysqlReply, MysqlRequest } from './mysql-wire';
import { SYN_TIMEOUT_MS } from './tools-nc';
import type { ToolEnv, ToolResult } from './tool-types';
import { errorLine } from './mysql-format';

export interface MysqlOptions {
  /** Unset: localhost, through the server's socket. */
  host?: string;
  port: number;
  user: string;
  password?: string;
  db?: string;
  execute?: string[];
  table: boolean;
  batch: boolean;
  columnNames: boolean;
}

/** The client's major line: 5.7's names its socket errors without the port. */
const old = (env: ToolEnv): boolean => env.version.startsWith('5.');

const SOCKET = '/var/run/mysqld/mysqld.sock';

/** One connection's exchange, or the client's error line for the connection that failed. */
export function dial(env: ToolEnv, net: Net, o: MysqlOptions, req: Omit<MysqlRequest, 'user' | 'password'>): { kind: 'reply'; reply: MysqlReply; ms: number } | { kind: 'failed'; text: string; ms: number } {
  const host = o.host ?? 'localhost';
  const sent: MysqlRequest = { ...req, user: o.user, ...(o.password !== undefined ? { password: o.password } : {}) };
  const wire: MysqlDial = net.mysql ? net.mysql(host, o.port, sent) : { kind: 'refused' };
  const where = old(env) ? host : `${host}:${o.port}`;
  switch (wire.kind) {
    case 'unresolved':
      // getaddrinfo's EAI_NONAME (-2) or EAI_AGAIN (-3), as CR_UNKNOWN_HOST prints it.
      return { kind: 'failed', text: `ERROR 2005 (HY000): Unknown MySQL server host '${host}' (${wire.timeout ? -3 : -2})\n`, ms: wire.ms };
    case 'refused':
      if (host === 'localhost') return { kind: 'failed', text: `ERROR 2002 (HY000): Can't connect to local MySQL server through socket '${SOCKET}' (2)\n`, ms: 1 };
      return { kind: 'failed', text: `ERROR 2003 (HY000): Can't connect to MySQL server on '${where}' (111)\n`, ms: 1 };
    case 'timeout':
      return { kind: 'failed', text: `ERROR 2003 (HY000): Can't connect to MySQL server on '${where}' (110)\n`, ms: SYN_TIMEOUT_MS };
    case 'not-mysql':
      return { kind: 'failed', text: "ERROR 2013 (HY000): Lost connection to MySQL server at 'reading initial communication packet', system error: 0\n", ms: 1 };
    case 'reply':
      return { kind: 'reply', reply: wire.reply, ms: 1 };
  }
}

/** A dial's outcome for a client that must stop when it fails: the session's reply, or its exit (status 1, the error line written). */
export type Connected = { kind: 'ok'; reply: Exclude<MysqlReply, { k: 'denied' }>; ms: number } | { kind: 'ended'; result: ToolResult };

export function connected(env: ToolEnv, d: ReturnType<typeof dial>): Connected {
  if (d.kind === 'failed') env.io.err(d.text);
  else if (d.reply.k === 'denied') env.io.err(errorLine(d.reply.error));
  else return { kind: 'ok', reply: d.reply, ms: d.ms };
  return { kind: 'ended', result: { status: 1, ms: d.ms } };
}

/** A statement cut from the input, and the input line it started on. */
export interface Cut {
  sql: string;
  line: number;
}

/**
 * Splits `text` at `;` / `\g` outside quotes and comments. `rest` is what follows the last
 * delimiter (an unfinished statement), `quote` the quote it is still inside.
 */
export function splitStatements(text: string, firstLine = 1): { cuts: Cut[]; rest: string; quote?: string } {
  const cuts: Cut[] = [];
  let cur = '';
  let line = firstLine;
  let start = -1;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      cur += c;
      if (c === '\\' && quote !== '`' && i + 1 < text.length) cur += text[++i]!;
      else if (c === quote) quote = undefined;
      if (c === '\n') line++;
      continue;
    }
    if (c === '-' && text[i + 1] === '-' && /[\s]/.test(text[i + 2] ?? '\n')) {
      while (i < text.length && text[i] !== '\n') i++;
      i--;
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      i--;
      continue;
    }
    if (c === ';' || (c === '\\' && text[i + 1] === 'g')) {
      if (c === '\\') i++;
      if (cur.trim() !== '') cuts.push({ sql: cur.trim(), line: start < 0 ? line : start });
      cur = '';
      start = -1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    if (start < 0 && !/\s/.test(c)) start = line;
    if (c === '\n') line++;
    cur += c;
  }
  return { cuts, rest: cur, ...(quote ? { quote } : {}) };
}
