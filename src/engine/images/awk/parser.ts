/**
 * POSIX awk's grammar by recursive descent, lowest precedence first: assignment, `?:`, `||`,
 * `&&`, `in`, `~ !~`, comparisons (non-associative; a bare `>` in print's arguments redirects),
 * concatenation, `+ -`, `* / %`, unary `! - +`, `^` (right-associative), `++ --`, `$`, grouping.
 *
 * Refused with a clear message rather than run wrongly: pipes (`print | "cmd"`, `"cmd" | getline`)
 * and system(), which need a second process the simulator's awk does not start.
 */
import type { Expr, Func, LValue, Pattern, Program, Redirect, Rule, Stmt } from './ast';
import { tokenize, type Token } from './lexer';

export class ParseError extends Error {
  /** `unsupported`: what this awk refuses to run; `extraBrace`: a `}` closing nothing (mawk words it apart). */
  constructor(readonly token: Token, readonly unsupported?: string, readonly extraBrace = false, readonly mawkSays?: string) {
    super(unsupported ?? token.text);
  }
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);
const COMPARE_OPS = new Set(['<', '<=', '==', '!=', '>', '>=']);

const isLValue = (e: Expr): e is LValue => e.kind === 'var' || e.kind === 'index' || e.kind === 'field';

/** `starStar`: `**` and `**=` are `^` and `^=` (BusyBox); mawk has no such operator. */
export function parse(src: string, starStar: boolean): Program {
  return new Parser(tokenize(src, starStar), starStar).program();
}

class Parser {
  private pos = 0;
  private readonly funcs = new Map<string, Func>();

  /** `starStar` also tells BusyBox's grammar from mawk's where they differ. */
  constructor(private readonly toks: Token[], private readonly starStar: boolean) {}

  private get tok(): Token {
    return this.toks[this.pos]!;
  }

  private is(text: string, kind: Token['kind'] = 'op'): boolean {
    return this.tok.kind === kind && this.tok.text === text;
  }

  private take(text: string, kind: Token['kind'] = 'op'): boolean {
    if (!this.is(text, kind)) return false;
    this.pos++;
    return true;
  }

  private expect(text: string, kind: Token['kind'] = 'op'): void {
    if (!this.take(text, kind)) throw new ParseError(this.tok);
  }

  private skipNewlines(): void {
    while (this.tok.kind === 'nl') this.pos++;
  }

  program(): Program {
    const rules: Rule[] = [];
    for (;;) {
      while (this.tok.kind === 'nl' || this.is(';')) this.pos++;
      if (this.tok.kind === 'eof') break;
      if (this.is('}')) throw new ParseError(this.tok, undefined, true);
      if (this.take('function', 'kw')) {
        this.func();
        continue;
      }
      const rule = this.rule();
      rules.push(rule);
      // A pattern without an action ends at a newline or `;`; after an action's `}` the next rule may follow.
      if (!rule.action && !this.endsSimple()) throw new ParseError(this.tok);
    }
    return { rules, funcs: this.funcs };
  }

  private func(): void {
    const name = this.tok;
    if (name.kind !== 'name' && name.kind !== 'funcname') throw new ParseError(name);
    this.pos++;
    this.expect('(');
    const params: string[] = [];
    while (!this.is(')')) {
      if (this.tok.kind !== 'name') throw new ParseError(this.tok);
      params.push(this.tok.text);
      this.pos++;
      if (!this.take(',')) break;
      this.skipNewlines();
    }
    this.expect(')');
    this.skipNewlines();
    this.funcs.set(name.text, { params, body: this.block() });
  }

  private rule(): Rule {
    let pattern: Pattern;
    if (this.take('BEGIN', 'kw')) pattern = { kind: 'begin' };
    else if (this.take('END', 'kw')) pattern = { kind: 'end' };
    else if (this.is('{')) pattern = { kind: 'all' };
    else {
      const from = this.expr(false);
      if (this.take(',')) {
        this.skipNewlines();
        pattern = { kind: 'range', from, to: this.expr(false) };
      } else pattern = { kind: 'expr', expr: from };
    }
    if (pattern.kind === 'begin' || pattern.kind === 'end') {
      this.skipNewlines();
      if (!this.is('{')) throw new ParseError(this.tok);
    }
    return this.is('{') ? { pattern, action: this.block() } : { pattern };
  }

  private block(): Stmt[] {
    this.expect('{');
    const body: Stmt[] = [];
    for (;;) {
      while (this.tok.kind === 'nl' || this.is(';')) this.pos++;
      if (this.take('}')) return body;
      body.push(this.stmt());
    }
  }

