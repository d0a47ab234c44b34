/**
 * Backslash escapes as printf's format, its %b and echo decode them in bash 5.2, dash 0.5.12 and
 * BusyBox 1.35 ash (recorded on this machine; tools-printf.test.ts). Octal and hex escapes are
 * bytes: a run of them is UTF-8 to the terminal (`\303\251` is é), a stray high byte U+FFFD.
 */
import { utf8Decode } from '../../k8s/utf8';

type Dialect = 'ash' | 'dash' | 'bash';

const SIMPLE: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', e: '\x1b', E: '\x1b', '"': '"', "'": "'", '?': '?' };

/** Where escapes are read: the format, %b's argument, or echo's (bash's echo differs from its %b in octal). */
export type EscapeMode = 'format' | 'b' | 'echo';

/**
 * Whether a dialect decodes `\e`-style escape `e` in the format or in %b's argument (recorded:
 * `\E` is bash's alone; `\"` `\'` `\?` bash's, in the format only; `\xHH` all but dash's;
 * `\uHHHH` bash's; `\e` and C's letters everyone's).
 */
function decodes(d: Dialect, e: string, inB: boolean): boolean {
  switch (e) {
    case 'x': return d !== 'dash';
    case 'u':
    case 'U':
    case 'E': return d === 'bash';
    case '"':
    case "'":
    case '?': return d === 'bash' && !inB;
    default: return SIMPLE[e] !== undefined;
  }
}

/** An octal escape's digits at the start of `s`: up to 3 (`max`), BusyBox stopping before a value over 0377. */
function octalDigits(s: string, d: Dialect, max: number): string | undefined {
  let m = new RegExp(`^[0-7]{1,${max}}`).exec(s)?.[0];
  if (m !== undefined && d === 'ash' && Number.parseInt(m, 8) > 0o377) m = m.slice(0, -1);
  return m;
}

/**
 * The escape at `s[i]` (a backslash): `{ byte }` for octal and hex (bytes in a row are UTF-8 to
 * the terminal), `{ text }` otherwise, `{ stop }` for `\c` where it ends the output. `inB`: in
 * %b's argument, where octal is `\0NNN` or `\NNN` and `\c` always stops.
 */
function escapeAt(s: string, i: number, d: Dialect, mode: EscapeMode): { byte: number; end: number } | { text: string; end: number } | { stop: true } {
  const inB = mode !== 'format';
  const e = s[i + 1];
  if (e === undefined) return { text: '\\', end: i + 1 };
  if (inB && e === '0') {
    const m = octalDigits(s.slice(i + 2), d, 3) ?? '';
    return { byte: Number.parseInt(m || '0', 8) & 0xff, end: i + 2 + m.length };
  }
  // bash's echo takes octal only as `\0NNN` (its %b also as `\NNN`).
  const oct = /[0-7]/.test(e) && !(mode === 'echo' && d === 'bash') ? octalDigits(s.slice(i + 1), d, 3) : undefined;
  if (oct !== undefined) return { byte: Number.parseInt(oct, 8) & 0xff, end: i + 1 + oct.length };
  if (e === 'x' && decodes(d, 'x', inB)) {
    const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 2))?.[0];
    if (m !== undefined) return { byte: Number.parseInt(m, 16), end: i + 2 + m.length };
  }
  if (e === 'c' && (inB || d === 'ash')) return { stop: true };
  if ((e === 'u' || e === 'U') && decodes(d, e, inB)) {
    const m = new RegExp(`^[0-9a-fA-F]{1,${e === 'u' ? 4 : 8}}`).exec(s.slice(i + 2))?.[0];
    if (m !== undefined) {
      const cp = Number.parseInt(m, 16);
      return { text: cp <= 0x10ffff ? String.fromCodePoint(cp) : '', end: i + 2 + m.length };
    }
  }
  if (decodes(d, e, inB)) return { text: SIMPLE[e]!, end: i + 2 };
  return { text: `\\${e}`, end: i + 2 };
}

/**
 * Text with its backslash escapes decoded: the format's literal runs, %b's argument, or what
 * `echo -e` (dash's echo always) decodes.
 */
export function unescapeAll(s: string, d: Dialect, mode: EscapeMode): { text: string; stop?: true } {
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length) out += decodeBytes(bytes);
    bytes = [];
  };
  for (let i = 0; i < s.length; ) {
    if (s[i] !== '\\') {
      flush();
      out += s[i++];
      continue;
    }
    const r = escapeAt(s, i, d, mode);
    if ('stop' in r) {
      flush();
      return { text: out, stop: true };
    }
    if ('byte' in r) bytes.push(r.byte);
    else {
      flush();
      out += r.text;
    }
    i = r.end;
  }
  flush();
  return { text: out };
}

export function decodeBytes(bytes: readonly number[]): string {
  return bytes.every((b) => b < 0x80) ? String.fromCharCode(...bytes) : utf8Decode(bytes);
}
