/**
 * Runs a parsed awk program over its input: BEGIN, each record through the rules, END; `next`,
 * `exit` (END still runs after an exit elsewhere), `getline`, fields rebuilt with OFS when one is
 * assigned or NF changes, print/printf to stdout or to files (`>` truncates once per run, `>>`
 * appends). Over 400 lines: the evaluator of every expression and statement kind is one switch.
 */
import type { Expr, LValue, Program, Redirect, Stmt } from './ast';
import { awkSprintf } from './format';
import { callBuiltin } from './builtins';
import { AwkExit, AwkFatal } from './errors';
import { BusyBoxArray, MawkArray, type AwkArray, type Key } from './arrays';
import { Fields } from './fields';
import { Inputs } from './input';
import { awkRegex } from './regex';
import { compareVals, numbers, numToStr, truthy, UNINIT, type Flavour, type Numbers, type Val } from './values';


class Next {}
class Break {}
class Continue {}
class Return {
  constructor(readonly value: Val) {}
}

export type Source = { kind: 'file'; name: string; text: string } | { kind: 'assign'; name: string; value: string };

export interface Host {
  flavour: Flavour;
  out(text: string): void;
  /** Writes to a file (or /dev/stdout, /dev/stderr); why not (`No such file or directory`) when it cannot. */
  write(file: string, text: string, append: boolean): string | undefined;
  /** A file's text for `getline < file`; undefined when it cannot be read. */
  read(file: string): string | undefined;
  /** The next main-input operand; undefined at the end. Errors (a file that is missing) are raised inside. */
  nextSource(): Source | undefined;
  seed: number;
  /** The simulated clock in seconds: srand()'s seed. */
  clockSeconds: number;
}

type Scalars = Map<string, Val>;
type Arrays = Map<string, AwkArray>;
interface Frame {
  scalars: Scalars;
  arrays: Arrays;
}

export class Interp {
  readonly globals: Scalars = new Map();
  readonly arrays: Arrays = new Map();
  private frames: Frame[] = [];
  private readonly fields = new Fields({ fs: () => this.strVar('FS'), ofs: () => this.strVar('OFS'), paragraph: () => this.strVar('RS') === '', input: (s) => this.nums.input(s) });
  private readonly inputs: Inputs;
  private readonly opened = new Set<string>();
  private readonly ranges = new Map<number, boolean>();
  private exitStatus = 0;
  rand: { seed: number; state: number };
  /** How this awk reads numbers out of text. */
  readonly nums: Numbers;

  constructor(readonly prog: Program, readonly host: Host) {
    for (const [k, v] of Object.entries({ FS: ' ', OFS: ' ', ORS: '\n', RS: '\n', SUBSEP: '\x1c', CONVFMT: '%.6g', OFMT: '%.6g', FILENAME: '', RSTART: 0, RLENGTH: -1, NR: 0, FNR: 0 })) this.globals.set(k, v);
    this.rand = { seed: host.seed, state: host.seed };
    this.nums = numbers(host.flavour);
    this.inputs = new Inputs({
      rs: () => this.strVar('RS'),
      nextSource: () => host.nextSource(),
      assign: (name, value) => this.setVar(name, this.nums.input(value)),
      opened: (name) => {
        this.globals.set('FILENAME', name);
        this.globals.set('FNR', 0);
      },
      counted: () => {
        this.globals.set('NR', this.nums.toNum(this.getVar('NR')) + 1);
        this.globals.set('FNR', this.nums.toNum(this.getVar('FNR')) + 1);
      },
      read: (file) => host.read(file),
    });
  }

  // ---- values ----
  str(v: Val): string {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return numToStr(v, this.strVar('CONVFMT'), this.host.flavour, (f, n) => this.sprintf(f, [n]));
    return v.s;
  }

  private outStr(v: Val): string {
    return typeof v === 'number' ? numToStr(v, this.strVar('OFMT'), this.host.flavour, (f, n) => this.sprintf(f, [n])) : this.str(v);
  }

  private strVar(name: string): string {
    const v = this.globals.get(name) ?? '';
    return typeof v === 'string' ? v : this.str(v);
  }

