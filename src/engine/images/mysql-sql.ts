/**
 * The SQL a classroom types at mysql, parsed: SHOW DATABASES / TABLES, CREATE / DROP DATABASE,
 * USE, CREATE / DROP TABLE, INSERT … VALUES, SELECT (columns, `*`, literals, @@variables, NOW(),
 * VERSION(), DATABASE(), USER(), COUNT(*), one `WHERE col = value`), DELETE, and the statements
 * the replicated tutorial's sidecar sends (CHANGE MASTER TO, START SLAVE), accepted as they are.
 *
 * A statement the grammar does not take is MySQL's ER_PARSE_ERROR (1064, 42000) `near` the text
 * from the token where parsing stopped, cut at 80 characters (`%-.80s` in
 * share/messages_to_clients.txt), `at line N` of the statement.
 *
 * Approximate: everything else MySQL parses (joins, ORDER BY, expressions, ALTER, GRANT …) is a
 * 1064 here, which real MySQL would run.
 */
import type { MysqlError } from './mysql-wire';

export type Expr =
  | { k: 'lit'; v: string | null; numeric: boolean }
  | { k: 'col'; name: string }
  | { k: 'var'; name: string }
  | { k: 'fn'; name: string; star?: true };

export interface SelectItem {
  expr: Expr;
  /** The column's heading: the alias, or the item's text as typed (a string literal's value). */
  name: string;
}

export interface ColumnDef {
  name: string;
  type: string;
  numeric: boolean;
  notNull: boolean;
  auto?: true;
  /** DEFAULT: a literal, or `now` for CURRENT_TIMESTAMP. */
  dflt?: { k: 'lit'; v: string | null } | { k: 'now' };
}

export interface TableRef {
  db?: string;
  name: string;
}

export interface Where {
  col: string;
  value: Expr;
}

export type Statement =
  | { k: 'show-databases' }
  | { k: 'show-tables'; db?: string }
  | { k: 'create-db'; name: string; ifNotExists: boolean }
  | { k: 'drop-db'; name: string; ifExists: boolean }
  | { k: 'use'; name: string }
  | { k: 'create-table'; table: TableRef; ifNotExists: boolean; columns: ColumnDef[] }
  | { k: 'drop-table'; table: TableRef; ifExists: boolean }
  | { k: 'insert'; table: TableRef; columns?: string[]; rows: Expr[][] }
  | { k: 'select'; items: SelectItem[] | 'star'; from?: TableRef; where?: Where }
  | { k: 'delete'; table: TableRef; where?: Where }
  /** Accepted and answered OK without effect here (replication set-up). */
  | { k: 'noop' };

type Tok = { t: 'id' | 'qid' | 'num' | 'str' | 'var' | 'sym'; v: string; at: number };

const NUMERIC_TYPES = new Set(['int', 'integer', 'tinyint', 'smallint', 'mediumint', 'bigint', 'decimal', 'dec', 'numeric', 'float', 'double', 'real', 'bit', 'serial']);

class ParseError extends Error {
  constructor(readonly at: number) {
    super('parse');
  }
}

function tokenize(sql: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i;
    if (c === '-' && sql[i + 1] === '-' && (i + 2 >= sql.length || /\s/.test(sql[i + 2]!))) {
      while (i < sql.length && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '#') {
      while (i < sql.length && sql[i] !== '\n') i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= sql.length) throw new ParseError(at);
        const d = sql[i]!;
        if (d === '\\' && i + 1 < sql.length) {
          const e = sql[i + 1]!;
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e === '0' ? '\0' : e;
          i += 2;
        } else if (d === c && sql[i + 1] === c) {
          v += c;
          i += 2;
        } else if (d === c) {
          i++;
          break;
        } else {
          v += d;
          i++;
        }
      }
      out.push({ t: 'str', v, at });
      continue;
    }
    if (c === '`') {
      const end = sql.indexOf('`', i + 1);
      if (end < 0) throw new ParseError(at);
      out.push({ t: 'qid', v: sql.slice(i + 1, end), at });
      i = end + 1;
      continue;
    }
    if (c === '@' && sql[i + 1] === '@') {
      const m = /^@@(?:(?:global|session)\.)?([A-Za-z_][\w]*)/i.exec(sql.slice(i))!;
      if (!m) throw new ParseError(at);
      out.push({ t: 'var', v: m[1]!.toLowerCase(), at });
      i += m[0].length;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(sql.slice(i));
    if (num && !/^\d+[A-Za-z_$]/.test(sql.slice(i))) {
      out.push({ t: 'num', v: num[0], at });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z0-9_$]+/.exec(sql.slice(i));
    if (id) {
      out.push({ t: 'id', v: id[0], at });
      i += id[0].length;
      continue;
    }
    out.push({ t: 'sym', v: c, at });
    i++;
  }
  return out;
}

