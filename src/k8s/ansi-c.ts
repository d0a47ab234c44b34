/**
 * bash's `$'…'` quoting (ANSI-C quoting): the text between the quotes with backslash escapes
 * decoded — `\n \t \r \a \b \e \E \f \v \\ \' \" \?`, octal `\nnn`, `\xHH`, `\uHHHH`,
 * `\UHHHHHHHH`, `\cX`; any other `\q` stays as written (recorded, bash 5.2:
 * `printf %s $'a\tb\x41\101\u00e9\q\'\"\?\cA\e' | od -c`). A NUL ends the string, as it ends a C
 * string in argv. Approximate: the line splitters that only look for quotes (script.ts
 * splitList/splitPipeline, shell-words.ts rawWords/closingParen) read `\'` inside as the closing quote.
 *
 * BusyBox ash (`ash`, its bash compatibility, on in the images' builds) decodes fewer escapes:
 * no `\e \E \u \U \cX`, `\?` stays as written, and a NUL is dropped rather than ending the
 * string (recorded, BusyBox 1.35 `sh -c "printf %s $'…'" | od -c`: `$'a\0b\e\?'` gives `ab\e\?`).
 * dash has no `$'…'` at all: its `$` stays a plain `$` before a single-quoted string.
 */

import { utf8Decode } from './utf8';

export type AnsiCFlavor = 'bash' | 'ash';

const SIMPLE: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
const ASH_SIMPLE: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"' };

/**
 * Reads `$'…'` at `i` (text[i] === '$', text[i + 1] === "'"): its value and the index after the
 * closing quote, or undefined when no quote closes it.
 */
export function ansiCQuoted(text: string, i: number, flavor: AnsiCFlavor = 'bash'): { value: string; end: number } | undefined {
  const ash = flavor === 'ash';
  const simple = ash ? ASH_SIMPLE : SIMPLE;
  let value = '';
  let cut = false;
  // `\xHH` and octal escapes are bytes: a run of them is UTF-8 to the terminal (`$'\xc3\xa9'` is é).
  let bytes: number[] = [];
  const emit = (out: string): void => {
    if (ash) value += out.replaceAll('\0', '');
    else if (out.includes('\0')) {
      if (!cut) value += out.slice(0, out.indexOf('\0'));
      cut = true;
    } else if (!cut) value += out;
  };
  const flush = (): void => {
    if (!bytes.length) return;
    emit(bytes.every((b) => b < 0x80) ? String.fromCharCode(...bytes) : utf8Decode(bytes));
    bytes = [];
  };
  for (let j = i + 2; j < text.length; j++) {
    const c = text[j]!;
    if (c === "'") {
      flush();
      return { value, end: j + 1 };
    }
    if (c !== '\\' || j + 1 >= text.length) {
      flush();
      if (!cut) value += c;
      continue;
    }
    const e = text[++j]!;
    if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(text.slice(j))![0];
      bytes.push(Number.parseInt(m, 8) & 0xff);
      j += m.length - 1;
      continue;
    }
    if (e === 'x') {
      const m = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(j + 1))?.[0];
      if (m !== undefined) {
        bytes.push(Number.parseInt(m, 16));
        j += m.length;
        continue;
      }
    }
    flush();
    let out: string;
    if (simple[e] !== undefined) out = simple[e];
    else if (!ash && (e === 'u' || e === 'U')) {
      const m = new RegExp(`^[0-9A-Fa-f]{1,${e === 'u' ? 4 : 8}}`).exec(text.slice(j + 1))?.[0];
      if (m === undefined) out = `\\${e}`;
      else {
        const code = Number.parseInt(m, 16);
        out = code <= 0x10ffff ? String.fromCodePoint(code) : '';
        j += m.length;
      }
    } else if (!ash && e === 'c' && j + 1 < text.length) out = String.fromCharCode(text[++j]!.toUpperCase().charCodeAt(0) ^ 0x40);
    else out = `\\${e}`;
    emit(out);
  }
  return undefined;
}