  /** The end of a simple statement: `;`, a newline, or a `}` (left for the block). */
  private terminator(): void {
    if (this.take(';') || this.tok.kind === 'nl') {
      this.skipNewlines();
      return;
    }
    if (this.is('}') || this.tok.kind === 'eof') return;
    throw new ParseError(this.tok);
  }

  private stmt(): Stmt {
    const t = this.tok;
    if (this.is('{')) return { kind: 'block', body: this.block() };
    if (t.kind === 'kw') {
      switch (t.text) {
        case 'if': {
          this.pos++;
          const test = this.paren();
          const then = this.body();
          const save = this.pos;
          while (this.tok.kind === 'nl' || this.is(';')) this.pos++;
          if (this.take('else', 'kw')) return { kind: 'if', test, then, else: this.body() };
          this.pos = save;
          return { kind: 'if', test, then };
        }
        case 'while': {
          this.pos++;
          const test = this.paren();
          if (this.is(';')) {
            this.pos++;
            return { kind: 'while', test, body: { kind: 'block', body: [] } };
          }
          return { kind: 'while', test, body: this.body() };
        }
        case 'do': {
          this.pos++;
          const body = this.body();
          while (this.tok.kind === 'nl' || this.is(';')) this.pos++;
          this.expect('while', 'kw');
          const test = this.paren();
          this.terminator();
          return { kind: 'do', body, test };
        }
        case 'for':
          this.pos++;
          return this.forStmt();
      }
    }
    if (this.take(';')) return { kind: 'block', body: [] };
    const s = this.simple();
    this.terminator();
    return s;
  }

  private body(): Stmt {
    this.skipNewlines();
    return this.stmt();
  }

  private paren(): Expr {
    this.expect('(');
    const e = this.expr(false);
    this.expect(')');
    return e;
  }

  private forStmt(): Stmt {
    this.expect('(');
    const [a, b, c, d] = [this.toks[this.pos], this.toks[this.pos + 1], this.toks[this.pos + 2], this.toks[this.pos + 3]];
    if (a?.kind === 'name' && b?.kind === 'kw' && b.text === 'in' && c?.kind === 'name' && d?.kind === 'op' && d.text === ')') {
      this.pos += 4;
      return { kind: 'forin', name: a.text, array: c.text, body: this.body() };
    }
    const init = this.is(';') ? undefined : this.simple();
    this.expect(';');
    this.skipNewlines();
    const test = this.is(';') ? undefined : this.expr(false);
    this.expect(';');
    this.skipNewlines();
    const step = this.is(')') ? undefined : this.simple();
    this.expect(')');
    if (this.is(';')) {
      this.pos++;
      return { kind: 'for', init, test, step, body: { kind: 'block', body: [] } };
    }
    return { kind: 'for', init, test, step, body: this.body() };
  }

  private simple(): Stmt {
    const t = this.tok;
    if (t.kind === 'kw') {
      switch (t.text) {
        case 'print':
        case 'printf': {
          this.pos++;
          const args = this.printArgs();
          const redirect = this.redirect();
          if (t.text === 'printf' && args.length === 0) {
            // mawk refuses it (`no arguments in call to printf`); BusyBox prints nothing.
            if (!this.starStar) throw new ParseError(t, undefined, false, 'no arguments in call to printf');
            return { kind: 'block', body: [] };
          }
          return { kind: t.text, args, redirect };
        }
        case 'next':
        case 'nextfile':
        case 'break':
        case 'continue':
          this.pos++;
          return { kind: t.text };
        case 'exit':
        case 'return': {
          this.pos++;
          const value = this.endsSimple() ? undefined : this.expr(false);
          return t.text === 'exit' ? { kind: 'exit', status: value } : { kind: 'return', value };
        }
        case 'delete': {
          this.pos++;
          const name = this.tok;
          if (name.kind !== 'name') throw new ParseError(name);
          this.pos++;
          if (!this.take('[')) return { kind: 'delete', array: name.text };
          const subs = this.exprList(']');
          return { kind: 'delete', array: name.text, subs };
        }
      }
    }
    return { kind: 'expr', expr: this.expr(false) };
  }

  private endsSimple(): boolean {
    return this.is(';') || this.is('}') || this.tok.kind === 'nl' || this.tok.kind === 'eof';
  }

  /** print's arguments: `print (a, b) > f` takes the parenthesized list whole. */
  private printArgs(): Expr[] {
    if (this.endsSimple() || this.is('>') || this.is('>>') || this.is('|')) return [];
    if (this.is('(')) {
      const save = this.pos;
      this.pos++;
      const list = this.exprList(')');
      if (this.endsSimple() || this.is('>') || this.is('>>') || this.is('|')) return list;
      this.pos = save;
    }
    const args = [this.expr(true)];
    while (this.take(',')) {
      this.skipNewlines();
      args.push(this.expr(true));
    }
    return args;
  }

