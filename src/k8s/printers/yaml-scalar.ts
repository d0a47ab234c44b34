/**
 * go-yaml v2's decisions about a string scalar: whether it would read back as another type
 * (resolve), which characters forbid plain or quoted styles (analyze_scalar), and the style
 * the emitter finally picks (select_scalar_style). Ported rule for rule.
 */
// ---- go-yaml v2 resolve(): would this string read back as something other than a string? ----

const RESOLVE_NON_STR = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF',
  'true', 'True', 'TRUE', 'false', 'False', 'FALSE', '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '<<',
]);
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]*|0[bB][01]+|[1-9][0-9]*)$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]|\s+)\d{1,2}:\d{1,2}:\d{1,2}(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}(?::\d{1,2})?))?)?$/;

export function resolvesToNonString(s: string): boolean {
  if (RESOLVE_NON_STR.has(s)) return true;
  const c = s[0];
  if (c === undefined) return true;
  const numericHint = (c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.';
  if (!numericHint) return false;
  const plain = s.replace(/_/g, '');
  if (c === '.') return YAML_FLOAT.test(s);
  if (GO_INT.test(plain)) return true;
  if (YAML_FLOAT.test(plain)) return true;
  if (/^-?0b[01]+$/.test(plain)) return true;
  return c >= '0' && c <= '9' && TIMESTAMP.test(s);
}

// ---- analyze_scalar ----

interface Analysis {
  multiline: boolean;
  blockPlain: boolean;
  singleQuoted: boolean;
  block: boolean;
}

export function isPrintable(cp: number): boolean {
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

export const isBreak = (ch: string | undefined): boolean => ch === '\n' || ch === '\r' || ch === '\u0085' || ch === '\u2028' || ch === '\u2029';
const isBlank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';

function analyze(value: string): Analysis {
  const chars = [...value];
  if (chars.length === 0) return { multiline: false, blockPlain: true, singleQuoted: true, block: false };
  let flowInd = false;
  let blockInd = false;
  if (value.startsWith('---') || value.startsWith('...')) {
    flowInd = true;
    blockInd = true;
  }
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let prevSpace = false;
  let prevBreak = false;
  let precededByWs = true;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    const followedByWs = next === undefined || isBlank(next) || isBreak(next);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) {
        flowInd = true;
        blockInd = true;
      } else if (ch === '?' || ch === ':') {
        flowInd = true;
        if (followedByWs) blockInd = true;
      } else if (ch === '-' && followedByWs) {
        flowInd = true;
        blockInd = true;
      }
    } else if (',?[]{}'.includes(ch)) {
      flowInd = true;
    } else if (ch === ':') {
      flowInd = true;
      if (followedByWs) blockInd = true;
    } else if (ch === '#' && precededByWs) {
      flowInd = true;
      blockInd = true;
    }
    if (!isPrintable(ch.codePointAt(0)!)) special = true;
    if (ch === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (prevBreak) breakSpace = true;
      prevSpace = true;
      prevBreak = false;
    } else if (isBreak(ch)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (prevSpace) spaceBreak = true;
      prevSpace = false;
      prevBreak = true;
    } else {
      prevSpace = false;
      prevBreak = false;
    }
    precededByWs = isBlank(ch) || isBreak(ch);
  }
  const a: Analysis = { multiline: lineBreaks, blockPlain: true, singleQuoted: true, block: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlain = false;
  if (trailingSpace) a.block = false;
  if (breakSpace) {
    a.blockPlain = false;
    a.singleQuoted = false;
  }
  if (spaceBreak || special) {
    a.blockPlain = false;
    a.singleQuoted = false;
    a.block = false;
  }
  if (lineBreaks) a.blockPlain = false;
  if (blockInd) a.blockPlain = false;
  void flowInd;
  return a;
}

export type Style = 'plain' | 'single' | 'double' | 'literal';

export function selectStyle(value: string, simpleKey: boolean): Style {
  let style: Style = value.includes('\n') ? 'literal' : resolvesToNonString(value) || BASE60.test(value) ? 'double' : 'plain';
  const a = analyze(value);
  if (style === 'plain') {
    if (!a.blockPlain) style = 'single';
    if (value.length === 0 && simpleKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuoted) style = 'double';
  if (style === 'literal' && (!a.block || simpleKey)) style = 'double';
  return style;
}

