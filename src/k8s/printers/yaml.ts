/**
 * `-o yaml` exactly as kubectl writes it: sigs.k8s.io/yaml marshals the object through go-yaml
 * v2, so mapping keys are sorted, sequences inside mappings are not indented, empty
 * collections are `{}`/`[]`, strings that would read back as another type are double-quoted,
 * strings that cannot be plain are single-quoted, multi-line strings use `|` block style, and
 * long scalars are folded past column 80. The writers below are go-yaml's write_*_scalar;
 * the choice of style lives in yaml-scalar.ts.
 */

import { isBreak, isPrintable, selectStyle } from './yaml-scalar';

const BEST_WIDTH = 80;
const INDENT = 2;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

class Emitter {
  out = '';
  column = 0;
  /** True when the last character written is whitespace (or at line start). */
  whitespace = true;
  indention = true;

  put(s: string): void {
    for (const ch of s) {
      this.out += ch;
      if (ch === '\n') {
        this.column = 0;
      } else this.column++;
    }
    this.whitespace = s.endsWith(' ') || s.endsWith('\n');
  }

  writeIndent(indent: number): void {
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.put('\n');
    if (this.column < indent) this.put(' '.repeat(indent - this.column));
    this.whitespace = true;
    this.indention = true;
  }
}

function writePlain(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  if (!e.whitespace) e.put(' ');
  const chars = [...value];
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === ' ') {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && chars[i + 1] !== ' ') e.writeIndent(indent);
      else e.put(ch);
      spaces = true;
    } else {
      e.put(ch);
      e.indention = false;
      spaces = false;
    }
  }
  e.whitespace = false;
  e.indention = false;
}

function writeSingle(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  if (!e.whitespace) e.put(' ');
  e.put("'");
  const chars = [...value];
  let spaces = false;
  let breaks = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === ' ') {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < chars.length - 1 && chars[i + 1] !== ' ') e.writeIndent(indent);
      else e.put(ch);
      spaces = true;
    } else if (isBreak(ch)) {
      if (!breaks && ch === '\n') e.put('\n');
      e.put('\n');
      e.indention = true;
      breaks = true;
    } else {
      if (breaks) e.writeIndent(indent);
      e.put(ch === "'" ? "''" : ch);
      e.indention = false;
      spaces = false;
      breaks = false;
    }
  }
  e.put("'");
  e.whitespace = false;
  e.indention = false;
}

const ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
  0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

function writeDouble(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  if (!e.whitespace) e.put(' ');
  e.put('"');
  const chars = [...value];
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const cp = ch.codePointAt(0)!;
    if (!isPrintable(cp) || cp === 0xfeff || isBreak(ch) || ch === '"' || ch === '\\') {
      const esc = ESCAPES[cp];
      if (esc !== undefined) e.put(`\\${esc}`);
      else if (cp <= 0xff) e.put(`\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`);
      else if (cp <= 0xffff) e.put(`\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`);
      else e.put(`\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`);
      spaces = false;
    } else if (ch === ' ') {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
        e.writeIndent(indent);
        if (chars[i + 1] === ' ') e.put('\\');
      } else e.put(ch);
      spaces = true;
    } else {
      e.put(ch);
      spaces = false;
    }
  }
  e.put('"');
  e.whitespace = false;
  e.indention = false;
}

function writeLiteral(e: Emitter, value: string, indent: number): void {
  if (!e.whitespace) e.put(' ');
  let hints = '|';
  if (value[0] === ' ' || isBreak(value[0])) hints += String(INDENT);
  const chars = [...value];
  const last = chars.length - 1;
  if (last < 0 || !isBreak(chars[last])) hints += '-';
  else if (last === 0 || isBreak(chars[last - 1])) hints += '+';
  e.put(hints);
  e.put('\n');
  e.indention = true;
  e.whitespace = true;
  let breaks = true;
  for (const ch of chars) {
    if (isBreak(ch)) {
      e.put('\n');
      e.indention = true;
      breaks = true;
    } else {
      if (breaks) {
        e.writeIndent(indent);
        breaks = false;
      }
      e.put(ch);
      e.indention = false;
    }
  }
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (n === Infinity) return '.inf';
  if (n === -Infinity) return '-.inf';
  if (Number.isNaN(n)) return '.nan';
  return String(n);
}

