import { maxOf } from '../../k8s/arrays';

/** Columns as wide as their widest cell with three spaces between them; the last is not padded. */
export function renderTable(headers: string[], rows: string[][]): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, i) => maxOf(all.map((r) => (r[i] ?? '').length)));
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]! + 3))).join('').trimEnd() + '\n').join('');
}
