/**
 * Line diffs as GNU diff 3.8 prints them, shared by `kubectl diff` (which runs `diff -u -N` on
 * two directories) and the workstation's and containers' `diff` (src/engine/images/tools-diff.ts):
 * a longest-common-subsequence edit script, grouped into GNU's normal-format change commands
 * (`2c2`, `0a1,2`, `5d4`) or unified hunks with N lines of context; a last line without a
 * newline is a different line from the same text with one, followed by
 * `\ No newline at end of file`, as GNU shows it.
 *
 * The common prefix and suffix are matched first, as GNU does; where lines repeat, GNU may pick a
 * different but equally short script (for the YAML kubectl diff compares the hunks are the same).
 * When what is left is too large for the quadratic table, it is reported as one change (correct,
 * not minimal).
 */

const DEFAULT_CONTEXT = 3;
/** Cells of the LCS table past which the middle is one change (about 16 MB). */
const MAX_CELLS = 4_000_000;

export type Op = { k: ' ' | '-' | '+'; line: string };

/** Lines with their `\n` kept (the last may lack it), so that a missing final newline is a difference. */
export function rawLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The edit script turning `a` into `b`: deletions before insertions within a change, as GNU prints them. */
export function editScript(a: readonly string[], b: readonly string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const ops: Op[] = a.slice(0, pre).map((line) => ({ k: ' ', line }));
  ops.push(...middle(a.slice(pre, a.length - suf), b.slice(pre, b.length - suf)));
  ops.push(...a.slice(a.length - suf).map((line): Op => ({ k: ' ', line })));
  return ops;
}

function middle(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if ((n + 1) * (m + 1) > MAX_CELLS) return [...a.map((line): Op => ({ k: '-', line })), ...b.map((line): Op => ({ k: '+', line }))];
  // lcs[i][j]: LCS length of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ k: ' ', line: a[i]! });
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ k: '-', line: a[i++]! });
    else ops.push({ k: '+', line: b[j++]! });
  }
  return ops;
}

/** A line as diff prints it after its marker: with GNU's note when the file ends without a newline. */
function shown(prefix: string, line: string): string {
  return line.endsWith('\n') ? `${prefix}${line}` : `${prefix}${line}\n\\ No newline at end of file\n`;
}

/** GNU's unified range: `start,count`, just `start` for one line, `start-1,0` for none. */
function unifiedRange(start: number, count: number): string {
  if (count === 1) return String(start);
  return `${count === 0 ? start - 1 : start},${count}`;
}

/** The hunks of `diff -U context` over two line lists (no file headers); empty when they are equal. */
export function unifiedFromLines(a: readonly string[], b: readonly string[], context = DEFAULT_CONTEXT): string {
  const ops = editScript(a, b);
  const changed = ops.map((o, idx) => (o.k === ' ' ? -1 : idx)).filter((x) => x >= 0);
  if (changed.length === 0) return '';
  // Group changes whose context windows touch or overlap.
  const groups: [number, number][] = [];
  for (const c of changed) {
    const last = groups[groups.length - 1];
    if (last && c - last[1] <= 2 * context + 1) last[1] = c;
    else groups.push([c, c]);
  }
  let out = '';
  for (const [first, lastChange] of groups) {
    const start = Math.max(0, first - context);
    const end = Math.min(ops.length - 1, lastChange + context);
    let aLine = 1;
    let bLine = 1;
    for (let k = 0; k < start; k++) {
      if (ops[k]!.k !== '+') aLine++;
      if (ops[k]!.k !== '-') bLine++;
    }
    const body = ops.slice(start, end + 1);
    const aCount = body.filter((o) => o.k !== '+').length;
    const bCount = body.filter((o) => o.k !== '-').length;
    out += `@@ -${unifiedRange(aLine, aCount)} +${unifiedRange(bLine, bCount)} @@\n`;
    for (const o of body) out += shown(o.k, o.line);
  }
  return out;
}

/** The hunks of `diff -u from to` (no file headers); empty when the texts are equal. */
export function unifiedHunks(from: string, to: string, context = DEFAULT_CONTEXT): string {
  return unifiedFromLines(rawLines(from), rawLines(to), context);
}

/** GNU's normal-format range: `a` for one line, `a,b` for several, the line before for none. */
const normalRange = (start: number, count: number): string => (count <= 1 ? String(count === 0 ? start - 1 : start) : `${start},${start + count - 1}`);

/** `diff from to` in GNU's normal format: `NcM` / `NaM` / `NdM` commands with `<` and `>` lines. */
export function normalDiff(from: string, to: string): string {
  const ops = editScript(rawLines(from), rawLines(to));
  let out = '';
  let aLine = 1;
  let bLine = 1;
  for (let k = 0; k < ops.length; ) {
    if (ops[k]!.k === ' ') {
      aLine++;
      bLine++;
      k++;
      continue;
    }
    const dels: string[] = [];
    const adds: string[] = [];
    for (; k < ops.length && ops[k]!.k !== ' '; k++) (ops[k]!.k === '-' ? dels : adds).push(ops[k]!.line);
    const cmd = dels.length && adds.length ? 'c' : dels.length ? 'd' : 'a';
    out += `${normalRange(aLine, dels.length)}${cmd}${normalRange(bLine, adds.length)}\n`;
    out += dels.map((l) => shown('< ', l)).join('');
    if (cmd === 'c') out += '---\n';
    out += adds.map((l) => shown('> ', l)).join('');
    aLine += dels.length;
    bLine += adds.length;
  }
  return out;
}
