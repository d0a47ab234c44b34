/**
 * The mysql client's prompt (client/mysql.cc main, read_and_execute, add_line, com_go, com_use,
 * com_quit): with a terminal on stdin and stdout it connects, prints its welcome — `Welcome to the
 * MySQL monitor.`, the connection id, `Server version: VERSION COMMENT`, Oracle's copyright notice
 * (include/welcome_copyright_notice.h, the client's release year), the `Type 'help;'` line — and
 * reads lines at `mysql> `, `    -> ` while a statement is unfinished (`    '> ` inside a quote).
 * A `;` or `\g` sends the statement; each result is printed as com_go prints it (mysql-format.ts).
 * `use DB` (with or without `;`) says `Database changed`, after `Reading table information …`
 * when the database has tables (build_completion_hash); `exit`, `quit`, `\q` and Ctrl+D say
 * `Bye`; `\c` drops the unfinished statement; Ctrl+C at the prompt prints `^C` and clears it.
 *
 * The state between lines is plain data (the container is snapshotted with it). Approximate: the
 * connection is not one socket kept open — each statement dials again with the session's
 * database, so the connection id does not stay one; a server gone since the last statement is
 * `ERROR 2013 (HY000): Lost connection to MySQL server during query` each time (the real client
 * would then try to reconnect and say so); `help`, `status`, `source`, `pager`, `tee`, `delimiter`
 * and `prompt` are not modelled; no history file is written.
 */
import { connected, dial, splitStatements, type MysqlOptions } from './mysql-client-conn';
import { errorLine, interactiveResult } from './mysql-format';
import type { Net } from './net-tools';
import type { ReaderInput, ToolEnv, ToolResult } from './tool-types';

/** mysql at its prompt: where it connects, with what, and the statement typed so far. */
export interface MysqlCliRepl {
  program: 'mysql';
  prompt: string;
  o: MysqlOptions;
  db?: string;
  /** The unfinished statement's lines. */
  buffer: string;
}

/** ORACLE_WELCOME_COPYRIGHT_NOTICE's second year: the client's release. */
function copyrightYear(version: string): string {
  if (version.startsWith('5.7')) return '2023';
  if (/^9\.[0-1]\./.test(version)) return '2024';
  return '2025';
}

function welcome(env: ToolEnv, id: number, version: string, comment: string): string {
  return [
    'Welcome to the MySQL monitor.  Commands end with ; or \\g.',
    `Your MySQL connection id is ${id}`,
    `Server version: ${version} ${comment}`,
    '',
    `Copyright (c) 2000, ${copyrightYear(env.version)}, Oracle and/or its affiliates.`,
    '',
    'Oracle is a registered trademark of Oracle Corporation and/or its',
    'affiliates. Other names may be trademarks of their respective',
    'owners.',
    '',
    "Type 'help;' or '\\h' for help. Type '\\c' to clear the current input statement.",
    '',
    '',
  ].join('\n');
}

const READING = 'Reading table information for completion of table and column names\nYou can turn off this feature to get a quicker startup with -A\n\n';

/** build_completion_hash's notice: only for a database with tables. */
function rehash(s: MysqlCliRepl, env: ToolEnv, net: Net): void {
  if (s.db === undefined) return;
  const d = dial(env, net, s.o, { db: s.db, statements: ['SHOW TABLES'] });
  if (d.kind === 'reply' && d.reply.k === 'session' && d.reply.results[0]?.k === 'rows' && d.reply.results[0].rows.length > 0) env.io.out(READING);
}

/** main(): connect (a failure ends mysql with status 1), the welcome, then the first prompt. */
export function startMysqlRepl(o: MysqlOptions, env: ToolEnv, net: Net): ToolResult {
  const d = connected(env, dial(env, net, o, { ...(o.db !== undefined ? { db: o.db } : {}), statements: [] }));
  if (d.kind === 'ended') return d.result;
  const s: MysqlCliRepl = { program: 'mysql', prompt: 'mysql> ', o, buffer: '', ...(o.db !== undefined ? { db: o.db } : {}) };
  rehash(s, env, net);
  env.io.out(welcome(env, d.reply.connectionId, d.reply.version, d.reply.comment));
  return { status: 0, ms: d.ms, reads: s };
}

