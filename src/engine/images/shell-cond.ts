/**
 * bash's grammar for `[[ … ]]` (parse.y's cond_expr / cond_or / cond_and / cond_term), checked
 * when the script is parsed, as bash does: a mistake is a syntax error of the whole script, not a
 * failing command. Messages and statuses recorded from bash 5.2.15 (`bash -c '[[ a b ]]'`):
 *  - `conditional binary operator expected`, `unexpected argument `]]' to conditional unary
 *    operator`, `unexpected token `]]', expected `)'`, `syntax error in conditional expression`:
 *    the script does not run and bash 5.2 exits with the status it had (0 for a new `bash -c`);
 *  - `[[ ]]`, `[[ a && ]]`, `[[ ! ]]`: the same, silently;
 *  - the script ends inside: `unexpected token `newline', conditional binary operator expected`,
 *    `unexpected argument `newline' to conditional unary operator` or `unexpected EOF while
 *    looking for `]]'`, status 2.
 */
import type { CondItem } from './shell-ast';
import type { SyntaxProblem } from './shell-lex';

class CondFailure {
  constructor(readonly problem: SyntaxProblem) {}
}

/** test's unary operators bash's `[[` knows (test.c's test_unop). */
export const COND_UNARY = new Set(['-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x', '-O', '-G', '-L', '-S', '-N', '-z', '-n', '-o', '-v', '-R']);
export const COND_BINARY = new Set(['=', '==', '!=', '<', '>', '=~', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef']);

/** bash's syntax error for `items` ended by `end` (`]]`, or what stopped the script: `newline`, `;` …), if any. */
export function checkCond(items: readonly CondItem[], end: string): SyntaxProblem | undefined {
  try {
    condGrammar(items, end);
    return undefined;
  } catch (e) {
    if (e instanceof CondFailure) return e.problem;
    throw e;
  }
}

function condGrammar(items: readonly CondItem[], end: string): void {
  let p = 0;
  const closed = end === ']]';
  const name = (k: number): string => {
    const t = items[k];
    return t === undefined ? end : t.k === 'op' ? t.v : t.src;
  };
  const fail = (message: string, atEnd: boolean): never => {
    throw new CondFailure({ kind: 'cond', message, eof: atEnd && end === 'newline' });
  };
  const isWord = (k: number): boolean => items[k]?.k === 'word';
  const isOp = (k: number, v: string): boolean => {
    const t = items[k];
    return t?.k === 'op' && t.v === v;
  };
  const term = (): void => {
    const t = items[p];
    if (t === undefined) {
      if (closed) fail('', false);
      fail("unexpected EOF while looking for `]]'", true);
      return;
    }
    if (t.k === 'op') {
      if (t.v === '(') {
        p++;
        or();
        if (!isOp(p, ')')) fail(`unexpected token \`${name(p)}', expected \`)'`, p >= items.length);
        p++;
        return;
      }
      if (t.v === '!') {
        p++;
        term();
        return;
      }
      fail(`unexpected token \`${t.v}' in conditional command`, false);
      return;
    }
    if (COND_UNARY.has(t.src) && !(isWord(p + 1) && COND_BINARY.has(name(p + 1)) && isWord(p + 2))) {
      if (!isWord(p + 1)) fail(`unexpected argument \`${name(p + 1)}' to conditional unary operator`, p + 1 >= items.length);
      p += 2;
      return;
    }
    if (isWord(p + 1) && COND_BINARY.has(name(p + 1))) {
      if (!isWord(p + 2)) fail(`unexpected argument \`${name(p + 2)}' to conditional binary operator`, p + 2 >= items.length);
      p += 3;
      return;
    }
    if (isWord(p + 1)) fail('conditional binary operator expected', false);
    if (p + 1 >= items.length && !closed) fail(`unexpected token \`${end}', conditional binary operator expected`, true);
    p++;
  };
  const and = (): void => {
    term();
    while (isOp(p, '&&')) {
      p++;
      term();
    }
  };
  const or = (): void => {
    and();
    while (isOp(p, '||')) {
      p++;
      and();
    }
  };
  or();
  if (p < items.length) {
    const t = items[p]!;
    fail(t.k === 'op' ? `syntax error in conditional expression: unexpected token \`${t.v}'` : 'syntax error in conditional expression', false);
  }
}
