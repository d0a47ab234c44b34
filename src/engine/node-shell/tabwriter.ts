/**
 * Go's text/tabwriter as crictl configures it (`newTableDisplay(20, 1, 3, ' ', 0)`): every column
 * but the last is padded to max(20, widest cell + 3); the last cell of a row is printed as is.
 */
export function tabwrite(rows: readonly (readonly string[])[], minWidth = 20, padding = 3): string {
  const widths: number[] = [];
  for (const r of rows) r.slice(0, -1).forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(Math.max(minWidth, (widths[i] ?? 0) + padding)))).join('') + '\n').join('');
}

/** docker/go-units HumanDuration, as crictl prints CREATED (`5 minutes ago`). */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(ms / 3_600_000 + 0.5);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  if (hours < 24 * 7 * 2) return `${Math.floor(hours / 24)} days`;
  if (hours < 24 * 30 * 2) return `${Math.floor(hours / 24 / 7)} weeks`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24 / 30)} months`;
  return `${Math.floor(ms / 3_600_000 / 24 / 365)} years`;
}

/** docker/go-units HumanSizeWithPrecision(size, 3): decimal units, `%.3g` (crictl images' SIZE). */
export function humanSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let size = bytes;
  let i = 0;
  while (size >= 1000 && i < units.length - 1) {
    size /= 1000;
    i++;
  }
  return `${formatG3(size)}${units[i]}`;
}

/** Go's `%.3g` for 0 ≤ x < 1000: three significant digits, trailing zeros dropped. */
function formatG3(x: number): string {
  const s = x.toPrecision(3);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
