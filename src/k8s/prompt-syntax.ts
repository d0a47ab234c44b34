/**
 * The structure of a line at the terminal's `$ ` prompt as bash 5.2 parses it: lists (`;` `&`
 * `&&` `||`, newlines), pipelines (`|`, `!`), and the compound commands `for NAME in …; do …;
 * done`, `for ((…))`, `while`/`until`, `if … elif … else … fi`, `case … esac`, `{ …; }`,
 * `( … )`, `((…))` and `[[ … ]]`, with redirections after a compound's end (`done > out.txt`).
 *
 * Why not the container shell's parser (src/engine/images/shell-parse.ts): that one turns every
 * word into expansion segments up front, for an interpreter that owns expansion. The prompt keeps
 * each simple command as its source text, because what runs it reads text: aliases replace a
 * command's first word as typed, `source <(kubectl completion bash)` is recognised as written,
 * redirections and here-documents are read by src/k8s/redirect.ts and script.ts (shared with the
 * page and the runner), and `$(…)` re-enters the Session. So this parser cuts a line into its
 * structure only, and a leaf is the text of one simple command; the two grammars agree on the
 * compound commands (pinned by prompt-syntax.test.ts against bash's answers).
 *
 * `&` runs the and-or list before it in the background (`a && b &` backgrounds both): a
 * `background` node that keeps the list's text, as `jobs` shows it (src/kubectl/prompt-jobs.ts).
 *
 * Functions (`f() { …; }`, `function f { …; }`) are a `function` node whose body is a compound
 * command. A here-document (`<<EOF`, `<<-EOF`, `<<'EOF'`) is read as bash reads it: its body is
 * the lines after the next newline, up to the delimiter, and it belongs to the command whose
 * redirection opened it (`docs`), so one inside a loop or a function feeds that command each time.
 *
 * Over 400 lines because the lexer and the grammar are one reader: split, each half would have
 * to re-derive the other's token rules (what a word's end is, where reserved words count). The
 * same lexer also answers where a line's here-documents start (`documentOperators`) and how a
 * command's redirections are listed (`commandParts`), for the same reason.
 */
import { heredocDelimiter } from './heredoc';
import { closingParen } from './shell-words';

export type ListOp = ';' | '&&' | '||';

/** A here-document as read: the operator as written (`<<-'EOF'`, removed before the command runs) and its lines. */
export interface HereDoc {
  op: string;
  /** The delimiter as written after the operator (quotes kept, for bash's listing). */
  word: string;
  /** The document's lines, each with its newline (`<<-`: leading tabs already stripped). */
  body: string;
  /** The delimiter was quoted: the body is taken as written; unquoted, `$…` expands in it. */
  quoted: boolean;
}

export type PromptNode =
  /** One simple command, as written (its redirections included); `aliased`: its aliases were expanded when its function was defined. */
  | { t: 'simple'; text: string; docs?: HereDoc[]; aliased?: true }
  | { t: 'list'; items: { op: ListOp; node: PromptNode }[] }
  /** `time`: bash's reserved word before the pipeline (`posix`: `time -p`); with no stages it times nothing. */
  | { t: 'pipeline'; stages: PromptNode[]; bang: boolean; time?: 'bash' | 'posix' }
  | { t: 'for'; name: string; words: string | null; body: PromptNode; redirs: string; docs?: HereDoc[] }
  | { t: 'for-arith'; init: string; test: string; step: string; body: PromptNode; redirs: string; docs?: HereDoc[] }
  | { t: 'loop'; until: boolean; cond: PromptNode; body: PromptNode; redirs: string; docs?: HereDoc[] }
  | { t: 'if'; arms: { cond: PromptNode; body: PromptNode }[]; otherwise: PromptNode | null; redirs: string; docs?: HereDoc[] }
  | { t: 'case'; word: string; arms: { patterns: string[]; body: PromptNode | null }[]; redirs: string; docs?: HereDoc[] }
  | { t: 'group'; body: PromptNode; sub: boolean; redirs: string; docs?: HereDoc[] }
  | { t: 'arith'; expr: string; redirs: string; docs?: HereDoc[] }
  /** `[[ … ]]`: its words as written, between the brackets. */
  | { t: 'cond'; words: string[]; redirs: string; docs?: HereDoc[] }
  /** `LIST &`: the and-or list run as a job; `text` as typed (blanks between words collapsed). */
  | { t: 'background'; node: PromptNode; text: string }
  /** `name() BODY` or `function name BODY`: BODY is a compound command (its redirections included). */
  | { t: 'function'; name: string; body: PromptNode };



