/**
 * How the mysql client prints a result (client/mysql.cc at 8.0/9.x, unchanged in 5.7):
 * print_table_data's `+---+` boxes — each column as wide as its name and widest value, at least
 * 4 (`NULL`) when it may be NULL, numbers right-aligned — print_tab_data's tab-separated lines
 * (batch mode: `\t`, `\n`, `\\` and NUL escaped), com_go's `N rows in set (0.00 sec)`,
 * `Empty set`, `Query OK, N rows affected` with the server's info line, and put_error's
 * `ERROR code (state): text` (`at line N` in batch mode).
 */
import type { MysqlCell, MysqlColumn, MysqlError, MysqlResult } from './mysql-wire';

const cellText = (c: MysqlCell): string => c ?? 'NULL';

export function boxTable(columns: MysqlColumn[], rows: MysqlCell[][]): string {
  const widths = columns.map((c, i) => Math.max(c.name.length, c.notNull ? 0 : 4, ...rows.map((r) => cellText(r[i] ?? null).length)));
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+\n`;
  const line = (cells: string[], right: boolean[]): string => `|${cells.map((c, i) => ` ${right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)} `).join('|')}|\n`;
  let out = rule + line(columns.map((c) => c.name), columns.map(() => false)) + rule;
  for (const r of rows) out += line(r.map(cellText), columns.map((c) => c.numeric));
  return out + rule;
}

/** print_tab_data's escaping of one value (my_print_esc). */
function escape(v: MysqlCell): string {
  if (v === null) return 'NULL';
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\0/g, '\\0');
}

export function tabTable(columns: MysqlColumn[], rows: MysqlCell[][], names: boolean): string {
  const head = names ? `${columns.map((c) => c.name).join('\t')}\n` : '';
  return head + rows.map((r) => `${r.map(escape).join('\t')}\n`).join('');
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What interactive mode prints for one result (com_go): the table, then its line and a blank one. */
export function interactiveResult(r: MysqlResult): { out: string; err: string } {
  switch (r.k) {
    case 'rows':
      if (r.rows.length === 0) return { out: `Empty set (${r.sec} sec)\n\n`, err: '' };
      return { out: `${boxTable(r.columns, r.rows)}${plural(r.rows.length, 'row')} in set (${r.sec} sec)\n\n`, err: '' };
    case 'ok': {
      const warn = r.warnings > 0 ? `, ${plural(r.warnings, 'warning')}` : '';
      return { out: `Query OK, ${plural(r.affected, 'row')} affected${warn} (${r.sec} sec)\n${r.info !== undefined ? `${r.info}\n` : ''}\n`, err: '' };
    }
    case 'error':
      return { out: '', err: errorLine(r.error) };
  }
}

/** put_error: `ERROR 1049 (42000): Unknown database 'x'`, with the input line in batch mode. */
export function errorLine(e: MysqlError, line?: number): string {
  return `ERROR ${e.code} (${e.state})${line !== undefined ? ` at line ${line}` : ''}: ${e.message}\n`;
}
