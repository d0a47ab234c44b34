/**
 * bash's brace expansion, the first of its expansions: `{a,b}`, `{1..5}`, `{01..10}`, `{10..1..3}`,
 * `{a..e}`, nested and with text around them (`pre-{web,api}-post`), on a word as written — its
 * quotes, `\` escapes, `${…}` and `$(…)` left for the later expansions and never expanded inside.
 * What is not a valid brace expression stays as written (`{a}`, `{}`, `{a,b`, `{1..a}`). Recorded
 * on this machine's bash 5.2.15 (src/k8s/brace-expand.test.ts).
 */
/** The index past a quote, escape, `${…}` or `$(…)` starting at `i`, or `i` when none starts there. */
function skipOpaque(word: string, i: number): number {
  const c = word[i];
  if (c === '\\') return i + 2;
  if (c === "'") {
    const close = word.indexOf("'", i + 1);
    return close < 0 ? word.length : close + 1;
  }
  if (c === '"') {
    for (let j = i + 1; j < word.length; j++) {
      if (word[j] === '\\') j++;
      else if (word[j] === '"') return j + 1;
    }
    return word.length;
  }
  if (c === '$' && (word[i + 1] === '(' || word[i + 1] === '{')) {
    // `$(…)` and `${…}`: to the bracket that balances it, quotes inside skipped.
    const [opening, closing] = word[i + 1] === '(' ? ['(', ')'] : ['{', '}'];
    let depth = 0;
    for (let j = i + 1; j < word.length; j++) {
      const inner = j > i + 1 ? skipOpaque(word, j) : j;
      if (inner !== j) {
        j = inner - 1;
        continue;
      }
      if (word[j] === opening) depth++;
      else if (word[j] === closing && --depth === 0) return j + 1;
    }
    return word.length;
  }
  return i;
}

/** The `}` closing the `{` at `open`, and where its top-level commas are; undefined if it never closes. */
function braceAt(word: string, open: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let j = open; j < word.length; ) {
    const past = skipOpaque(word, j);
    if (past !== j) {
      j = past;
      continue;
    }
    const c = word[j]!;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { close: j, commas };
    else if (c === ',' && depth === 1) commas.push(j);
    j++;
  }
  return undefined;
}

const INT = /^[-+]?\d+$/;

/** `{x..y[..n]}`'s words, or undefined when the body is no sequence. */
function sequence(body: string): string[] | undefined {
  const parts = body.split('..');
  if (parts.length !== 2 && parts.length !== 3) return undefined;
  const [from, to, by = '1'] = parts as [string, string, string?];
  if (!INT.test(by)) return undefined;
  const step = Math.abs(Number(by)) || 1;
  if (INT.test(from) && INT.test(to)) {
    const a = Number(from);
    const b = Number(to);
    // A leading zero on either end pads every word to the longer end's width.
    const width = /^[-+]?0\d/.test(from) || /^[-+]?0\d/.test(to) ? Math.max(from.length, to.length) : 0;
    const words: string[] = [];
    for (let n = a; a <= b ? n <= b : n >= b; n += a <= b ? step : -step) {
      const digits = String(Math.abs(n)).padStart(width - (n < 0 ? 1 : 0), '0');
      words.push(n < 0 ? `-${digits}` : digits);
    }
    return words;
  }
  if (/^[A-Za-z]$/.test(from) && /^[A-Za-z]$/.test(to)) {
    const a = from.charCodeAt(0);
    const b = to.charCodeAt(0);
    const words: string[] = [];
    for (let n = a; a <= b ? n <= b : n >= b; n += a <= b ? step : -step) words.push(String.fromCharCode(n));
    return words;
  }
  return undefined;
}

/** One word as brace expansion leaves it: one or more words, each still as written otherwise. */
export function braceExpand(word: string): string[] {
  for (let i = 0; i < word.length; ) {
    const past = skipOpaque(word, i);
    if (past !== i) {
      i = past;
      continue;
    }
    if (word[i] !== '{') {
      i++;
      continue;
    }
    const brace = braceAt(word, i);
    if (!brace) return [word];
    const body = word.slice(i + 1, brace.close);
    const alternatives = brace.commas.length ? [i, ...brace.commas].map((start, k) => word.slice(start + 1, k < brace.commas.length ? brace.commas[k] : brace.close)) : sequence(body);
    if (!alternatives) {
      i++;
      continue;
    }
    const pre = word.slice(0, i);
    const rest = braceExpand(word.slice(brace.close + 1));
    const out: string[] = [];
    for (const alt of alternatives.flatMap((a) => (brace.commas.length ? braceExpand(a) : [a]))) for (const post of rest) out.push(pre + alt + post);
    return out;
  }
  return [word];
}