export type PromptParse =
  | { ok: true; node: PromptNode }
  /** `incomplete`: the line ended inside a construct (bash would prompt `> ` for more). */
  | { ok: false; message: string; incomplete: boolean };

type Tok =
  | { k: 'word'; text: string; start: number; end: number }
  | { k: 'op'; v: string; start: number; end: number }
  | { k: 'redir'; v: string; start: number; end: number; doc?: HereDoc }
  | { k: 'arith'; expr: string; start: number; end: number }
  | { k: 'eof'; start: number; end: number };

class SyntaxError {
  constructor(
    readonly message: string,
    readonly incomplete: boolean,
  ) {}
}

const eofError = (): SyntaxError => new SyntaxError('syntax error: unexpected end of file', true);
const META = ' \t\n;&|<>()';
const OPS = ['&&', '||', ';;', ';&', '|&', ';', '&', '|', '(', ')', '\n'];
const REDIR = /^(\d*)(&>>|&>|>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)/;
const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'for', 'in', 'do', 'done', 'while', 'until', 'case', 'esac', '{', '}', '!', '[[', ']]', 'function']);
/** bash's reserved words, as `type` names them (`for is a shell keyword`). */
export const PROMPT_KEYWORDS: ReadonlySet<string> = new Set([...RESERVED, 'time']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** What comes before the `(` of an array assignment. */
const ARRAY_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=$/;
/** What bash (not in POSIX mode) takes as a function's name: a word with no quoting or expansion in it. */
const FUNCTION_NAME = /^[^\s'"\\$`|&;<>()=]+$/;

/** The index just past the quote, `${…}` or backquote opened at `i`; throws when it never closes. */
function skipQuoted(src: string, i: number): number {
  const c = src[i]!;
  if (c === "'") {
    const j = src.indexOf("'", i + 1);
    if (j < 0) throw eofError();
    return j + 1;
  }
  if (c === '"' || c === '`') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === c) return j + 1;
      else if (c === '"' && src[j] === '$' && (src[j + 1] === '(' || src[j + 1] === '{')) j = skipDollar(src, j) - 1;
      else if (c === '"' && src[j] === '`') j = skipQuoted(src, j) - 1;
    }
    throw eofError();
  }
  return skipDollar(src, i);
}

/** `$(…)`, `$((…))`, `${…}` at `i`: the index past its end. */
function skipDollar(src: string, i: number): number {
  if (src[i + 1] === '(') {
    const close = closingParen(src, i + 2);
    if (close < 0) throw eofError();
    return close;
  }
  let depth = 1;
  for (let j = i + 2; j < src.length; j++) {
    const c = src[j]!;
    if (c === '\\') j++;
    else if (c === "'" || c === '"') j = skipQuoted(src, j) - 1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
  }
  throw eofError();
}


