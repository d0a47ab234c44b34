/**
 * jq 1.6's grammar (parser.y) by precedence climbing, loosest first: `|` (and `def`, `as`,
 * `label` that take the rest of the pipe), `,`, `//`, the assignments, `or`, `and`,
 * comparisons, `+ -`, `* / %`, unary minus, then postfix terms (`.a`, `[…]`, `?`). Object
 * values are bison's ExpD (a term, `-` term, or a pipe of them), so `{a: 1 + 2}` is the
 * syntax error jq 1.6 reports. Errors carry the offset jq's message points at.
 *
 * Over 400 lines on purpose: one recursive-descent class whose methods call one another; split,
 * each part would need the others' private cursor.
 */
import type { Node, Pattern } from './ast';
import { JqSyntaxError, lex, tokenName, type Token } from './lex';

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const ASSIGNMENTS = new Set(['=', '|=', '+=', '-=', '*=', '/=', '%=', '//=']);

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(n = 0): Token {
    return this.toks[Math.min(this.i + n, this.toks.length - 1)]!;
  }
  private isOp(v: string, n = 0): boolean {
    const t = this.peek(n);
    return t.k === 'op' && t.v === v;
  }
  private isKw(v: string): boolean {
    const t = this.peek();
    return t.k === 'keyword' && t.v === v;
  }
  private fail(expecting?: string): never {
    const t = this.peek();
    throw new JqSyntaxError(`syntax error, unexpected ${tokenName(t)}${expecting ? `, expecting ${expecting}` : ''}`, t.pos ?? 0);
  }
  private expectOp(v: string, expecting?: string): void {
    if (!this.isOp(v)) this.fail(expecting);
    this.i++;
  }
  private expectKw(v: string): void {
    if (!this.isKw(v)) this.fail();
    this.i++;
  }

  program(): Node {
    if (this.peek().k === 'end') return { t: 'identity' };
    const n = this.pipe();
    if (this.peek().k !== 'end') this.fail('$end');
    return n;
  }

  pipe(): Node {
    if (this.isKw('def')) {
      const d = this.def();
      return { ...d, rest: this.pipe() };
    }
    if (this.isKw('label')) {
      this.i++;
      const v = this.peek();
      if (v.k !== 'var') this.fail();
      this.i++;
      this.expectOp('|');
      return { t: 'label', name: v.v, body: this.pipe() };
    }
    const save = this.i;
    if (this.startsTerm()) {
      const term = this.postfix();
      if (this.isKw('as')) {
        this.i++;
        const pattern = this.pattern();
        this.expectOp('|');
        return { t: 'as', source: term, pattern, body: this.pipe() };
      }
      this.i = save;
    }
    const left = this.comma();
    if (this.isOp('|')) {
      this.i++;
      return { t: 'pipe', left, right: this.pipe() };
    }
    return left;
  }

  private startsTerm(): boolean {
    const t = this.peek();
    return !(t.k === 'end' || (t.k === 'op' && t.v === '-') || (t.k === 'keyword' && ['try', 'def', 'label'].includes(t.v)));
  }

  private def(): Extract<Node, { t: 'def' }> {
    this.expectKw('def');
    const name = this.peek();
    if (name.k !== 'ident' && name.k !== 'keyword') this.fail();
    this.i++;
    const params: string[] = [];
    if (this.isOp('(')) {
      this.i++;
      for (;;) {
        const p = this.peek();
        if (p.k === 'var') params.push(`$${p.v}`);
        else if (p.k === 'ident' || p.k === 'keyword') params.push(p.v);
        else this.fail();
        this.i++;
        if (this.isOp(';')) this.i++;
        else break;
      }
      this.expectOp(')');
    }
    this.expectOp(':');
    const body = this.pipe();
    this.expectOp(';');
    return { t: 'def', name: name.k === 'ident' || name.k === 'keyword' ? name.v : '', params, body, rest: { t: 'identity' } };
  }

  private comma(): Node {
    let left = this.alt();
    while (this.isOp(',')) {
      this.i++;
      left = { t: 'comma', left, right: this.alt() };
    }
    return left;
  }

  private alt(): Node {
    const left = this.assign();
    if (this.isOp('//')) {
      this.i++;
      return { t: 'alt', left, right: this.alt() };
    }
    return left;
  }

  private assign(): Node {
    const left = this.or();
    const t = this.peek();
    if (t.k === 'op' && ASSIGNMENTS.has(t.v)) {
      this.i++;
      // `.a = 1 | .b` pipes the result; the right side is one `//`-level expression.
      const right = this.alt();
      return { t: 'assign', op: t.v, left, right };
    }
    return left;
  }

  private or(): Node {
    let left = this.and();
    while (this.isKw('or')) {
      this.i++;
      left = { t: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.compare();
    while (this.isKw('and')) {
      this.i++;
      left = { t: 'and', left, right: this.compare() };
    }
    return left;
  }

  private compare(): Node {
    const left = this.additive();
    const t = this.peek();
    if (t.k === 'op' && COMPARISONS.has(t.v)) {
      this.i++;
      const right = this.additive();
      const n = this.peek();
      if (n.k === 'op' && COMPARISONS.has(n.v)) this.fail();
      return { t: 'binop', op: t.v, left, right };
    }
    return left;
  }

  private additive(): Node {
    let left = this.multiplicative();
    for (let t = this.peek(); t.k === 'op' && (t.v === '+' || t.v === '-'); t = this.peek()) {
      this.i++;
      left = { t: 'binop', op: t.v, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Node {
    const pos = this.peek().pos ?? 0;
    let left = this.unary();
    for (let t = this.peek(); t.k === 'op' && (t.v === '*' || t.v === '/' || t.v === '%'); t = this.peek()) {
      this.i++;
      left = { t: 'binop', op: t.v, left, right: this.unary(), pos };
    }
    return left;
  }

  private unary(): Node {
    if (this.isOp('-')) {
      this.i++;
      return { t: 'neg', body: this.unary() };
    }
    if (this.isKw('try')) {
      this.i++;
      const body = this.postfix();
      if (this.isKw('catch')) {
        this.i++;
        return { t: 'try', body, catch: this.postfix() };
      }
      return { t: 'try', body };
    }
    if (this.isKw('def') || this.isKw('label')) return this.pipe();
    return this.postfix();
  }

  postfix(): Node {
    let n = this.primary();
    for (;;) {
      const t = this.peek();
      if (t.k === 'field') {
        this.i++;
        n = { t: 'index', target: n, key: { t: 'literal', value: t.v } };
      } else if (t.k === 'op' && t.v === '.') {
        this.i++;
        if (this.peek().k !== 'string') this.fail('FORMAT or QQSTRING_START');
        n = { t: 'index', target: n, key: this.string(undefined) };
      } else if (t.k === 'op' && t.v === '[') {
        n = this.bracket(n);
      } else if (t.k === 'op' && t.v === '?') {
        this.i++;
        n = { t: 'optional', body: n };
      } else return n;
    }
  }

  private bracket(target: Node): Node {
    this.expectOp('[');
    if (this.isOp(']')) {
      this.i++;
      return { t: 'iterate', target };
    }
    if (this.isOp(':')) {
      this.i++;
      const to = this.pipe();
      this.expectOp(']');
      return { t: 'slice', target, to };
    }
    const e = this.pipe();
    if (this.isOp(':')) {
      this.i++;
      if (this.isOp(']')) {
        this.i++;
        return { t: 'slice', target, from: e };
      }
      const to = this.pipe();
      this.expectOp(']');
      return { t: 'slice', target, from: e, to };
    }
    this.expectOp(']');
    return { t: 'index', target, key: e };
  }

  private string(format: string | undefined): Node {
    const t = this.peek();
    if (t.k !== 'string') this.fail();
    this.i++;
    const parts = t.parts.map((p) => (typeof p === 'string' ? p : new Parser([...p, { k: 'end' }]).program()));
    if (format === undefined && parts.every((p) => typeof p === 'string')) return { t: 'literal', value: parts.join('') };
    return format === undefined ? { t: 'string', parts } : { t: 'string', parts, format };
  }

  private primary(): Node {
    const t = this.peek();
    switch (t.k) {
      case 'number':
        this.i++;
        return { t: 'literal', value: t.v };
      case 'string':
        return this.string(undefined);
      case 'format':
        this.i++;
        return this.peek().k === 'string' ? this.string(t.v) : { t: 'format', name: t.v };
      case 'field':
        return { t: 'identity' };
      case 'var':
        this.i++;
        return { t: 'var', name: t.v, pos: t.pos ?? 0 };
      case 'ident':
        return this.call(t.v);
      case 'keyword':
        return this.keywordTerm(t.v);
      case 'op':
        return this.opTerm(t.v);
      default:
        return this.fail();
    }
  }

  private call(name: string): Node {
    const pos = this.peek().pos ?? 0;
    this.i++;
    if (name === 'break' && this.peek().k === 'var') {
      const v = this.peek();
      this.i++;
      return { t: 'break', name: v.k === 'var' ? v.v : '' };
    }
    if (!this.isOp('(')) {
      if (name === 'null' || name === 'true' || name === 'false') return { t: 'literal', value: name === 'null' ? null : name === 'true' };
      return { t: 'call', name, args: [], pos };
    }
    this.i++;
    const args = [this.pipe()];
    while (this.isOp(';')) {
      this.i++;
      args.push(this.pipe());
    }
    this.expectOp(')', "';' or ')'");
    return { t: 'call', name, args, pos };
  }

  private keywordTerm(kw: string): Node {
    this.i++;
    switch (kw) {
      case '$__loc__':
        return { t: 'literal', value: new Map<string, string | number>([['file', '<top-level>'], ['line', 1]]) };
      case 'if': {
        const at = this.toks[this.i - 1]!.pos ?? 0;
        const cond = this.pipe();
        this.expectKw('then');
        try {
          return this.ifRest(cond);
        } catch (e) {
          // bison's `"if" Exp "then" error` rule reports a second error at the `if`.
          if (e instanceof JqSyntaxError && !e.also) throw new JqSyntaxError(e.message, e.pos, { message: "Possibly unterminated 'if' statement", pos: at });
          throw e;
        }
      }

      case 'reduce':
      case 'foreach': {
        const source = this.postfix();
        this.expectKw('as');
        const pattern = this.pattern();
        this.expectOp('(', "'('");
        const init = this.pipe();
        this.expectOp(';');
        const update = this.pipe();
        if (kw === 'reduce') {
          this.expectOp(')');
          return { t: 'reduce', source, pattern, init, update };
        }
        let extract: Node | undefined;
        if (this.isOp(';')) {
          this.i++;
          extract = this.pipe();
        }
        this.expectOp(')');
        return extract ? { t: 'foreach', source, pattern, init, update, extract } : { t: 'foreach', source, pattern, init, update };
      }
      case 'def':
      case 'label':
      case 'try':
        this.i--;
        return this.unary();
      default:
        this.i--;
        return this.fail();
    }
  }

  /** After `if COND then`: jq 1.6 requires the `else` (`if . then 1 end` is a syntax error). */
  private ifRest(cond: Node): Node {
    const then = this.pipe();
    if (this.isKw('elif')) return { t: 'if', cond, then, else: this.keywordTerm('if') };
    this.expectKw('else');
    const otherwise = this.pipe();
    this.expectKw('end');
    return { t: 'if', cond, then, else: otherwise };
  }

  private opTerm(op: string): Node {
    this.i++;
    switch (op) {
      case '.':
        if (this.peek().k === 'string') return { t: 'index', target: { t: 'identity' }, key: this.string(undefined) };
        return { t: 'identity' };
      case '..':
        return { t: 'recurse' };
      case '(': {
        const e = this.pipe();
        this.expectOp(')');
        return e;
      }
      case '[': {
        if (this.isOp(']')) {
          this.i++;
          return { t: 'array' };
        }
        const body = this.pipe();
        this.expectOp(']');
        return { t: 'array', body };
      }
      case '{':
        return this.object();
      case '$':
        return this.fail('IDENT or __loc__');
      default:
        this.i--;
        return this.fail();
    }
  }

  private object(): Node {
    const entries: { key: Node; value: Node; pos?: number }[] = [];
    if (this.isOp('}')) {
      this.i++;
      return { t: 'object', entries };
    }
    for (;;) {
      const t = this.peek();
      const pos = t.pos ?? 0;
      let key: Node;
      let value: Node | undefined;
      if (t.k === 'keyword' && t.v === '$__loc__') {
        // jq lexes `$__loc__` as '$' and the keyword, and an object key wants '$' IDENT.
        throw new JqSyntaxError('syntax error, unexpected __loc__, expecting IDENT', (t.pos ?? 0) + 1);
      } else if (t.k === 'var') {
        this.i++;
        key = { t: 'literal', value: t.v };
        value = { t: 'var', name: t.v };
      } else if (t.k === 'ident' || t.k === 'keyword') {
        this.i++;
        key = { t: 'literal', value: t.v };
      } else if (t.k === 'string') key = this.string(undefined);
      else if (t.k === 'format' && this.peek(1).k === 'string') {
        this.i++;
        key = this.string(t.v);
      } else if (t.k === 'op' && t.v === '(') {
        this.i++;
        key = this.pipe();
        this.expectOp(')');
        if (!this.isOp(':')) this.fail("':'");
      } else return this.fail();
      if (this.isOp(':')) {
        this.i++;
        value = this.objectValue();
      }
      entries.push({ key, value: value ?? { t: 'index', target: { t: 'identity' }, key }, pos });
      if (this.isOp(',')) {
        this.i++;
        continue;
      }
      this.expectOp('}', "'}'");
      return { t: 'object', entries };
    }
  }

  /** bison's ExpD: `ExpD '|' ExpD | '-' ExpD | Term`. */
  private objectValue(): Node {
    let left: Node;
    if (this.isOp('-')) {
      this.i++;
      left = { t: 'neg', body: this.objectValue() };
    } else left = this.postfix();
    if (this.isOp('|')) {
      this.i++;
      return { t: 'pipe', left, right: this.objectValue() };
    }
    return left;
  }

  private pattern(): Pattern {
    const t = this.peek();
    if (t.k === 'var') {
      this.i++;
      return { t: 'var', name: t.v };
    }
    if (t.k === 'op' && t.v === '[') {
      this.i++;
      const items = [this.pattern()];
      while (this.isOp(',')) {
        this.i++;
        items.push(this.pattern());
      }
      this.expectOp(']');
      return { t: 'array', items };
    }
    if (t.k === 'op' && t.v === '{') {
      this.i++;
      const entries: { key: Node; bind?: string; pattern?: Pattern }[] = [];
      for (;;) {
        const k = this.peek();
        if (k.k === 'var') {
          this.i++;
          const entry: { key: Node; bind?: string; pattern?: Pattern } = { key: { t: 'literal', value: k.v }, bind: k.v };
          if (this.isOp(':')) {
            this.i++;
            entry.pattern = this.pattern();
          }
          entries.push(entry);
        } else {
          let key: Node;
          if (k.k === 'ident' || k.k === 'keyword') {
            this.i++;
            key = { t: 'literal', value: k.v };
          } else if (k.k === 'string') key = this.string(undefined);
          else if (k.k === 'op' && k.v === '(') {
            this.i++;
            key = this.pipe();
            this.expectOp(')');
          } else return this.fail();
          this.expectOp(':');
          entries.push({ key, pattern: this.pattern() });
        }
        if (this.isOp(',')) {
          this.i++;
          continue;
        }
        this.expectOp('}');
        return { t: 'object', entries };
      }
    }
    return this.fail("'$' or '[' or '{'");
  }
}

export function parse(src: string): Node {
  return new Parser(lex(src)).program();
}