function emitScalarString(e: Emitter, value: string, indent: number, simpleKey: boolean): void {
  // emit_scalar raises the indent by one step for the scalar's own continuation lines.
  const inner = indent + INDENT;
  switch (selectStyle(value, simpleKey)) {
    case 'plain':
      return writePlain(e, value, inner, !simpleKey);
    case 'single':
      return writeSingle(e, value, inner, !simpleKey);
    case 'double':
      return writeDouble(e, value, inner, !simpleKey);
    case 'literal':
      return writeLiteral(e, value, inner);
  }
}

function isEmptyCollection(v: Json): boolean {
  return (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

function emitScalar(e: Emitter, v: Json, indent: number): void {
  if (v === null || v === undefined) return writePlain(e, 'null', indent + INDENT, false);
  if (typeof v === 'boolean') return writePlain(e, v ? 'true' : 'false', indent + INDENT, false);
  if (typeof v === 'number') return writePlain(e, formatNumber(v), indent + INDENT, false);
  if (typeof v === 'string') return emitScalarString(e, v, indent, false);
  if (Array.isArray(v)) return writePlain(e, '[]', indent, false);
  return writePlain(e, '{}', indent, false);
}

const isLetter = (ch: string): boolean => /\p{L}/u.test(ch);
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * go-yaml v2's keyList.Less: a "natural" order where, at the first differing rune, non-letters
 * sort before letters and runs of digits compare by numeric value (`c9` < `c10`).
 */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]!);
    const bl = isLetter(br[i]!);
    if (al && bl) return ar[i]! < br[i]!;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i]! < br[i]!;
  }
  return ar.length < br.length;
}

function sortedKeys(m: { [k: string]: Json }): string[] {
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort((a, b) => (yamlKeyLess(a, b) ? -1 : yamlKeyLess(b, a) ? 1 : 0));
}

function emitMapping(e: Emitter, m: { [k: string]: Json }, indent: number, first: boolean): void {
  sortedKeys(m).forEach((k, i) => {
    if (!(first && i === 0)) e.writeIndent(indent);
    emitScalarString(e, k, indent, true);
    e.put(':');
    e.whitespace = false;
    emitValue(e, m[k]!, indent, true);
  });
}

function emitSequence(e: Emitter, s: Json[], indent: number, first: boolean): void {
  s.forEach((item, i) => {
    if (!(first && i === 0)) e.writeIndent(indent);
    if (!e.whitespace) e.put(' ');
    e.put('-');
    e.whitespace = false;
    e.indention = true;
    emitValue(e, item, indent, false);
  });
}

/** A node after `key:` (inMapping) or after `- `. */
function emitValue(e: Emitter, v: Json, indent: number, inMapping: boolean): void {
  if (v !== null && typeof v === 'object' && !isEmptyCollection(v)) {
    if (Array.isArray(v)) {
      if (inMapping) {
        // Sequences in a mapping are indentless.
        emitSequence(e, v, indent, false);
      } else {
        e.put(' ');
        emitSequence(e, v, indent + INDENT, true);
      }
    } else if (inMapping) emitMapping(e, v, indent + INDENT, false);
    else {
      e.put(' ');
      emitMapping(e, v, indent + INDENT, true);
    }
    return;
  }
  emitScalar(e, v, indent);
}

/** Serialises a JSON-shaped value as go-yaml v2 / sigs.k8s.io/yaml would. */
export function toYaml(value: unknown): string {
  const v = JSON.parse(JSON.stringify(value ?? null)) as Json;
  const e = new Emitter();
  if (v !== null && typeof v === 'object' && !isEmptyCollection(v)) {
    if (Array.isArray(v)) emitSequence(e, v, 0, true);
    else emitMapping(e, v, 0, true);
  } else emitScalar(e, v, -INDENT);
  return e.out.endsWith('\n') ? e.out : `${e.out}\n`;
}