function lex(src: string, readDocs = true): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  /** The `<<` whose delimiter is the next word, then the documents waiting for the next newline. */
  let opener: Extract<Tok, { k: 'redir' }> | undefined;
  const pending: { tok: Extract<Tok, { k: 'redir' }>; word: string; end: number }[] = [];
  /** Reads the documents opened on the line that just ended, from `i` on (bash reads them there). */
  const documents = (): void => {
    for (const { tok, word, end } of pending) {
      const strip = tok.v.endsWith('<<-');
      const want = heredocDelimiter(word);
      const lines: string[] = [];
      for (;;) {
        if (i >= src.length) throw eofError();
        const nl = src.indexOf('\n', i);
        const raw = nl < 0 ? src.slice(i) : src.slice(i, nl);
        const line = strip ? raw.replace(/^\t+/, '') : raw;
        i = nl < 0 ? src.length : nl + 1;
        if (line === want) break;
        if (nl < 0) throw eofError();
        lines.push(line + '\n');
      }
      tok.doc = { op: src.slice(tok.start, end), word, body: lines.join(''), quoted: want !== word };
    }
    pending.length = 0;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (c === '(' && src[i + 1] === '(') {
      // `((expr))`: arithmetic, closed by the `))` that balances it.
      let depth = 2;
      let j = i + 2;
      for (; j < src.length && depth > 0; j++) {
        if (src[j] === '(') depth++;
        else if (src[j] === ')') depth--;
      }
      if (depth > 0) throw eofError();
      if (src[j - 2] !== ')') throw new SyntaxError("syntax error near unexpected token `)'", false);
      toks.push({ k: 'arith', expr: src.slice(i + 2, j - 2), start, end: j });
      i = j;
      continue;
    }
    const redir = REDIR.exec(src.slice(i));
    if (redir && !((c === '<' || c === '>') && src[i + 1] === '(')) {
      const tok: Extract<Tok, { k: 'redir' }> = { k: 'redir', v: redir[0], start, end: i + redir[0].length };
      toks.push(tok);
      if (readDocs && /^\d*<<-?$/.test(redir[0])) opener = tok;
      i += redir[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      toks.push({ k: 'op', v: op, start, end: i + op.length });
      i += op.length;
      if (op === '\n') documents();
      continue;
    }
    for (;;) {
      // bash's array assignment `NAME=(…)`/`NAME+=(…)`: the list is part of the word.
      if (src[i] === '(' && ARRAY_ASSIGNMENT.test(src.slice(start, i))) {
        const close = closingParen(src, i + 1);
        if (close < 0) throw eofError();
        i = close;
      }
      if (!(i < src.length && !META.includes(src[i]!))) break;
      const d = src[i]!;
      if (d === '\\') i += 2;
      else if (d === "'" || d === '"' || d === '`' || (d === '$' && (src[i + 1] === '(' || src[i + 1] === '{'))) i = skipQuoted(src, i);
      else i++;
      // A process substitution `<(…)` is part of the word (`source <(kubectl completion bash)`).
      if ((src[i] === '<' || src[i] === '>') && src[i + 1] === '(') {
        const close = closingParen(src, i + 2);
        if (close < 0) throw eofError();
        i = close;
      }
    }
    if (i === start) {
      // `<(…)` alone as a word.
      const close = closingParen(src, i + 2);
      if (close < 0) throw eofError();
      i = close;
      while (i < src.length && !META.includes(src[i]!)) i++;
    }
    const text = src.slice(start, Math.min(i, src.length));
    toks.push({ k: 'word', text, start, end: Math.min(i, src.length) });
    if (opener) {
      pending.push({ tok: opener, word: text, end: start + text.length });
      opener = undefined;
    }
  }
  // A document still unread when the text ends: bash would read on under its `> ` prompt.
  if (pending.length) throw eofError();
  toks.push({ k: 'eof', start: src.length, end: src.length });
  return toks;
}

class Parser {
  private p = 0;
  constructor(
    private readonly src: string,
    private readonly toks: Tok[],
  ) {}

  peek(): Tok {
    return this.toks[this.p]!;
  }

  private next(): Tok {
    return this.toks[this.p++]!;
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.v === v;
  }

  private isWord(w: string): boolean {
    const t = this.peek();
    return t.k === 'word' && t.text === w;
  }

  private skipNewlines(): void {
    while (this.isOp('\n')) this.p++;
  }

  unexpected(): SyntaxError {
    const t = this.peek();
    switch (t.k) {
      case 'eof':
        return eofError();
      case 'op':
        return new SyntaxError(`syntax error near unexpected token \`${t.v === '\n' ? 'newline' : t.v}'`, false);
      case 'redir':
        return new SyntaxError(`syntax error near unexpected token \`${t.v}'`, false);
      case 'arith':
        return new SyntaxError(`syntax error near unexpected token \`((${t.expr}))'`, false);
      case 'word':
        return new SyntaxError(`syntax error near unexpected token \`${t.text}'`, false);
    }
  }

