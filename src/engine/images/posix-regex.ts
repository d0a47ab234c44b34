/**
 * GNU grep's regular expressions (POSIX BRE by default, ERE with -E) rewritten as JavaScript
 * RegExp source, because the two dialects disagree on what is special: in a BRE `(`, `|`, `+`, `?`
 * and `{` are literal and `\(`, `\|`, `\+`, `\?`, `\{` are operators; in a bracket expression a
 * backslash is literal and `[[:digit:]]` is a class; a leading `*` is literal (BRE) or ignored with
 * a warning (ERE); `a**` is legal. GNU's extensions `\<`, `\>`, `\b`, `\B`, `\w`, `\W`, `\s`, `\S`
 * and back-references are kept. Invalid expressions get GNU's messages (`Unmatched ( or \(`).
 *
 * Which lines match is what GNU finds; `grep -o` stretches each match to POSIX's longest
 * (longest-match.ts, which sed's `s` shares). Differential fuzzing against GNU grep 3.8 leaves
 * only GNU's own oddities: quantifiers at the start of an ERE (`{2}x`, `+)`), quantified anchors
 * (`$*`, `\>?`), and -x/-w around an unbalanced `)` (GNU wraps the pattern as text). Character
 * classes are ASCII.
 */

export type Translated = { ok: true; source: string; groups: number; warnings: string[] } | { ok: false; error: string };

const WORD = 'A-Za-z0-9_';
const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: '0-9A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  cntrl: '\\x00-\\x1f\\x7f',
  xdigit: '0-9A-Fa-f',
};

const escapeChar = (c: string): string => (/[\\^$.|?*+()[\]{}/-]/.test(c) ? `\\${c}` : c);

/** A bracket expression from just after its `[`: the JS class and the index after its `]`. */
function bracket(p: string, start: number): { source: string; end: number } | { error: string } {
  let i = start;
  let negate = false;
  if (p[i] === '^') {
    negate = true;
    i++;
  }
  const body = p.slice(i, p.indexOf(']', i + 1) < 0 ? undefined : p.indexOf(']', i + 1));
  if (/^:[a-z]+:$/.test(body)) return { error: 'character class syntax is [[:space:]], not [:space:]' };
  let out = '';
  let first = true;
  for (;;) {
    if (i >= p.length) return { error: first ? 'Invalid regular expression' : 'Unmatched [, [^, [:, [., or [=' };
    const c = p[i]!;
    if (c === ']' && !first) break;
    first = false;
    const cls = /^\[:([a-z]*):\]/.exec(p.slice(i));
    if (cls) {
      const set = CLASSES[cls[1]!];
      if (set === undefined) return { error: 'Invalid character class name' };
      out += set;
      i += cls[0].length;
      continue;
    }
    const equiv = /^\[([.=])(.)\1\]/.exec(p.slice(i));
    const ch = equiv ? equiv[2]! : c;
    i += equiv ? equiv[0].length : 1;
    if (p[i] === '-' && p[i + 1] !== undefined && p[i + 1] !== ']') {
      const hi = p[i + 1]!;
      if (hi < ch) return { error: 'Invalid range end' };
      out += `${escapeChar(ch)}-${escapeChar(hi)}`;
      i += 2;
    } else out += escapeChar(ch);
  }
  return { source: `[${negate ? '^' : ''}${out}]`, end: i + 1 };
}

/** `{m}`, `{m,}`, `{,n}`, `{m,n}` (closed by `}` in an ERE, `\}` in a BRE) as a JS quantifier. */
function interval(p: string, start: number, ere: boolean): { q: string; end: number } | { error: string } | undefined {
  const m = (ere ? /^(\d*)(,?)(\d*)\}/ : /^(\d*)(,?)(\d*)\\\}/).exec(p.slice(start));
  if (!m) return ere ? undefined : { error: /\\\}/.test(p.slice(start)) ? 'Invalid content of \\{\\}' : 'Unmatched \\{' };
  const [, lo = '', comma, hi = ''] = m;
  if (lo === '' && comma === '' && hi === '') return { error: 'Invalid content of \\{\\}' };
  if (lo === '' && hi === '') return { q: '*', end: start + m[0].length };
  if (hi !== '' && Number(hi) < Number(lo || '0')) return { error: 'Invalid content of \\{\\}' };
  if (Number(lo) > 32767 || Number(hi) > 32767) return { error: 'Regular expression too big' };
  return { q: `{${lo || '0'}${comma}${hi}}`, end: start + m[0].length };
}

/**
 * Translates one pattern; `groupBase` renumbers its back-references when patterns are joined with
 * `|`. `dotNewline`: `.` matches a newline too (sed's pattern space holds several lines; grep's
 * lines never contain one).
 */
