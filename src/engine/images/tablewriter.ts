/**
 * github.com/olekukonko/tablewriter v0.0.5 as etcdctl 3.6 uses it (`-w table`): headers
 * upper-cased by its Title() and centred (the odd space goes right), rows right-aligned,
 * `+---+` borders above the header, below it and at the end.
 */

/** tablewriter's Title(): `_` and `.` become spaces, then upper case. */
function title(h: string): string {
  return h.replace(/_/g, ' ').replace(/\.(?![0-9 ])|(?<![0-9 ])\./g, ' ').trim().toUpperCase() || ' ';
}

function centre(s: string, width: number): string {
  const gap = width - s.length;
  const left = Math.floor(gap / 2);
  return ' '.repeat(left) + s + ' '.repeat(gap - left);
}

export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const hs = headers.map(title);
  const widths = hs.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+\n`;
  const row = (cells: string[]): string => `|${cells.map((c) => ` ${c} `).join('|')}|\n`;
  let out = line + row(hs.map((h, i) => centre(h, widths[i]!))) + line;
  for (const r of rows) out += row(widths.map((w, i) => (r[i] ?? '').padStart(w)));
  return out + line;
}
