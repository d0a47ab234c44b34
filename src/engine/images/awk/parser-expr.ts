/**
 * awk's expressions by recursive descent, lowest precedence first: assignment, `?:`, `||`, `&&`,
 * `in`, `~ !~`, comparisons (non-associative; a bare `>` in print's arguments redirects),
 * concatenation, `+ -`, `* / %`, unary `! - +`, `^` (right-associative), `++ --`, `$`, grouping.
 * The statements and rules around them are parser.ts's.
 *
 * Refused with a clear message rather than run wrongly: `"cmd" | getline` and system(), which
 * need a second process the simulator's awk does not start.
 */
import type { Expr, LValue } from './ast';
import type { Token } from './lexer';

export class ParseError extends Error {
  /**
   * `unsupported`: what this awk refuses to run; `extraBrace`: a `}` closing nothing (mawk words
   * it apart); `mawkSays`: mawk's own message for it.
   */
  constructor(readonly token: Token, readonly unsupported?: string, readonly extraBrace = false, readonly mawkSays?: string, readonly busyboxSays?: string) {
    super(unsupported ?? token.text);
  }

  /** The program's tokens, for the messages that count brackets before the error. */
  tokens?: Token[];
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);
const COMPARE_OPS = new Set(['<', '<=', '==', '!=', '>', '>=']);

/** A token as mawk's messages show it. */
export function shown(t: Token): string {
  return t.kind === 'nl' || t.kind === 'eof' ? 'end of line' : t.text;
}

export const isLValue = (e: Expr): e is LValue => e.kind === 'var' || e.kind === 'index' || e.kind === 'field';

export class ExprParser {
  protected pos = 0;
  /** Calls of user functions, checked against the definitions at the end. */
  protected readonly calls: Token[] = [];

  /** `starStar` also tells BusyBox's grammar from mawk's where they differ. */
  constructor(protected readonly toks: Token[], protected readonly starStar: boolean) {}

  protected get tok(): Token {
    return this.toks[this.pos]!;
  }

  protected is(text: string, kind: Token['kind'] = 'op'): boolean {
    return this.tok.kind === kind && this.tok.text === text;
  }

  protected take(text: string, kind: Token['kind'] = 'op'): boolean {
    if (!this.is(text, kind)) return false;
    this.pos++;
    return true;
  }

  protected expect(text: string, kind: Token['kind'] = 'op'): void {
    if (this.take(text, kind)) return;
    // mawk: `missing ) near }` where a group is left open at the end of a block or line.
    if (text === ')' && kind === 'op' && (this.is('}') || this.tok.kind === 'nl' || this.tok.kind === 'eof')) throw new ParseError(this.tok, undefined, false, `missing ) near ${shown(this.tok)}`);
    throw new ParseError(this.tok);
  }

  protected skipNewlines(): void {
    while (this.tok.kind === 'nl') this.pos++;
  }


  protected exprList(close: string): Expr[] {
    const list: Expr[] = [];
    this.skipNewlines();
    while (!this.is(close)) {
      list.push(this.expr(false));
      if (!this.take(',')) break;
      this.skipNewlines();
    }
    this.skipNewlines();
    this.expect(close);
    return list;
  }

  /** `noGt`: in print's arguments, where a bare `>` redirects. */
  protected expr(noGt: boolean): Expr {
    const left = this.ternary(noGt);
    const t = this.tok;
    if (t.kind === 'op' && ASSIGN_OPS.has(t.text) && isLValue(left)) {
      this.pos++;
      const op = (t.text === '**=' ? '^=' : t.text) as Extract<Expr, { kind: 'assign' }>['op'];
      return { kind: 'assign', op, target: left, value: this.expr(noGt) };
    }
    return left;
  }

  protected ternary(noGt: boolean): Expr {
    const test = this.or(noGt);
    if (!this.take('?')) return test;
    this.skipNewlines();
    const then = this.expr(noGt);
    this.skipNewlines();
    this.expect(':');
    this.skipNewlines();
    return { kind: 'cond', test, then, else: this.expr(noGt) };
  }

  protected or(noGt: boolean): Expr {
    let left = this.and(noGt);
    while (this.take('||')) {
      this.skipNewlines();
      left = { kind: 'or', left, right: this.and(noGt) };
    }
    return left;
  }

  protected and(noGt: boolean): Expr {
    let left = this.inExpr(noGt);
    while (this.take('&&')) {
      this.skipNewlines();
      left = { kind: 'and', left, right: this.inExpr(noGt) };
    }
    return left;
  }

  protected inExpr(noGt: boolean): Expr {
    let left = this.matchExpr(noGt);
    while (this.take('in', 'kw')) left = { kind: 'in', subs: [left], array: this.arrayName() };
    return left;
  }

  protected arrayName(): string {
    const t = this.tok;
    if (t.kind !== 'name') throw new ParseError(t);
    this.pos++;
    return t.text;
  }

  protected matchExpr(noGt: boolean): Expr {
    let left = this.compare(noGt);
    while (this.is('~') || this.is('!~')) {
      const negate = this.tok.text === '!~';
      this.pos++;
      left = { kind: 'match', negate, left, right: this.compare(noGt) };
    }
    return left;
  }