  /** `fn`: printf writes what it formatted before an error (mawk's messages name the function). */
  sprintf(fmt: string, args: Val[], fn: 'printf' | 'sprintf' = 'sprintf'): string {
    const r = awkSprintf(fmt, args, (v) => this.str(v), (v) => this.nums.toNum(v), this.host.flavour);
    if (r.ok) return r.text;
    if (fn === 'printf') this.host.out(r.text);
    if (r.error === 'star') throw new AwkFatal('', '%*x formats are not supported');
    if (r.error === 'bad conversion') throw new AwkFatal(`improper conversion(number ${r.n}) in ${fn}("${fmt}")`, 'Invalid format specifier');
    throw new AwkFatal(`not enough arguments passed to ${fn}("${fmt}")`);
  }

  // ---- variables, arrays, fields ----
  private frame(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  getVar(name: string): Val {
    const f = this.frame();
    if (f?.scalars.has(name)) return f.scalars.get(name)!;
    if (name === 'NF') return this.fields.nf;
    return this.globals.get(name) ?? UNINIT;
  }

  get clockSeconds(): number {
    return this.host.clockSeconds;
  }

  isLocalArray(name: string): boolean {
    return this.frame()?.arrays.has(name) ?? false;
  }

  setVar(name: string, v: Val): void {
    const f = this.frame();
    if (f?.scalars.has(name)) f.scalars.set(name, v);
    else if (name === 'NF') this.fields.setNF(Math.trunc(this.nums.toNum(v)));
    else this.globals.set(name, v);
  }

  private newArray(): AwkArray {
    return this.host.flavour === 'mawk' ? new MawkArray() : new BusyBoxArray();
  }

  array(name: string): AwkArray {
    const f = this.frame();
    if (f && (f.arrays.has(name) || f.scalars.has(name))) {
      let a = f.arrays.get(name);
      if (!a) {
        a = this.newArray();
        f.scalars.delete(name);
        f.arrays.set(name, a);
      }
      return a;
    }
    let a = this.arrays.get(name);
    if (!a) this.arrays.set(name, (a = this.newArray()));
    return a;
  }

  /** A subscript: a number with an integral value keeps it (mawk files it apart); several join with SUBSEP. */
  private subscript(subs: Expr[]): Key {
    if (subs.length === 1) {
      const v = this.eval(subs[0]!);
      if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2147483647) return { s: String(v), i: v };
      return { s: this.str(v) };
    }
    return { s: subs.map((s) => this.str(this.eval(s))).join(this.strVar('SUBSEP')) };
  }

  /** `a[k]` as a value: referring to an element creates it. */
  private element(name: string, subs: Expr[]): Val {
    const a = this.array(name);
    const k = this.subscript(subs);
    const v = a.get(k);
    if (v !== undefined) return v;
    a.set(k, UNINIT);
    return UNINIT;
  }

  setRecord(text: string): void {
    this.fields.set(text);
  }

  getField(i: number): Val {
    return this.fields.get(i);
  }

  private assign(t: LValue, v: Val): Val {
    switch (t.kind) {
      case 'var':
        this.setVar(t.name, v);
        break;
      case 'index':
        this.array(t.name).set(this.subscript(t.subs), v);
        break;
      case 'field':
        this.fields.assign(Math.trunc(this.nums.toNum(this.eval(t.index))), this.str(v));
        break;
    }
    return v;
  }

  private lvalue(t: LValue): Val {
    switch (t.kind) {
      case 'var':
        return this.getVar(t.name);
      case 'index':
        return this.element(t.name, t.subs);
      case 'field':
        return this.getField(Math.trunc(this.nums.toNum(this.eval(t.index))));
    }
  }

  // ---- running ----
  run(): number {
    let status = 0;
    const begins = this.prog.rules.filter((r) => r.pattern.kind === 'begin');
    const ends = this.prog.rules.filter((r) => r.pattern.kind === 'end');
    const mains = this.prog.rules.filter((r) => r.pattern.kind !== 'begin' && r.pattern.kind !== 'end');
    try {
      for (const r of begins) this.action(r.action ?? [], false);
      if (mains.length || ends.length) {
        for (let rec = this.inputs.next(); rec !== undefined; rec = this.inputs.next()) {
          this.setRecord(rec);
          try {
            mains.forEach((r, i) => {
              if (this.matches(r.pattern, i)) {
                if (r.action) this.action(r.action, true);
                else this.print([], undefined);
              }
            });
          } catch (e) {
            if (!(e instanceof Next)) throw e;
          }
        }
      }
    } catch (e) {
      if (!(e instanceof AwkExit)) throw e;
      status = e.status;
    }
    try {
      for (const r of ends) this.action(r.action ?? [], false);
    } catch (e) {
      if (!(e instanceof AwkExit)) throw e;
      status = e.status;
    }
    return status;
  }

