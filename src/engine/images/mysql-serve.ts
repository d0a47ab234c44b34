/**
 * A mysqld answering one client connection: the login checked against the accounts the image's
 * entrypoint made on its first start (root with MYSQL_ROOT_PASSWORD, or none with
 * MYSQL_ALLOW_EMPTY_PASSWORD; MYSQL_USER with MYSQL_PASSWORD), the default database checked,
 * then each statement run in turn (mysql-exec.ts) until one fails, as a client stops there.
 *
 * Its options come from the option files its my.cnf includes (`!includedir /etc/mysql/conf.d/`):
 * `server-id`, `log-bin` (5.7 then reports its version as `5.7.44-log`), `super-read-only`.
 * Accounts name the client by its address: the image runs with skip-name-resolve.
 *
 * Replication as the replicated tutorial sets it up (a primary with `log-bin`, replicas with
 * `super-read-only`): each write a client makes on the primary is run again on every replica
 * (replicationEvents, mysqlApply) — the effect of row-based replication, not its binlog.
 *
 * Approximate: the accounts are read from the server's environment at each connection (a real
 * server has them in its mysql schema since the first start, whatever the variables say later);
 * the option files are read at each connection, not once at the start; connection ids count up
 * from 8 (what a fresh 8.0 / 9.x container's first client gets, its entrypoint having used the
 * ones before).
 */
import type { AppRun } from './app';
import { DATADIR, execute, type MysqlStore } from './mysql-exec';
import { parseStatement } from './mysql-sql';
import type { MysqlReply, MysqlRequest, MysqlResult, MysqlServerState } from './mysql-wire';
import { wall } from './clock';

/** What the server's container gives it: its data directory, its option files, its environment. */
export interface MysqlHost {
  store: MysqlStore;
  /** The text of each option file it reads. */
  options: string[];
  env: Readonly<Record<string, string>>;
  hostname: string;
}

interface Options {
  serverId?: number;
  logBin: boolean;
  superReadOnly: boolean;
}

function readOptions(files: string[]): Options {
  const o: Options = { logBin: false, superReadOnly: false };
  let section = '';
  for (const text of files) {
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
      const sec = /^\[(.+)\]$/.exec(line);
      if (sec) {
        section = sec[1]!.toLowerCase();
        continue;
      }
      if (section !== 'mysqld' && section !== 'server') continue;
      const [k, v] = line.split('=').map((x) => x.trim());
      const key = (k ?? '').replace(/_/g, '-').toLowerCase();
      if (key === 'server-id') o.serverId = Number.parseInt(v ?? '0', 10) || 0;
      else if (key === 'log-bin') o.logBin = true;
      else if (key === 'super-read-only') o.superReadOnly = v === undefined || v === '1' || v.toLowerCase() === 'on';
    }
  }
  return o;
}

/** The password the account has, or undefined for no such account. */
function accountPassword(env: Readonly<Record<string, string>>, user: string): string | undefined {
  if (user === 'root') {
    if (env.MYSQL_ROOT_PASSWORD !== undefined && env.MYSQL_ROOT_PASSWORD !== '') return env.MYSQL_ROOT_PASSWORD;
    return env.MYSQL_ALLOW_EMPTY_PASSWORD ? '' : undefined;
  }
  return env.MYSQL_USER === user && env.MYSQL_PASSWORD !== undefined ? env.MYSQL_PASSWORD : undefined;
}

/** 5.x names its distribution `(GPL)`; 8.0 and later `- GPL`. */
const comment = (version: string): string => (version.startsWith('5.') ? 'MySQL Community Server (GPL)' : 'MySQL Community Server - GPL');

/** The user databases' files (relative to the datadir): what a clone copies. */
function dumpFiles(host: MysqlHost): { path: string; content: string }[] {
  const out: { path: string; content: string }[] = [];
  for (const d of host.store.entries(DATADIR)) {
    if (!d.dir || SYSTEM_DIRS.has(d.name) || d.name.startsWith('#') || d.name.startsWith('.')) continue;
    out.push({ path: `${d.name}/`, content: '' });
    for (const f of host.store.entries(`${DATADIR}/${d.name}`)) if (!f.dir) out.push({ path: `${d.name}/${f.name}`, content: host.store.read(`${DATADIR}/${d.name}/${f.name}`) ?? '' });
  }
  return out;
}

