/**
 * github.com/mitchellh/go-wordwrap WrapString, which kubectl's word-wrap writer (and so
 * `kubectl explain`) uses: breaks at whitespace so lines stay within `limit` runes; a word
 * longer than the limit stays whole; existing newlines are kept.
 */
export function wrapString(s: string, limit: number): string {
  let buf = '';
  let current = 0;
  let word = '';
  let space = '';
  for (const ch of s) {
    if (ch === '\n') {
      // The column restarts after the newline either way; only whether the spaces stay differs.
      if (word.length === 0) {
        if (current + space.length <= limit) buf += space;
      } else buf += space + word;
      space = '';
      word = '';
      buf += ch;
      current = 0;
    } else if (/\s/.test(ch) && ch !== '\u00a0') {
      if (space.length === 0 || word.length > 0) {
        current += space.length + word.length;
        buf += space + word;
        space = '';
        word = '';
      }
      space += ch;
    } else {
      word += ch;
      if (current + space.length + word.length > limit && word.length < limit) {
        buf += '\n';
        current = 0;
        space = '';
      }
    }
  }
  if (word.length === 0) {
    if (current + space.length <= limit) buf += space;
  } else buf += space + word;
  return buf;
}
