/**
 * The mysql client as the official images ship it (client/mysql.cc): options (`-h`, `-P`, `-u`,
 * `-pPASS`/`--password=`, `-D`/a database word, `-e`, `-t`, `-B`, `-N`, `-V`), then either batch
 * mode — the `-e` statements, or its stdin when that is no terminal (`mysql <<EOF`) — or, with a
 * terminal on stdin and stdout, its prompt (mysql-client-repl.ts).
 *
 * Batch mode as main() sets it: when stdin or stdout is no terminal, `--silent` too, so results
 * are tab-separated with a heading line (print_tab_data); with both a terminal (`kubectl run -it …
 * -e`) or `-t`, `+---+` tables (print_table_data); no `rows in set` lines either way. The first
 * failing statement ends the run: `ERROR code (state) at line N: …` on stderr, status 1.
 *
 * A password on the command line draws `mysql: [Warning] Using a password on the command line
 * interface can be insecure.` on stderr first (client/mysql.cc get_options, since 5.6).
 *
 * Approximate: `-p` with no value does not ask (`Enter password: ` would read the terminal): no
 * password is sent; option files (~/.my.cnf) are not read; `--help`, `--xml`, `--html`,
 * `--vertical` and the other options are not modelled (their error says so).
 */
import { connected, dial, splitStatements, type MysqlOptions } from './mysql-client-conn';
import { startMysqlRepl } from './mysql-client-repl';
import { boxTable, errorLine, tabTable } from './mysql-format';
import type { NetTool } from './net-tools';
import { stdinIsTty, stdoutIsTty, type ToolEnv, type ToolResult } from './tool-types';

type Parsed = { kind: 'run'; o: MysqlOptions } | { kind: 'exit'; status: number };

/** `mysql -V`: 8.0 and later name their build; 5.7 still its client's own 14.14. */
function versionLine(version: string): string {
  return version.startsWith('5.') ? `mysql  Ver 14.14 Distrib ${version}, for Linux (x86_64) using  EditLine wrapper\n` : `mysql  Ver ${version} for Linux on x86_64 (MySQL Community Server - GPL)\n`;
}

function parseOptions(args: string[], env: ToolEnv): Parsed {
  const o: MysqlOptions = { port: 3306, user: 'root', table: false, batch: false, columnNames: true };
  let warn = false;
  const value = (a: string, i: number, long: string, short: string): { v: string; next: number } | undefined => {
    if (a.startsWith(`${long}=`)) return { v: a.slice(long.length + 1), next: i };
    if (a === long || a === short) return i + 1 < args.length ? { v: args[i + 1]!, next: i + 1 } : undefined;
    if (a.startsWith(short) && a.length > 2 && !a.startsWith('--')) return { v: a.slice(2), next: i };
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-') {
      o.db ??= a;
      continue;
    }
    if (a === '-p' || a === '--password') continue;
    if ((a.startsWith('-p') && !a.startsWith('--')) || a.startsWith('--password=')) {
      o.password = a.startsWith('-p') ? a.slice(2) : a.slice('--password='.length);
      warn = true;
      continue;
    }
    if (a === '-t' || a === '--table') o.table = true;
    else if (a === '-B' || a === '--batch' || a === '-s' || a === '--silent') o.batch = true;
    else if (a === '-N' || a === '--skip-column-names') o.columnNames = false;
    else if (a === '-A' || a === '--no-auto-rehash' || a === '-f' || a === '--force' || a === '-n' || a === '--unbuffered') continue;
    else if (a === '-V' || a === '--version') {
      env.io.out(versionLine(env.version));
      return { kind: 'exit', status: 0 };
    } else {
      const h = value(a, i, '--host', '-h') ?? undefined;
      const port = h ? undefined : value(a, i, '--port', '-P');
      const user = h || port ? undefined : value(a, i, '--user', '-u');
      const db = h || port || user ? undefined : value(a, i, '--database', '-D');
      const ex = h || port || user || db ? undefined : value(a, i, '--execute', '-e');
      const got = h ?? port ?? user ?? db ?? ex;
      if (!got) {
        const name = a.startsWith('--') ? a.replace(/=.*$/, '') : a.slice(0, 2);
        if (/^--[a-z]/.test(a) || /^-[a-zA-Z]/.test(a)) {
          env.io.err(`mysql: ${name}: not simulated in this classroom\n`);
          return { kind: 'exit', status: 1 };
        }
        env.io.err(`mysql: [ERROR] unknown option '${name}'.\n`);
        return { kind: 'exit', status: 7 };
      }
      i = got.next;
      if (h) o.host = h.v;
      else if (port) o.port = Number.parseInt(port.v, 10) || 0;
      else if (user) o.user = user.v;
      else if (db) o.db = db.v;
      else if (ex) (o.execute ??= []).push(ex.v);
    }
  }
  if (warn) env.io.err('mysql: [Warning] Using a password on the command line interface can be insecure.\n');
  return { kind: 'run', o };
}

/** Batch mode: the statements of `text` on one connection. */
function runBatch(o: MysqlOptions, text: string, env: ToolEnv, net: Parameters<NetTool>[2]): ToolResult {
  const { cuts, rest } = splitStatements(text);
  // The end of the input ends the last statement too.
  if (rest.trim() !== '') cuts.push({ sql: rest.trim(), line: text.slice(0, text.lastIndexOf(rest.trim())).split('\n').length });
  const fromExecute = o.execute !== undefined;
  // `exit` or `quit` at a statement's start is mysql's own: the input ends there.
  const statements: { sql: string; line: number }[] = [];
  for (const c of cuts) {
    const word = c.sql.split(/\s+/)[0]!.toLowerCase();
    if (word === 'exit' || word === 'quit' || word === '\\q') break;
    statements.push({ sql: c.sql, line: fromExecute ? 1 : c.line });
  }
  const d = connected(env, dial(env, net, o, { ...(o.db !== undefined ? { db: o.db } : {}), statements: statements.map((s) => s.sql) }));
  if (d.kind === 'ended') return d.result;
  // main(): a terminal on both ends keeps the tables (status.batch without --silent).
  const boxes = o.table || (!o.batch && stdinIsTty(env.io) && stdoutIsTty(env.io));
  for (const [i, r] of d.reply.results.entries()) {
    if (r.k === 'error') {
      env.io.err(errorLine(r.error, statements[i]!.line));
      return { status: 1, ms: d.ms };
    }
    // com_go: an empty result is `Empty set`, which batch mode does not print.
    if (r.k === 'rows' && r.rows.length > 0) env.io.out(boxes ? boxTable(r.columns, r.rows) : tabTable(r.columns, r.rows, o.columnNames));
  }
  return { status: 0, ms: d.ms };
}

export const mysqlClient: NetTool = (args, env, net): ToolResult => {
  const parsed = parseOptions(args, env);
  if (parsed.kind === 'exit') return { status: parsed.status };
  const { o } = parsed;
  if (o.execute) return runBatch(o, o.execute.join(';'), env, net);
  if (stdinIsTty(env.io) && stdoutIsTty(env.io)) return startMysqlRepl(o, env, net);
  return runBatch(o, env.io.stdin, env, net);
};
