/**
 * Records and fields. RS: a newline by default, any single character literally, "" for
 * paragraphs (blank lines separate records, a newline also separates fields), longer as a regular
 * expression. FS: " " splits on runs of blanks and newlines ignoring the ends, one other
 * character literally (`-F.`, `-F'|'`), "" into characters, longer as an ERE.
 */
import { awkRegex } from './regex';

/** The next record of `text` from `pos`, and where the one after starts; undefined at the end. */
export function readRecord(text: string, pos: number, rs: string): { record: string; next: number } | undefined {
  if (rs === '') {
    let start = pos;
    while (text[start] === '\n') start++;
    if (start >= text.length) return undefined;
    const sep = /\n\n+/g;
    sep.lastIndex = start;
    const m = sep.exec(text);
    if (!m) return { record: text.slice(start).replace(/\n+$/, ''), next: text.length };
    return { record: text.slice(start, m.index), next: m.index + m[0].length };
  }
  if (pos >= text.length) return undefined;
  if (rs.length === 1) {
    const at = text.indexOf(rs, pos);
    return at < 0 ? { record: text.slice(pos), next: text.length } : { record: text.slice(pos, at), next: at + 1 };
  }
  const re = new RegExp(awkRegex(rs).source, 'g');
  re.lastIndex = pos;
  let m = re.exec(text);
  while (m && m[0] === '') {
    re.lastIndex++;
    m = re.lastIndex <= text.length ? re.exec(text) : null;
  }
  return m ? { record: text.slice(pos, m.index), next: m.index + m[0].length } : { record: text.slice(pos), next: text.length };
}

/** The fields of a record (or split()'s pieces) by a field separator. `paragraph`: RS is "", so a newline separates too. */
export function splitFields(s: string, fs: string | RegExp, paragraph = false): string[] {
  if (typeof fs === 'string') {
    if (fs === ' ') {
      const t = s.replace(/^[ \t\n]+|[ \t\n]+$/g, '');
      return t === '' ? [] : t.split(/[ \t\n]+/);
    }
    if (s === '') return [];
    if (fs === '') return [...s];
    if (fs.length === 1 && fs !== '\\') {
      const parts = s.split(fs);
      return paragraph ? parts.flatMap((p) => p.split('\n')) : parts;
    }
    return splitFields(s, awkRegex(fs), paragraph);
  }
  if (s === '') return [];
  const re = new RegExp(paragraph ? `(?:${fs.source})|\\n` : fs.source, 'g');
  const out: string[] = [];
  let pos = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    out.push(s.slice(pos, m.index));
    pos = m.index + m[0].length;
  }
  out.push(s.slice(pos));
  return out;
}
