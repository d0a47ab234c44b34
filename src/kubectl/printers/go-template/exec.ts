/**
 * text/template's executor (exec.go, Go 1.25) over the values of value.ts. It writes as it goes,
 * so the text before a failing action is already out when the error comes, and kubectl prints
 * that partial output too. Errors carry Go's location and context:
 * `template: output:1:2: executing "output" at <len 3>: error calling len: len of type int`.
 *
 * Over 400 lines because evaluation is mutually recursive (pipelines, commands, fields, function
 * arguments and walks call one another) around one state: the variable stack, the node an error
 * reports and the output so far.
 */
import { type AnyNode, type ArgNode, type BranchNode, type ListNode, type Node, type NumberNode, type PipeNode, nodeString } from './ast';
import { formatValue, utf8Length } from './format';
import { FUNCS, FuncError, type Param, callError } from './funcs';
import { type Value, INVALID, bool, boxed, int, sortedKeys, str, toAny, truth, typeName, unbox } from './value';

export class ExecError extends Error {
  /** What the template had written before it failed. */
  partial = '';
}

export type MissingKey = 'default' | 'zero' | 'error';

class Break {}
class Continue {}

/** The sentinel for "no value piped in" (Go's missingVal): distinct from every real Value. */
const MISSING: Value = { k: 'invalid' };

export interface ExecOptions {
  /** The template's text, for `output:LINE:COL` in errors. */
  text: string;
  name: string;
  missingKey: MissingKey;
}

/** What one template may take before it is stopped (see walk). */
const MAX_STEPS = 5_000_000;
const MAX_OUTPUT = 16 * 2 ** 20;

export class Executor {
  private out = '';
  private node: AnyNode | undefined;
  private vars: { name: string; value: Value }[] = [];
  private tmplName: string;
  private depth = 0;
  private steps = 0;

  constructor(
    private readonly trees: ReadonlyMap<string, ListNode>,
    private readonly opts: ExecOptions,
  ) {
    this.tmplName = opts.name;
  }

  /** Runs the named tree; on failure the ExecError's `partial` is what was written before it. */
  execute(data: Value): string {
    this.vars = [{ name: '$', value: data }];
    const root = this.trees.get(this.opts.name);
    try {
      if (!root) this.errorf(`${JSON.stringify(this.opts.name)} is an incomplete or empty template`);
      this.walk(data, root);
    } catch (e) {
      if (e instanceof ExecError) e.partial = this.out;
      throw e;
    }
    return this.out;
  }

  private errorf(msg: string): never {
    const name = this.tmplName;
    if (!this.node) throw new ExecError(`template: ${name}: ${msg}`);
    const before = this.opts.text.slice(0, this.node.pos);
    const nl = before.lastIndexOf('\n');
    const line = before.split('\n').length;
    const col = nl < 0 ? utf8Length(before) : utf8Length(before.slice(nl + 1));
    throw new ExecError(`template: ${this.opts.name}:${line}:${col}: executing ${JSON.stringify(name)} at <${nodeString(this.node)}>: ${msg}`);
  }

  private at(n: AnyNode): void {
    this.node = n;
  }

  private mark(): number {
    return this.vars.length;
  }

  private pop(mark: number): void {
    this.vars.length = mark;
  }

