/**
 * `diff -u` between two texts: a longest-common-subsequence edit script grouped into hunks with
 * three lines of context, headers written by the caller. GNU diff may pick a different but equally
 * short script where lines repeat; for the YAML kubectl diff compares, the hunks are the same.
 */

const CONTEXT = 3;

type Op = { k: ' ' | '-' | '+'; line: string };

function lines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
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

/** GNU diff's range: `start,count`, just `start` for one line, `start-1,0` for none. */
function range(start: number, count: number): string {
  if (count === 1) return String(start);
  return `${count === 0 ? start - 1 : start},${count}`;
}

/** The hunks of `diff -u from to` (no file headers); empty when the texts are equal. */
export function unifiedHunks(from: string, to: string): string {
  const ops = editScript(lines(from), lines(to));
  const changed = ops.map((o, idx) => (o.k === ' ' ? -1 : idx)).filter((x) => x >= 0);
  if (changed.length === 0) return '';
  // Group changes whose context windows touch or overlap.
  const groups: [number, number][] = [];
  for (const c of changed) {
    const last = groups[groups.length - 1];
    if (last && c - last[1] <= 2 * CONTEXT + 1) last[1] = c;
    else groups.push([c, c]);
  }
  let out = '';
  for (const [first, lastChange] of groups) {
    const start = Math.max(0, first - CONTEXT);
    const end = Math.min(ops.length - 1, lastChange + CONTEXT);
    let aLine = 1;
    let bLine = 1;
    for (let k = 0; k < start; k++) {
      if (ops[k]!.k !== '+') aLine++;
      if (ops[k]!.k !== '-') bLine++;
    }
    const body = ops.slice(start, end + 1);
    const aCount = body.filter((o) => o.k !== '+').length;
    const bCount = body.filter((o) => o.k !== '-').length;
    out += `@@ -${range(aLine, aCount)} +${range(bLine, bCount)} @@\n`;
    for (const o of body) out += `${o.k}${o.line}\n`;
  }
  return out;
}
