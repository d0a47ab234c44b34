/**
 * A `-f` stream as kubectl's StreamVisitor reads it (cli-runtime resource/visitor.go): the
 * FileVisitor drops a UTF-8 byte-order mark, then apimachinery's YAMLOrJSONDecoder
 * (pkg/util/yaml/decoder.go, as rewritten for v1.33, "Better handling of YAML that tastes like
 * JSON") decodes one value per call. A stream whose first non-space character is `{` is read
 * with encoding/json, objects concatenated or not; the first value it cannot read sends the rest
 * of the stream to the YAML reader (so `{kind: Pod}` is YAML), unless two values were read
 * already. Every value and the error carry their place in the text, for the editor's squiggles.
 * Shared by kubectl's manifest loader and the YAML editor's diagnostics.
 */
import { jsonDecoderStep } from './go-json';
import { utf8CharBytes, utf8Length } from './utf8';
import { MAX_DEPTH, yamlToJson } from './yaml-to-json';

export interface StreamValue {
  value: unknown;
  /** ext.Raw of a value read as JSON: its text as written (kubectl quotes it in `Object 'Kind' is missing in '…'`). */
  json?: string;
  /** The value's place (a YAML document's, from its first line) in the text given. */
  from: number;
  to: number;
}

export interface StreamError {
  /** What kubectl prints after `error parsing <file>: `. */
  message: string;
  /** Whose words: encoding/json's, or go-yaml's and the YAMLReader's. */
  syntax: 'json' | 'yaml';
  /** 1-based document of the YAML reader the error is in (kubectl counts its lines from that document's start). */
  doc?: number;
  from: number;
  to: number;
}

export interface DecodedStream {
  values: StreamValue[];
  /** The error that ended the stream; the values before it were read. */
  error?: StreamError;
}

export interface YamlReaderDocument {
  /** The document as the LineReader rewrote it: each line ends in `\n`. */
  text: string;
  /** Where its first line starts in the text, and that line's 0-based number. */
  from: number;
  line: number;
}

/**
 * apimachinery's YAMLReader: the documents of a `-f` stream (from `start`), split at lines
 * starting `---` that carry nothing else but a comment. Its LineReader drops each line's `\n` or
 * `\r\n` and writes `\n`, and a separator read while no document has begun stays in the next
 * document, which is why go-yaml's line numbers count from a document's first line (or its
 * `---`, for the first document or after an empty one). A separator with more on its line ends
 * the stream, losing the document it interrupts.
 */
export function yamlReaderDocuments(text: string, start = 0): { docs: YamlReaderDocument[]; error?: { message: string; from: number; line: number } } {
  const docs: YamlReaderDocument[] = [];
  let buffer = '';
  let docFrom = start;
  let docLine = 0;
  let line = countLines(text, start);
  let pos = start;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    // bufio's ReadLine drops `\r\n` or `\n`; a last line without either keeps a trailing CR.
    const raw = text.slice(pos, end);
    const content = raw.endsWith('\r') && nl >= 0 ? raw.slice(0, -1) : raw;
    if (content.startsWith('---')) {
      const trimmed = content.slice(3).trim();
      if (trimmed.length > 0 && !trimmed.startsWith('#')) return { docs, error: { message: `invalid Yaml document separator: ${trimmed}`, from: pos, line } };
      if (buffer.length > 0) {
        docs.push({ text: buffer, from: docFrom, line: docLine });
        buffer = '';
        pos = end + 1;
        line++;
        continue;
      }
    }
    if (buffer.length === 0) {
      docFrom = pos;
      docLine = line;
    }
    buffer += `${content}\n`;
    pos = end + 1;
    line++;
  }
  if (buffer.length > 0) docs.push({ text: buffer, from: docFrom, line: docLine });
  return { docs };
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** unicode.IsSpace. */
function isGoSpace(cp: number): boolean {
  return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp === 0x85 || cp === 0xa0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x2029 || cp === 0x202f || cp === 0x205f || cp === 0x3000;
}

/** GuessJSONStream's peek of 4096 bytes. */
const GUESS_BYTES = 4096;

/** GuessJSONStream / hasJSONPrefix: within the first 4096 bytes, the first non-space character is `{`. */
export function looksLikeJson(text: string): boolean {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += utf8CharBytes(cp);
    if (bytes > GUESS_BYTES) return false;
    if (!isGoSpace(cp)) return ch === '{';
  }
  return false;
}

/**
 * consumeWhitespace before the switch to YAML: spaces up to and including the first newline.
 * It reads four bytes at a time, so it gives up (and the YAML reader never starts) where fewer
 * than four bytes are left.
 */
