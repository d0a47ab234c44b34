/**
 * Splits a script (or a pasted block) into command lines the way a shell reader would:
 * `#` comments, blank lines, `\` continuations, compound commands over several lines (`for …; do`
 * up to its `done`, as bash reads on), heredocs (`<<EOF`, `<<'EOF'`, `<<-EOF`) feeding a
 * command's stdin, and the common `cat <<EOF | kubectl apply -f -` form; then a command's pipeline
 * stages and each stage's words. The headless runner and the Session read lines with it, and so
 * does the page where it must know what a typed line will do (src/ui/terminal/rebuild.ts).
 */
import { ansiCQuoted } from './ansi-c';
import { endsHeredoc, heredocLine, type HeredocOpener } from './heredoc';
import { isBlankOrComment, stripComment } from './shell-comment';
import { closingParen } from './shell-words';
import { documentOperators, promptNeedsMore } from './prompt-syntax';

/** The last index of the `$(…)` starting at `i` (its `)`), or the text's end when it never closes. */
function substitutionEnd(text: string, i: number): number {
  const close = closingParen(text, i + 2);
  return close < 0 ? text.length - 1 : close - 1;
}

/**
 * The here-document a line opens for the command it holds, read the short way (its body becomes
 * the command's stdin): only when the line is whole without it. The prompt's lexer finds it, so a
 * `<<` in quotes, in `$((1 << x))` or in a here-string `<<<` opens none. A line that opens a compound
 * command (`for i in 1 2; do cat <<EOF | kubectl apply -f -`) or a function reads on to its end
 * instead, the documents inside it read by the prompt's parser (prompt-syntax.ts) as bash does.
 */
export function documentOpener(line: string): HeredocOpener | undefined {
  const first = documentOperators(line)[0];
  if (!first) return undefined;
  const opener: HeredocOpener = { operator: first.text, word: first.word, stripTabs: first.stripTabs, quoted: first.quoted };
  return promptNeedsMore(line.replace(opener.operator, '')) ? undefined : opener;
}

export interface ScriptCommand {
  /** 1-based line number where the command starts. */
  line: number;
  /** The command as it should be run (heredoc operator removed). */
  text: string;
  /** The command exactly as written, heredoc body and terminator included (for transcripts). */
  echo: string;
  stdin?: string;
  /** The document's delimiter was unquoted: the shell expands parameters and commands in it. */
  expand?: true;
}

export type ParseOutcome = { ok: true; commands: ScriptCommand[] } | { ok: false; line: number; message: string };

export function parseScript(source: string): ParseOutcome {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const commands: ScriptCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let raw = lines[i]!;
    let echo = raw;
    if (isBlankOrComment(raw)) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(raw) && i + 1 < lines.length) {
      i++;
      raw = raw.slice(0, -1).trimEnd() + ' ' + lines[i]!.trimStart();
      echo += '\n' + lines[i]!;
    }
    let text = stripComment(raw).trim();
    const cmd: ScriptCommand = { line: start + 1, text, echo };
    const opener = documentOpener(text);
    if (!opener && promptNeedsMore(text)) {
      // `for i in 1 2; do` … `done`, `if …; then` … `fi`, a line ending in `|` or `&&`: bash
      // reads on until the command is whole, and so does this reader (the Session parses it).
      let whole = raw;
      while (promptNeedsMore(whole) && i + 1 < lines.length) {
        i++;
        whole += '\n' + lines[i]!;
        echo += '\n' + lines[i]!;
      }
      cmd.text = whole.trim();
      cmd.echo = echo;
    }
    if (opener) {
      const body: string[] = [];
      let closed = false;
      while (++i < lines.length) {
        const l = lines[i]!;
        echo += '\n' + l;
        if (endsHeredoc(opener, l)) {
          closed = true;
          break;
        }
        body.push(heredocLine(opener, l));
      }
      if (!closed) return { ok: false, line: start + 1, message: `here-document at line ${start + 1} delimited by end-of-file (wanted \`${opener.word}')` };
      text = text.replace(opener.operator, '').replace(/\s+/g, ' ').trim();
      // `cat <<EOF | kubectl ...` pipes the document into the kubectl command.
      const pipe = text.match(/^cat\s*\|\s*(.*)$/);
      if (pipe) text = pipe[1]!;
      cmd.text = text;
      cmd.echo = echo;
      cmd.stdin = body.length ? body.join('\n') + '\n' : '';
      if (!opener.quoted) cmd.expand = true;
    }
    commands.push(cmd);
  }
  return { ok: true, commands };
}