  private expect(word: string): void {
    if (!this.isWord(word)) throw this.unexpected();
    this.p++;
  }

  /** A list up to one of `stops` (a reserved word), `)`, `;;` or the end; `required`: not empty. */
  list(stops: ReadonlySet<string>, required = true): PromptNode | null {
    const items: { op: ListOp; node: PromptNode }[] = [];
    let op: ListOp = ';';
    this.skipNewlines();
    let chain = 0;
    let chainStart = 0;
    for (;;) {
      const t = this.peek();
      if (t.k === 'eof' || (t.k === 'op' && (t.v === ')' || t.v === ';;' || t.v === ';&')) || (t.k === 'word' && stops.has(t.text))) break;
      if (op === ';') {
        chain = items.length;
        chainStart = t.start;
      }
      items.push({ op, node: this.pipeline() });
      const after = this.peek();
      if (after.k === 'op' && after.v === '&') {
        // The and-or list since the last `;`, `&` or newline becomes one job.
        const run = items.splice(chain);
        const body = run.length === 1 ? run[0]!.node : { t: 'list' as const, items: run.map((r, k) => (k === 0 ? { ...r, op: ';' as const } : r)) };
        const text = this.src.slice(chainStart, after.start).trim().replace(/[ \t]+/g, ' ');
        items.push({ op: run[0]!.op, node: { t: 'background', node: body, text } });
      }
      if (after.k === 'op' && (after.v === '&&' || after.v === '||')) {
        this.p++;
        this.skipNewlines();
        op = after.v;
        if (this.peek().k === 'eof') throw eofError();
        continue;
      }
      op = ';';
      if (after.k === 'op' && (after.v === ';' || after.v === '&' || after.v === '\n')) {
        this.p++;
        this.skipNewlines();
        continue;
      }
      break;
    }
    if (items.length === 0) {
      if (required) throw this.unexpected();
      return null;
    }
    return items.length === 1 ? items[0]!.node : { t: 'list', items };
  }

  private pipeline(): PromptNode {
    let time: 'bash' | 'posix' | undefined;
    if (this.isWord('time')) {
      this.p++;
      time = 'bash';
      if (this.isWord('-p')) {
        this.p++;
        time = 'posix';
      }
    }
    let bang = false;
    if (this.isWord('!')) {
      this.p++;
      bang = true;
    }
    const next = this.peek();
    if (time && !bang && (next.k === 'eof' || (next.k === 'op' && [';', '\n', '&', '&&', '||', ')'].includes(next.v)))) return { t: 'pipeline', stages: [], bang, time };
    const stages = [this.command()];
    while (this.isOp('|') || this.isOp('|&')) {
      this.p++;
      this.skipNewlines();
      if (this.peek().k === 'eof') throw eofError();
      stages.push(this.command());
    }
    if (time) return { t: 'pipeline', stages, bang, time };
    return stages.length === 1 && !bang ? stages[0]! : { t: 'pipeline', stages, bang };
  }

  /** The redirections after a compound command's end, as their text, and the documents they open. */
  private redirs(): { redirs: string; docs?: HereDoc[] } {
    const start = this.peek().start;
    let end = start;
    const docs: HereDoc[] = [];
    for (let t = this.peek(); t.k === 'redir'; t = this.peek()) {
      this.p++;
      if (t.doc) docs.push(t.doc);
      const target = this.next();
      if (target.k !== 'word') {
        this.p--;
        throw this.unexpected();
      }
      end = target.end;
    }
    return { redirs: this.src.slice(start, end), ...(docs.length ? { docs } : {}) };
  }