const SYSTEM_DIRS = new Set(['mysql', 'performance_schema', 'sys']);

/** What a server is in the tutorial's topology: its option files decide. */
export function mysqlRole(host: MysqlHost): 'primary' | 'replica' | 'alone' {
  const o = readOptions(host.options);
  return o.superReadOnly ? 'replica' : o.logBin ? 'primary' : 'alone';
}

/** A write to replay on the replicas: the statement and the database it ran in. */
export interface MysqlEvent {
  db?: string;
  sql: string;
}

const WRITE_KINDS = new Set(['create-db', 'drop-db', 'create-table', 'drop-table', 'insert', 'delete']);

/** The writes of a session that succeeded, in order, each with its database. */
export function replicationEvents(req: MysqlRequest, reply: MysqlReply): MysqlEvent[] {
  if (reply.k !== 'session') return [];
  const out: MysqlEvent[] = [];
  let db = req.db;
  for (const [i, r] of reply.results.entries()) {
    const st = parseStatement(req.statements[i]!);
    if ('code' in st || r.k === 'error') continue;
    if (st.k === 'use') db = st.name;
    else if (WRITE_KINDS.has(st.k)) out.push({ ...(db !== undefined ? { db } : {}), sql: req.statements[i]! });
  }
  return out;
}

/** A replica's SQL thread applying the primary's writes (super-read-only does not stop it). */
export function mysqlApply(app: AppRun, host: MysqlHost, events: MysqlEvent[], now: number): void {
  const c = wall(now);
  for (const e of events) {
    const st = parseStatement(e.sql);
    if ('code' in st) continue;
    execute({ store: host.store, ...(e.db !== undefined ? { db: e.db } : {}), user: 'system user@', now: `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s}`, version: app.version, vars: {} }, st);
  }
}

/** One connection from `peer`: the login, then `req.statements` in turn. */
export function mysqlExchange(app: AppRun & { mysql?: MysqlServerState }, req: MysqlRequest, host: MysqlHost, now: number, peer: string): MysqlReply {
  const o = readOptions(host.options);
  const major5 = app.version.startsWith('5.');
  const version = major5 && o.logBin ? `${app.version}-log` : app.version;
  const who = `'${req.user}'@'${peer}'`;
  const password = accountPassword(host.env, req.user);
  if (password === undefined || (req.password ?? '') !== password) {
    return { k: 'denied', error: { code: 1045, state: '28000', message: `Access denied for user ${who} (using password: ${req.password !== undefined && req.password !== '' ? 'YES' : 'NO'})` } };
  }
  const state = (app.mysql ??= { connections: 7 });
  const connectionId = ++state.connections;
  const c = wall(now);
  const session = {
    store: host.store,
    user: `${req.user}@${peer}`,
    now: `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s}`,
    version,
    vars: {
      server_id: { v: String(o.serverId ?? (major5 ? 0 : 1)), numeric: true },
      hostname: { v: host.hostname, numeric: false },
      version: { v: version, numeric: false },
      version_comment: { v: comment(app.version), numeric: false },
      port: { v: '3306', numeric: true },
      read_only: { v: o.superReadOnly ? '1' : '0', numeric: true },
      super_read_only: { v: o.superReadOnly ? '1' : '0', numeric: true },
      log_bin: { v: o.logBin || !major5 ? '1' : '0', numeric: true },
    },
    ...(o.superReadOnly ? { readOnly: true } : {}),
  } as Parameters<typeof execute>[0];
  if (req.db !== undefined && req.db !== '') {
    const use = execute(session, { k: 'use', name: req.db });
    if (use.k === 'error') return { k: 'denied', error: use.error };
  }
  if (req.dump) return { k: 'session', version, comment: comment(app.version), connectionId, results: [], files: dumpFiles(host) };
  const results: MysqlResult[] = [];
  for (const sql of req.statements) {
    const st = parseStatement(sql);
    const r: MysqlResult = 'code' in st ? { k: 'error', error: st } : execute(session, st);
    results.push(r);
    if (r.k === 'error') break;
  }
  return { k: 'session', version, comment: comment(app.version), connectionId, results, ...(session.db !== undefined ? { db: session.db } : {}) };
}
