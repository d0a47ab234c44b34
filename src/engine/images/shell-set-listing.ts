/**
 * What `set` with no operand prints: every shell variable, sorted by name, each in the quoting its
 * shell uses (recorded with bash 5.2.15, dash 0.5.12 and BusyBox 1.35 under the C locale, as a
 * container runs without LANG):
 *   - dash and BusyBox ash quote every value, runs of `'` as `"'"` between single-quoted runs
 *     (dash's single_quote: `it's` → `'it'"'"'s'`, an empty value `''`);
 *   - bash quotes only what needs it (print_var_value): a value with a byte that is not printable
 *     in the C locale as `$'…'` (ansic_quote: \t \n \E …, other bytes in octal, so `é` is
 *     `$'\303\251'`), one with a shell metacharacter in single quotes (sh_single_quote: `'\''`),
 *     anything else bare; its indexed arrays as `name=([0]="v" …)` among the variables
 *     (src/k8s/bash-arrays.ts, which `declare -p` shares), associative ones as `m=([k]="v" )`.
 * Approximate: bash also lists its functions' definitions after the variables, and variables this
 * simulation does not set (BASHOPTS, BASH_ALIASES=() …); neither is printed here.
 */
import type { Machine } from './machine';
import { ansicQuote, arrayListing, hasShellMetas, isPrintable } from '../../k8s/bash-arrays';
import { assocListing } from '../../k8s/bash-assoc';

/** bash's print_var_value: bare, single-quoted (sh_single_quote) or `$'…'` (src/k8s/bash-arrays.ts's ansicQuote). */
function bashQuote(value: string): string {
  if (isPrintable(value)) return hasShellMetas(value) ? `'${value.replace(/'/g, "'\\''")}'` : value;
  return ansicQuote(value);
}

/** dash's single_quote (BusyBox ash prints the same). */
function dashQuote(value: string): string {
  let out = '';
  let rest = value;
  do {
    const at = rest.indexOf("'");
    const run = at < 0 ? rest : rest.slice(0, at);
    out += `'${run}'`;
    rest = rest.slice(run.length);
    if (!rest.startsWith("'")) break;
    const quotes = /^'+/.exec(rest)![0];
    out += `"${quotes}"`;
    rest = rest.slice(quotes.length);
  } while (rest.length > 0);
  return out;
}

export function setListing(m: Machine): string {
  const bash = m.dialect === 'bash';
  const lines: [string, string][] = Object.keys(m.vars).map((k) => [k, `${k}=${bash ? bashQuote(m.vars[k]!) : dashQuote(m.vars[k]!)}\n`]);
  if (bash) for (const [k, items] of Object.entries(m.arrays ?? {})) lines.push([k, `${k}=${arrayListing(items)}\n`]);
  // An associative array as declare -p shows its value (recorded: `m=([b]="x y" [a]="1" )`); one declared without a value is not listed.
  if (bash) for (const [k, t] of Object.entries(m.assocs ?? {})) if (!t.invisible) lines.push([k, `${k}=${assocListing(t)}\n`]);
  // strcmp order, as the C locale collates.
  lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return lines.map(([, l]) => l).join('');
}