export type TokenizeOutcome = { ok: true; argv: string[] } | { ok: false; message: string };

/** POSIX-shell word splitting with single quotes, double quotes and backslash escapes. */
export function tokenize(text: string): TokenizeOutcome {
  const argv: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { ok: false, message: 'unexpected EOF while looking for matching `\'\'' };
      cur += text.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`'.includes(text[j + 1]!)) j++;
        cur += text[j];
      }
      if (j >= text.length) return { ok: false, message: 'unexpected EOF while looking for matching `"\'' };
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      cur += text[++i];
      inWord = true;
    } else if (c === '$' && text[i + 1] === "'") {
      const q = ansiCQuoted(text, i);
      if (!q) return { ok: false, message: 'unexpected EOF while looking for matching `\'\'' };
      cur += q.value;
      i = q.end - 1;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) argv.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) argv.push(cur);
  return { ok: true, argv };
}

/** How a list item runs after the one before it: always (`;`), on success (`&&`), on failure (`||`). */
export type ListOperator = ';' | '&&' | '||';

/**
 * Splits a command line into bash's list (`a && b || c; d`) at its unquoted `&&`, `||` and `;`,
 * each item keeping its text (a pipeline) and the operator before it (`;` for the first). A
 * trailing `;` ends the list; an empty item elsewhere is bash's syntax error.
 */
export function splitList(text: string): { ok: true; items: { op: ListOperator; text: string }[] } | { ok: false; message: string } {
  const items: { op: ListOperator; text: string }[] = [];
  let op: ListOperator = ';';
  let start = 0;
  let quote: "'" | '"' | undefined;
  const cut = (end: number, next: ListOperator): string | undefined => {
    const item = text.slice(start, end).trim();
    if (item === '') return next;
    items.push({ op, text: item });
    op = next;
    return undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '$' && text[i + 1] === '(') i = substitutionEnd(text, i);
    else if ((c === '&' && text[i + 1] === '&') || (c === '|' && text[i + 1] === '|') || c === ';') {
      const next: ListOperator = c === ';' ? ';' : c === '&' ? '&&' : '||';
      const empty = cut(i, next);
      if (empty !== undefined) return { ok: false, message: `syntax error near unexpected token \`${empty}'` };
      if (next !== ';') i++;
      start = i + 1;
    }
  }
  const rest = text.slice(start).trim();
  if (rest !== '') items.push({ op, text: rest });
  else if (op !== ';') return { ok: false, message: 'syntax error: unexpected end of file' };
  return { ok: true, items };
}

/**
 * Splits a command line at its unquoted pipes (`a | b`), keeping each stage's text as written so
 * the stage is tokenized on its own. `||` is not a pipe; an empty stage is bash's syntax error.
 */
export function splitPipeline(text: string): { ok: true; stages: string[] } | { ok: false; message: string } {
  const stages: string[] = [];
  let start = 0;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '$' && text[i + 1] === '(') i = substitutionEnd(text, i);
    else if (c === '|') {
      if (text[i + 1] === '|') {
        i++;
        continue;
      }
      stages.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  stages.push(text.slice(start).trim());
  if (stages.length > 1 && stages.some((s) => s === '')) return { ok: false, message: "syntax error near unexpected token `|'" };
  return { ok: true, stages };
}
