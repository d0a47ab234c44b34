/**
 * Recursive-descent parser for the shell subset in shell-ast.ts over shell-lex.ts's tokens:
 * `;` `&` `&&` `||` `|` `!`, redirections (here-documents and bash's `<<<` among them), assignments, `if`/`while`/`until`/`for`/`case`,
 * `{ …; }`, `( … )` and `name() body`; for bash (`bash`) also `[[ … ]]` and `(( … ))`. Anything
 * else is a syntax error the interpreter reports like the shell would. About 480 lines: one
 * recursive-descent parser whose compound commands share its cursor and its error positions.
 */
import type { AnsiCFlavor } from '../../k8s/ansi-c';
import type { Assign, Redir, Script, ShellNode, Word } from './shell-ast';
import { SyntaxFailure, tokenize, type SyntaxProblem, type Tok } from './shell-lex';

export type { SyntaxProblem } from './shell-lex';

export type ParseResult = { ok: true; script: Script } | { ok: false; problem: SyntaxProblem };

/** `aliases`: an interactive shell's, expanded as the line is read (shell-alias.ts). */
export function parseScript(src: string, bash = false, extglob = false, aliases?: Readonly<Record<string, string>>, ansiC: AnsiCFlavor | null = bash ? 'bash' : null): ParseResult {
  const nodes: ShellNode[] = [];
  try {
    const root = parseInto(src, nodes, bash, extglob, aliases, ansiC);
    return { ok: true, script: { nodes, root } };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { ok: false, problem: e.problem };
    throw e;
  }
}

export function parseInto(src: string, nodes: ShellNode[], bash = false, extglob = false, aliases?: Readonly<Record<string, string>>, ansiC: AnsiCFlavor | null = bash ? 'bash' : null): number {
  const toks = aliases && Object.keys(aliases).length > 0 ? expandAliases(tokenize(src, nodes, bash, extglob, ansiC), aliases, nodes) : tokenize(src, nodes, bash, extglob, ansiC);
  const p = new Parser(toks, nodes, bash);
  const root = p.list(new Set());
  const t = p.peek();
  if (t.k !== 'eof') throw new SyntaxFailure({ kind: 'unexpected', token: describe(t) });
  return root;
}

/** Where a command starts: after these operators and reserved words. */
const STARTS_AFTER_OPS = new Set([';', '&', '|', '&&', '||', '(', ';;']);
const STARTS_AFTER_WORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '{', '!']);

/**
 * The tokens with aliases expanded as an interactive shell reads a line: a word in a command's
 * first position that names an alias is replaced by the alias's tokens (not again by itself),
 * and a value ending in a blank makes the next word a candidate too.
 */
function expandAliases(toks: Tok[], aliases: Readonly<Record<string, string>>, nodes: ShellNode[], busy: ReadonlySet<string> = new Set()): Tok[] {
  const out: Tok[] = [];
  let atStart = true;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const name = t.k === 'word' ? t.plain : null;
    if (atStart && name !== null && Object.hasOwn(aliases, name) && !busy.has(name)) {
      const value = aliases[name]!;
      const inner = tokenize(value, nodes).filter((x) => x.k !== 'eof');
      out.push(...expandAliases(inner, aliases, nodes, new Set([...busy, name])));
      // A value ending in a blank: the next word may be an alias too (`alias sudo='sudo '`).
      atStart = /[ \t]$/.test(value);
      continue;
    }
    out.push(t);
    atStart = (t.k === 'op' && STARTS_AFTER_OPS.has(t.v)) || t.k === 'nl' || (t.k === 'word' && t.plain !== null && STARTS_AFTER_WORDS.has(t.plain) && atStart);
  }
  return out;
}

