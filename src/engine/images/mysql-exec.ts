/**
 * mysqld running one parsed statement (mysql-sql.ts) against its data directory: a database is
 * a directory of it, a table a file `<table>.ibd` in that directory — so a datadir on a
 * PersistentVolume keeps them when the Pod goes, and `ls /var/lib/mysql` shows them as MySQL 8's
 * does. Results and errors are MySQL's (ER_* texts from share/messages_to_clients.txt: 1007,
 * 1008, 1046, 1049, 1050, 1051, 1054, 1136, 1146, 1193, 1290).
 *
 * Approximate: a table file holds JSON (its columns, rows and AUTO_INCREMENT counter), not
 * InnoDB pages; 5.7's `.frm` files are not written; values keep the text they were given (no
 * type conversion, no truncation warnings); the `(0.01 sec)` the client prints is a fixed time
 * per kind of statement; WHERE compares one column to one value.
 */
import type { ColumnDef, Expr, Statement, TableRef, Where } from './mysql-sql';
import type { MysqlCell, MysqlColumn, MysqlError, MysqlResult } from './mysql-wire';

export const DATADIR = '/var/lib/mysql';

/** The data directory as mysqld reads and writes it (paths absolute). */
export interface MysqlStore {
  entries(dir: string): { name: string; dir: boolean }[];
  read(path: string): string | undefined;
  write(path: string, content: string): void;
  mkdir(path: string): void;
  remove(path: string): void;
}

/** What a statement can see of the server and the session. */
export interface MysqlSession {
  store: MysqlStore;
  db?: string;
  /** `user@host` as USER() shows it. */
  user: string;
  /** NOW(): `YYYY-MM-DD HH:MM:SS`. */
  now: string;
  vars: Readonly<Record<string, { v: string; numeric: boolean }>>;
  version: string;
  /** super-read-only: writes fail with ER_OPTION_PREVENTS_STATEMENT. */
  readOnly?: boolean;
}

interface StoredTable {
  columns: ColumnDef[];
  rows: MysqlCell[][];
  auto: number;
}

/** The schemas mysqld keeps without a directory of their own in the listing. */
const SYSTEM_DBS = new Set(['mysql', 'performance_schema', 'sys', 'information_schema']);

const err = (code: number, state: string, message: string): { k: 'error'; error: MysqlError } => ({ k: 'error', error: { code, state, message } });

function databases(s: MysqlSession): string[] {
  const dirs = s.store.entries(DATADIR).filter((e) => e.dir && !e.name.startsWith('#') && !e.name.startsWith('.') && e.name !== 'lost+found').map((e) => e.name);
  return [...new Set([...SYSTEM_DBS, ...dirs])].sort();
}

const hasDb = (s: MysqlSession, db: string): boolean => SYSTEM_DBS.has(db) || databases(s).includes(db);
const tablePath = (db: string, name: string): string => `${DATADIR}/${db}/${name}.ibd`;

function loadTable(s: MysqlSession, db: string, name: string): StoredTable | undefined {
  const text = s.store.read(tablePath(db, name));
  return text === undefined ? undefined : (JSON.parse(text) as StoredTable);
}

function tableNames(s: MysqlSession, db: string): string[] {
  return s.store
    .entries(`${DATADIR}/${db}`)
    .filter((e) => !e.dir && e.name.endsWith('.ibd'))
    .map((e) => e.name.slice(0, -4))
    .sort();
}

const ok = (affected: number, sec: string, info?: string): MysqlResult => ({ k: 'ok', affected, warnings: 0, sec, ...(info !== undefined ? { info } : {}) });

/** The table's database, or the error for none selected / an unknown one. */
function resolve(s: MysqlSession, t: TableRef): { db: string } | { k: 'error'; error: MysqlError } {
  const db = t.db ?? s.db;
  if (db === undefined) return err(1046, '3D000', 'No database selected');
  if (!hasDb(s, db)) return err(1049, '42000', `Unknown database '${db}'`);
  return { db };
}

function value(s: MysqlSession, e: Expr, row?: { columns: ColumnDef[]; cells: MysqlCell[] }, where = 'field list', rows?: number): { v: MysqlCell; numeric: boolean } | { k: 'error'; error: MysqlError } {
  switch (e.k) {
    case 'lit':
      return { v: e.v, numeric: e.numeric };
    case 'col': {
      const i = row?.columns.findIndex((c) => c.name.toLowerCase() === e.name.toLowerCase()) ?? -1;
      if (!row || i < 0) return err(1054, '42S22', `Unknown column '${e.name}' in '${where}'`);
      return { v: row.cells[i] ?? null, numeric: row.columns[i]!.numeric };
    }
    case 'var': {
      const v = s.vars[e.name];
      return v ?? err(1193, 'HY000', `Unknown system variable '${e.name}'`);
    }
    case 'fn':
      switch (e.name) {
        case 'NOW':
        case 'SYSDATE':
        case 'CURRENT_TIMESTAMP':
          return { v: s.now, numeric: false };
        case 'VERSION':
          return { v: s.version, numeric: false };
        case 'DATABASE':
        case 'SCHEMA':
          return { v: s.db ?? null, numeric: false };
        case 'USER':
        case 'SESSION_USER':
        case 'SYSTEM_USER':
        case 'CURRENT_USER':
          return { v: e.name === 'CURRENT_USER' ? `${s.user.split('@')[0]}@%` : s.user, numeric: false };
        case 'COUNT':
          return { v: String(rows ?? 1), numeric: true };
        default:
          return err(1305, '42000', `FUNCTION ${s.db ?? 'mysql'}.${e.name.toLowerCase()} does not exist`);
      }
  }
}