  private command(): PromptNode {
    const t = this.peek();
    if (t.k === 'arith') {
      this.p++;
      return { t: 'arith', expr: t.expr, ...this.redirs() };
    }
    if (t.k === 'op' && t.v === '(') {
      this.p++;
      const body = this.list(new Set())!;
      if (!this.isOp(')')) throw this.unexpected();
      this.p++;
      return { t: 'group', body, sub: true, ...this.redirs() };
    }
    if (t.k === 'word' && RESERVED.has(t.text)) {
      this.p++;
      switch (t.text) {
        case 'for':
          return this.forCommand();
        case 'while':
        case 'until': {
          const cond = this.list(new Set(['do']))!;
          this.expect('do');
          const body = this.list(new Set(['done']))!;
          this.expect('done');
          return { t: 'loop', until: t.text === 'until', cond, body, ...this.redirs() };
        }
        case 'if':
          return this.ifCommand();
        case 'case':
          return this.caseCommand();
        case '{': {
          const body = this.list(new Set(['}']))!;
          this.expect('}');
          return { t: 'group', body, sub: false, ...this.redirs() };
        }
        case '[[':
          return this.condCommand();
        case 'function':
          return this.functionKeyword();
      }
      this.p--;
      throw this.unexpected();
    }
    const after = this.toks[this.p + 1];
    if (t.k === 'word' && FUNCTION_NAME.test(t.text) && after?.k === 'op' && after.v === '(') {
      this.p += 2;
      if (!this.isOp(')')) throw this.unexpected();
      this.p++;
      return this.functionBody(t.text);
    }
    const start = t.start;
    let end = start;
    const docs: HereDoc[] = [];
    for (;;) {
      const w = this.peek();
      if (w.k === 'word') end = this.next().end;
      else if (w.k === 'redir') {
        this.p++;
        if (w.doc) docs.push(w.doc);
        const target = this.peek();
        if (target.k !== 'word') throw target.k === 'eof' ? new SyntaxError("syntax error near unexpected token `newline'", false) : this.unexpected();
        end = this.next().end;
      } else break;
    }
    if (end === start) throw this.unexpected();
    return { t: 'simple', text: this.src.slice(start, end), ...(docs.length ? { docs } : {}) };
  }

  /** `function NAME [()] BODY`. */
  private functionKeyword(): PromptNode {
    const name = this.peek();
    if (name.k !== 'word') throw this.unexpected();
    this.p++;
    if (this.isOp('(')) {
      this.p++;
      if (!this.isOp(')')) throw this.unexpected();
      this.p++;
    }
    return this.functionBody(name.text);
  }

  /** A function's body: one compound command, after any newlines (bash: `f() echo` is a syntax error). */
  private functionBody(name: string): PromptNode {
    this.skipNewlines();
    const t = this.peek();
    const compound = t.k === 'arith' || (t.k === 'op' && t.v === '(') || (t.k === 'word' && RESERVED.has(t.text) && !['then', 'elif', 'else', 'fi', 'in', 'do', 'done', 'esac', '}', '!', ']]', 'function'].includes(t.text));
    if (!compound) throw this.unexpected();
    return { t: 'function', name, body: this.command() };
  }

  private forCommand(): PromptNode {
    const head = this.peek();
    if (head.k === 'arith') {
      this.p++;
      const parts = head.expr.split(';');
      if (parts.length !== 3) throw new SyntaxError(`syntax error: arithmetic expression required`, false);
      if (this.isOp(';')) this.p++;
      this.skipNewlines();
      const body = this.doBody();
      // As written: bash's listing keeps the blanks after each part (`for ((i = 0 ; …`).
      return { t: 'for-arith', init: parts[0]!, test: parts[1]!, step: parts[2]!, body, ...this.redirs() };
    }
    if (head.k !== 'word') throw this.unexpected();
    if (!NAME.test(head.text)) throw new SyntaxError(`\`${head.text}': not a valid identifier`, false);
    this.p++;
    let words: string | null = null;
    this.skipNewlines();
    if (this.isWord('in')) {
      this.p++;
      const first = this.peek();
      let end = first.start;
      while (this.peek().k === 'word') end = this.next().end;
      words = this.src.slice(first.start, end);
      if (!(this.isOp(';') || this.isOp('\n'))) throw this.unexpected();
      this.p++;
    } else if (this.isOp(';')) this.p++;
    this.skipNewlines();
    const body = this.doBody();
    return { t: 'for', name: head.text, words, body, ...this.redirs() };
  }