function describe(t: Tok): string {
  switch (t.k) {
    case 'word':
      return t.plain ?? 'word';
    case 'op':
      return t.v;
    case 'io':
      return String(t.fd);
    case 'nl':
      return 'newline';
    case 'eof':
      return 'end of file';
    case 'cond':
      return '[[';
    case 'arith':
      return '((';
    case 'doc':
      return '<<';
  }
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/** Words that end any list; the enclosing construct decides whether they are expected. */
const RESERVED_END = new Set(['then', 'do', 'done', 'fi', 'else', 'elif', '}', 'esac']);
/** `<<` stands alone only when no delimiter follows it (the lexer reads a here-document as one `doc` token). */
const REDIR_OPS = new Set(['>', '>>', '<', '>&', '&>', '>|', '<&', '<<', '<<<']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;
/** bash's also: `NAME+=…`, `NAME[i]=…`. */
/** The builtins whose `NAME=(…)` arguments are array assignments. */
const DECLARERS = new Set(['declare', 'typeset', 'local']);
/** A word's text when it is plain literal text (a command name as written). */
const wordText = (w: Word): string => w.map((s) => (s.t === 'lit' ? s.v : '\0')).join('');
const BASH_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]*)\])?(\+?)=/;

class Parser {
  private p = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly nodes: ShellNode[],
    private readonly bash = false,
  ) {}

  peek(): Tok {
    return this.toks[this.p]!;
  }

  /** The source line token `at` is on: the last newline token's, or later, where a word since then ran over lines. */
  private lineAt(at: number): number {
    let line = 1;
    for (let j = Math.min(at, this.toks.length) - 1; j >= 0; j--) {
      const t = this.toks[j]!;
      if (t.k === 'nl') return Math.max(line, t.line);
      if (t.k === 'word' && t.endLine !== undefined) line = Math.max(line, t.endLine);
    }
    return line;
  }

  private add(n: ShellNode): number {
    this.nodes.push(n);
    return this.nodes.length - 1;
  }

  private isWord(w: string): boolean {
    const t = this.peek();
    return t.k === 'word' && t.plain === w;
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.v === v;
  }

  private skipNewlines(): void {
    while (this.peek().k === 'nl') this.p++;
  }

  private expectWord(w: string): void {
    this.skipNewlines();
    if (!this.isWord(w)) throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()), expecting: w });
    this.p++;
  }

  /** and_or lists separated by `;`, `&` or newlines, up to a terminator word, `)` or EOF. */
  list(terminators: Set<string>, required?: string): number {
    const items: number[] = [];
    const bg: boolean[] = [];
    this.skipNewlines();
    for (;;) {
      const t = this.peek();
      if (t.k === 'eof' || (t.k === 'op' && (t.v === ')' || t.v === ';;')) || (t.k === 'word' && t.plain !== null && (terminators.has(t.plain) || RESERVED_END.has(t.plain)))) break;
      items.push(this.andOr());
      if (this.isOp(';') || this.peek().k === 'nl') {
        this.p++;
        bg.push(false);
        this.skipNewlines();
      } else if (this.isOp('&')) {
        this.p++;
        bg.push(true);
        this.skipNewlines();
      } else {
        bg.push(false);
        break;
      }
    }
    if (items.length === 0 && required !== undefined) {
      throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()) });
    }
    return this.add({ t: 'seq', items, bg });
  }

  private andOr(): number {
    let l = this.pipeline();
    for (;;) {
      const t = this.peek();
      if (t.k !== 'op' || (t.v !== '&&' && t.v !== '||')) return l;
      this.p++;
      this.skipNewlines();
      const r = this.pipeline();
      l = this.add({ t: t.v === '&&' ? 'and' : 'or', l, r });
    }
  }

  private pipeline(): number {
    let time: 'bash' | 'posix' | undefined;
    if (this.bash && this.isWord('time')) {
      this.p++;
      time = 'bash';
      if (this.isWord('-p')) {
        this.p++;
        time = 'posix';
      }
    }
    let bang = false;
    if (this.isWord('!')) {
      bang = true;
      this.p++;
    }
    const next = this.peek();
    if (time && !bang && (next.k === 'eof' || next.k === 'nl' || (next.k === 'op' && [';', '&', '&&', '||', ')', ';;'].includes(next.v)))) return this.add({ t: 'pipe', cmds: [], bang, time });
    const cmds = [this.command()];
    while (this.isOp('|')) {
      this.p++;
      this.skipNewlines();
      cmds.push(this.command());
    }
    if (time) return this.add({ t: 'pipe', cmds, bang, time });
    return cmds.length === 1 && !bang ? cmds[0]! : this.add({ t: 'pipe', cmds, bang });
  }

  private command(): number {
    const t = this.peek();
    let node: number;
    if (t.k === 'word' && t.plain !== null) {
      switch (t.plain) {
        case 'if':
          node = this.ifClause();
          break;
        case 'while':
        case 'until':
          node = this.loop(t.plain === 'until');
          break;
        case 'for':
          node = this.forClause();
          break;
        case 'case':
          node = this.caseClause();
          break;
        case '{': {
          this.p++;
          const body = this.list(new Set(['}']), '}');
          this.expectWord('}');
          node = this.add({ t: 'group', body, sub: false, redirs: [] });
          break;
        }
        case 'then':
        case 'do':
        case 'done':
        case 'fi':
        case 'else':
        case 'elif':
        case '}':
        case 'esac':
          throw new SyntaxFailure({ kind: 'unexpected', token: t.plain });
        default:
          if (this.defines()) return this.fnDef();
          return this.simple();
      }
    } else if (t.k === 'cond') {
      this.p++;
      node = this.add({ t: 'cond', items: t.items });
    } else if (t.k === 'arith') {
      this.p++;
      node = this.add({ t: 'arith', expr: t.expr });
    } else if (t.k === 'op' && t.v === '(') {
      this.p++;
      const body = this.list(new Set(), ')');
      if (!this.isOp(')')) throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()), expecting: ')' });
      this.p++;
      node = this.add({ t: 'group', body, sub: true, redirs: [] });
    } else {
      return this.simple();
    }
    const redirs = this.redirections();
    return redirs.length > 0 ? this.add({ t: 'group', body: node, sub: false, redirs }) : node;
  }

  /** `NAME ( )`: a function definition starts here. */
  private defines(): boolean {
    const [name, open, close] = [this.toks[this.p], this.toks[this.p + 1], this.toks[this.p + 2]];
    return name?.k === 'word' && name.plain !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name.plain) && open?.k === 'op' && open.v === '(' && close?.k === 'op' && close.v === ')';
  }

  private fnDef(): number {
    const t = this.peek();
    const name = t.k === 'word' ? (t.plain ?? '') : '';
    this.p += 3;
    this.skipNewlines();
    const body = this.command();
    return this.add({ t: 'fndef', name, body });
  }

  private ifClause(): number {
    this.p++;
    const cond = this.list(new Set(['then']), 'then');
    this.expectWord('then');
    const then = this.list(new Set(['elif', 'else', 'fi']), 'fi');
    let otherwise: number | null = null;
    if (this.isWord('elif')) {
      otherwise = this.ifClause();
      return this.add({ t: 'if', cond, then, else: otherwise });
    }
    if (this.isWord('else')) {
      this.p++;
      otherwise = this.list(new Set(['fi']), 'fi');
    }
    this.expectWord('fi');
    return this.add({ t: 'if', cond, then, else: otherwise });
  }

  private loop(until: boolean): number {
    this.p++;
    const cond = this.list(new Set(['do']), 'do');
    this.expectWord('do');
    const body = this.list(new Set(['done']), 'done');
    this.expectWord('done');
    return this.add({ t: 'loop', until, cond, body });
  }

  private forClause(): number {
    this.p++;
    const t = this.peek();
    if (t.k === 'arith') return this.arithFor(t.expr);
    if (t.k !== 'word' || t.plain === null || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(t.plain)) {
      throw new SyntaxFailure({ kind: 'unexpected', token: describe(t) });
    }
    const name = t.plain;
    this.p++;
    let words: Word[] | null = null;
    const text: string[] = [];
    this.skipNewlines();
    if (this.isWord('in')) {
      this.p++;
      words = [];
      for (let w = this.peek(); w.k === 'word'; w = this.peek()) {
        words.push(w.word);
        text.push(w.src);
        this.p++;
      }
    }
    if (this.isOp(';')) this.p++;
    this.expectWord('do');
    const body = this.list(new Set(['done']), 'done');
    this.expectWord('done');
    return this.add({ t: 'for', name, words, text, body });
  }

  /**
   * bash's `for (( init; test; step )) [;] do LIST done`: `init`, then a loop whose test and step
   * are `(( … ))` commands (an empty part is `1`, as bash's trace shows it: `+ (( 1 ))`).
   */
  private arithFor(expr: string): number {
    this.p++;
    const parts = expr.split(';').map((x) => x.trim() || '1');
    if (parts.length !== 3) throw new SyntaxFailure({ kind: 'unexpected', token: '((' });
    if (this.isOp(';')) this.p++;
    this.expectWord('do');
    const body = this.list(new Set(['done']), 'done');
    this.expectWord('done');
    const init = this.add({ t: 'arith', expr: parts[0]! });
    const cond = this.add({ t: 'arith', expr: parts[1]! });
    const step = this.add({ t: 'arith', expr: parts[2]! });
    const loop = this.add({ t: 'loop', until: false, cond, body, step });
    return this.add({ t: 'seq', items: [init, loop], bg: [false, false] });
  }

  /** `case WORD in [(]PAT[|PAT]…) LIST ;; … esac`; the last arm's `;;` may be left out. */
  private caseClause(): number {
    this.p++;
    const subject = this.peek();
    if (subject.k !== 'word') throw new SyntaxFailure({ kind: 'unexpected', token: describe(subject) });
    this.p++;
    this.expectWord('in');
    const arms: { patterns: Word[]; body: number }[] = [];
    this.skipNewlines();
    while (!this.isWord('esac')) {
      if (this.isOp('(')) this.p++;
      const patterns: Word[] = [];
      for (;;) {
        const t = this.peek();
        if (t.k !== 'word') throw new SyntaxFailure({ kind: 'unexpected', token: describe(t) });
        patterns.push(t.word);
        this.p++;
        if (!this.isOp('|')) break;
        this.p++;
      }
      if (!this.isOp(')')) throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()), expecting: ')' });
      this.p++;
      arms.push({ patterns, body: this.list(new Set(['esac'])) });
      if (this.isOp(';;')) {
        this.p++;
        this.skipNewlines();
      } else if (!this.isWord('esac')) {
        // dash and ash want the arm's `;;` (recorded: `end of file unexpected (expecting ";;")`).
        throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()), expecting: ';;' });
      }
    }
    this.p++;
    return this.add({ t: 'case', word: subject.word, text: subject.src, arms });
  }

  private redirections(): Redir[] {
    const out: Redir[] = [];
    for (;;) {
      const r = this.redirection();
      if (!r) return out;
      out.push(r);
    }
  }

  private redirection(): Redir | undefined {
    let t = this.peek();
    let fd: number | undefined;
    if (t.k === 'io') {
      fd = t.fd;
      this.p++;
      t = this.peek();
    }
    if (t.k === 'doc') {
      this.p++;
      return { fd: fd ?? 0, op: '<<', target: t.body, ...(t.eof ? { eof: t.eof } : {}) };
    }
    if (t.k !== 'op' || !REDIR_OPS.has(t.v)) {
      if (fd !== undefined) throw new SyntaxFailure({ kind: 'unexpected', token: describe(t) });
      return undefined;
    }
    this.p++;
    const target = this.peek();
    // bash's lexer ends a script with a newline, which is what it finds in the word's place
    // (recorded, bash 5.2.15: `bash -c 'cat >'`, `bash -c 'cat <<'`: near unexpected token `newline').
    if (target.k === 'eof' && this.bash) throw new SyntaxFailure({ kind: 'unexpected', token: 'newline' });
    if (target.k !== 'word') throw new SyntaxFailure({ kind: 'unexpected', token: describe(target) });
    this.p++;
    const op = t.v === '>|' ? '>' : t.v === '<&' ? '<' : (t.v as Redir['op']);
    return { fd: fd ?? (op === '<' || op === '<<<' ? 0 : 1), op, target: target.word };
  }

  private simple(): number {
    const start = this.p;
    const line = this.lineAt(start);
    const assigns: Assign[] = [];
    const words: Word[] = [];
    const redirs: Redir[] = [];
    let lists: Record<number, Word[]> | undefined;
    for (;;) {
      const r = this.redirection();
      if (r) {
        redirs.push(r);
        continue;
      }
      const t = this.peek();
      if (t.k !== 'word') break;
      this.p++;
      const first = t.word[0];
      const m = first && first.t === 'lit' && !first.q ? (this.bash ? BASH_ASSIGNMENT : ASSIGNMENT).exec(first.v) : null;
      const keyed = words.length === 0 && !m && this.bash ? subscriptAssign(t.word) : undefined;
      if (keyed) {
        assigns.push(keyed);
        continue;
      }
      if (words.length === 0 && m && first?.t === 'lit') {
        const rest: Word = first.v.length > m[0].length ? [{ t: 'lit', v: first.v.slice(m[0].length), q: false }] : [];
        const a: Assign = { name: m[1]!, value: [...rest, ...t.word.slice(1)] };
        if (m[2] !== undefined) {
          a.index = m[2];
          a.key = [{ t: 'lit', v: m[2], q: false }];
        }
        if (m[3]) a.append = true;
        // bash's `NAME=(w …)`: the `(` right after the `=` opens the array's words.
        if (this.bash && a.value.length === 0 && t.src.endsWith('=') && this.isOp('(') && a.index === undefined) a.array = this.arrayWords();
        assigns.push(a);
      } else {
        words.push(t.word);
        // bash's `declare -A m=(…)`, `local a=(…)`: the list belongs to the argument.
        if (this.bash && words.length > 1 && DECLARERS.has(wordText(words[0]!)) && t.src.endsWith('=') && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(t.src) && this.isOp('(')) (lists ??= {})[words.length - 1] = this.arrayWords();
      }
    }
    if (assigns.length === 0 && words.length === 0 && redirs.length === 0) {
      throw new SyntaxFailure({ kind: 'unexpected', token: describe(this.peek()) });
    }
    let endLine = line;
    for (let j = start; j < this.p; j++) {
      const t = this.toks[j]!;
      if (t.k === 'word' && t.endLine !== undefined && t.endLine > endLine) endLine = t.endLine;
    }
    return this.add({ t: 'cmd', assigns, words, redirs, ...(line > 1 ? { line } : {}), ...(endLine > line ? { endLine } : {}), ...(lists ? { lists } : {}) });
  }

  /** `( w … )` of an array assignment, newlines allowed between the words. */
  private arrayWords(): Word[] {
    this.p++;
    const out: Word[] = [];
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (t.k === 'op' && t.v === ')') {
        this.p++;
        return out;
      }
      if (t.k !== 'word') throw new SyntaxFailure({ kind: 'unexpected', token: describe(t) });
      out.push(t.word);
      this.p++;
    }
  }
}