function matches(s: MysqlSession, t: StoredTable, cells: MysqlCell[], w: Where | undefined): boolean | { k: 'error'; error: MysqlError } {
  if (!w) return true;
  const i = t.columns.findIndex((c) => c.name.toLowerCase() === w.col.toLowerCase());
  if (i < 0) return err(1054, '42S22', `Unknown column '${w.col}' in 'where clause'`);
  const want = value(s, w.value);
  if ('k' in want) return want;
  const have = cells[i] ?? null;
  if (have === null || want.v === null) return false;
  if (t.columns[i]!.numeric || want.numeric) return Number(have) === Number(want.v);
  return have.toLowerCase() === want.v.toLowerCase();
}

function selectRows(s: MysqlSession, st: Extract<Statement, { k: 'select' }>): MysqlResult {
  if (!st.from) {
    if (st.items === 'star') return err(1096, 'HY000', 'No tables used');
    const columns: MysqlColumn[] = [];
    const row: MysqlCell[] = [];
    for (const it of st.items) {
      const v = value(s, it.expr);
      if ('k' in v) return v;
      columns.push({ name: it.name, numeric: v.numeric, notNull: v.v !== null && it.expr.k !== 'fn' });
      row.push(v.v);
    }
    return { k: 'rows', columns, rows: [row], sec: '0.00' };
  }
  const r = resolve(s, st.from);
  if ('k' in r) return r;
  const t = loadTable(s, r.db, st.from.name);
  if (!t) return err(1146, '42S02', `Table '${r.db}.${st.from.name}' doesn't exist`);
  const hits: MysqlCell[][] = [];
  for (const cells of t.rows) {
    const m = matches(s, t, cells, st.where);
    if (typeof m !== 'boolean') return m;
    if (m) hits.push(cells);
  }
  if (st.items === 'star') return { k: 'rows', columns: t.columns.map((c) => ({ name: c.name, numeric: c.numeric, notNull: c.notNull })), rows: hits, sec: '0.00' };
  const items = st.items;
  const aggregate = items.some((it) => it.expr.k === 'fn' && it.expr.name === 'COUNT');
  const source = aggregate ? [hits[0] ?? []] : hits;
  const columns: MysqlColumn[] = items.map((it) => {
    const c = it.expr.k === 'col' ? t.columns.find((x) => x.name.toLowerCase() === (it.expr as { name: string }).name.toLowerCase()) : undefined;
    // Not a column: typed by what it gives (a constant, a variable, a function).
    const v = c ? undefined : value(s, it.expr, undefined, 'field list', hits.length);
    return { name: it.name, numeric: c ? c.numeric : v !== undefined && !('k' in v) && v.numeric, notNull: c ? c.notNull : it.expr.k !== 'fn' || it.expr.name === 'COUNT' };
  });
  const rows: MysqlCell[][] = [];
  for (const cells of source) {
    const row: MysqlCell[] = [];
    for (const it of items) {
      const v = value(s, it.expr, { columns: t.columns, cells }, 'field list', hits.length);
      if ('k' in v) return v;
      row.push(v.v);
    }
    rows.push(row);
  }
  return { k: 'rows', columns, rows, sec: '0.00' };
}