  /** `do LIST done` (or bash's `{ LIST }` form). */
  private doBody(): PromptNode {
    if (this.isWord('{')) {
      this.p++;
      const body = this.list(new Set(['}']))!;
      this.expect('}');
      return body;
    }
    this.expect('do');
    const body = this.list(new Set(['done']))!;
    this.expect('done');
    return body;
  }

  private ifCommand(): PromptNode {
    const arms: { cond: PromptNode; body: PromptNode }[] = [];
    const armStops = new Set(['elif', 'else', 'fi']);
    for (;;) {
      const cond = this.list(new Set(['then']))!;
      this.expect('then');
      arms.push({ cond, body: this.list(armStops)! });
      if (!this.isWord('elif')) break;
      this.p++;
    }
    let otherwise: PromptNode | null = null;
    if (this.isWord('else')) {
      this.p++;
      otherwise = this.list(new Set(['fi']))!;
    }
    this.expect('fi');
    return { t: 'if', arms, otherwise, ...this.redirs() };
  }

  private caseCommand(): PromptNode {
    const subject = this.next();
    if (subject.k !== 'word') {
      this.p--;
      throw this.unexpected();
    }
    this.skipNewlines();
    this.expect('in');
    const arms: { patterns: string[]; body: PromptNode | null }[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.isWord('esac')) break;
      if (this.isOp('(')) this.p++;
      const patterns: string[] = [];
      for (;;) {
        const w = this.next();
        if (w.k !== 'word') {
          this.p--;
          throw this.unexpected();
        }
        patterns.push(w.text);
        if (!this.isOp('|')) break;
        this.p++;
      }
      if (!this.isOp(')')) throw this.unexpected();
      this.p++;
      const body = this.list(new Set(['esac']), false);
      arms.push({ patterns, body });
      if (this.isOp(';;') || this.isOp(';&')) this.p++;
      else break;
    }
    this.expect('esac');
    return { t: 'case', word: subject.text, arms, ...this.redirs() };
  }

  private condCommand(): PromptNode {
    const words: string[] = [];
    for (;;) {
      const t = this.next();
      if (t.k === 'eof') throw eofError();
      if (t.k === 'word' && t.text === ']]') break;
      if (words[words.length - 1] === '=~') {
        words.push(this.regexWord(t));
        continue;
      }
      words.push(t.k === 'word' || t.k === 'op' || t.k === 'redir' ? this.src.slice(t.start, t.end) : `((${t.expr}))`);
    }
    if (words.length === 0) throw new SyntaxError("syntax error near unexpected token `]]'", false);
    return { t: 'cond', words, ...this.redirs() };
  }

  /**
   * The right side of `[[ … =~ … ]]` from its first token: bash reads it as one word up to a blank
   * outside parentheses, so `^a(b|c)$` and `(a b)` are regular expressions, not operators.
   */
  private regexWord(first: Tok): string {
    let end = first.end;
    let depth = first.k === 'op' && first.v === '(' ? 1 : 0;
    for (;;) {
      const n = this.peek();
      if (n.k === 'eof' || (depth === 0 && (n.start !== end || (n.k === 'word' && n.text === ']]')))) break;
      if (n.k === 'op' && n.v === '(') depth++;
      else if (n.k === 'op' && n.v === ')') depth--;
      end = n.end;
      this.p++;
    }
    return this.src.slice(first.start, end);
  }
}

