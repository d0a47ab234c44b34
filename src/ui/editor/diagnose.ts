/**
 * Inline problems for the YAML editor, as a pure function of its text: YAML syntax errors
 * (including duplicate keys), documents that are not mappings, and documents without
 * apiVersion, kind or metadata.name. Syntax problems block Apply (kubectl would refuse the text
 * anyway); missing fields do not — kubectl's own error message is part of the lesson.
 *
 * The text is untrusted (pasted), so it is bounded like kubectl's reader bounds it: at most
 * 1 MiB, flow nesting checked before the parser sees it, block nesting and alias expansion
 * checked after.
 */
import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node as YamlNode } from 'yaml';

export const MAX_BYTES = 1024 * 1024;
export const MAX_DEPTH = 64;
export const MAX_ALIASES = 100;

export type DiagnosticCode = 'syntax' | 'notMapping' | 'missing' | 'tooLarge' | 'tooDeep' | 'aliases';

export interface Diagnostic {
  /** Character offsets in the text. */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  severity: 'error' | 'warning';
  code: DiagnosticCode;
  /** Values for the translated message: `detail` (the parser's words), `doc` (1-based), `field`, `size`, `max`. */
  params: Record<string, string | number>;
  /** The English message (tests, logs); the UI shows the translation of `code`. */
  message: string;
}

/** Codes that make the text unusable: Apply waits until they are fixed. */
export const BLOCKING: ReadonlySet<DiagnosticCode> = new Set(['syntax', 'tooLarge', 'tooDeep', 'aliases']);

export function blocksApply(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error' && BLOCKING.has(d.code));
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

/** Deepest `[`/`{` nesting outside quotes: what would recurse in the parser. */
function flowDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote || c === '\n') quote = undefined;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return max;
}

/** Depth of the parsed node tree, walked without recursion. */
function nodeDepth(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (isMap(n) || isSeq(n)) {
      max = Math.max(max, d);
      for (const item of n.items) {
        if (isMap(n)) {
          const pair = item as { value?: unknown };
          stack.push([pair.value, d + 1]);
        } else stack.push([item, d + 1]);
      }
    }
  }
  return max;
}

function scalarString(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  const v = node.value;
  return typeof v === 'string' ? v : v === null || v === undefined ? undefined : String(v);
}

export function diagnose(text: string): Diagnostic[] {
  const starts = lineStarts(text);
  const at = (from: number, to: number, severity: Diagnostic['severity'], code: DiagnosticCode, params: Diagnostic['params'], message: string): Diagnostic => {
    const f = Math.max(0, Math.min(from, text.length));
    const t = Math.max(f, Math.min(to, text.length));
    return { from: f, to: t, line: lineOf(starts, f), severity, code, params, message };
  };
  const firstLine = (): number => starts[1] === undefined ? text.length : starts[1] - 1;

  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BYTES) {
    const size = Math.ceil(bytes / 1024);
    return [at(0, firstLine(), 'error', 'tooLarge', { size }, `the text is ${size} KB; at most 1024 KB is checked`)];
  }
  if (flowDepth(text) > MAX_DEPTH) return [at(0, firstLine(), 'error', 'tooDeep', { max: MAX_DEPTH }, `nesting deeper than ${MAX_DEPTH} levels`)];

  const parsed = parseAllDocuments(text, { version: '1.1', uniqueKeys: true, prettyErrors: false });
  const docs: Document.Parsed[] = Array.isArray(parsed) ? parsed : [];
  const out: Diagnostic[] = [];
  let n = 0;
  for (const doc of docs) {
    const [start, , end] = doc.range;
    for (const e of doc.errors) out.push(at(e.pos[0], Math.max(e.pos[1], e.pos[0] + 1), 'error', 'syntax', { detail: e.message }, e.message));
    for (const w of doc.warnings) out.push(at(w.pos[0], Math.max(w.pos[1], w.pos[0] + 1), 'warning', 'syntax', { detail: w.message }, w.message));
    const contents = doc.contents as YamlNode | null;
    // An empty document (only comments, or a trailing `---`) is skipped by kubectl too.
    if (contents === null || (isScalar(contents) && contents.value === null)) continue;
    n++;
    if (doc.errors.length) continue;
    const range = contents.range ?? [start, end, end];
    const head = (): [number, number] => {
      const lineEnd = text.indexOf('\n', range[0]);
      return [range[0], lineEnd < 0 ? range[1] : Math.min(lineEnd, range[1])];
    };
    if (nodeDepth(contents) > MAX_DEPTH) {
      out.push(at(...head(), 'error', 'tooDeep', { max: MAX_DEPTH }, `nesting deeper than ${MAX_DEPTH} levels`));
      continue;
    }
    try {
      doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch {
      out.push(at(...head(), 'error', 'aliases', { max: MAX_ALIASES }, `too many YAML aliases (at most ${MAX_ALIASES})`));
      continue;
    }
    if (!isMap(contents)) {
      out.push(at(...head(), 'error', 'notMapping', { doc: n }, `document ${n} is not a mapping`));
      continue;
    }
    for (const field of ['apiVersion', 'kind'] as const) {
      if (!scalarString(contents.get(field, true))) out.push(at(...head(), 'error', 'missing', { doc: n, field }, `document ${n} has no ${field}`));
    }
    const metadata = contents.get('metadata', true);
    if (!isMap(metadata)) {
      out.push(at(...head(), 'error', 'missing', { doc: n, field: 'metadata.name' }, `document ${n} has no metadata.name`));
    } else if (!scalarString(metadata.get('name', true)) && !scalarString(metadata.get('generateName', true))) {
      const pair = contents.items.find((p) => scalarString(p.key) === 'metadata');
      const keyRange = (pair?.key as YamlNode | undefined)?.range;
      out.push(at(keyRange?.[0] ?? head()[0], keyRange?.[1] ?? head()[1], 'error', 'missing', { doc: n, field: 'metadata.name' }, `document ${n} has no metadata.name`));
    }
  }
  return out.sort((a, b) => a.from - b.from);
}