/** com_use: the database the next statements run in. */
function use(s: MysqlCliRepl, name: string, env: ToolEnv, net: Net): number {
  const d = dial(env, net, s.o, { ...(s.db !== undefined ? { db: s.db } : {}), statements: [`USE \`${name}\``] });
  if (d.kind === 'failed') {
    env.io.err('ERROR 2013 (HY000): Lost connection to MySQL server during query\n');
    return d.ms;
  }
  const r = d.reply.k === 'denied' ? { k: 'error' as const, error: d.reply.error } : d.reply.results[0];
  if (r?.k === 'error') {
    env.io.err(errorLine(r.error));
    return d.ms;
  }
  s.db = name;
  rehash(s, env, net);
  env.io.out('Database changed\n');
  return d.ms;
}

function send(s: MysqlCliRepl, sql: string, env: ToolEnv, net: Net): number {
  const d = dial(env, net, s.o, { ...(s.db !== undefined ? { db: s.db } : {}), statements: [sql] });
  if (d.kind === 'failed') {
    env.io.err('ERROR 2013 (HY000): Lost connection to MySQL server during query\n');
    return d.ms;
  }
  if (d.reply.k === 'denied') {
    env.io.err(errorLine(d.reply.error));
    return d.ms;
  }
  const r = d.reply.results[0];
  if (r) {
    const shown = interactiveResult(r);
    env.io.out(shown.out);
    env.io.err(shown.err);
  }
  if (d.reply.db !== undefined) s.db = d.reply.db;
  else delete s.db;
  return d.ms;
}

/** The prompt for what is still open: a quote's, or `->` inside a statement. */
function promptFor(buffer: string): string {
  const quote = splitStatements(buffer).quote;
  if (quote) return `    ${quote}> `;
  return buffer.trim() === '' ? 'mysql> ' : '    -> ';
}

/** One thing typed at the prompt: the next prompt, or mysql's exit. */
export function mysqlReplLine(prev: MysqlCliRepl, input: ReaderInput, env: ToolEnv, net: Net): ToolResult {
  const s: MysqlCliRepl = { ...prev };
  if (input.k === 'eof') {
    env.io.out('Bye\n');
    return { status: 0 };
  }
  if (input.k === 'interrupt') {
    env.io.out('^C\n');
    s.buffer = '';
    s.prompt = 'mysql> ';
    return { status: 0, reads: s };
  }
  let ms = 0;
  const line = input.text;
  const text = s.buffer === '' ? line : `${s.buffer}\n${line}`;
  // Client commands are read at the start of a statement: `exit`, `quit`, `use db`, `\q`, `\c`.
  if (s.buffer.trim() === '') {
    const words = line.trim().replace(/;+\s*$/, '').split(/\s+/);
    const first = words[0]!.toLowerCase();
    if (first === 'exit' || first === 'quit' || first === '\\q') {
      env.io.out('Bye\n');
      return { status: 0 };
    }
    if ((first === 'use' || first === '\\u') && words[1] !== undefined) {
      ms += use(s, words[1].replace(/^`|`$/g, ''), env, net);
      s.buffer = '';
      s.prompt = 'mysql> ';
      return { status: 0, ms, reads: s };
    }
  }
  if (/\\c\s*$/.test(line) && !splitStatements(text.replace(/\\c\s*$/, '')).quote) {
    s.buffer = '';
    s.prompt = 'mysql> ';
    return { status: 0, reads: s };
  }
  const { cuts, rest } = splitStatements(text);
  for (const c of cuts) ms += send(s, c.sql, env, net);
  s.buffer = rest.trim() === '' && cuts.length > 0 ? '' : rest.replace(/^\n+/, '');
  s.prompt = promptFor(s.buffer);
  return { status: 0, ms, reads: s };
}
