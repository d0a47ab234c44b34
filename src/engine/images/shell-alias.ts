/**
 * Aliases an interactive shell keeps (tty-shell.ts; shell-parse.ts expandAliases expands them as
 * a line is read). `alias` lists
 * them as each shell does: dash and BusyBox ash walk ash's 39-bucket hash table (`x='echo'`),
 * bash sorts by name (`alias x='echo'`). Recorded from dash 0.5.12, BusyBox 1.35, bash 5.2.
 */
/** `'…'` as the shells print a value (`'` as `'\''`). */
const quoted = (v: string): string => `'${v.replace(/'/g, `'\\''`)}'`;

/** ash's hashalias (dash and BusyBox share it): the bucket `alias` lists a name from. */
function bucket(name: string): number {
  let h = (name.charCodeAt(0) & 0xff) << 4;
  for (let i = 0; i < name.length; i++) h += name.charCodeAt(i) & 0xff;
  return h % 39;
}

/** `alias` with no operand: every alias, in the shell's order and format. */
export function aliasListing(aliases: Readonly<Record<string, string>>, bash: boolean): string {
  const names = Object.keys(aliases);
  // A new name goes at the end of its bucket's chain; a redefinition keeps its place (insertion order).
  const ordered = bash ? [...names].sort() : names.map((n, i) => ({ n, i, b: bucket(n) })).sort((a, b) => a.b - b.b || a.i - b.i).map((x) => x.n);
  return ordered.map((n) => aliasLine(n, aliases[n]!, bash)).join('');
}

export function aliasLine(name: string, value: string, bash: boolean): string {
  return `${bash ? 'alias ' : ''}${name}=${quoted(value)}\n`;
}