  private setVar(name: string, value: Value): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      if (this.vars[i]!.name === name) {
        this.vars[i]!.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  private setTopVar(n: number, value: Value): void {
    this.vars[this.vars.length - n]!.value = value;
  }

  private varValue(name: string): Value {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i]!.name === name) return this.vars[i]!.value;
    return this.errorf(`undefined variable: ${name}`);
  }

  private walk(dot: Value, node: Node): void {
    this.at(node);
    // kubectl would run `{{range 1000000000}}` to the end, and a Ctrl+C would stop it; here the
    // template runs in one go on the page's worker, so a runaway one is stopped and said so.
    if (++this.steps > MAX_STEPS || this.out.length > MAX_OUTPUT) this.errorf(`this simulator stops a template after ${MAX_STEPS.toLocaleString('en-US')} steps or ${MAX_OUTPUT / 2 ** 20} MiB of output`);
    switch (node.type) {
      case 'action': {
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
      case 'if':
      case 'with':
        return this.walkIfOrWith(node.type, dot, node.pipe, node.list, node.elseList);
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range':
        return this.walkRange(dot, node);
      case 'template':
        return this.walkTemplate(dot, node);
      case 'text':
        this.out += node.text;
        return;
    }
  }

  private walkIfOrWith(type: 'if' | 'with', dot: Value, pipe: PipeNode, list: ListNode, elseList: ListNode | undefined): void {
    const mark = this.mark();
    try {
      const val = this.evalPipeline(dot, pipe);
      if (truth(val)) this.walk(type === 'with' ? val : dot, list);
      else if (elseList) this.walk(dot, elseList);
    } finally {
      this.pop(mark);
    }
  }

  private walkRange(dot: Value, r: BranchNode): void {
    this.at(r);
    const outer = this.mark();
    try {
      const val = unbox(this.evalPipeline(dot, r.pipe));
      const mark = this.mark();
      const decl = r.pipe.decl;
      const one = (index: Value, elem: Value): void => {
        if (decl.length > 0) {
          if (r.pipe.isAssign) this.setVar(decl[0]!.ident[0]!, decl.length > 1 ? index : elem);
          else this.setTopVar(1, elem);
        }
        if (decl.length > 1) {
          if (r.pipe.isAssign) this.setVar(decl[1]!.ident[0]!, elem);
          else this.setTopVar(2, index);
        }
        try {
          this.walk(elem, r.list);
        } catch (e) {
          if (!(e instanceof Continue)) throw e;
        } finally {
          this.pop(mark);
        }
      };
      let ran = false;
      switch (val.k) {
        case 'int':
        case 'int64':
          // Go 1.24 added ranging over an integer: 0..n-1, of the integer's own type.
          if (decl.length > 1) this.errorf(`can't use ${formatValue(val)} to iterate over more than one variable`);
          for (let i = 0n; i < val.v; i++) {
            ran = true;
            one(INVALID, { k: val.k, v: i });
          }
          break;
        case 'slice':
          val.v.forEach((x, i) => one(int(i), boxed(x)));
          ran = val.v.length > 0;
          break;
        case 'map':
          for (const k of sortedKeys(val.v)) one(str(k), boxed(val.v[k]));
          ran = Object.keys(val.v).length > 0;
          break;
        case 'invalid':
          break;
        default:
          this.errorf(`range can't iterate over ${formatValue(toAny(val))}`);
      }
      if (!ran && r.elseList) this.walk(dot, r.elseList);
    } catch (e) {
      if (!(e instanceof Break)) throw e;
    } finally {
      this.pop(outer);
    }
  }

  private walkTemplate(dot: Value, t: Extract<Node, { type: 'template' }>): void {
    this.at(t);
    const tree = this.trees.get(t.name);
    if (!tree) this.errorf(`template ${JSON.stringify(t.name)} not defined`);
    // Go stops runaway recursion at 100000 nested templates; a JavaScript stack gives out long
    // before that, so this one stops at 1000 with Go's message.
    if (this.depth >= 1000) this.errorf('exceeded maximum template depth (100000)');
    const newDot = this.evalPipeline(dot, t.pipe);
    const saved = { vars: this.vars, name: this.tmplName };
    this.vars = [{ name: '$', value: newDot }];
    this.tmplName = t.name;
    this.depth++;
    try {
      this.walk(newDot, tree);
    } finally {
      this.depth--;
      this.vars = saved.vars;
      this.tmplName = saved.name;
    }
  }

  private evalPipeline(dot: Value, pipe: PipeNode | undefined): Value {
    if (!pipe) return INVALID;
    this.at(pipe);
    let value = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      if (value.k === 'iface') value = unbox(value);
    }
    for (const v of pipe.decl) {
      if (pipe.isAssign) this.setVar(v.ident[0]!, value);
      else this.vars.push({ name: v.ident[0]!, value });
    }
    return value;
  }

  private notAFunction(args: readonly ArgNode[], final: Value): void {
    if (args.length > 1 || final !== MISSING) this.errorf(`can't give argument to non-function ${nodeString(args[0]!)}`);
  }

  private evalCommand(dot: Value, cmd: Extract<AnyNode, { type: 'command' }>, final: Value): Value {
    const first = cmd.args[0]!;
    switch (first.type) {
      case 'field':
        this.at(first);
        return this.evalFieldChain(dot, dot, first, first.ident, cmd.args, final);
      case 'chain':
        return this.evalChain(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariable(dot, first, cmd.args, final);
      default:
        break;
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool':
        return bool(first.value);
      case 'dot':
        return dot;
      case 'nil':
        return this.errorf('nil is not a command');
      case 'number':
        return this.idealConstant(first);
      case 'string':
        return str(first.text);
    }
  }

  private idealConstant(n: NumberNode): Value {
    this.at(n);
    if (n.isComplex) return { k: 'complex128', re: n.float, im: n.imag };
    if (n.isFloat && !/^0[xX]/.test(n.text) && !n.text.startsWith("'") && /[.eEpP]/.test(n.text)) return { k: 'float64', v: n.float };
    if (n.isInt) return int(n.int);
    if (n.isUint) this.errorf(`${n.text} overflows int`);
    return INVALID;
  }

  private evalChain(dot: Value, chain: Extract<ArgNode, { type: 'chain' }>, args: readonly ArgNode[] | undefined, final: Value): Value {
    this.at(chain);
    if (chain.node.type === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = this.evalArg(dot, undefined, chain.node);
    return this.evalFieldChain(dot, pipe, chain, chain.field, args, final);
  }

  private evalVariable(dot: Value, v: Extract<ArgNode, { type: 'variable' }>, args: readonly ArgNode[] | undefined, final: Value): Value {
    this.at(v);
    const value = this.varValue(v.ident[0]!);
    if (v.ident.length === 1) {
      this.notAFunction(args ?? [v], final);
      return value;
    }
    return this.evalFieldChain(dot, value, v, v.ident.slice(1), args, final);
  }

  private evalFieldChain(dot: Value, receiver: Value, node: AnyNode, ident: readonly string[], args: readonly ArgNode[] | undefined, final: Value): Value {
    let r = receiver;
    for (let i = 0; i < ident.length - 1; i++) r = this.evalField(ident[i]!, undefined, MISSING, r);
    return this.evalField(ident[ident.length - 1]!, args, final, r);
  }

  private evalField(fieldName: string, args: readonly ArgNode[] | undefined, final: Value, receiver: Value): Value {
    if (receiver.k === 'invalid') {
      if (this.opts.missingKey === 'error') this.errorf(`nil data; no entry for key ${JSON.stringify(fieldName)}`);
      return INVALID;
    }
    const typ = typeName(receiver);
    if (receiver.k === 'iface' && receiver.v === null) this.errorf(`nil pointer evaluating ${typ}.${fieldName}`);
    const r = unbox(receiver);
    const hasArgs = (args?.length ?? 0) > 1 || final !== MISSING;
    if (r.k === 'map') {
      if (hasArgs) this.errorf(`${fieldName} is not a method but has arguments`);
      if (Object.hasOwn(r.v, fieldName)) return boxed(r.v[fieldName]);
      if (this.opts.missingKey === 'error') this.errorf(`map has no entry for key ${JSON.stringify(fieldName)}`);
      return this.opts.missingKey === 'zero' ? { k: 'iface', v: null } : INVALID;
    }
    return this.errorf(`can't evaluate field ${fieldName} in type ${typ}`);
  }

  private evalFunction(dot: Value, node: Extract<ArgNode, { type: 'identifier' }>, cmd: AnyNode, args: readonly ArgNode[] | undefined, final: Value): Value {
    this.at(node);
    const fn = FUNCS.get(node.ident);
    if (!fn) return this.errorf(`${JSON.stringify(node.ident)} is not a defined function`);
    const name = node.ident;
    const rest = (args ?? []).slice(1);
    const numIn = rest.length + (final !== MISSING ? 1 : 0);
    const numFixed = fn.variadic ? fn.params.length : rest.length;
    if (fn.variadic) {
      if (numIn < numFixed) this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${rest.length}`);
    } else if (numIn !== fn.params.length) this.errorf(`wrong number of args for ${name}: want ${fn.params.length} got ${numIn}`);

    if (name === 'and' || name === 'or') {
      let v: Value = INVALID;
      for (const a of rest) {
        v = this.evalArg(dot, 'value', a);
        if (truth(v) === (name === 'or')) return v;
      }
      if (final !== MISSING) v = this.validateType(final, 'value');
      return v;
    }
    const argv: Value[] = [];
    let i = 0;
    for (; i < numFixed && i < rest.length; i++) argv.push(this.evalArg(dot, fn.params[i], rest[i]!));
    if (fn.variadic) for (; i < rest.length; i++) argv.push(this.evalArg(dot, fn.variadic, rest[i]!));
    if (final !== MISSING) {
      const t = fn.variadic && numIn - 1 >= numFixed ? fn.variadic : fn.params[numIn - 1];
      argv.push(this.validateType(final, t));
    }
    if (name === 'call') {
      // Go names the callee by its argument's text, or by reflect.Value.String() of a piped one.
      const f = argv[0]!;
      const callee = rest[0] ? nodeString(rest[0]) : f.k === 'string' ? f.v : f.k === 'invalid' ? '<invalid Value>' : `<${typeName(f)} Value>`;
      this.at(cmd);
      return this.errorf(`error calling call: ${callError(f, callee)}`);
    }
    try {
      return fn.call(argv);
    } catch (e) {
      if (!(e instanceof FuncError)) throw e;
      this.at(cmd);
      return this.errorf(`error calling ${name}: ${e.message}`);
    }
  }

  private validateType(value: Value, typ: Param | undefined): Value {
    if (value.k === 'invalid') {
      if (typ === undefined || typ === 'value') return INVALID;
      if (typ === 'any') return { k: 'iface', v: null };
      return this.errorf(`invalid value; expected ${typ}`);
    }
    if (typ === 'string' && value.k !== 'string') {
      const inner = value.k === 'iface' && value.v !== null ? value.v : value;
      if (inner.k === 'string') return inner;
      this.errorf(`wrong type for value; expected string; got ${typeName(inner)}`);
    }
    return value;
  }

  private evalArg(dot: Value, typ: Param | undefined, n: ArgNode): Value {
    this.at(n);
    switch (n.type) {
      case 'dot':
        return this.validateType(dot, typ);
      case 'nil':
        if (typ === 'value') return INVALID;
        if (typ === 'any') return { k: 'iface', v: null };
        return this.errorf(`cannot assign nil to ${typ ?? 'interface {}'}`);
      case 'field':
        return this.validateType(this.evalFieldChain(dot, dot, n, n.ident, [n], MISSING), typ);
      case 'variable':
        return this.validateType(this.evalVariable(dot, n, undefined, MISSING), typ);
      case 'pipe':
        return this.validateType(this.evalPipeline(dot, n), typ);
      case 'identifier':
        return this.validateType(this.evalFunction(dot, n, n, undefined, MISSING), typ);
      case 'chain':
        return this.validateType(this.evalChain(dot, n, undefined, MISSING), typ);
      default:
        break;
    }
    if (typ === 'string') {
      if (n.type === 'string') return str(n.text);
      return this.errorf(`expected string; found ${nodeString(n)}`);
    }
    switch (n.type) {
      case 'bool':
        return bool(n.value);
      case 'number':
        return this.idealConstant(n);
      case 'string':
        return str(n.text);
    }
  }

  private printValue(n: AnyNode, v: Value): void {
    this.at(n);
    this.out += v.k === 'invalid' ? '<no value>' : formatValue(toAny(v));
  }
}