function consumeWhitespace(text: string, from: number): number | undefined {
  let left = utf8Length(text.slice(from));
  let pos = from;
  for (;;) {
    if (left < 4) return undefined;
    const cp = text.codePointAt(pos)!;
    if (!isGoSpace(cp)) return pos;
    pos += cp > 0xffff ? 2 : 1;
    left -= utf8CharBytes(cp);
    if (cp === 0x0a) return pos;
  }
}

/** Offset in `text` of a 0-based line and column within a YAML document. */
function placeOf(text: string, doc: YamlReaderDocument, at: { line: number; column: number }): number {
  let start = doc.from;
  for (let l = 0; l < at.line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    start = nl + 1;
  }
  return Math.min(start + at.column, lineEnd(text, start));
}

function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
}

/**
 * The YAML decoder from `start`. `pending` is the JSON decoder's error from the call that
 * switched here: that call returns it if its YAML document fails too.
 */
function decodeYaml(text: string, start: number, pending: StreamError | undefined, version: '1.1' | '1.2'): DecodedStream {
  const split = yamlReaderDocuments(text, start);
  const values: StreamValue[] = [];
  for (const [i, doc] of split.docs.entries()) {
    const { value, error, at } = yamlToJson(doc.text, version);
    if (error !== undefined) {
      if (i === 0 && pending) return { values, error: pending };
      const from = at ? placeOf(text, doc, at) : doc.from;
      return { values, error: { message: `error converting YAML to JSON: ${error}`, syntax: 'yaml', doc: i + 1, from, to: Math.max(from + 1, lineEnd(text, from)) } };
    }
    if (value !== null && value !== undefined) values.push({ value, from: doc.from, to: Math.min(text.length, doc.from + doc.text.length) });
  }
  if (split.error) {
    if (split.docs.length === 0 && pending) return { values, error: pending };
    const { message, from } = split.error;
    return { values, error: { message, syntax: 'yaml', doc: split.docs.length + 1, from, to: lineEnd(text, from) } };
  }
  return { values };
}

/** Nesting depth of a decoded JSON value, counted no further than past MAX_DEPTH. */
function tooDeep(v: unknown): boolean {
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d > MAX_DEPTH) return true;
    for (const c of Object.values(x as object)) stack.push([c, d + 1]);
  }
  return false;
}

/**
 * Every value of a `-f` stream up to the first error, as YAMLOrJSONDecoder.Decode returns them
 * call by call. `version` '1.2' reads YAML as go-yaml v3 does (kustomize's output).
 */
export function decodeManifestStream(input: string, version: '1.1' | '1.2' = '1.1'): DecodedStream {
  const bom = input.startsWith('\uFEFF') ? 1 : 0;
  const shifted = (d: DecodedStream): DecodedStream =>
    bom === 0
      ? d
      : {
          values: d.values.map((v) => ({ ...v, from: v.from + 1, to: v.to + 1 })),
          ...(d.error ? { error: { ...d.error, from: d.error.from + 1, to: d.error.to + 1 } } : {}),
        };
  const text = input.slice(bom);
  if (!looksLikeJson(text)) return shifted(decodeYaml(text, 0, undefined, version));
  const values: StreamValue[] = [];
  let count = 0;
  for (let pos = 0; ; ) {
    const step = jsonDecoderStep(text, pos);
    if (step.kind === 'eof') return shifted({ values });
    if (step.kind === 'value') {
      const json = text.slice(step.start, step.end);
      const value = JSON.parse(json) as unknown;
      // The simulator's bound on nesting, as for YAML (encoding/json's own is 10000).
      if (tooDeep(value)) return shifted({ values, error: { message: `exceeded max depth of ${MAX_DEPTH}`, syntax: 'json', from: step.start, to: step.start + 1 } });
      // A `null` counts as a value read, but kubectl's visitor skips it.
      if (value !== null) values.push({ value, json, from: step.start, to: step.end });
      count++;
      pos = step.end;
      continue;
    }
    const where = step.kind === 'syntax' ? { from: step.index, to: step.index + 1 } : { from: Math.max(0, text.length - 1), to: text.length };
    const words = step.kind === 'syntax' ? step.message : 'unexpected EOF';
    // Two values read make it a JSON stream for good: the decoder's own error, without the offset.
    if (count > 1) return shifted({ values, error: { message: words, syntax: 'json', ...where } });
    const pending: StreamError = { message: step.kind === 'syntax' ? `json: offset ${step.offset}: ${words}` : words, syntax: 'json', ...where };
    const yamlFrom = consumeWhitespace(text, pos);
    if (yamlFrom === undefined) return shifted({ values, error: pending });
    const rest = decodeYaml(text, yamlFrom, pending, version);
    return shifted({ values: [...values, ...rest.values], ...(rest.error ? { error: rest.error } : {}) });
  }
}
