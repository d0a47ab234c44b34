/**
 * `-o json` and compact JSON as Go's encoding/json writes them: map keys sorted byte-wise,
 * `<`, `>`, `&`, U+2028 and U+2029 escaped (HTML-safe by default), four-space indentation for
 * MarshalIndent. kubectl marshals unstructured maps, so every object's keys come out sorted.
 */
function goString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp < 0x20 || ch === '<' || ch === '>' || ch === '&' || cp === 0x2028 || cp === 0x2029) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export function goNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    // strconv 'e' format with a two-digit minimum exponent, as encoding/json does.
    return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(n);
}

function encode(v: unknown, indent: string | undefined, level: number, sorted = true): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'string') return goString(v);
  const nl = indent === undefined ? '' : `\n${indent.repeat(level + 1)}`;
  const close = indent === undefined ? '' : `\n${indent.repeat(level)}`;
  const sep = indent === undefined ? ':' : ': ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${v.map((x) => nl + encode(x, indent, level + 1, sorted)).join(',')}${close}]`;
  }
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
  if (sorted) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return '{}';
  return `{${keys.map((k) => `${nl}${goString(k)}${sep}${encode(obj[k], indent, level + 1, sorted)}`).join(',')}${close}}`;
}

/** json.MarshalIndent(v, "", "    ") followed by a newline, as kubectl's JSON printer writes. */
export function toJsonIndent(v: unknown): string {
  return `${encode(v, '    ', 0)}\n`;
}

/** json.Marshal(v): compact, sorted keys. */
export function toJsonCompact(v: unknown): string {
  return encode(v, undefined, 0);
}

/** json.MarshalIndent of a typed value (keys in the order built), as kubectl's JSON printer writes it. */
export function toJsonIndentInOrder(v: unknown): string {
  return `${encode(v, '    ', 0, false)}\n`;
}

/**
 * json.Marshal of a typed value: keys in the order the caller built them (a Go struct's field
 * order), everything else as encoding/json writes it.
 */
export function toJsonCompactInOrder(v: unknown): string {
  return encode(v, undefined, 0, false);
}

/**
 * json.MarshalIndent(v, "", "  ") of a typed value, as kube-apiserver's pretty serializer writes
 * it for curl and browsers: keys in the caller's order, two-space indent, no final newline.
 */
export function toJsonPrettyInOrder(v: unknown): string {
  return encode(v, '  ', 0, false);
}
