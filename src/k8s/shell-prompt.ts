/**
 * PS1 as an interactive shell prints it before reading a line: one rule for the container shells
 * (engine/images/tty-shell.ts expands the shell's own PS1) and the shells the terminal draws
 * without one (kubectl/attach.ts: `sim ssh`'s bash, a chroot's dash).
 *
 * Recorded under script(1) with `PS1='${X:+(x)}$PWD> '` and `PS1='[\u|\h|\w|\W] '`: bash 5.2 and
 * BusyBox 1.35 ash decode backslash escapes, then expand parameters; dash 0.5.12 prints
 * backslashes as they are and expands parameters. Escapes as bash's decode_prompt_string: `\u`
 * the user, `\h` the host up to its first `.`, `\H` all of it, `\w` the directory with $HOME as
 * `~`, `\W` its last part, `\$` `#` for uid 0 else `$`, `\s` the shell's name, `\v`/`\V` its
 * version, `\n`, `\\`, `\[`/`\]` (dropped), `\a`, `\e`, `\#` and `\!` (the command's number),
 * `\j` (no jobs), `\l` (pts/0's `0`), the time as `\t` `\T` `\@` `\A` `\d` (UTC).
 *
 * Approximate: only `$NAME`, `${NAME}` and `${NAME:+…}`, `${NAME:-…}` (with or without `:`)
 * expand; a `$(…)` in PS1 is printed as written.
 */

import { civil } from './time';

export type PromptDialect = 'ash' | 'dash' | 'bash';

export interface PromptFacts {
  dialect: PromptDialect;
  user: string;
  uid: number;
  hostname: string;
  cwd: string;
  /** $HOME (undefined: no `~` shortening). */
  home: string | undefined;
  /** `\s`: the shell's name (`bash`). */
  shellName: string;
  /** bash's version `5.2.15` (`\V`; `\v` is `5.2`). */
  version?: string;
  /** `\#`, `\!`: the number of the command about to be read. */
  commandNumber: number;
  /** The simulated time as Unix ms, for `\t` and its kin. */
  now: number;
  /** The shell's variables, for the parameters in PS1. */
  vars: Readonly<Record<string, string>>;
}

/** The PS1 each shell starts with in the images (Debian's /etc/bash.bashrc for bash; BusyBox's `\w \$ `; dash's `# `). */
export function defaultPs1(dialect: PromptDialect, uid: number): string {
  switch (dialect) {
    case 'bash': return '${debian_chroot:+($debian_chroot)}\\u@\\h:\\w\\$ ';
    case 'ash': return '\\w \\$ ';
    case 'dash': return uid === 0 ? '# ' : '$ ';
  }
}

/** `\w`: the directory, with $HOME shown as `~` (bash and BusyBox both leave a HOME of `/` alone). */
function tilde(cwd: string, home: string | undefined): string {
  const h = (home ?? '').replace(/\/+$/, '');
  if (h.length > 1 && (cwd === h || cwd.startsWith(`${h}/`))) return `~${cwd.slice(h.length)}`;
  return cwd;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function escape(c: string, f: PromptFacts): string | undefined {
  const d = civil(f.now);
  const h12 = d.h % 12 || 12;
  switch (c) {
    case 'u': return f.user;
    case 'h': return f.hostname.split('.')[0];
    case 'H': return f.hostname;
    case 'w': return tilde(f.cwd, f.home);
    case 'W': {
      const t = tilde(f.cwd, f.home);
      return t === '/' || t === '~' ? t : t.slice(t.lastIndexOf('/') + 1);
    }
    case '$': return f.uid === 0 ? '#' : '$';
    case 's': return f.shellName.slice(f.shellName.lastIndexOf('/') + 1);
    case 'v': return (f.version ?? '').split('.').slice(0, 2).join('.');
    case 'V': return f.version ?? '';
    case 'n': return '\n';
    case '\\': return '\\';
    case '[':
    case ']': return '';
    case 'a': return '\x07';
    case 'e': return '\x1b';
    case '#':
    case '!': return String(f.commandNumber);
    case 'j': return '0';
    case 'l': return '0';
    case 't': return `${pad(d.h)}:${pad(d.mi)}:${pad(d.s)}`;
    case 'T': return `${pad(h12)}:${pad(d.mi)}:${pad(d.s)}`;
    case '@': return `${pad(h12)}:${pad(d.mi)} ${d.h < 12 ? 'AM' : 'PM'}`;
    case 'A': return `${pad(d.h)}:${pad(d.mi)}`;
    case 'd': return `${DAYS[d.weekday]} ${MONTHS[d.mo - 1]} ${pad(d.d)}`;
    default: return undefined;
  }
}

/** The parameters in `text` (after the escapes): `$NAME`, `${NAME}`, `${NAME:+w}`, `${NAME-w}` …; the rest as written. */
function parameters(text: string, vars: Readonly<Record<string, string>>): string {
  let out = '';
  let i = 0;
  const value = (name: string): string | undefined => (Object.hasOwn(vars, name) ? vars[name] : undefined);
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\u0000') {
      // A character an escape produced: never expanded again.
      out += text[i + 1] ?? '';
      i += 2;
      continue;
    }
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const plain = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
    if (plain) {
      out += value(plain[0]) ?? '';
      i += 1 + plain[0].length;
      continue;
    }
    if (text[i + 1] === '{') {
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
        j++;
      }
      const inner = text.slice(i + 2, j - 1);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-+])([\s\S]*))?$/.exec(inner);
      if (depth === 0 && m) {
        const v = value(m[1]!);
        const set = m[2] === ':' ? v !== undefined && v !== '' : v !== undefined;
        if (m[3] === '+') out += set ? parameters(m[4] ?? '', vars) : '';
        else if (m[3] === '-') out += set ? v! : parameters(m[4] ?? '', vars);
        else out += v ?? '';
        i = j;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

/** PS1 (`ps1`) as the shell prints it. */
export function expandPrompt(ps1: string, f: PromptFacts): string {
  let decoded = '';
  if (f.dialect === 'dash') decoded = ps1;
  else {
    for (let i = 0; i < ps1.length; i++) {
      const c = ps1[i]!;
      const next = ps1[i + 1];
      const e = c === '\\' && next !== undefined ? escape(next, f) : undefined;
      if (e === undefined) {
        decoded += c;
        continue;
      }
      // What an escape produced is not read for parameters (bash quotes it before expanding).
      decoded += [...e].map((ch) => `\u0000${ch}`).join('');
      i++;
    }
  }
  return parameters(decoded, f.vars);
}
