/**
 * text/template's parser (parse/parse.go): the same grammar, the same three-token lookahead and
 * therefore the same line numbers and messages in `template: output:1: unexpected EOF`. Only the
 * top-level tree and `{{define}}`/`{{block}}` trees are produced; nothing here evaluates.
 *
 * Over 400 lines because the recursive descent and its token buffer are one unit: every rule
 * peeks and backs up through the same three-token lookahead, and the error line numbers depend
 * on exactly which token was read last.
 */
import type { ArgNode, CommandNode, ListNode, Node, NumberNode, PipeNode, VariableNode } from './ast';
import { nodeString } from './ast';
import { type Item, type ItemType, Lexer, itemString } from './lex';
import { parseFloat64, parseInt64, parseUint64, unquote, unquoteChar } from './strconv';

export class ParseError extends Error {}

type Parsed = Node | { type: 'end'; pos: number } | { type: 'else'; pos: number };

function parsedString(n: Parsed): string {
  if (n.type === 'end') return '{{end}}';
  if (n.type === 'else') return '{{else}}';
  return nodeString(n);
}

/** IsEmptyTree: text that is only space, and nothing else. */
function isEmptyTree(n: Node): boolean {
  if (n.type === 'list') return n.nodes.every(isEmptyTree);
  if (n.type === 'text') return n.text.trim() === '';
  return false;
}

const END_OF_PIPELINE: readonly ItemType[] = ['bool', 'charConstant', 'complex', 'dot', 'field', 'identifier', 'number', 'nil', 'rawString', 'string', 'variable', 'leftParen'];

class Tree {
  root: ListNode = { type: 'list', pos: 0, nodes: [] };
  private token: Item[] = [];
  private peekCount = 0;
  private vars: string[] = ['$'];
  private actionLine = 0;
  private rangeDepth = 0;

  constructor(
    public name: string,
    private readonly parseName: string,
    private readonly lex: Lexer,
    private readonly treeSet: Map<string, ListNode>,
    private readonly funcs: ReadonlySet<string>,
  ) {}

