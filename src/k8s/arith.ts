/**
 * bash's integer arithmetic (`$((…))`, `((…))`, `for ((…))`) as bash 5.2's expr.c evaluates it:
 * 64-bit signed integers that wrap, C's operators and precedence with `**`, assignment operators
 * and `++`/`--` on variables, `&&`/`||`/`?:` that skip evaluating the side not taken, numbers in
 * decimal, octal (`010`), hex (`0x1f`) and `base#digits`, and a variable's value read as an
 * expression itself. Errors read as bash's: `1/0: division by 0 (error token is "0")`, where the
 * token is the text from the last token read (expr.c's `lasttp`).
 *
 * One evaluator for every simulated shell: the terminal's prompt (bash) and the containers' sh,
 * dash and bash (src/engine/images/shell-expand.ts). An error is also data (`ArithFault`), so a
 * shell that words it differently (dash's `arithmetic expression: division by zero: "1/0"`)
 * words it from the fault; `message` is bash's wording.
 */

export interface ArithVars {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

/** What went wrong, as bash's expr.c distinguishes it. */
export type ArithFault =
  | 'invalid-operator'
  | 'syntax'
  | 'colon-expected'
  | 'exponent-negative'
  | 'division-by-zero'
  | 'operand-expected'
  | 'paren-expected'
  | 'invalid-base'
  | 'value-too-great'
  | 'invalid-number'
  | 'recursion';

const BASH_WORDS: Record<ArithFault, string> = {
  'invalid-operator': 'syntax error: invalid arithmetic operator',
  syntax: 'syntax error in expression',
  'colon-expected': "`:' expected for conditional expression",
  'exponent-negative': 'exponent less than 0',
  'division-by-zero': 'division by 0',
  'operand-expected': 'syntax error: operand expected',
  'paren-expected': "missing `)'",
  'invalid-base': 'invalid arithmetic base',
  'value-too-great': 'value too great for base',
  'invalid-number': 'invalid number',
  recursion: 'expression recursion level exceeded',
};

/** An error: `expr` the expression that failed (a variable's value, when that was evaluated), `token` bash's error token. */
export interface ArithError {
  fault: ArithFault;
  expr: string;
  token: string;
}

/** A value or bash's words for an error: what the prompt's callers pass around. */
export type ArithOutcome = { ok: true; value: bigint } | { ok: false; message: string };

/** evalArith's answer: an ArithOutcome whose error is also data, for shells that word it otherwise. */
export type ArithResult = { ok: true; value: bigint } | { ok: false; message: string; error: ArithError };

/** How a shell's arithmetic differs from bash's. */
export interface ArithOptions {
  /** dash has no `**`: it reads `2**3` as `2 * *3` (and fails: an operand expected). */
  noPower?: boolean;
  /**
   * bash's `name[subscript]` operands (`((count[$node]++))`): the name given to ArithVars is
   * `name[subscript]` as written, for the shell to resolve (an associative array's key, an
   * indexed one's arithmetic index).
   */
  subscripts?: boolean;
}

class Failure {
  constructor(readonly error: ArithError) {}
}

/** bash's message for an arithmetic error, without its `bash: line 1: ` prefix. */
export function bashArithMessage(e: ArithError): string {
  return `${e.expr}: ${BASH_WORDS[e.fault]} (error token is "${e.token}")`;
}

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);
const ASSIGN_OPS = ['<<=', '>>=', '**=', '*=', '/=', '%=', '+=', '-=', '&=', '^=', '|=', '='];
const OPERATORS = ['<<=', '>>=', '**=', '++', '--', '**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '*=', '/=', '%=', '+=', '-=', '&=', '^=', '|=', '+', '-', '*', '/', '%', '<', '>', '&', '^', '|', '!', '~', '?', ':', '=', '(', ')', ','];

type Token = { k: 'num'; text: string } | { k: 'id'; name: string } | { k: 'op'; v: string } | { k: 'eof' };

/** Binary operators by precedence, loosest first (`?:`, assignment and `,` are parsed apart). */
const LEVELS: readonly (readonly string[])[] = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<=', '>=', '<', '>'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];

class Evaluator {
  private pos = 0;
  private lasttp = 0;
  private tok: Token = { k: 'eof' };
  /** Inside the branch `&&`, `||` or `?:` does not take: parse only, change nothing. */
  private noeval = 0;

  constructor(
    private readonly src: string,
    private readonly vars: ArithVars,
    private readonly depth: number,
    private readonly options: ArithOptions,
  ) {
    this.read();
  }

  fail(fault: ArithFault): never {
    throw new Failure({ fault, expr: this.src.trimStart(), token: this.src.slice(this.lasttp) });
  }

  private read(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
    if (this.pos >= this.src.length) {
      this.tok = { k: 'eof' };
      return;
    }
    this.lasttp = this.pos;
    const rest = this.src.slice(this.pos);
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest) ?? /^[0-9][A-Za-z0-9_#@]*/.exec(rest);
    if (word) {
      this.pos += word[0].length;
      if (!/^[0-9]/.test(word[0]) && this.options.subscripts && this.src[this.pos] === '[') {
        const close = subscriptEnd(this.src, this.pos);
        if (close < 0) this.fail('syntax');
        this.tok = { k: 'id', name: word[0] + this.src.slice(this.pos, close + 1) };
        this.pos = close + 1;
        return;
      }
      this.tok = /^[0-9]/.test(word[0]) ? { k: 'num', text: word[0] } : { k: 'id', name: word[0] };
      return;
    }
    const found = OPERATORS.find((o) => rest.startsWith(o));
    if (!found) this.fail('invalid-operator');
    const op = this.options.noPower && found.startsWith('**') ? '*' : found;
    this.pos += op.length;
    this.tok = { k: 'op', v: op };
  }

  private isOp(...ops: string[]): string | undefined {
    return this.tok.k === 'op' && ops.includes(this.tok.v) ? this.tok.v : undefined;
  }

  private atEnd(): boolean {
    return this.tok.k === 'eof';
  }

  /** The whole expression: `a, b` is b. */
  top(): bigint {
    if (this.tok.k === 'eof') return 0n;
    let v = this.assignment();
    while (this.isOp(',')) {
      this.read();
      v = this.assignment();
    }
    if (!this.atEnd()) this.fail('syntax');
    return v;
  }

  private assignment(): bigint {
    if (this.tok.k === 'id') {
      const save = { pos: this.pos, lasttp: this.lasttp, tok: this.tok };
      const name = this.tok.name;
      this.read();
      const op = this.isOp(...ASSIGN_OPS);
      if (op) {
        this.read();
        const rhs = this.assignment();
        if (this.noeval) return rhs;
        const v = op === '=' ? rhs : this.binary(op.slice(0, -1), this.variable(name), rhs);
        this.vars.set(name, String(v));
        return v;
      }
      ({ pos: this.pos, lasttp: this.lasttp, tok: this.tok } = save);
    }
    return this.conditional();
  }

  private conditional(): bigint {
    const cond = this.level(0);
    if (!this.isOp('?')) return cond;
    this.read();
    if (cond === 0n) this.noeval++;
    const yes = this.assignment();
    if (cond === 0n) this.noeval--;
    if (!this.isOp(':')) this.fail('colon-expected');
    this.read();
    if (cond !== 0n) this.noeval++;
    const no = this.conditional();
    if (cond !== 0n) this.noeval--;
    return cond !== 0n ? yes : no;
  }

  private level(i: number): bigint {
    if (i >= LEVELS.length) return this.power();
    let l = this.level(i + 1);
    for (let op = this.isOp(...LEVELS[i]!); op; op = this.isOp(...LEVELS[i]!)) {
      this.read();
      if (op === '&&' || op === '||') {
        const skip = op === '&&' ? l === 0n : l !== 0n;
        if (skip) this.noeval++;
        const r = this.level(i + 1);
        if (skip) this.noeval--;
        l = skip ? (op === '||' ? 1n : 0n) : r !== 0n ? 1n : 0n;
        continue;
      }
      l = this.binary(op, l, this.level(i + 1));
    }
    return l;
  }

  private power(): bigint {
    const base = this.unary();
    if (!this.isOp('**')) return base;
    this.read();
    const exp = this.power();
    if (this.noeval) return 0n;
    if (exp < 0n) this.fail('exponent-negative');
    return this.binary('**', base, exp);
  }

  private binary(op: string, l: bigint, r: bigint): bigint {
    if (this.noeval) return 0n;
    switch (op) {
      case '+': return wrap(l + r);
      case '-': return wrap(l - r);
      case '*': return wrap(l * r);
      case '/':
      case '%':
        if (r === 0n) this.fail('division-by-zero');
        return wrap(op === '/' ? l / r : l % r);
      case '**': {
        let v = 1n;
        for (let k = 0n; k < r; k++) v = wrap(v * l);
        return v;
      }
      case '<<': return wrap(l << (r & 63n));
      case '>>': return l >> (r & 63n);
      case '<': return l < r ? 1n : 0n;
      case '>': return l > r ? 1n : 0n;
      case '<=': return l <= r ? 1n : 0n;
      case '>=': return l >= r ? 1n : 0n;
      case '==': return l === r ? 1n : 0n;
      case '!=': return l !== r ? 1n : 0n;
      case '&': return l & r;
      case '^': return l ^ r;
      case '|': return l | r;
    }
    return this.fail('invalid-operator');
  }

  private unary(): bigint {
    const op = this.isOp('-', '+', '!', '~', '++', '--');
    if (op === '++' || op === '--') {
      this.read();
      if (this.tok.k !== 'id') this.fail('operand-expected');
      const name = this.tok.name;
      this.read();
      if (this.noeval) return 0n;
      const v = wrap(this.variable(name) + (op === '++' ? 1n : -1n));
      this.vars.set(name, String(v));
      return v;
    }
    if (op) {
      this.read();
      const v = this.unary();
      return op === '-' ? wrap(-v) : op === '+' ? v : op === '!' ? (v === 0n ? 1n : 0n) : ~v;
    }
    return this.operand();
  }

  private operand(): bigint {
    const t = this.tok;
    if (t.k === 'op' && t.v === '(') {
      this.read();
      const v = this.assignment();
      let more = v;
      while (this.isOp(',')) {
        this.read();
        more = this.assignment();
      }
      if (!this.isOp(')')) this.fail('paren-expected');
      this.read();
      return more;
    }
    if (t.k === 'num') {
      const v = this.number(t.text);
      this.read();
      return v;
    }
    if (t.k === 'id') {
      this.read();
      const post = this.isOp('++', '--');
      const v = this.noeval ? 0n : this.variable(t.name);
      if (post) {
        this.read();
        if (!this.noeval) this.vars.set(t.name, String(wrap(v + (post === '++' ? 1n : -1n))));
      }
      return v;
    }
    return this.fail('operand-expected');
  }

  private number(text: string): bigint {
    let base = 10;
    let digits = text;
    const hash = text.indexOf('#');
    if (hash > 0) {
      base = Number(text.slice(0, hash));
      digits = text.slice(hash + 1);
      if (!(base >= 2 && base <= 64)) this.fail('invalid-base');
    } else if (/^0[xX]/.test(text)) {
      base = 16;
      digits = text.slice(2);
    } else if (text.length > 1 && text.startsWith('0')) base = 8;
    const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_';
    let v = 0n;
    for (const ch of digits) {
      let d = alphabet.indexOf(base <= 36 ? ch.toLowerCase() : ch);
      if (d < 0) this.fail(base === 10 && hash < 0 ? 'value-too-great' : 'invalid-number');
      if (base <= 36 && d >= 36) d -= 26;
      if (d >= base) this.fail('value-too-great');
      v = wrap(v * BigInt(base) + BigInt(d));
    }
    return v;
  }

  /** A variable's value as a number: unset or empty is 0, anything else is an expression. */
  private variable(name: string): bigint {
    const raw = this.vars.get(name);
    if (raw === undefined || raw.trim() === '') return 0n;
    if (/^-?\d+$/.test(raw.trim())) return wrap(BigInt(raw.trim()));
    if (this.depth > 1024) this.fail('recursion');
    return new Evaluator(raw, this.vars, this.depth + 1, this.options).top();
  }
}

/** Evaluates an arithmetic expression whose `$…` expansions are already done. */
/** The `]` closing the `[` at `open` (nested brackets counted), or -1. */
function subscriptEnd(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '[') depth++;
    else if (src[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

export function evalArith(expr: string, vars: ArithVars, options: ArithOptions = {}): ArithResult {
  try {
    return { ok: true, value: new Evaluator(expr, vars, 0, options).top() };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, message: bashArithMessage(e.error), error: e.error };
    throw e;
  }
}
