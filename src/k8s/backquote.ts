/**
 * Backquoted command substitution (`` `cmd` ``, POSIX 2.6.3), read the one way bash, dash and
 * BusyBox ash all read it: the command ends at the first backquote no backslash escapes; inside,
 * a backslash before `$`, `` ` `` or `\` is removed (so `` \` `` nests and `\$` reaches the inner
 * shell as `$`), and inside double quotes one before `"` is too; any other backslash stays for the
 * inner shell. Recorded on bash 5.2.15, dash 0.5.12 and BusyBox 1.35:
 * `` echo `echo a\$b \\\\ c` `` prints `a \ c`, `` echo "`echo \"q\"`" `` prints `q`,
 * `` echo `echo \`echo nest\`` `` prints `nest`. One reader for the prompt (./shell-words.ts) and
 * the container shells (src/engine/images/shell-lex.ts).
 */

/**
 * The backquoted command opening at `at` (text[at] is the backquote): the command as the inner
 * shell reads it and the index past the closing backquote; undefined when none closes it.
 * `inDouble`: the backquotes sit inside a double-quoted string.
 */
export function backquoted(text: string, at: number, inDouble = false): { command: string; end: number } | undefined {
  let command = '';
  for (let j = at + 1; j < text.length; j++) {
    const c = text[j]!;
    if (c === '`') return { command, end: j + 1 };
    if (c === '\\' && j + 1 < text.length) {
      const next = text[j + 1]!;
      if (next === '$' || next === '`' || next === '\\' || (inDouble && next === '"')) {
        command += next;
        j++;
        continue;
      }
    }
    command += c;
  }
  return undefined;
}

/** bash's words when a backquote never closes (bash 5.2.15, `bash -c 'echo \`x'`). */
export const BASH_UNCLOSED_BACKQUOTE = "unexpected EOF while looking for matching ``'";