  private matches(p: Program['rules'][number]['pattern'], i: number): boolean {
    switch (p.kind) {
      case 'begin':
      case 'end':
        return false;
      case 'all':
        return true;
      case 'expr':
        return truthy(this.eval(p.expr));
      case 'range': {
        if (this.ranges.get(i)) {
          if (truthy(this.eval(p.to))) this.ranges.set(i, false);
          return true;
        }
        if (!truthy(this.eval(p.from))) return false;
        this.ranges.set(i, !truthy(this.eval(p.to)));
        return true;
      }
    }
  }

  /**
   * One rule's action. What the parser lets through out of place ends the action, as in BusyBox:
   * `next` in BEGIN or END, `return` outside a function.
   */
  private action(body: Stmt[], main: boolean): void {
    try {
      this.exec(body);
    } catch (e) {
      if (e instanceof Return || e instanceof Break || e instanceof Continue || (e instanceof Next && !main)) return;
      throw e;
    }
  }

  private exec(body: Stmt[]): void {
    for (const s of body) this.stmt(s);
  }

  private stmt(s: Stmt): void {
    switch (s.kind) {
      case 'expr':
        this.eval(s.expr);
        return;
      case 'print':
        this.print(s.args, s.redirect);
        return;
      case 'printf': {
        const [fmt, ...rest] = s.args.map((a) => this.eval(a));
        this.emit(this.sprintf(this.str(fmt!), rest, 'printf'), s.redirect);
        return;
      }
      case 'if':
        if (truthy(this.eval(s.test))) this.stmt(s.then);
        else if (s.else) this.stmt(s.else);
        return;
      case 'while':
        while (truthy(this.eval(s.test))) if (this.loopBody(s.body)) break;
        return;
      case 'do':
        do if (this.loopBody(s.body)) break;
        while (truthy(this.eval(s.test)));
        return;
      case 'for':
        if (s.init) this.stmt(s.init);
        for (; s.test === undefined || truthy(this.eval(s.test)); ) {
          if (this.loopBody(s.body)) break;
          if (s.step) this.stmt(s.step);
        }
        return;
      case 'forin':
        // The subscripts as they were when the loop began (both awks walk a copy); each is a string.
        for (const k of this.array(s.array).keys()) {
          this.setVar(s.name, k);
          if (this.loopBody(s.body)) break;
        }
        return;
      case 'block':
        this.exec(s.body);
        return;
      case 'next':
      case 'nextfile':
        throw new Next();
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
      case 'exit':
        // A bare `exit` keeps the status an earlier `exit n` set (exit 1 in BEGIN, exit in END: 1).
        if (s.status) this.exitStatus = Math.trunc(this.nums.toNum(this.eval(s.status))) & 0xff;
        throw new AwkExit(this.exitStatus);
      case 'return':
        throw new Return(s.value ? this.eval(s.value) : UNINIT);
      case 'delete':
        if (s.subs) this.array(s.array).delete(this.subscript(s.subs));
        else this.array(s.array).clear();
        return;
    }
  }

  /** Runs a loop's body once; true when it broke out. */
  private loopBody(body: Stmt): boolean {
    try {
      this.stmt(body);
    } catch (e) {
      if (e instanceof Break) return true;
      if (e instanceof Continue) return false;
      throw e;
    }
    return false;
  }

  private print(args: Expr[], redirect: Redirect | undefined): void {
    const items = args.length ? args.map((a) => this.outStr(this.eval(a))) : [this.fields.record];
    this.emit(items.join(this.strVar('OFS')) + this.strVar('ORS'), redirect);
  }

  private emit(text: string, redirect: Redirect | undefined): void {
    if (!redirect) return this.host.out(text);
    const file = this.str(this.eval(redirect.file));
    const append = redirect.kind === '>>' || this.opened.has(file);
    this.opened.add(file);
    const problem = this.host.write(file, text, append);
    if (problem) throw new AwkFatal(`cannot open "${file}" for output (${problem})`, `can't open '${file}': ${problem}`, { status: this.host.flavour === 'mawk' ? 2 : 1 });
  }

  close(file: string): number {
    const known = this.opened.delete(file) || this.inputs.close(file);
    return known ? 0 : -1;
  }