  protected compare(noGt: boolean): Expr {
    const left = this.concat();
    const t = this.tok;
    if (t.kind !== 'op' || !COMPARE_OPS.has(t.text) || (noGt && t.text === '>')) return left;
    this.pos++;
    return { kind: 'compare', op: t.text as Extract<Expr, { kind: 'compare' }>['op'], left, right: this.concat() };
  }

  /** Whether the token can start a concatenation's next operand (never `+`/`-`: `a -1` subtracts). */
  protected startsOperand(): boolean {
    const t = this.tok;
    if (t.kind === 'num' || t.kind === 'str' || t.kind === 'ere' || t.kind === 'name' || t.kind === 'funcname' || t.kind === 'builtin') return true;
    if (t.kind === 'kw') return false;
    return t.kind === 'op' && ['$', '(', '++', '--'].includes(t.text);
  }

  protected concat(): Expr {
    let left = this.additive();
    while (this.startsOperand()) left = { kind: 'concat', left, right: this.additive() };
    return left;
  }

  protected additive(): Expr {
    let left = this.multiplicative();
    while (this.is('+') || this.is('-')) {
      const op = this.tok.text as '+' | '-';
      this.pos++;
      left = { kind: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }

  protected multiplicative(): Expr {
    let left = this.unary();
    while (this.is('*') || this.is('/') || this.is('%')) {
      const op = this.tok.text as '*' | '/' | '%';
      this.pos++;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  protected unary(): Expr {
    if (this.is('!') || this.is('-') || this.is('+')) {
      const op = this.tok.text as '!' | '-' | '+';
      this.pos++;
      return { kind: 'unary', op, operand: this.unary() };
    }
    return this.power();
  }

  protected power(): Expr {
    const base = this.incdec();
    if (this.is('^') || this.is('**')) {
      this.pos++;
      // Right-associative, and the exponent may carry a sign: 2^-1.
      return { kind: 'binary', op: '^', left: base, right: this.is('-') || this.is('+') || this.is('!') ? this.unary() : this.power() };
    }
    return base;
  }

  protected incdec(): Expr {
    if (this.is('++') || this.is('--')) {
      const op = this.tok.text as '++' | '--';
      this.pos++;
      const target = this.incdec();
      if (!isLValue(target)) throw new ParseError(this.tok);
      return { kind: 'incdec', op, prefix: true, target };
    }
    const p = this.primary();
    if (isLValue(p) && (this.is('++') || this.is('--'))) {
      const op = this.tok.text as '++' | '--';
      this.pos++;
      return { kind: 'incdec', op, prefix: false, target: p };
    }
    return p;
  }

  protected primary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case 'num':
        this.pos++;
        return { kind: 'num', value: t.value as number };
      case 'str':
        this.pos++;
        return this.afterOperand({ kind: 'str', value: t.value as string });
      case 'ere':
        this.pos++;
        return { kind: 'ere', source: t.value as string };
      case 'name': {
        this.pos++;
        if (this.take('[')) return this.afterOperand({ kind: 'index', name: t.text, subs: this.exprList(']') });
        return this.afterOperand({ kind: 'var', name: t.text });
      }
      case 'funcname':
        this.calls.push(t);
        this.pos++;
        this.expect('(');
        return { kind: 'call', name: t.text, args: this.exprList(')') };
      case 'builtin': {
        if (t.text === 'system') throw new ParseError(t, 'system()');
        this.pos++;
        if (!this.take('(')) {
          if (t.text === 'length') return { kind: 'builtin', name: 'length', args: [] };
          throw new ParseError(this.tok);
        }
        return { kind: 'builtin', name: t.text, args: this.exprList(')') };
      }
      case 'kw':
        if (t.text === 'getline') return this.getline();
        throw new ParseError(t);
      case 'op':
        if (t.text === '$') {
          this.pos++;
          if (this.is('++') || this.is('--') || this.is('-') || this.is('+') || this.is('!')) return { kind: 'field', index: this.unary() };
          return { kind: 'field', index: this.primary() };
        }
        if (t.text === '(') {
          this.pos++;
          const list = this.exprList(')');
          if (list.length === 1) return this.afterOperand({ kind: 'group', expr: list[0]! });
          if (this.take('in', 'kw')) return { kind: 'in', subs: list, array: this.arrayName() };
          throw new ParseError(this.tok);
        }
        throw new ParseError(t);
      default:
        throw new ParseError(t);
    }
  }

  /** `"cmd" | getline`: refused (no second process here). */
  protected afterOperand(e: Expr): Expr {
    if (this.is('|') && this.toks[this.pos + 1]?.kind === 'kw' && this.toks[this.pos + 1]?.text === 'getline') throw new ParseError(this.tok, '"command" | getline');
    return e;
  }

  protected getline(): Expr {
    this.pos++;
    let target: LValue | undefined;
    if (this.tok.kind === 'name' || this.is('$')) {
      const e = this.primary();
      if (!isLValue(e)) throw new ParseError(this.tok);
      target = e;
    }
    if (this.take('<')) return { kind: 'getline', target, file: this.incdec() };
    return { kind: 'getline', target };
  }
}

