/**
 * Go's strconv.Quote (and QuoteToASCII): `%q` in fmt. Shared by the kubelet (the downward API's
 * `key="value"` lines, fieldpath.FormatMap) and kubectl's go-template printer.
 */

/** strconv.Quote (or QuoteToASCII, which escapes every non-ASCII character too). */
export function goQuote(s: string, ascii = false): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\x07') out += '\\a';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (ch === '\v') out += '\\v';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (!isPrintRune(c) || (ascii && c > 0x7e)) out += c < 0x10000 ? `\\u${c.toString(16).padStart(4, '0')}` : `\\U${c.toString(16).padStart(8, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** unicode.IsPrint, near enough: no control, format, surrogate or unassigned code points. */
export function isPrintRune(c: number): boolean {
  return !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(String.fromCodePoint(c)) && (c === 0x20 || !/\p{Zs}/u.test(String.fromCodePoint(c)));
}