/** A redirection as bash 5.2 lists it (recorded): `>out` is `> out`, `>&2` is `1>&2`, `0<x` is `< x`, `<<"E"` is `<<'E'`. */
function listedRedirection(v: string, word: string): string {
  const [, fd = '', op = ''] = /^(\d*)(.*)$/.exec(v)!;
  const unless = (usual: string): string => (fd !== '' && fd !== usual ? fd : '');
  switch (op) {
    case '<':
    case '<>':
      return `${unless('0')}${op} ${word}`;
    case '<<<':
      return `${unless('0')}<<< ${word}`;
    case '<<':
    case '<<-': {
      const bare = heredocDelimiter(word);
      return `${unless('0')}${op}${bare === word ? word : `'${bare}'`}`;
    }
    case '>&':
    case '<&': {
      const usual = op === '>&' ? '1' : '0';
      return /^(\d+|-)$/.test(word) ? `${fd || usual}${op}${word}` : `${unless(usual)}${op}${word}`;
    }
    case '&>':
    case '&>>':
      return `${op} ${word}`;
    default:
      return `${unless('1')}${op} ${word}`;
  }
}

/**
 * A simple command's words as written and its redirections as bash lists them in a function's
 * definition (`type f`, `declare -f`): src/k8s/prompt-print.ts prints the words, then the
 * redirections (`>out echo hi` is listed `echo hi > out`).
 */
export function commandParts(text: string): { words: string[]; redirs: string[] } {
  const words: string[] = [];
  const redirs: string[] = [];
  let toks: Tok[];
  try {
    toks = lex(text, false);
  } catch {
    return { words: [text], redirs: [] };
  }
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.k === 'word') words.push(t.text);
    else if (t.k === 'redir') {
      const target = toks[k + 1];
      k++;
      redirs.push(listedRedirection(t.v, target?.k === 'word' ? target.text : ''));
    } else if (t.k === 'op') words.push(t.v);
  }
  return { words, redirs };
}

/**
 * The here-document operators of a line as bash reads them, each with its delimiter word: not
 * inside quotes, `$((…))` or `((…))`, not a here-string `<<<` (so `echo $((1 << x))` opens none).
 * A line that does not lex (an open quote) has none.
 */
export function documentOperators(src: string): { text: string; word: string; stripTabs: boolean; quoted: boolean }[] {
  let toks: Tok[];
  try {
    toks = lex(src, false);
  } catch {
    return [];
  }
  const found: { text: string; word: string; stripTabs: boolean; quoted: boolean }[] = [];
  toks.forEach((t, k) => {
    const target = toks[k + 1];
    if (t.k !== 'redir' || !/^\d*<<-?$/.test(t.v) || target?.k !== 'word') return;
    const word = heredocDelimiter(target.text);
    found.push({ text: src.slice(t.start, target.end), word, stripTabs: t.v.endsWith('-'), quoted: word !== target.text });
  });
  return found;
}

/** Reads one prompt line (newlines inside it separate commands, as in a script). */
export function parsePromptLine(src: string): PromptParse {
  try {
    const parser = new Parser(src, lex(src));
    const node = parser.list(new Set(), false) ?? { t: 'list', items: [] };
    if (parser.peek().k !== 'eof') throw parser.unexpected();
    return { ok: true, node };
  } catch (e) {
    if (e instanceof SyntaxError) return { ok: false, message: e.message, incomplete: e.incomplete };
    throw e;
  }
}

/**
 * Whether bash would ask for another line (its `> ` prompt) after `src`: a compound command, a
 * quote or a `$(` left open, or a line ending in `|`, `&&` or `||`. A here-document is not this
 * test's (src/k8s/heredoc.ts gathers those).
 */
export function promptNeedsMore(src: string): boolean {
  const r = parsePromptLine(src);
  return !r.ok && r.incomplete;
}

/** Whether the line holds anything beyond a plain list of simple commands and pipelines. */
export function isCompound(node: PromptNode): boolean {
  switch (node.t) {
    case 'simple':
      return false;
    case 'list':
      return node.items.some((i) => isCompound(i.node));
    case 'pipeline':
      return node.stages.some(isCompound);
    case 'for':
    case 'for-arith':
    case 'loop':
    case 'if':
    case 'case':
    case 'group':
    case 'arith':
    case 'cond':
    case 'background':
    case 'function':
      return true;
  }
}
