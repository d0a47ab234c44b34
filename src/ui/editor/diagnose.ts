/**
 * Inline problems for the YAML editor, as a pure function of its text. Syntax errors are the one
 * `kubectl apply -f -` will stop at, in its words: the text is read as kubectl's YAMLOrJSONDecoder
 * reads it (k8s/manifest-stream.ts), so a YAML error is go-yaml's (`yaml: line 3: did not find
 * expected key`, its line counted from the start of its `---` document, as kubectl counts it) and
 * a JSON one is encoding/json's (`json: offset 21: invalid character …`); the squiggle sits where
 * the parser found the problem. Documents read before it are checked for being mappings with
 * apiVersion, kind and metadata.name, and for duplicate keys (which kubectl takes silently, the
 * last one winning). Syntax problems block Apply (kubectl would refuse the text anyway); the
 * others do not — kubectl's own error message is part of the lesson.
 *
 * The text is untrusted (pasted), so it is bounded like kubectl's reader bounds it: at most
 * 1 MiB here, nesting and alias expansion by the decoder (before the `yaml` library parses a
 * document, which is also when a value is parsed again here for its places).
 */
import { isMap, isScalar, parseDocument, type Node as YamlNode } from 'yaml';
import { decodeManifestStream, type StreamError } from '../../k8s/manifest-stream';
import { MAX_ALIASES, MAX_DEPTH } from '../../k8s/yaml-to-json';

export const MAX_BYTES = 1024 * 1024;
export { MAX_ALIASES, MAX_DEPTH };

export type DiagnosticCode = 'syntax' | 'jsonSyntax' | 'notMapping' | 'missing' | 'duplicateKey' | 'tooLarge' | 'tooDeep' | 'aliases';

export interface Diagnostic {
  /** Character offsets in the text. */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  severity: 'error' | 'warning';
  code: DiagnosticCode;
  /** Values for the translated message: `detail` (the parser's words), `doc` (1-based), `field`, `key`, `size`, `max`. */
  params: Record<string, string | number>;
  /** The English message (tests, logs); the UI shows the translation of `code`. */
  message: string;
}

/** Codes that make the text unusable: Apply waits until they are fixed. */
export const BLOCKING: ReadonlySet<DiagnosticCode> = new Set(['syntax', 'jsonSyntax', 'tooLarge', 'tooDeep', 'aliases']);

export function blocksApply(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error' && BLOCKING.has(d.code));
}

/** Which syntax the error that blocks Apply is in: a JSON manifest's or YAML (anything else that blocks). */
export function blockingSyntax(diags: readonly Diagnostic[]): 'json' | 'yaml' {
  return diags.some((d) => d.severity === 'error' && d.code === 'jsonSyntax') ? 'json' : 'yaml';
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A decoded value's field as a non-empty word (a number or boolean counts: the field is there). */
function fieldWord(v: unknown): string | undefined {
  if (v === null || v === undefined || typeof v === 'object') return undefined;
  const w = String(v);
  return w === '' ? undefined : w;
}

/** The stream's error as a problem: its code and the words after kubectl's `error parsing STDIN: `. */
function streamProblem(e: StreamError): { code: DiagnosticCode; detail: string } {
  const detail = e.message.replace(/^error converting YAML to JSON: /, '');
  if (/exceeded max depth/.test(detail)) return { code: 'tooDeep', detail };
  if (/excessive aliasing/.test(detail)) return { code: 'aliases', detail };
  return { code: e.syntax === 'json' ? 'jsonSyntax' : 'syntax', detail };
}

export function diagnose(text: string): Diagnostic[] {
  const starts = lineStarts(text);
  const at = (from: number, to: number, severity: Diagnostic['severity'], code: DiagnosticCode, params: Diagnostic['params'], message: string): Diagnostic => {
    const f = Math.max(0, Math.min(from, text.length));
    const t = Math.max(f, Math.min(to, text.length));
    return { from: f, to: t, line: lineOf(starts, f), severity, code, params, message };
  };
  const firstLine = (): number => (starts[1] === undefined ? text.length : starts[1] - 1);

  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BYTES) {
    const size = Math.ceil(bytes / 1024);
    return [at(0, firstLine(), 'error', 'tooLarge', { size }, `the text is ${size} KB; at most 1024 KB is checked`)];
  }

  const stream = decodeManifestStream(text);
  const out: Diagnostic[] = [];
  if (stream.error) {
    const { code, detail } = streamProblem(stream.error);
    const params: Diagnostic['params'] = { detail };
    if (code === 'tooDeep' || code === 'aliases') params['max'] = code === 'aliases' ? MAX_ALIASES : MAX_DEPTH;
    else if (stream.error.doc !== undefined) params['doc'] = stream.error.doc;
    // A problem found at the end of the text (`found unexpected end of stream`) marks its last line, not the empty one after it.
    const from = stream.error.from >= text.length && text.endsWith('\n') ? text.length - 1 : stream.error.from;
    out.push(at(from, Math.max(from + 1, stream.error.to), 'error', code, params, stream.error.message));
  }
  for (const [i, { value, from, to }] of stream.values.entries()) {
    const n = i + 1;
    // The value's own text, parsed again for places: its first line, its keys.
    const doc = parseDocument(text.slice(from, to), { version: '1.1', uniqueKeys: true, prettyErrors: false });
    for (const e of doc.errors) {
      if (e.code !== 'DUPLICATE_KEY') continue;
      // The yaml library marks the repeated key's first character; the key runs to its colon.
      const key = /^("[^"]*"|'[^']*'|[^:\n]*?)\s*:/.exec(text.slice(from + e.pos[0], from + e.pos[0] + 256))?.[1] ?? text.slice(from + e.pos[0], from + e.pos[1]);
      out.push(at(from + e.pos[0], from + e.pos[0] + Math.max(1, key.length), 'warning', 'duplicateKey', { doc: n, key }, `document ${n} repeats the key ${key}; kubectl keeps the last one`));
    }
    const contents = doc.contents as YamlNode | null;
    const start = from + (contents?.range?.[0] ?? 0);
    const next = starts[lineOf(starts, start)];
    const head: [number, number] = [start, Math.min(to, next === undefined ? text.length : next - 1)];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      out.push(at(...head, 'error', 'notMapping', { doc: n }, `document ${n} is not a mapping`));
      continue;
    }
    const obj = value as Record<string, unknown>;
    for (const field of ['apiVersion', 'kind'] as const) {
      if (!fieldWord(obj[field])) out.push(at(...head, 'error', 'missing', { doc: n, field }, `document ${n} has no ${field}`));
    }
    const metadata = obj['metadata'];
    if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
      out.push(at(...head, 'error', 'missing', { doc: n, field: 'metadata.name' }, `document ${n} has no metadata.name`));
    } else if (!fieldWord((metadata as Record<string, unknown>)['name']) && !fieldWord((metadata as Record<string, unknown>)['generateName'])) {
      const pair = isMap(contents) ? contents.items.find((p) => isScalar(p.key) && p.key.value === 'metadata') : undefined;
      const keyRange = (pair?.key as YamlNode | undefined)?.range;
      const place: [number, number] = keyRange ? [from + keyRange[0], from + keyRange[1]] : head;
      out.push(at(...place, 'error', 'missing', { doc: n, field: 'metadata.name' }, `document ${n} has no metadata.name`));
    }
  }
  return out.sort((a, b) => a.from - b.from);
}