/** One statement's parser over its tokens. */
class Parser {
  i = 0;
  constructor(readonly toks: Tok[], readonly end: number) {}
  peek(): Tok | undefined {
    return this.toks[this.i];
  }
  fail(): never {
    throw new ParseError(this.peek()?.at ?? this.end);
  }
  is(word: string): boolean {
    const t = this.peek();
    return t !== undefined && ((t.t === 'id' && t.v.toLowerCase() === word) || (t.t === 'sym' && t.v === word));
  }
  eat(word: string): boolean {
    if (!this.is(word)) return false;
    this.i++;
    return true;
  }
  want(word: string): void {
    if (!this.eat(word)) this.fail();
  }
  name(): string {
    const t = this.peek();
    if (!t || (t.t !== 'id' && t.t !== 'qid')) this.fail();
    this.i++;
    return t.v;
  }
  table(): TableRef {
    const first = this.name();
    if (!this.eat('.')) return { name: first };
    return { db: first, name: this.name() };
  }
  done(): void {
    if (this.peek()) this.fail();
  }
  literal(): Expr {
    const t = this.peek();
    if (!t) this.fail();
    if (t.t === 'str') {
      this.i++;
      return { k: 'lit', v: t.v, numeric: false };
    }
    if (t.t === 'num') {
      this.i++;
      return { k: 'lit', v: t.v, numeric: true };
    }
    if (t.t === 'sym' && t.v === '-' && this.toks[this.i + 1]?.t === 'num') {
      this.i += 2;
      return { k: 'lit', v: `-${this.toks[this.i - 1]!.v}`, numeric: true };
    }
    if (this.eat('null')) return { k: 'lit', v: null, numeric: false };
    if (this.eat('true')) return { k: 'lit', v: '1', numeric: true };
    if (this.eat('false')) return { k: 'lit', v: '0', numeric: true };
    return this.fail();
  }
  expr(): Expr {
    const t = this.peek();
    if (!t) this.fail();
    if (t.t === 'var') {
      this.i++;
      return { k: 'var', name: t.v };
    }
    if ((t.t === 'id' || t.t === 'qid') && this.toks[this.i + 1]?.v === '(' && t.t === 'id') {
      const name = t.v.toUpperCase();
      this.i += 2;
      if (name === 'COUNT' && this.eat('*')) {
        this.want(')');
        return { k: 'fn', name, star: true };
      }
      this.want(')');
      return { k: 'fn', name };
    }
    if (t.t === 'id' && ['current_timestamp', 'current_user'].includes(t.v.toLowerCase())) {
      this.i++;
      return { k: 'fn', name: t.v.toUpperCase() === 'CURRENT_TIMESTAMP' ? 'NOW' : 'CURRENT_USER' };
    }
    if (t.t === 'id' && !/^\d/.test(t.v) && !['null', 'true', 'false'].includes(t.v.toLowerCase())) {
      this.i++;
      return { k: 'col', name: t.v };
    }
    if (t.t === 'qid') {
      this.i++;
      return { k: 'col', name: t.v };
    }
    return this.literal();
  }
  where(): Where | undefined {
    if (!this.eat('where')) return undefined;
    const col = this.name();
    this.want('=');
    return { col, value: this.literal() };
  }
}

function columnDef(p: Parser): ColumnDef {
  const name = p.name();
  const type = p.name().toLowerCase();
  let shown = type;
  if (p.eat('(')) {
    const args: string[] = [];
    do {
      const t = p.peek();
      if (!t || (t.t !== 'num' && t.t !== 'str')) p.fail();
      args.push(t.t === 'str' ? `'${t.v}'` : t.v);
      p.i++;
    } while (p.eat(','));
    p.want(')');
    shown = `${type}(${args.join(',')})`;
  }
  const def: ColumnDef = { name, type: shown, numeric: NUMERIC_TYPES.has(type), notNull: false };
  for (;;) {
    if (p.eat('unsigned') || p.eat('signed') || p.eat('unique') || p.eat('key')) continue;
    if (p.eat('not')) {
      p.want('null');
      def.notNull = true;
    } else if (p.eat('null')) continue;
    else if (p.eat('auto_increment')) {
      def.auto = true;
      def.notNull = true;
    } else if (p.eat('primary')) {
      p.want('key');
      def.notNull = true;
    } else if (p.eat('default')) {
      if (p.eat('current_timestamp')) {
        if (p.eat('(')) p.want(')');
        def.dflt = { k: 'now' };
      } else {
        const l = p.literal();
        def.dflt = { k: 'lit', v: l.k === 'lit' ? l.v : null };
      }
    } else break;
  }
  if (type === 'serial') Object.assign(def, { auto: true, notNull: true });
  return def;
}

function createTable(p: Parser): Statement {
  const ifNotExists = p.eat('if') ? (p.want('not'), p.want('exists'), true) : false;
  const table = p.table();
  p.want('(');
  const columns: ColumnDef[] = [];
  do {
    if (p.is('primary') || p.is('key') || p.is('unique') || p.is('index')) {
      // A table constraint: `PRIMARY KEY (id)`; its columns become NOT NULL.
      const primary = p.eat('primary');
      p.eat('key');
      p.eat('unique');
      p.eat('index');
      p.want('(');
      do {
        const c = p.name();
        const col = columns.find((x) => x.name.toLowerCase() === c.toLowerCase());
        if (primary && col) col.notNull = true;
      } while (p.eat(','));
      p.want(')');
    } else columns.push(columnDef(p));
  } while (p.eat(','));
  p.want(')');
  // Table options (ENGINE=InnoDB, DEFAULT CHARSET=utf8mb4 …) are taken as they are.
  while (p.peek()) {
    p.eat('default');
    p.name();
    p.eat('=');
    p.name();
  }
  return { k: 'create-table', table, ifNotExists, columns };
}

