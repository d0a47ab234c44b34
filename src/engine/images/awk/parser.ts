/**
 * awk's programs: rules (`pattern { action }`, BEGIN, END, ranges), functions, and statements
 * (`;` or a newline ends a simple one; `if/else while do for for-in`, print and printf with `>`
 * and `>>`). Expressions are parser-expr.ts's. Refused with a clear message rather than run
 * wrongly: `print | "cmd"`, which needs a second process the simulator's awk does not start.
 */
import type { Expr, Func, Pattern, Program, Redirect, Rule, Stmt } from './ast';
import { tokenize } from './lexer';
import { ExprParser, ParseError } from './parser-expr';

export { ParseError };

/** `starStar`: `**` and `**=` are `^` and `^=` (BusyBox); mawk has no such operator. */
export function parse(src: string, starStar: boolean): Program {
  return new Parser(tokenize(src, starStar), starStar).program();
}

class Parser extends ExprParser {
  private readonly funcs = new Map<string, Func>();

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
}
