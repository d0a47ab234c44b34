/**
 * The here-document syntax people type around kubectl (`kubectl apply -f - <<EOF` … `EOF`,
 * `<<'EOF'`, `<<-EOF`): which line ends a document. One definition for the script reader the
 * headless runner uses (./script.ts) and the browser terminal, which must know when a typed or
 * pasted document is complete before it sends the command. Where one starts is the prompt's
 * lexer's to say (./prompt-syntax.ts documentOperators, through ./script.ts documentOpener).
 */
export interface HeredocOpener {
  /** The operator as written (`<<EOF`, `<<-'END'`), to be removed from the command. */
  operator: string;
  /** The line that ends the document. */
  word: string;
  /** `<<-`: leading tabs are stripped from the document's lines and from its terminator. */
  stripTabs: boolean;
  /** `<<'EOF'` or `<<"EOF"`: the document is taken as written; unquoted, bash expands `$…` and `$(…)` in it. */
  quoted: boolean;
}

/**
 * A here-document's delimiter as the shell compares lines with it: its quotes and backslashes
 * removed (`'EOF'`, `"EOF"`, `\EOF`, `E"O"F` are EOF); any of them makes the document quoted,
 * taken as written. The learner's prompt (./prompt-syntax.ts) and the containers' and nodes'
 * shells (engine/images/shell-lex.ts) both read it so.
 */
export function heredocDelimiter(word: string): string {
  return word.replace(/\\(.)|['"]/g, (_m, c: string | undefined) => c ?? '');
}

/** A document line as the command reads it (`<<-` drops its leading tabs). */
export function heredocLine(opener: HeredocOpener, line: string): string {
  return opener.stripTabs ? line.replace(/^\t+/, '') : line;
}

/** Whether `line` ends the document `opener` started. */
export function endsHeredoc(opener: HeredocOpener, line: string): boolean {
  return heredocLine(opener, line) === opener.word;
}

/**
 * An unquoted here-document's body as text for a double-quoted expansion: bash expands `$`,
 * `` ` `` and `\` escapes in both, but a `"` is plain in a document and ends a double-quoted
 * string, so each is escaped (and a backslash before one stays a backslash). A `$(…)` or `${…}`
 * is copied as written: its own words are parsed afresh, so `"$(date +"%Y")"` in a document is
 * `"2025"` (the inner quotes are the command's), as bash writes it.
 */
export function heredocAsDoubleQuoted(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '$' && (body[i + 1] === '(' || body[i + 1] === '{')) {
      const end = closingOf(body, i + 1);
      out += body.slice(i, end);
      i = end - 1;
    } else if (c === '\\' && body[i + 1] === '"') {
      out += '\\\\\\"';
      i++;
    } else if (c === '\\' && i + 1 < body.length) {
      out += c + body[++i]!;
    } else out += c === '"' ? '\\"' : c;
  }
  return `"${out}"`;
}

/**
 * The index just past the `)` or `}` that closes the bracket at `open`, skipping quoted text,
 * escapes and nested brackets; the body's end when it is never closed (the expansion then
 * reports it).
 */
function closingOf(text: string, open: number): number {
  const stack: string[] = [text[open] === '(' ? ')' : '}'];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === "'" && stack[stack.length - 1] === ')') {
      const close = text.indexOf("'", i + 1);
      i = close < 0 ? text.length : close;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '(') stack.push(')');
    else if (c === '{' && text[i - 1] === '$') stack.push('}');
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}
