/**
 * Field selectors (`spec.nodeName=node-1,status.phase!=Running`): what kube-apiserver accepts on
 * lists and watches and what `kubectl --field-selector` sends. Here, not in the engine, because
 * the served cluster and the page's `kubectl get --raw` decode a URL's `?fieldSelector=` too.
 * Parsed as apimachinery's fields.ParseSelector does (pkg/fields/selector.go): terms split on
 * unescaped commas and sorted, empty terms skipped, each cut at its first `!=`, `==` or `=` with
 * nothing trimmed, and `\,` `\=` `\\` unescaped in the value. Which labels a resource accepts is
 * field-labels.ts's.
 */

/** One requirement; data, so a watch's registration stays cloneable. */
export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** splitTerms: a backslash escapes the next character, so `\,` does not end a term. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(text.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(text.slice(start));
  return terms;
}

/** The first operator from the left, `!=` before `==` before `=` at each position (termOperators). */
function splitTerm(term: string): { lhs: string; op: '=' | '!='; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op: op === '!=' ? '!=' : '=', rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** UnescapeValue; its errors print the rune with Go's %v, which is its code point (`61` for `=`). */
function unescapeValue(s: string): string | { error: string } {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') return { error: `invalid field selector: invalid escape sequence: \\${c}` };
      out += c;
      inSlash = false;
    } else if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') return { error: `invalid field selector: unescaped character in value: ${c.codePointAt(0)}` };
    else out += c;
  }
  return inSlash ? { error: 'invalid field selector: invalid escape sequence: \\' } : out;
}

/** Go's sort.Strings: byte order, which for UTF-16 strings below U+D800 is code unit order. */
const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function parseFieldSelector(text: string): FieldRequirement[] | string {
  const out: FieldRequirement[] = [];
  if (text === '') return out;
  for (const part of splitTerms(text).sort(byBytes)) {
    if (part === '') continue;
    const term = splitTerm(part);
    if (!term) return `invalid selector: '${text}'; can't understand '${part}'`;
    const value = unescapeValue(term.rhs);
    if (typeof value !== 'string') return value.error;
    out.push({ field: term.lhs, op: term.op, value });
  }
  return out;
}
