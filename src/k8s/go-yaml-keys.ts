/**
 * The map keys a syntactically valid document can still fail on, after go-yaml-errors.ts: go-yaml
 * v2's decoder refuses a mapping or sequence as a key (`yaml: invalid map key: %#v`, decode.go),
 * and sigs.k8s.io/yaml's JSON conversion a null one (`unsupported map key of type: %!s(<nil>),
 * key: <nil>, value: %+#v`, a line starting `: v1`). The values are printed as Go's %#v prints
 * the interface{} values go-yaml decodes to. Recorded from kubectl v1.32: `? [a]` → `invalid map
 * key: []interface {}{"a"}`; `: v1` → `… value: "v1"`.
 */
import { isAlias, isMap, isScalar, isSeq, type Document } from 'yaml';
import { goQuote } from './go-quote';

type Doc = Document.Parsed;

function resolved(doc: Doc, n: unknown): unknown {
  return isAlias(n) ? n.resolve(doc) : n;
}

/** strconv.ParseInt(s, 0, 64) after go-yaml's removal of `_`: the plain scalars it decodes as int. */
function isGoInt(source: string): boolean {
  return /^[-+]?(0[bB][01]+|0[oO]?[0-7]*|0[xX][0-9a-fA-F]+|[1-9][0-9]*)$/.test(source.replace(/_/g, ''));
}

/** %v of a float64: strconv's shortest 'g', exponent form from 1e+06 and below 1e-04. */
function goFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mant, e] = x.toExponential().split('e') as [string, string];
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(x);
}

/** Go's %#v of the value go-yaml decodes `n` to; `top` for fmt's own argument (nil is `<nil>`). */
function sharpV(doc: Doc, node: unknown, top: boolean, depth = 0): string {
  const n = resolved(doc, node);
  if (depth > 32) return '...';
  if (isMap(n)) {
    const entries = n.items.map((p) => ({ key: sortKey(doc, p.key), text: `${sharpV(doc, p.key, false, depth + 1)}:${sharpV(doc, p.value, false, depth + 1)}` }));
    entries.sort((a, b) => a.key.rank - b.key.rank || (a.key.value < b.key.value ? -1 : a.key.value > b.key.value ? 1 : 0));
    return `map[interface {}]interface {}{${entries.map((e) => e.text).join(', ')}}`;
  }
  if (isSeq(n)) return `[]interface {}{${n.items.map((i) => sharpV(doc, i, false, depth + 1)).join(', ')}}`;
  const v = isScalar(n) ? n.value : null;
  if (v === null || v === undefined) return top ? '<nil>' : 'interface {}(nil)';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return isScalar(n) && n.type === 'PLAIN' && isGoInt(n.source ?? '') ? String(v) : goFloat(v);
  return goQuote(String(v));
}

/**
 * fmt prints a map sorted by key (internal/fmtsort): keys of one dynamic type by value, keys of
 * different types by their type descriptors' addresses in the binary. kubectl v1.32 put string
 * keys before int ones; the ranks of the other types are inferred.
 */
function sortKey(doc: Doc, node: unknown): { rank: number; value: string | number } {
  const n = resolved(doc, node);
  if (!isScalar(n) || n.value === null || n.value === undefined) return { rank: 4, value: '' };
  const v = n.value;
  if (typeof v === 'number') return { rank: n.type === 'PLAIN' && isGoInt(n.source ?? '') ? 1 : 2, value: v };
  if (typeof v === 'boolean') return { rank: 3, value: v ? 1 : 0 };
  return { rank: 0, value: String(v) };
}

/**
 * The first key `bad` refuses, meeting keys as go-yaml's decoder does: a pair's key (and the keys
 * inside it) before its value, in document order. Aliases are not followed: their nodes were met
 * where they were anchored.
 */
function firstBadKey(doc: Doc, node: unknown, bad: (key: unknown, value: unknown) => string | undefined, depth = 0): string | undefined {
  if (depth > 64) return undefined;
  const items: unknown[] = isMap(node) ? node.items : isSeq(node) ? node.items : [];
  for (const item of items) {
    if (isMap(node)) {
      const p = item as (typeof node.items)[number];
      const found = firstBadKey(doc, p.key, bad, depth + 1) ?? bad(resolved(doc, p.key), p.value) ?? firstBadKey(doc, p.value, bad, depth + 1);
      if (found) return found;
    } else {
      const found = firstBadKey(doc, item, bad, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** go-yaml's decoder: a mapping or sequence as a key (`doc` is free of syntax errors). */
export function invalidMapKey(doc: Doc): string | undefined {
  return firstBadKey(doc, doc.contents, (k) => (isMap(k) || isSeq(k) ? `yaml: invalid map key: ${sharpV(doc, k, true)}` : undefined));
}

/**
 * sigs.k8s.io/yaml's conversion of the decoded value to JSON: a null key. It meets keys in Go's
 * random map order, so this is exact for a document with one.
 */
export function unsupportedMapKey(doc: Doc): string | undefined {
  const isNull = (k: unknown): boolean => k === null || (isScalar(k) && (k.value === null || k.value === undefined));
  return firstBadKey(doc, doc.contents, (k, v) => (isNull(k) ? `unsupported map key of type: %!s(<nil>), key: <nil>, value: ${sharpV(doc, v, true)}` : undefined));
}