export function translate(p: string, ere: boolean, groupBase = 0, dotNewline = false): Translated {
  let out = '';
  const warnings: string[] = [];
  /** Where the last thing a quantifier may apply to starts in `out`; undefined at the start of a branch. */
  let atom: number | undefined;
  let quantified = false;
  let branchStart = true;
  /** Open groups: where each starts in `out`, and its number. */
  const open: [number, number][] = [];
  let groups = 0;
  /** A back-reference may only name a group that has closed. */
  const closed = new Set<number>();
  const push = (s: string, isAtom = true): void => {
    if (isAtom) atom = out.length;
    else atom = undefined;
    out += s;
    quantified = false;
    branchStart = false;
  };
  /** Where an anchor that opened its branch sits: GNU warns when one is repeated (`^*`), and repeats it. */
  let leadingAnchor: number | undefined;
  /** An anchor: in an ERE a quantifier may follow it (`^*`, `\\>{2}`), so it goes in a group JavaScript can repeat. */
  const anchor = (s: string): void => {
    const leading = branchStart;
    if (ere) push(`(?:${s})`);
    else push(s, false);
    if (leading && ere) leadingAnchor = atom;
  };
  const quantify = (q: string, shown: string): void => {
    if (atom !== undefined && atom === leadingAnchor && !quantified) warnings.push(`${shown} at start of expression`);
    if (atom === undefined) {
      if (ere) warnings.push(`${shown} at start of expression`);
      else push(escapeChar(shown));
      return;
    }
    // POSIX allows `a**` and `a{2}{3}`; JavaScript wants each extra quantifier on a group.
    if (quantified) out = `${out.slice(0, atom)}(?:${out.slice(atom)})`;
    out += q;
    quantified = true;
  };
  const startBranch = (s: string): void => {
    out += s;
    atom = undefined;
    quantified = false;
    branchStart = true;
  };
  const openGroup = (): void => {
    open.push([out.length, ++groups]);
    startBranch('(');
  };
  const closeGroup = (): void => {
    const [at, n] = open.pop()!;
    closed.add(n);
    out += ')';
    atom = at;
    quantified = false;
    branchStart = false;
  };
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      const n = p[i + 1];
      if (n === undefined) return { ok: false, error: 'Trailing backslash' };
      i++;
      const op = ere ? undefined : n;
      if (op === '(') openGroup();
      else if (op === ')') {
        if (!open.length) return { ok: false, error: 'Unmatched ) or \\)' };
        closeGroup();
      } else if (op === '|') startBranch('|');
      else if (op === '{') {
        if (atom === undefined) {
          push('\\{');
          continue;
        }
        const r = interval(p, i + 1, false)!;
        if ('error' in r) return { ok: false, error: r.error };
        quantify(r.q, '{...}');
        i = r.end - 1;
      } else if (op === '+' || op === '?') quantify(n, n);
      else if (/[1-9]/.test(n)) {
        if (!closed.has(Number(n))) return { ok: false, error: 'Invalid back reference' };
        push(`\\${Number(n) + groupBase}`);
      } else if (n === '<') anchor(`\\b(?=[${WORD}])`);
      else if (n === '>') anchor(`\\b(?<=[${WORD}])`);
      else if (n === 'b' || n === 'B') anchor(`\\${n}`);
      else if (n === '`') anchor('^');
      else if (n === "'") anchor('$');
      else if (n === 'w' || n === 'W') push(`[${n === 'W' ? '^' : ''}${WORD}]`);
      else if (n === 's' || n === 'S') push(`[${n === 'S' ? '^' : ''}${CLASSES.space}]`);
      else push(escapeChar(n));
      continue;
    }
    if (c === '[') {
      const b = bracket(p, i + 1);
      if ('error' in b) return { ok: false, error: b.error };
      push(b.source);
      i = b.end - 1;
    } else if (c === '.') push(dotNewline ? '[^]' : '[^\\n]');
    else if (c === '*') quantify('*', '*');
    else if (c === '^' && ere) anchor('^');
    else if (c === '^' && branchStart) {
      // A `*` right after it is literal and a second `^` is a plain character.
      out += '^';
      atom = undefined;
      branchStart = false;
    } else if (c === '$' && (ere || i === p.length - 1 || p.startsWith('\\)', i + 1) || p.startsWith('\\|', i + 1))) anchor('$');
    else if (ere && (c === '+' || c === '?')) quantify(c, c);
    else if (ere && c === '{') {
      const r = interval(p, i + 1, true);
      if (r === undefined) push('\\{');
      else if ('error' in r) return { ok: false, error: r.error };
      else {
        quantify(r.q, '{...}');
        i = r.end - 1;
      }
    } else if (ere && c === '(') openGroup();
    // An ERE `)` with no group open is an ordinary character, as in GNU.
    else if (ere && c === ')' && open.length) closeGroup();
    else if (ere && c === '|') startBranch('|');
    else push(escapeChar(c));
  }
  if (open.length) return { ok: false, error: 'Unmatched ( or \\(' };
  return { ok: true, source: out, groups, warnings };
}
