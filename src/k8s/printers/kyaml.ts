/**
 * `-o kyaml` (on by default since kubectl v1.35): sigs.k8s.io/yaml's KYAML encoder as kubectl's
 * KYAMLPrinter drives it — the object marshalled to JSON (an unstructured map, so keys sorted)
 * and re-rendered as a strict YAML subset: a `---` header, `{}`/`[]` everywhere, every string
 * value double-quoted, keys bare unless they could be read as another type, a trailing comma
 * after every item, lists of maps or lists "cuddled" onto their brackets, and multi-line strings
 * folded with `\` line continuations. Only JSON-shaped input reaches it (no comments or aliases).
 */
import { goNumber } from './json';

const INDENT = '  ';
const FOLD = '\\\n';

const BOOLS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']);
const SHORT_WORDS = new Set(['null', '~', '', 'true', 'y', 'yes', 'on', 'false', 'n', 'no', 'off', '.inf', '-.inf', '+.inf', '.nan']);
const SEXAGESIMAL = /^[+-]?[1-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/;

/** strconv.ParseInt(s, 0, 64) succeeds. */
function parsesAsInt(s: string): boolean {
  const m = /^[+-]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[1-9][0-9]*|0)$/.exec(s);
  if (!m) return false;
  const body = s.replace(/^[+-]/, '');
  const big = /^0[xX]/.test(body) ? BigInt(body) : /^0[bB]/.test(body) ? BigInt(body) : /^0[oO]/.test(body) ? BigInt(body) : /^0[0-7]+$/.test(body) ? BigInt(`0o${body.slice(1)}`) : BigInt(body);
  const v = s.startsWith('-') ? -big : big;
  return v >= -(2n ** 63n) && v < 2n ** 63n;
}

/** strconv.ParseFloat(s, 64) succeeds (in range). */
function parsesAsFloat(s: string): boolean {
  if (/^[+-]?(inf|infinity)$/i.test(s) || /^nan$/i.test(s)) return true;
  if (/^[+-]?0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?\d+$/.test(s)) return true;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return false;
  return Number.isFinite(Number(s));
}

/** time.Parse with one of KYAML's timestamp layouts (short date fields allowed). */
function isTimestamp(s: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?)?$/.exec(s);
  if (!m) return false;
  const [, , mo, d, h, mi, sec, zone] = m;
  if (h !== undefined && (s.includes(' ') ? zone !== undefined : zone === undefined)) return false;
  const ok = (v: string | undefined, max: number, min = 0) => v === undefined || (Number(v) >= min && Number(v) <= max);
  return ok(mo, 12, 1) && ok(d, 31, 1) && ok(h, 23) && ok(mi, 59) && ok(sec, 59);
}

function isTypeAmbiguous(s: string): boolean {
  if (s.length <= 5 && SHORT_WORDS.has(s.toLowerCase())) return true;
  if (BOOLS.has(s)) return true;
  const bare = s.replaceAll('_', '');
  if (parsesAsInt(bare) || parsesAsFloat(bare)) return true;
  if (SEXAGESIMAL.test(s)) return true;
  return isTimestamp(s);
}

/** needsQuotes: for keys only; values are always quoted. */
function needsQuotes(s: string): boolean {
  if (s === '' || isTypeAmbiguous(s)) return true;
  const runes = [...s];
  return runes.some((r, i) => !(/[\p{L}\p{N}_]/u.test(r) || (i > 0 && i < runes.length - 1 && (r === '-' || r === '.' || r === '/'))));
}

const NAMED: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\0': '\\0', '\x1b': '\\e', '\x85': '\\N', '\xa0': '\\_', '\u2028': '\\L', '\u2029': '\\P' };

function escapeRune(r: string): string {
  if (r === '"' || r === '\\') return `\\${r}`;
  if (r === ' ' || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(r)) return r;
  const named = NAMED[r];
  if (named) return named;
  const cp = r.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** renderString: `compact` is how keys are written (one line, lazily quoted). */
function renderString(val: string, indent: number, compact: boolean): string {
  const multi = val.includes('\n');
  if (compact && !multi && !needsQuotes(val)) return val;
  let out = '"';
  if (multi && !compact) out += FOLD;
  for (const r of val) {
    if (out.endsWith('\n')) out += INDENT.repeat(indent) + (/\s/u.test(r) && r !== '\n' ? '\\' : ' ');
    if (r === '\n') out += compact ? '\\n' : `\\n${FOLD}`;
    else if (r === '\t') out += compact ? '\\t' : '\t';
    else out += escapeRune(r);
  }
  if (multi && !compact) {
    if (!out.endsWith('\n')) out += FOLD;
    out += INDENT.repeat(indent);
  }
  return `${out}"`;
}

function isCollection(v: unknown): boolean {
  return v !== null && typeof v === 'object';
}

function render(v: unknown, indent: number, sorted: boolean): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'string') return renderString(v, indent + 1, false);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every(isCollection)) return `[${v.map((x) => render(x, indent, sorted)).join(', ')}]`;
    let out = `[\n${INDENT.repeat(indent)}`;
    for (const x of v) out += `${INDENT}${render(x, indent + 1, sorted)},\n${INDENT.repeat(indent)}`;
    return `${out}]`;
  }
  const obj = v as Record<string, unknown>;
  // json.Marshal of an unstructured map: keys sorted byte-wise, undefined fields absent.
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
  if (sorted) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return '{}';
  let out = '{\n';
  for (const k of keys) out += `${INDENT.repeat(indent + 1)}${renderString(k, indent + 1, true)}: ${render(obj[k], indent + 1, sorted)},\n`;
  return `${out}${INDENT.repeat(indent)}}`;
}

/** Encoder.FromObject: the `---` header, the document, a newline. */
export function toKyaml(value: unknown): string {
  return `---\n${render(value, 0, true)}\n`;
}

/** The same of a typed object, whose JSON (and so its KYAML) keeps the keys in the order built (a Go struct's field order). */
export function toKyamlInOrder(value: unknown): string {
  return `---\n${render(value, 0, false)}\n`;
}
