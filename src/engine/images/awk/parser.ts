/**
 * awk's programs: rules (`pattern { action }`, BEGIN, END, ranges), functions, and statements
 * (`;` or a newline ends a simple one; `if/else while do for for-in`, print and printf with `>`
 * and `>>`). Expressions are parser-expr.ts's. Refused with a clear message rather than run
 * wrongly: `print | "cmd"`, which needs a second process the simulator's awk does not start.
 */
import type { Expr, Func, Pattern, Program, Redirect, Rule, Stmt } from './ast';
import { tokenize } from './lexer';
import { ExprParser, ParseError } from './parser-expr';
import { awkRegex, RegexError } from './regex';

export { ParseError };

/** `starStar`: `**` and `**=` are `^` and `^=` (BusyBox); mawk has no such operator. */
export function parse(src: string, starStar: boolean): Program {
  const toks = tokenize(src, starStar);
  try {
    const prog = new Parser(toks, starStar).program();
    // Both awks compile a regex literal with the program: a bad one stops it before any input.
    for (const t of toks) {
      if (t.kind !== 'ere') continue;
      try {
        awkRegex(t.value as string);
      } catch (e) {
        if (e instanceof RegexError) e.line = t.line;
        throw e;
      }
    }
    return prog;
  } catch (e) {
    if (e instanceof ParseError) e.tokens = toks;
    throw e;
  }
}

class Parser extends ExprParser {
  private readonly funcs = new Map<string, Func>();
  /** Where a statement sits: how many loops deep, in a function body, in a BEGIN or END action. */
  private loops = 0;
  private inFunc = false;
  private inBeginEnd = false;

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
    // mawk checks calls once the program is read; BusyBox when a call runs.
    if (!this.starStar) for (const c of this.calls) if (!this.funcs.has(c.text)) throw new ParseError(this.tok, undefined, false, `function ${c.text} never defined`);
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
    this.inFunc = true;
    this.funcs.set(name.text, { params, body: this.block() });
    this.inFunc = false;
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
    this.inBeginEnd = pattern.kind === 'begin' || pattern.kind === 'end';
    const rule: Rule = this.is('{') ? { pattern, action: this.block() } : { pattern };
    this.inBeginEnd = false;
    return rule;
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
          return { kind: 'while', test, body: this.loopBody() };
        }
        case 'do': {
          this.pos++;
          const body = this.loopBody();
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

  private loopBody(): Stmt {
    this.loops++;
    try {
      return this.body();
    } finally {
      this.loops--;
    }
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
      return { kind: 'forin', name: a.text, array: c.text, body: this.loopBody() };
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
    return { kind: 'for', init, test, step, body: this.loopBody() };
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
          // Recorded: mawk refuses these where no record is read; BusyBox ends the action.
          if (this.inBeginEnd && !this.starStar) throw new ParseError(t, undefined, false, `improper use of ${t.text}`);
          this.pos++;
          return { kind: t.text };
        case 'break':
        case 'continue':
          if (!this.loops) throw new ParseError(t, undefined, false, `${t.text} statement outside of loop`, `'${t.text}' not in a loop`);
          this.pos++;
          return { kind: t.text };
        case 'exit':
        case 'return': {
          if (t.text === 'return' && !this.inFunc && !this.starStar) throw new ParseError(t, undefined, false, 'return outside function body');
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
