/**
 * go-humanize's Bytes (SI units), which etcd and etcdctl use for sizes: `20 kB`, `2.1 MB`.
 * Below 10 a value keeps one decimal; Go's %.0f rounds a half to even.
 */
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];

export function humanBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const e = Math.floor(Math.log(n) / Math.log(1000));
  const val = Math.floor((n / 1000 ** e) * 10 + 0.5) / 10;
  if (val < 10) return `${val.toFixed(1)} ${UNITS[e]}`;
  const floor = Math.floor(val);
  const rounded = val - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(val);
  return `${rounded} ${UNITS[e]}`;
}
