/**
 * Go's base64.StdEncoding.Decode error positions, which is how a Secret's `data` with a plain
 * (not base64) value fails: `illegal base64 data at input byte 4`. Newlines are skipped, padding
 * is required. Offsets are byte offsets; they equal character offsets here because the first
 * non-ASCII character is itself the error.
 */
const ALPHABET = /[A-Za-z0-9+/]/;

function corrupt(at: number): string {
  return `illegal base64 data at input byte ${at}`;
}

function isNewline(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

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

/** Decoded byte length of valid base64 (for Secret/ConfigMap size limits). */
export function base64DecodedLength(s: string): number {
  const clean = s.replace(/[\r\n]/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}