  private redirect(): Redirect | undefined {
    if (this.is('|')) throw new ParseError(this.tok, 'print | "command"');
    for (const kind of ['>', '>>'] as const) if (this.take(kind)) return { kind, file: this.ternary(true) };
    return undefined;
  }

  /** Expressions up to `close`, separated by commas. */
  private exprList(close: string): Expr[] {
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
  expr(noGt: boolean): Expr {
    const left = this.ternary(noGt);
    const t = this.tok;
    if (t.kind === 'op' && ASSIGN_OPS.has(t.text) && isLValue(left)) {
      this.pos++;
      this.skipNewlines();
      const op = (t.text === '**=' ? '^=' : t.text) as Extract<Expr, { kind: 'assign' }>['op'];
      return { kind: 'assign', op, target: left, value: this.expr(noGt) };
    }
    return left;
  }

  private ternary(noGt: boolean): Expr {
    const test = this.or(noGt);
    if (!this.take('?')) return test;
    this.skipNewlines();
    const then = this.expr(noGt);
    this.skipNewlines();
    this.expect(':');
    this.skipNewlines();
    return { kind: 'cond', test, then, else: this.expr(noGt) };
  }

  private or(noGt: boolean): Expr {
    let left = this.and(noGt);
    while (this.take('||')) {
      this.skipNewlines();
      left = { kind: 'or', left, right: this.and(noGt) };
    }
    return left;
  }

  private and(noGt: boolean): Expr {
    let left = this.inExpr(noGt);
    while (this.take('&&')) {
      this.skipNewlines();
      left = { kind: 'and', left, right: this.inExpr(noGt) };
    }
    return left;
  }

  private inExpr(noGt: boolean): Expr {
    let left = this.matchExpr(noGt);
    while (this.take('in', 'kw')) left = { kind: 'in', subs: [left], array: this.arrayName() };
    return left;
  }

  private arrayName(): string {
    const t = this.tok;
    if (t.kind !== 'name') throw new ParseError(t);
    this.pos++;
    return t.text;
  }

  private matchExpr(noGt: boolean): Expr {
    let left = this.compare(noGt);
    while (this.is('~') || this.is('!~')) {
      const negate = this.tok.text === '!~';
      this.pos++;
      left = { kind: 'match', negate, left, right: this.compare(noGt) };
    }
    return left;
  }

  private compare(noGt: boolean): Expr {
    const left = this.concat();
    const t = this.tok;
    if (t.kind !== 'op' || !COMPARE_OPS.has(t.text) || (noGt && t.text === '>')) return left;
    this.pos++;
    return { kind: 'compare', op: t.text as Extract<Expr, { kind: 'compare' }>['op'], left, right: this.concat() };
  }

  /** Whether the token can start a concatenation's next operand (never `+`/`-`: `a -1` subtracts). */
  private startsOperand(): boolean {
    const t = this.tok;
    if (t.kind === 'num' || t.kind === 'str' || t.kind === 'ere' || t.kind === 'name' || t.kind === 'funcname' || t.kind === 'builtin') return true;
    if (t.kind === 'kw') return false;
    return t.kind === 'op' && ['$', '(', '++', '--'].includes(t.text);
  }

  private concat(): Expr {
    let left = this.additive();
    while (this.startsOperand()) left = { kind: 'concat', left, right: this.additive() };
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.is('+') || this.is('-')) {
      const op = this.tok.text as '+' | '-';
      this.pos++;
      left = { kind: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.is('*') || this.is('/') || this.is('%')) {
      const op = this.tok.text as '*' | '/' | '%';
      this.pos++;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    if (this.is('!') || this.is('-') || this.is('+')) {
      const op = this.tok.text as '!' | '-' | '+';
      this.pos++;
      return { kind: 'unary', op, operand: this.unary() };
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.incdec();
    if (this.is('^') || this.is('**')) {
      this.pos++;
      // Right-associative, and the exponent may carry a sign: 2^-1.
      return { kind: 'binary', op: '^', left: base, right: this.is('-') || this.is('+') || this.is('!') ? this.unary() : this.power() };
    }
    return base;
  }

  private incdec(): Expr {
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

  private primary(): Expr {
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
  private afterOperand(e: Expr): Expr {
    if (this.is('|') && this.toks[this.pos + 1]?.kind === 'kw' && this.toks[this.pos + 1]?.text === 'getline') throw new ParseError(this.tok, '"command" | getline');
    return e;
  }

  private getline(): Expr {
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