function insertRows(s: MysqlSession, st: Extract<Statement, { k: 'insert' }>): MysqlResult {
  const r = resolve(s, st.table);
  if ('k' in r) return r;
  const t = loadTable(s, r.db, st.table.name);
  if (!t) return err(1146, '42S02', `Table '${r.db}.${st.table.name}' doesn't exist`);
  const names = st.columns ?? t.columns.map((c) => c.name);
  const idx: number[] = [];
  for (const n of names) {
    const i = t.columns.findIndex((c) => c.name.toLowerCase() === n.toLowerCase());
    if (i < 0) return err(1054, '42S22', `Unknown column '${n}' in 'field list'`);
    idx.push(i);
  }
  const added: MysqlCell[][] = [];
  for (const [n, exprs] of st.rows.entries()) {
    if (exprs.length !== names.length) return err(1136, '21S01', `Column count doesn't match value count at row ${n + 1}`);
    const cells: (MysqlCell | undefined)[] = t.columns.map(() => undefined);
    for (const [j, e] of exprs.entries()) {
      if (e.k === 'fn' && e.name === 'DEFAULT') continue;
      const v = value(s, e);
      if ('k' in v) return v;
      cells[idx[j]!] = v.v;
    }
    for (const [i, c] of t.columns.entries()) {
      if (c.auto && (cells[i] === undefined || cells[i] === null || cells[i] === '0')) cells[i] = String(++t.auto);
      else if (c.auto) t.auto = Math.max(t.auto, Number(cells[i]) || 0);
      if (cells[i] === undefined) cells[i] = c.dflt?.k === 'now' ? s.now : c.dflt?.k === 'lit' ? c.dflt.v : null;
      if (cells[i] === null && c.notNull) return err(1048, '23000', `Column '${c.name}' cannot be null`);
    }
    added.push(cells as MysqlCell[]);
  }
  t.rows.push(...added);
  s.store.write(tablePath(r.db, st.table.name), JSON.stringify(t));
  return ok(added.length, '0.01', added.length > 1 ? `Records: ${added.length}  Duplicates: 0  Warnings: 0` : undefined);
}

const WRITES = new Set<Statement['k']>(['create-db', 'drop-db', 'create-table', 'drop-table', 'insert', 'delete']);

/** One statement's result; `use` moves the session's database. */
export function execute(s: MysqlSession, st: Statement): MysqlResult {
  if (s.readOnly && WRITES.has(st.k)) return err(1290, 'HY000', 'The MySQL server is running with the --super-read-only option so it cannot execute this statement');
  switch (st.k) {
    case 'show-databases':
      return { k: 'rows', columns: [{ name: 'Database', numeric: false, notNull: true }], rows: databases(s).map((d) => [d]), sec: '0.00' };
    case 'show-tables': {
      const db = st.db ?? s.db;
      if (db === undefined) return err(1046, '3D000', 'No database selected');
      if (!hasDb(s, db)) return err(1049, '42000', `Unknown database '${db}'`);
      return { k: 'rows', columns: [{ name: `Tables_in_${db}`, numeric: false, notNull: true }], rows: tableNames(s, db).map((t) => [t]), sec: '0.00' };
    }
    case 'use':
      if (!hasDb(s, st.name)) return err(1049, '42000', `Unknown database '${st.name}'`);
      s.db = st.name;
      return ok(0, '0.00');
    case 'create-db':
      if (hasDb(s, st.name)) return st.ifNotExists ? { k: 'ok', affected: 1, warnings: 1, sec: '0.01' } : err(1007, 'HY000', `Can't create database '${st.name}'; database exists`);
      s.store.mkdir(`${DATADIR}/${st.name}`);
      return ok(1, '0.01');
    case 'drop-db': {
      if (!hasDb(s, st.name) || SYSTEM_DBS.has(st.name)) return st.ifExists ? { k: 'ok', affected: 0, warnings: 1, sec: '0.00' } : err(1008, 'HY000', `Can't drop database '${st.name}'; database doesn't exist`);
      const n = tableNames(s, st.name).length;
      s.store.remove(`${DATADIR}/${st.name}`);
      if (s.db === st.name) delete s.db;
      return ok(n, '0.02');
    }
    case 'create-table': {
      const r = resolve(s, st.table);
      if ('k' in r) return r;
      if (loadTable(s, r.db, st.table.name)) return st.ifNotExists ? { k: 'ok', affected: 0, warnings: 1, sec: '0.00' } : err(1050, '42S01', `Table '${st.table.name}' already exists`);
      const t: StoredTable = { columns: st.columns, rows: [], auto: 0 };
      s.store.write(tablePath(r.db, st.table.name), JSON.stringify(t));
      return ok(0, '0.02');
    }
    case 'drop-table': {
      const r = resolve(s, st.table);
      if ('k' in r) return r;
      if (!loadTable(s, r.db, st.table.name)) return st.ifExists ? { k: 'ok', affected: 0, warnings: 1, sec: '0.00' } : err(1051, '42S02', `Unknown table '${r.db}.${st.table.name}'`);
      s.store.remove(tablePath(r.db, st.table.name));
      return ok(0, '0.01');
    }
    case 'insert':
      return insertRows(s, st);
    case 'select':
      return selectRows(s, st);
    case 'delete': {
      const r = resolve(s, st.table);
      if ('k' in r) return r;
      const t = loadTable(s, r.db, st.table.name);
      if (!t) return err(1146, '42S02', `Table '${r.db}.${st.table.name}' doesn't exist`);
      const keep: MysqlCell[][] = [];
      for (const cells of t.rows) {
        const m = matches(s, t, cells, st.where);
        if (typeof m !== 'boolean') return m;
        if (!m) keep.push(cells);
      }
      const n = t.rows.length - keep.length;
      t.rows = keep;
      s.store.write(tablePath(r.db, st.table.name), JSON.stringify(t));
      return ok(n, '0.01');
    }
    case 'noop':
      return ok(0, '0.01');
  }
}
