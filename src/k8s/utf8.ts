/**
 * UTF-8 as Go and the shell tools count it: a JavaScript string is UTF-16, but Go's `len`, a
 * pod-template-hash's FNV input, SHA-256 digests, HTTP Content-Length and GNU `head -c` all see
 * bytes. One encoder for every layer.
 */

/** Bytes of one code point's UTF-8 encoding. */
export const utf8CharBytes = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** The UTF-8 byte count of `s` (Go's `len` of a string). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) n += utf8CharBytes(ch.codePointAt(0)!);
  return n;
}

/** The UTF-8 bytes of `s`. */
export function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** The string UTF-8 `bytes` encode; a malformed sequence decodes as U+FFFD, as Go's conversion does. */
export function utf8Decode(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    const cont = bytes.slice(i + 1, i + 1 + Math.max(need, 0));
    if (need < 0 || cont.length < need || cont.some((c) => (c & 0xc0) !== 0x80)) {
      out += '\ufffd';
      i++;
      continue;
    }
    const cp = need === 0 ? b : cont.reduce((acc, c) => (acc << 6) | (c & 63), b & (0x3f >> need));
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}