function insert(p: Parser): Statement {
  p.eat('into');
  const table = p.table();
  let columns: string[] | undefined;
  if (p.eat('(')) {
    columns = [];
    do columns.push(p.name());
    while (p.eat(','));
    p.want(')');
  }
  if (!p.eat('values')) p.want('value');
  const rows: Expr[][] = [];
  do {
    p.want('(');
    const row: Expr[] = [];
    if (!p.is(')')) {
      do row.push(p.is('default') ? (p.i++, { k: 'fn', name: 'DEFAULT' }) : p.expr());
      while (p.eat(','));
    }
    p.want(')');
    rows.push(row);
  } while (p.eat(','));
  return { k: 'insert', table, ...(columns ? { columns } : {}), rows };
}

function select(p: Parser, sql: string): Statement {
  let items: SelectItem[] | 'star';
  if (p.eat('*')) items = 'star';
  else {
    items = [];
    do {
      const from = p.peek()?.at ?? sql.length;
      const first = p.peek();
      const expr = p.expr();
      const to = p.peek()?.at ?? sql.length;
      let name = expr.k === 'lit' && !expr.numeric && expr.v !== null ? expr.v : sql.slice(from, to).trimEnd();
      if (expr.k === 'col' && first?.t === 'qid') name = expr.name;
      if (p.eat('as')) name = p.name();
      else if (p.peek()?.t === 'id' && !p.is('from') && !p.is('where')) name = p.name();
      items.push({ expr, name });
    } while (p.eat(','));
  }
  if (!p.eat('from')) {
    if (items === 'star') p.fail();
    p.done();
    return { k: 'select', items };
  }
  const from = p.table();
  const where = p.where();
  p.done();
  return { k: 'select', items, from, ...(where ? { where } : {}) };
}

function statement(p: Parser, sql: string): Statement {
  if (p.eat('show')) {
    if (p.eat('databases') || p.eat('schemas')) return p.done(), { k: 'show-databases' };
    p.eat('full');
    p.want('tables');
    const db = p.eat('from') || p.eat('in') ? p.name() : undefined;
    p.done();
    return { k: 'show-tables', ...(db !== undefined ? { db } : {}) };
  }
  if (p.eat('use')) {
    const name = p.name();
    p.done();
    return { k: 'use', name };
  }
  if (p.eat('create')) {
    if (p.eat('database') || p.eat('schema')) {
      const ifNotExists = p.eat('if') ? (p.want('not'), p.want('exists'), true) : false;
      const name = p.name();
      p.done();
      return { k: 'create-db', name, ifNotExists };
    }
    p.want('table');
    return createTable(p);
  }
  if (p.eat('drop')) {
    if (p.eat('database') || p.eat('schema')) {
      const ifExists = p.eat('if') ? (p.want('exists'), true) : false;
      const name = p.name();
      p.done();
      return { k: 'drop-db', name, ifExists };
    }
    p.want('table');
    const ifExists = p.eat('if') ? (p.want('exists'), true) : false;
    const table = p.table();
    p.done();
    return { k: 'drop-table', table, ifExists };
  }
  if (p.eat('insert')) {
    const s = insert(p);
    p.done();
    return s;
  }
  if (p.eat('select')) return select(p, sql);
  if (p.eat('delete')) {
    p.want('from');
    const table = p.table();
    const where = p.where();
    p.done();
    return { k: 'delete', table, ...(where ? { where } : {}) };
  }
  if (p.eat('change')) {
    p.want('master');
    p.want('to');
    p.i = p.toks.length;
    return { k: 'noop' };
  }
  if (p.eat('start') || p.eat('stop')) {
    if (!p.eat('slave')) p.want('replica');
    p.done();
    return { k: 'noop' };
  }
  return p.fail();
}

/** ER_PARSE_ERROR for the text from `at` on (the statement's own line numbers). */
export function parseError(sql: string, at: number): MysqlError {
  const line = sql.slice(0, at).split('\n').length;
  return { code: 1064, state: '42000', message: `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${sql.slice(at).slice(0, 80)}' at line ${line}` };
}

/** One statement's text (no delimiter) parsed, or MySQL's parse error for it. */
export function parseStatement(sql: string): Statement | MysqlError {
  let toks: Tok[];
  try {
    toks = tokenize(sql);
  } catch (e) {
    if (e instanceof ParseError) return parseError(sql, e.at);
    throw e;
  }
  // The text MySQL quotes runs to the statement's end, trailing blanks cut.
  const text = sql.trimEnd();
  if (toks.length === 0) return { code: 1065, state: '42000', message: 'Query was empty' };
  try {
    return statement(new Parser(toks, text.length), text);
  } catch (e) {
    if (e instanceof ParseError) return parseError(text, e.at);
    throw e;
  }
}
