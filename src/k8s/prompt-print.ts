/**
 * A function's definition as bash 5.2 lists it (`type f`, `declare -f`), recorded on this
 * machine's bash 5.2.15 (the cases in src/kubectl/prompt-functions.test.ts): `f () `, `{ `, the
 * body four blanks in, one command a line ending in `;` but the last, `for`'s `do` on a line of
 * its own and `while`'s after the condition, `elif` as an `if` inside `else`, words as written
 * and redirections after them in bash's spelling (`>out` is `> out`, `>&2` is `1>&2`).
 *
 * Here-documents are where bash's listing has quirks, and this printer keeps them, since a
 * learner compares the two: a command's document lines are printed once the connector after it
 * is (`cat <<EOF |`, the lines, then the next stage after two blanks), and once a document was
 * printed the next `;` is left out — unless a command with redirections came between. So the
 * printer keeps the same state bash's does: the documents waiting for their connector and
 * whether one was just printed; and it reads a list as bash's parser nests it, each connector
 * joining everything before it to the next command.
 *
 * A command substitution is listed as bash re-prints it too (`$(cmd 2>/dev/null)` becomes
 * `$(cmd 2> /dev/null)`): on one line from the left margin, `;` between its commands, a compound
 * inside it over several lines; backquotes and `$((…))` stay as written.
 */
import { commandParts, parsePromptLine, type HereDoc, type PromptNode } from './prompt-syntax';
import { closingParen } from './shell-words';

type Connector = ';' | '&&' | '||' | '&' | '|';
/** A list or pipeline as bash nests it: (((a ; b) && c) ; d). */
type Joined = { first: Joined | PromptNode; op: Connector; second: PromptNode | null } | PromptNode;

const STEP = 4;

function joined(node: Extract<PromptNode, { t: 'list' | 'pipeline' }>): Joined {
  if (node.t === 'pipeline') {
    let acc: Joined = node.stages[0]!;
    for (const stage of node.stages.slice(1)) acc = { first: acc, op: '|', second: stage };
    return acc;
  }
  const unwrap = (n: PromptNode): PromptNode => (n.t === 'background' ? n.node : n);
  let acc: Joined = unwrap(node.items[0]!.node);
  node.items.forEach((item, k) => {
    const next = node.items[k + 1];
    if (item.node.t === 'background') acc = { first: acc, op: '&', second: next ? unwrap(next.node) : null };
    else if (next) acc = { first: acc, op: next.op, second: unwrap(next.node) };
  });
  return acc;
}

const isJoin = (j: Joined): j is Extract<Joined, { first: unknown }> => 'first' in j;

/** A word with each `$(…)` in it listed as bash re-prints it (quoted or not; not in single quotes). */
function listedWord(word: string): string {
  let out = '';
  let double = false;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === '\\') {
      out += word.slice(i, i + 2);
      i++;
    } else if (c === "'" && !double) {
      const close = word.indexOf("'", i + 1);
      const end = close < 0 ? word.length : close + 1;
      out += word.slice(i, end);
      i = end - 1;
    } else if (c === '$' && word[i + 1] === '(' && word[i + 2] !== '(') {
      const close = closingParen(word, i + 2);
      const parsed = close < 0 ? undefined : parsePromptLine(word.slice(i + 2, close - 1));
      if (!parsed?.ok) {
        out += c;
        continue;
      }
      const p = new Printer(false);
      p.command(parsed.node);
      out += `$(${p.out})`;
      i = close - 1;
    } else {
      if (c === '"') double = !double;
      out += c;
    }
  }
  return out;
}

class Printer {
  out = '';
  private level: number;
  /** A function's body is listed a command a line; a command substitution on one line. */
  constructor(private readonly multiline = true) {
    this.level = multiline ? STEP : 0;
  }

  /** Commands that must not be indented: they continue the line (`a && b`, `while a`). */
  private skip = 0;
  private joining = 0;
  private waiting: HereDoc[] = [];
  private documentPrinted = false;

  private indent(): void {
    if (this.skip > 0) this.skip--;
    else this.out += ' '.repeat(this.level);
  }

  private newline(text: string): void {
    this.out += `\n${' '.repeat(this.level)}${text}`;
  }

  /** A `;` ends the command unless the line already ends a command (`&`) or a line. */
  private semicolon(): void {
    if (!/[&\n]$/.test(this.out)) this.out += ';';
  }

  private bodies(docs: HereDoc[]): void {
    this.out += '\n';
    for (const d of docs) this.out += `${d.body}${d.word.replace(/\\(.)|['"]/g, (_m, c: string | undefined) => c ?? '')}\n`;
    this.documentPrinted = true;
  }

  /** Prints the connector (not a lone `;`), then the documents that waited for it. */
  private flush(connector: string): void {
    const shown = connector !== '' && connector !== ';';
    if (shown) this.out += connector;
    if (this.waiting.length === 0) return;
    this.bodies(this.waiting);
    if (shown) this.out += ' ';
    this.waiting = [];
  }

  private redirections(redirs: string[], docs: HereDoc[] | undefined): void {
    this.documentPrinted = false;
    this.out += redirs.join(' ');
    if (!docs?.length) return;
    if (this.joining > 0) this.waiting = docs;
    else this.bodies(docs);
  }

  private compoundRedirections(node: { redirs: string; docs?: HereDoc[] }): void {
    if (node.redirs.trim() === '') return;
    this.out += ' ';
    this.redirections(commandParts(node.redirs).redirs, node.docs);
  }