/**
 * A word `[key]=value` or `[key]+=value` split at its first unquoted `]=` (`["a b"]=1`, `[$k]=v`):
 * the key's and the value's segments; undefined for a word that is no such pair.
 */
export function keyedWord(word: Word): { key: Word; value: Word; append: boolean } | undefined {
  const first = word[0];
  if (!first || first.t !== 'lit' || first.q || !first.v.startsWith('[')) return undefined;
  const rest: Word = [{ ...first, v: first.v.slice(1) }, ...word.slice(1)];
  for (let k = 0; k < rest.length; k++) {
    const s = rest[k]!;
    if (s.t !== 'lit' || s.q) continue;
    const m = /\](\+?)=/.exec(s.v);
    if (!m) continue;
    const key: Word = [...rest.slice(0, k), ...(m.index > 0 ? [{ ...s, v: s.v.slice(0, m.index) }] : [])];
    const after = s.v.slice(m.index + m[0].length);
    const value: Word = [...(after ? [{ ...s, v: after }] : []), ...rest.slice(k + 1)];
    return { key, value, append: m[1] === '+' };
  }
  return undefined;
}

/** bash's `NAME[key]=value` whose key is quoted or expanded (`m["a b"]=1`, `m[$k]=v`), which BASH_ASSIGNMENT cannot see whole. */
function subscriptAssign(word: Word): Assign | undefined {
  const first = word[0];
  const m = first && first.t === 'lit' && !first.q ? /^([A-Za-z_][A-Za-z0-9_]*)\[/.exec(first.v) : null;
  if (!m || first?.t !== 'lit') return undefined;
  const pair = keyedWord([{ ...first, v: first.v.slice(m[1]!.length) }, ...word.slice(1)]);
  if (!pair) return undefined;
  const index = pair.key.map((s) => (s.t === 'lit' ? (s.q ? `"${s.v}"` : s.v) : s.t === 'var' ? `$${s.braced ? `{${s.name}}` : s.name}` : s.t === 'arith' ? `$((${s.expr}))` : '$(…)')).join('');
  return { name: m[1]!, value: pair.value, index, key: pair.key, ...(pair.append ? { append: true } : {}) };
}