  private next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.lex.nextItem();
    return this.token[this.peekCount]!;
  }

  private backup(): void {
    this.peekCount++;
  }

  private backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }

  private backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }

  private peek(): Item {
    if (this.peekCount > 0) return this.token[this.peekCount - 1]!;
    this.peekCount = 1;
    this.token[0] = this.lex.nextItem();
    return this.token[0];
  }

  private nextNonSpace(): Item {
    for (;;) {
      const t = this.next();
      if (t.typ !== 'space') return t;
    }
  }

  private peekNonSpace(): Item {
    const t = this.nextNonSpace();
    this.backup();
    return t;
  }

  errorf(msg: string): never {
    throw new ParseError(`template: ${this.parseName}:${this.token[0]?.line ?? 1}: ${msg}`);
  }

  private expect(expected: ItemType, context: string): Item {
    const t = this.nextNonSpace();
    if (t.typ !== expected) this.unexpected(t, context);
    return t;
  }

  private unexpected(token: Item, context: string): never {
    if (token.typ === 'error') {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${this.parseName}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(`${itemString(token)}${extra}`);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }

  add(): void {
    const tree = this.treeSet.get(this.name);
    if (tree === undefined || isEmptyTree(tree)) {
      this.treeSet.set(this.name, this.root);
      return;
    }
    if (!isEmptyTree(this.root)) this.errorf(`template: multiple definition of template ${JSON.stringify(this.name)}`);
  }

  parse(): void {
    this.root = { type: 'list', pos: this.peek().pos, nodes: [] };
    while (this.peek().typ !== 'eof') {
      if (this.peek().typ === 'leftDelim') {
        const delim = this.next();
        if (this.nextNonSpace().typ === 'define') {
          const def = this.child('definition');
          def.parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') this.errorf(`unexpected ${parsedString(n)}`);
      this.root.nodes.push(n);
    }
  }

  private child(name: string): Tree {
    return new Tree(name, this.parseName, this.lex, this.treeSet, this.funcs);
  }

  private parseDefinition(): void {
    const context = 'define clause';
    const name = this.nextNonSpace();
    if (name.typ !== 'string' && name.typ !== 'rawString') this.unexpected(name, context);
    this.name = this.unquoteOrFail(name.val);
    this.expect('rightDelim', context);
    const { list, next } = this.itemList();
    this.root = list;
    if (next.type !== 'end') this.errorf(`unexpected ${parsedString(next)} in ${context}`);
    this.add();
  }

  private unquoteOrFail(s: string): string {
    try {
      return unquote(s);
    } catch (e) {
      return this.errorf((e as Error).message);
    }
  }

  private itemList(): { list: ListNode; next: Parsed } {
    const list: ListNode = { type: 'list', pos: this.peekNonSpace().pos, nodes: [] };
    while (this.peekNonSpace().typ !== 'eof') {
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') return { list, next: n };
      list.nodes.push(n);
    }
    return this.errorf('unexpected EOF');
  }

  private textOrAction(): Parsed {
    const token = this.nextNonSpace();
    if (token.typ === 'text') return { type: 'text', pos: token.pos, text: token.val };
    if (token.typ === 'leftDelim') {
      this.actionLine = token.line;
      try {
        return this.action();
      } finally {
        this.actionLine = 0;
      }
    }
    return this.unexpected(token, 'input');
  }

  private action(): Parsed {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case 'block':
        return this.blockControl();
      case 'break':
      case 'continue':
        return this.loopControl(token);
      case 'else':
        return this.elseControl();
      case 'end':
        return { type: 'end', pos: this.expect('rightDelim', 'end').pos };
      case 'if':
      case 'range':
      case 'with':
        return this.branch(token.typ);
      case 'template':
        return this.templateControl();
      default:
        break;
    }
    this.backup();
    const t = this.peek();
    return { type: 'action', pos: t.pos, pipe: this.pipeline('command', 'rightDelim') };
  }

  private loopControl(token: Item): Parsed {
    const kw = token.typ === 'break' ? 'break' : 'continue';
    const t = this.nextNonSpace();
    if (t.typ !== 'rightDelim') this.unexpected(t, `{{${kw}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${kw}}} outside {{range}}`);
    return { type: kw, pos: token.pos };
  }

  private pipeline(context: string, end: ItemType): PipeNode {
    const token = this.peekNonSpace();
    const pipe: PipeNode = { type: 'pipe', pos: token.pos, isAssign: false, decl: [], cmds: [] };
    for (let more = true; more; ) {
      more = false;
      const v = this.peekNonSpace();
      if (v.typ !== 'variable') break;
      this.next();
      const after = this.peek();
      const next = this.peekNonSpace();
      if (next.typ === 'assign' || next.typ === 'declare') {
        pipe.isAssign = next.typ === 'assign';
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
      } else if (next.typ === 'char' && next.val === ',') {
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const p = this.peekNonSpace().typ;
          if (p === 'variable' || p === 'rightDelim' || p === 'rightParen') {
            more = true;
            continue;
          }
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      } else if (after.typ === 'space') {
        this.backup3(v, after);
      } else {
        this.backup2(v);
      }
    }
    for (;;) {
      const token = this.nextNonSpace();
      if (token.typ === end) {
        this.checkPipeline(pipe, context);
        return pipe;
      }
      if (END_OF_PIPELINE.includes(token.typ)) {
        this.backup();
        pipe.cmds.push(this.command());
      } else {
        this.unexpected(token, context);
      }
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, i) => {
      const t = c.args[0]!.type;
      if (t === 'bool' || t === 'dot' || t === 'nil' || t === 'number' || t === 'string') this.errorf(`non executable command in pipeline stage ${i + 2}`);
    });
  }

  private parseControl(context: 'if' | 'range' | 'with'): { pos: number; pipe: PipeNode; list: ListNode; elseList: ListNode | undefined } {
    const mark = this.vars.length;
    try {
      const pipe = this.pipeline(context, 'rightDelim');
      if (context === 'range') this.rangeDepth++;
      const first = this.itemList();
      if (context === 'range') this.rangeDepth--;
      let elseList: ListNode | undefined;
      if (first.next.type === 'else') {
        // `{{else if …}}` / `{{else with …}}` nest a new branch that shares this one's {{end}}.
        if ((context === 'if' || context === 'with') && this.peek().typ === context) {
          this.next();
          elseList = { type: 'list', pos: first.next.pos, nodes: [this.branch(context)] };
        } else {
          const second = this.itemList();
          if (second.next.type !== 'end') this.errorf(`expected end; found ${parsedString(second.next)}`);
          elseList = second.list;
        }
      }
      return { pos: pipe.pos, pipe, list: first.list, elseList };
    } finally {
      this.vars.length = mark;
    }
  }

  private branch(type: 'if' | 'range' | 'with'): Node {
    return { type, ...this.parseControl(type) };
  }

  private elseControl(): Parsed {
    const peek = this.peekNonSpace();
    if (peek.typ === 'if' || peek.typ === 'with') return { type: 'else', pos: peek.pos };
    return { type: 'else', pos: this.expect('rightDelim', 'else').pos };
  }

  private blockControl(): Parsed {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    const pipe = this.pipeline(context, 'rightDelim');
    const block = this.child(name);
    const { list, next } = block.itemList();
    block.root = list;
    if (next.type !== 'end') this.errorf(`unexpected ${parsedString(next)} in ${context}`);
    block.add();
    return { type: 'template', pos: token.pos, name, pipe };
  }

  private templateControl(): Parsed {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().typ !== 'rightDelim') {
      this.backup();
      pipe = this.pipeline(context, 'rightDelim');
    }
    return { type: 'template', pos: token.pos, name, pipe };
  }

  private templateName(token: Item, context: string): string {
    if (token.typ !== 'string' && token.typ !== 'rawString') this.unexpected(token, context);
    return this.unquoteOrFail(token.val);
  }

  private command(): CommandNode {
    const cmd: CommandNode = { type: 'command', pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const token = this.next();
      if (token.typ === 'space') continue;
      if (token.typ === 'rightDelim' || token.typ === 'rightParen') this.backup();
      else if (token.typ !== 'pipe') this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  private operand(): ArgNode | undefined {
    const node = this.term();
    if (!node) return undefined;
    if (this.peek().typ !== 'field') return node;
    const pos = this.peek().pos;
    const fields: string[] = [];
    while (this.peek().typ === 'field') fields.push(this.next().val.slice(1));
    switch (node.type) {
      case 'field':
        return { type: 'field', pos, ident: [...node.ident, ...fields] };
      case 'variable':
        return { type: 'variable', pos, ident: [...node.ident, ...fields] };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        return this.errorf(`unexpected . after term ${JSON.stringify(nodeString(node))}`);
      default:
        return { type: 'chain', pos, node, field: fields };
    }
  }

  private term(): ArgNode | undefined {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case 'identifier':
        if (!this.funcs.has(token.val)) this.errorf(`function ${JSON.stringify(token.val)} not defined`);
        return { type: 'identifier', pos: token.pos, ident: token.val };
      case 'dot':
        return { type: 'dot', pos: token.pos };
      case 'nil':
        return { type: 'nil', pos: token.pos };
      case 'variable':
        return this.useVar(token.pos, token.val);
      case 'field':
        return { type: 'field', pos: token.pos, ident: token.val.slice(1).split('.') };
      case 'bool':
        return { type: 'bool', pos: token.pos, value: token.val === 'true' };
      case 'charConstant':
      case 'complex':
      case 'number':
        return this.newNumber(token);
      case 'leftParen':
        return this.pipeline('parenthesized pipeline', 'rightParen');
      case 'string':
      case 'rawString':
        return { type: 'string', pos: token.pos, quoted: token.val, text: this.unquoteOrFail(token.val) };
      default:
        this.backup();
        return undefined;
    }
  }

  private newVariable(pos: number, name: string): VariableNode {
    return { type: 'variable', pos, ident: name.split('.') };
  }

  private useVar(pos: number, name: string): VariableNode {
    const v = this.newVariable(pos, name);
    if (!this.vars.includes(v.ident[0]!)) this.errorf(`undefined variable ${JSON.stringify(v.ident[0])}`);
    return v;
  }

  private newNumber(token: Item): NumberNode {
    const text = token.val;
    const n: NumberNode = { type: 'number', pos: token.pos, text, isInt: false, isUint: false, isFloat: false, isComplex: false, int: 0n, uint: 0n, float: 0, imag: 0 };
    if (token.typ === 'charConstant') {
      let r: { value: number; tail: string };
      try {
        r = unquoteChar(text.slice(1), "'");
      } catch (e) {
        return this.errorf((e as Error).message);
      }
      if (r.tail !== "'") this.errorf(`malformed character constant: ${text}`);
      return { ...n, isInt: true, isUint: true, isFloat: true, int: BigInt(r.value), uint: BigInt(r.value), float: r.value };
    }
    if (token.typ === 'complex' || text.endsWith('i')) return this.complexNumber(n);
    const u = parseUint64(text);
    if (u !== undefined) Object.assign(n, { isUint: true, uint: u });
    const i = parseInt64(text);
    if (i !== undefined) {
      Object.assign(n, { isInt: true, int: i });
      if (i === 0n) Object.assign(n, { isUint: true, uint: u ?? 0n });
    }
    if (n.isInt) Object.assign(n, { isFloat: true, float: Number(n.int) });
    else if (n.isUint) Object.assign(n, { isFloat: true, float: Number(n.uint) });
    else {
      const f = parseFloat64(text);
      if (f !== undefined) {
        if (!/[.eEpP]/.test(text)) this.errorf(`integer overflow: ${JSON.stringify(text)}`);
        Object.assign(n, { isFloat: true, float: f });
        if (Number.isInteger(f) && Math.abs(f) < 2 ** 63) Object.assign(n, { isInt: true, int: BigInt(f) });
        if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) Object.assign(n, { isUint: true, uint: BigInt(f) });
      }
    }
    if (!n.isInt && !n.isUint && !n.isFloat) this.errorf(`illegal number syntax: ${JSON.stringify(text)}`);
    return n;
  }

  /** Imaginary and complex literals: kept only as far as printing them needs. */
  private complexNumber(n: NumberNode): NumberNode {
    const m = /^([+-]?[\d_.eE]+?)?([+-]?[\d_.eE]*)i$/.exec(n.text);
    const re = m?.[1] !== undefined && m[2] !== '' ? parseFloat64(m[1]) : 0;
    const im = m ? parseFloat64(m[2] === '' || m[2] === undefined ? (m[1] ?? '') : m[2]) : undefined;
    if (re === undefined || im === undefined) this.errorf(`illegal number syntax: ${JSON.stringify(n.text)}`);
    const real = im === 0;
    return { ...n, isComplex: true, float: re, imag: im, isFloat: real, isInt: real && Number.isInteger(re), int: real && Number.isInteger(re) ? BigInt(re) : 0n };
  }
}

/** Parses a template: the named top-level tree plus every `{{define}}`d one, by name. */
export function parseTemplate(name: string, text: string, funcs: ReadonlySet<string>): Map<string, ListNode> {
  const treeSet = new Map<string, ListNode>();
  const lex = new Lexer(text);
  lex.breakOK = !funcs.has('break');
  lex.continueOK = !funcs.has('continue');
  const t = new Tree(name, name, lex, treeSet, funcs);
  t.parse();
  t.add();
  return treeSet;
}
