/**
 * An interactive shell's history: the lines typed at it (tty-shell.ts keeps them), the `history`
 * builtin's listing, and bash's history expansion of a typed line. Recorded under script(1) on
 * this machine (bash 5.2.15 with a fresh HOME, BusyBox 1.35):
 *  - bash numbers from 1, `%5d  %s`; `history N` lists the last N; `history -c` clears; the
 *    `history` line itself is listed. A construct typed over several lines is one entry
 *    (`for i in 1 2; do echo $i; done`). On exit bash writes the list to ~/.bash_history, which
 *    the next bash reads (the image's HISTFILESIZE, 500).
 *  - BusyBox ash numbers from 0, `%4d %s`. dash has no history (`history: not found`).
 *  - bash expands `!!`, `!N`, `!-N`, `!PREFIX` and `!$` (the last word of the previous line)
 *    before running a line, also inside double quotes, not inside single quotes or after `\`;
 *    it prints the expanded line (to stderr) and stores it. An event it cannot find is
 *    `bash: !99: event not found` and the line does not run.
 *
 * Approximate: `!?str?`, `^old^new`, word designators other than `!$` and modifiers are not
 * expanded; BusyBox's ~/.ash_history is not written.
 */

/** bash's HISTSIZE / HISTFILESIZE default (bash 5.2, unset in Debian's and Ubuntu's bashrc). */
export const HISTSIZE = 500;

/** A multi-line construct as one entry, as bash's cmdhist stores it. */
export function historyEntry(line: string): string {
  const lines = line.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  let out = '';
  for (const l of lines) {
    if (out === '') out = l;
    else out += /(\b(do|then|else|in)|[{(|]|&&|\|\|)$/.test(out) ? ` ${l}` : `; ${l}`;
  }
  return out;
}

export type Expanded = { k: 'same' } | { k: 'expanded'; line: string } | { k: 'missing'; event: string };

/** The previous line's last word (bash's `!$`): split on blanks, as written. */
function lastWord(entry: string): string {
  const words = entry.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** bash's history expansion of `line` against `history` (oldest first). */
export function expandHistory(line: string, history: readonly string[]): Expanded {
  let out = '';
  let changed = false;
  let single = false;
  let double = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (single) {
      out += c;
      if (c === "'") single = false;
      continue;
    }
    if (c === "'" && !double) single = true;
    if (c === '"') double = !double;
    if (c === '\\') {
      out += c + (line[i + 1] ?? '');
      i++;
      continue;
    }
    const next = line[i + 1];
    if (c !== '!' || next === undefined || /[\s=(]/.test(next) || (next === '"' && double)) {
      out += c;
      continue;
    }
    let event: string;
    let found: string | undefined;
    if (next === '!') {
      event = '!!';
      found = history[history.length - 1];
    } else if (next === '$') {
      event = '!$';
      const prev = history[history.length - 1];
      found = prev === undefined ? undefined : lastWord(prev);
    } else {
      const m = /^-?\d+|^[^\s;&|<>()"'`]+/.exec(line.slice(i + 1));
      if (!m) {
        out += c;
        continue;
      }
      event = `!${m[0]}`;
      if (/^-?\d+$/.test(m[0])) {
        const n = Number(m[0]);
        found = n < 0 ? history[history.length + n] : history[n - 1];
      } else {
        for (let h = history.length - 1; h >= 0 && found === undefined; h--) if (history[h]!.startsWith(m[0])) found = history[h];
      }
    }
    if (found === undefined) return { k: 'missing', event };
    out += found;
    changed = true;
    i += event.length - 1;
  }
  return changed ? { k: 'expanded', line: out } : { k: 'same' };
}

/**
 * `history [N]` / `history -c` in bash, `history` in BusyBox ash: the listing (and the list after
 * it). `first`: the number of the first entry (bash 1, BusyBox 0).
 */
export function historyListing(dialect: 'bash' | 'ash', history: readonly string[], args: string[]): { out: string; err: string; status: number; history: readonly string[] } {
  const first = dialect === 'bash' ? 1 : 0;
  if (dialect === 'bash' && args[0] === '-c') return { out: '', err: '', status: 0, history: [] };
  let from = 0;
  if (dialect === 'bash' && args[0] !== undefined) {
    if (!/^\d+$/.test(args[0])) return { out: '', err: `bash: history: ${args[0]}: numeric argument required\n`, status: 1, history };
    from = Math.max(0, history.length - Number(args[0]));
  }
  const out = history
    .slice(from)
    .map((h, i) => (dialect === 'bash' ? `${String(i + from + first).padStart(5)}  ${h}\n` : `${String(i + from + first).padStart(4)} ${h}\n`))
    .join('');
  return { out, err: '', status: 0, history };
}