  command(node: Joined | null): void {
    if (node === null) return;
    this.indent();
    if (isJoin(node)) return this.join(node);
    switch (node.t) {
      case 'simple': {
        const { words, redirs } = commandParts(node.text);
        this.out += words.map(listedWord).join(' ');
        if (redirs.length) {
          if (words.length) this.out += ' ';
          this.redirections(redirs, node.docs);
        }
        return;
      }
      case 'list':
      case 'pipeline':
        if (node.t === 'list' && node.items.length === 0) return;
        if (node.t === 'pipeline' && node.bang) this.out += '! ';
        this.skip++;
        return this.command(joined(node));
      case 'background':
        this.skip++;
        return this.command({ first: node.node, op: '&', second: null });
      case 'group':
        if (node.sub) {
          this.out += '( ';
          this.skip++;
          this.command(node.body);
          this.flush('');
          this.out += ' )';
        } else if (!this.multiline) {
          this.out += '{ ';
          this.skip++;
          this.command(node.body);
          this.flush('');
          this.semicolon();
          this.out += ' }';
        } else {
          this.out += '{ \n';
          this.level += STEP;
          this.command(node.body);
          this.flush('');
          this.level -= STEP;
          this.out += `\n${' '.repeat(this.level)}}`;
        }
        return this.compoundRedirections(node);
      case 'for':
      case 'for-arith':
        this.out += node.t === 'for' ? `for ${node.name} in ${node.words === null ? '"$@"' : commandParts(node.words).words.join(' ')};` : `for ((${node.init.trimStart()}; ${node.test.trimStart()}; ${node.step.trimStart()}))`;
        this.newline('do\n');
        this.level += STEP;
        this.command(node.body);
        this.flush('');
        this.semicolon();
        this.level -= STEP;
        this.newline('done');
        return this.compoundRedirections(node);
      case 'loop':
        this.out += node.until ? 'until ' : 'while ';
        this.skip++;
        this.command(node.cond);
        this.flush('');
        this.semicolon();
        this.out += ' do\n';
        this.level += STEP;
        this.command(node.body);
        this.flush('');
        this.level -= STEP;
        this.semicolon();
        this.newline('done');
        return this.compoundRedirections(node);
      case 'if':
        this.ifCommand(node.arms, node.otherwise);
        return this.compoundRedirections(node);
      case 'case':
        this.out += `case ${node.word} in `;
        this.level += STEP;
        for (const arm of node.arms) {
          this.newline(`${arm.patterns.join(' | ')})\n`);
          this.level += STEP;
          if (arm.body) this.command(arm.body);
          this.level -= STEP;
          this.flush('');
          this.newline(';;');
        }
        this.level -= STEP;
        this.newline('esac');
        return this.compoundRedirections(node);
      case 'arith':
        this.out += `((${node.expr}))`;
        return this.compoundRedirections(node);
      case 'cond':
        this.out += `[[ ${node.words.join(' ')} ]]`;
        return this.compoundRedirections(node);
      case 'function': {
        // Nested, bash lists it with the keyword: `function inner () `, its braces where it stands.
        this.out += `function ${node.name} () \n${' '.repeat(this.level)}{ \n`;
        const group = node.body.t === 'group' && !node.body.sub ? node.body : undefined;
        this.level += STEP;
        this.command(group ? group.body : node.body);
        this.flush('');
        this.level -= STEP;
        this.newline('}');
        if (group) this.compoundRedirections(group);
        return;
      }
    }
  }

  private join(node: Extract<Joined, { first: unknown }>): void {
    this.skip++;
    this.joining++;
    this.command(node.first);
    switch (node.op) {
      case '&':
      case '|':
        this.flush(` ${node.op}`);
        if (node.op === '|' || node.second) {
          this.out += ' ';
          this.skip++;
        }
        break;
      case '&&':
      case '||':
        this.flush(` ${node.op} `);
        if (node.second) this.skip++;
        break;
      case ';':
        if (this.waiting.length) this.flush('');
        else if (this.documentPrinted) this.documentPrinted = false;
        else this.out += ';';
        if (this.multiline) this.out += '\n';
        else {
          this.out += ' ';
          if (node.second) this.skip++;
        }
        break;
    }
    this.command(node.second);
    this.flush('');
    this.joining--;
  }

  /** `elif` is an `if` in the `else` before it, as bash's parser builds it. */
  private ifCommand(arms: Extract<PromptNode, { t: 'if' }>['arms'], otherwise: PromptNode | null): void {
    const [arm, ...rest] = arms;
    this.out += 'if ';
    this.skip++;
    this.command(arm!.cond);
    this.semicolon();
    this.out += ' then\n';
    this.level += STEP;
    this.command(arm!.body);
    this.flush('');
    this.level -= STEP;
    const elseBranch = rest.length ? ({ t: 'if', arms: rest, otherwise, redirs: '' } as const) : otherwise;
    if (elseBranch) {
      this.semicolon();
      this.newline('else\n');
      this.level += STEP;
      this.command(elseBranch);
      this.flush('');
      this.level -= STEP;
    }
    this.semicolon();
    this.newline('fi');
  }

  /** The `{ … }` of a definition: a group's own braces (its redirections after `}`), any other compound inside new ones. */
  definition(body: PromptNode): void {
    const outer = this.level - STEP;
    this.out += `${' '.repeat(outer)}{ \n`;
    const group = body.t === 'group' && !body.sub ? body : undefined;
    this.command(group ? group.body : body);
    this.flush('');
    this.level = outer + STEP;
    this.out += `\n${' '.repeat(outer)}}`;
    if (group && group.redirs.trim() !== '') {
      this.out += ' ';
      this.redirections(commandParts(group.redirs).redirs, group.docs);
    }
  }
}

/** What `declare -f NAME` prints (and `type NAME` after its first line). */
export function functionListing(name: string, body: PromptNode): string {
  const p = new Printer();
  p.out = `${name} () \n`;
  p.definition(body);
  return `${p.out}\n`;
}
