/**
 * Base64 as Secrets carry it, without the DOM's atob/btoa or Node's Buffer (every layer runs in a
 * Web Worker, the page and Node): stringData → data on the server, data → file contents and
 * environment values in the kubelet and `kubectl set env --resolve`, Go's decode errors for
 * Secret validation and kubectl's go-template base64decode.
 */

/** Standard base64 encoding of a UTF-8 string (Secret stringData → data), without Buffer/btoa. */
export function base64Encode(text: string): string {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return base64EncodeBytes(bytes);
}

/** Standard base64 (padded) of bytes. */
export function base64EncodeBytes(bytes: ArrayLike<number>): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = i + 1 < bytes.length ? bytes[i + 1] : undefined;
    const b2 = i + 2 < bytes.length ? bytes[i + 2] : undefined;
    out += A[b0 >> 2]! + A[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)]!;
    out += b1 === undefined ? '=' : A[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)]!;
    out += b2 === undefined ? '=' : A[b2 & 63]!;
  }
  return out;
}

/** base64.RawURLEncoding (JOSE's segments): the URL alphabet, no padding. */
export function base64RawUrlEncodeBytes(bytes: ArrayLike<number>): string {
  return base64EncodeBytes(bytes).replace(/=+$/, '').replace(/[+/]/g, (c) => (c === '+' ? '-' : '_'));
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Secret data is base64; decoded here without the DOM's atob. */
export function decodeBase64(s: string): string {
  let bits = 0;
  let acc = 0;
  let out = '';
  for (const ch of s.replace(/[^A-Za-z0-9+/]/g, '')) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

const ALPHABET = /[A-Za-z0-9+/]/;

function corrupt(at: number): string {
  return `illegal base64 data at input byte ${at}`;
}

function isNewline(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

/**
 * Go's base64.StdEncoding.Decode error positions, which is how a Secret's `data` with a plain
 * (not base64) value fails (`illegal base64 data at input byte 4`), and kubectl's go-template
 * base64decode too. Newlines are skipped, padding is required. Offsets are byte offsets; they
 * equal character offsets here because the first non-ASCII character is itself the error.
 */
export function base64Error(src: string): string | undefined {
  let si = 0;
  for (;;) {
    for (let j = 0; j < 4; j++) {
      if (si === src.length) return j === 0 ? undefined : corrupt(si - j);
      const ch = src[si]!;
      si++;
      if (ALPHABET.test(ch)) continue;
      if (isNewline(ch)) {
        j--;
        continue;
      }
      if (ch !== '=' || j < 2) return corrupt(si - 1);
      if (j === 2) {
        // "==" is expected; the first '=' is consumed.
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) return corrupt(src.length);
        if (src[si] !== '=') return corrupt(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      return si < src.length ? corrupt(si) : undefined;
    }
  }
}