  eval(e: Expr): Val {
    switch (e.kind) {
      case 'num':
        return e.value;
      case 'str':
        return e.value;
      case 'ere':
        return awkRegex(e.source).test(this.fields.record) ? 1 : 0;
      case 'var':
        return this.getVar(e.name);
      case 'index':
        return this.element(e.name, e.subs);
      case 'field':
        return this.getField(Math.trunc(this.nums.toNum(this.eval(e.index))));
      case 'group':
        return this.eval(e.expr);
      case 'assign': {
        if (e.op === '=') return this.assign(e.target, this.eval(e.value));
        const right = this.nums.toNum(this.eval(e.value));
        const left = this.nums.toNum(this.lvalue(e.target));
        return this.assign(e.target, this.arith(e.op.slice(0, 1) as '+', left, right));
      }
      case 'cond':
        return truthy(this.eval(e.test)) ? this.eval(e.then) : this.eval(e.else);
      case 'and':
        return truthy(this.eval(e.left)) && truthy(this.eval(e.right)) ? 1 : 0;
      case 'or':
        return truthy(this.eval(e.left)) || truthy(this.eval(e.right)) ? 1 : 0;
      case 'in':
        return this.array(e.array).has(this.subscript(e.subs)) ? 1 : 0;
      case 'match': {
        const s = this.str(this.eval(e.left));
        const re = e.right.kind === 'ere' ? awkRegex(e.right.source) : awkRegex(this.str(this.eval(e.right)));
        return re.test(s) !== e.negate ? 1 : 0;
      }
      case 'compare': {
        const c = compareVals(this.eval(e.left), this.eval(e.right), (v) => this.str(v));
        const ok = { '<': c < 0, '<=': c <= 0, '==': c === 0, '!=': c !== 0, '>': c > 0, '>=': c >= 0 }[e.op];
        return ok ? 1 : 0;
      }
      case 'concat':
        return this.str(this.eval(e.left)) + this.str(this.eval(e.right));
      case 'binary':
        return this.arith(e.op, this.nums.toNum(this.eval(e.left)), this.nums.toNum(this.eval(e.right)));
      case 'unary': {
        const v = this.eval(e.operand);
        return e.op === '!' ? (truthy(v) ? 0 : 1) : e.op === '-' ? -this.nums.toNum(v) : this.nums.toNum(v);
      }
      case 'incdec': {
        const old = this.nums.toNum(this.lvalue(e.target));
        const now = e.op === '++' ? old + 1 : old - 1;
        this.assign(e.target, now);
        return e.prefix ? now : old;
      }
      case 'call':
        return this.call(e.name, e.args);
      case 'builtin':
        return callBuiltin(this, e.name, e.args);
      case 'getline':
        return this.getline(e.target, e.file);
    }
  }

  arith(op: '+' | '-' | '*' | '/' | '%' | '^', a: number, b: number): number {
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
      case '%':
        // BusyBox stops; mawk prints C's inf/nan.
        if (b === 0 && this.host.flavour === 'busybox') throw new AwkFatal('Division by zero');
        return op === '/' ? a / b : a % b;
      case '^':
        return a ** b;
    }
  }

  /** `getline [var] [< file]`: 1 for a record, 0 at the end, -1 when the file cannot be read. */
  private getline(target: LValue | undefined, file: Expr | undefined): Val {
    const rec = file ? this.inputs.fromFile(this.str(this.eval(file))) : this.inputs.next();
    if (rec === null) return -1;
    if (rec === undefined) return 0;
    if (target) this.assign(target, this.nums.input(rec));
    else this.setRecord(rec);
    return 1;
  }

  private call(name: string, args: Expr[]): Val {
    const fn = this.prog.funcs.get(name);
    if (!fn) throw new AwkFatal(`function ${name} never defined`, `Call to undefined function`);
    const frame: Frame = { scalars: new Map(), arrays: new Map() };
    fn.params.forEach((p, i) => {
      const a = args[i];
      // A bare name that is an array, or is not yet anything, goes by reference (fill(arr) creates arr).
      const local = this.frame();
      const unset = a?.kind === 'var' && !local?.scalars.has(a.name) && !this.globals.has(a.name) && !['NF'].includes(a.name);
      if (a?.kind === 'var' && (local?.arrays.has(a.name) || this.arrays.has(a.name) || unset || (local?.scalars.get(a.name) === UNINIT))) frame.arrays.set(p, this.array(a.name));
      else frame.scalars.set(p, a ? this.eval(a) : UNINIT);
    });
    if (this.frames.length > 1000) throw new AwkFatal('function call nesting too deep');
    this.frames.push(frame);
    try {
      this.exec(fn.body);
    } catch (e) {
      if (e instanceof Return) return e.value;
      throw e;
    } finally {
      this.frames.pop();
    }
    return UNINIT;
  }
}
