/**
 * `#` comments as a shell reads a command line: a `#` that begins a word (at the start of the
 * line or after whitespace), outside quotes and not escaped, starts a comment that runs to the
 * end of the line (`kubectl get pods # mine`, `# a note`). A `#` inside a word (`app=#1`,
 * `'a # b'`) is text. One definition for the script runner (./script.ts), the
 * Session that runs a terminal's line, and the browser terminal, which must not mistake a `<<EOF`
 * in a comment for a here-document.
 */

/** The line without its trailing comment (and the spaces before it); the line itself if it has none. */
export function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line;
}

/** Whether the line is only a comment, or blank: a shell runs nothing for it. */
export function isBlankOrComment(line: string): boolean {
  return stripComment(line).trim() === '';
}
