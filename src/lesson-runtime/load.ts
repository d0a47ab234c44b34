/**
 * Reading a lesson file: YAML text → a validated Lesson, or errors that name the line, the field
 * and what is wrong (the same for built-in lessons in CI and for a learner's own file dropped on
 * the page). Never throws on bad input.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { roughDepth } from '../k8s/yaml-depth';
import { DrillSchema, MisconceptionCardSchema, type Drill, type MisconceptionCard } from './drill-schema';
import { LessonSchema, type Lesson } from './schema';

export interface LessonError {
  /** 1-based line in the file (0 when the problem is not tied to a line). */
  line: number;
  /** Dotted path of the field (`steps.3.predict.key`), empty for the whole document. */
  path: string;
  message: string;
}

export type LoadResult<T> = { ok: true; value: T } | { ok: false; errors: LessonError[] };

/** Lesson files are small; a bigger one is a mistake (or a paste bomb). */
export const MAX_FILE_BYTES = 256 * 1024;
const MAX_DEPTH = 40;

export function loadLesson(text: string): LoadResult<Lesson> {
  return loadYaml(text, LessonSchema);
}

export function loadDrill(text: string): LoadResult<Drill> {
  return loadYaml(text, DrillSchema);
}

export function loadMisconceptionCard(text: string): LoadResult<MisconceptionCard> {
  return loadYaml(text, MisconceptionCardSchema);
}

export function loadYaml<S extends z.ZodType>(raw: string, schema: S): LoadResult<z.infer<S>> {
  const text = raw.replace(/\r\n?|\u2028|\u2029/g, '\n');
  if (raw.length > MAX_FILE_BYTES) return { ok: false, errors: [{ line: 0, path: '', message: `the file is ${raw.length} characters; a lesson file is at most ${MAX_FILE_BYTES}` }] };
  if (roughDepth(text) > MAX_DEPTH) return { ok: false, errors: [{ line: 0, path: '', message: `the file nests deeper than ${MAX_DEPTH} levels` }] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) {
    return { ok: false, errors: doc.errors.map((e) => ({ line: e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line, path: '', message: e.message.split('\n')[0] ?? e.message })) };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    return { ok: false, errors: [{ line: 0, path: '', message: e instanceof Error ? e.message : String(e) }] };
  }
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const lineOf = (path: readonly PropertyKey[]): number => {
    const node = nodeAt(doc.contents as YamlNode | null, path);
    const offset = node?.range?.[0];
    return offset === undefined ? 0 : lineCounter.linePos(offset).line;
  };
  const errors = flattenIssues(r.error.issues).map((i) => ({ line: lineOf(i.path), path: i.path.map(String).join('.'), message: i.message }));
  errors.sort((a, b) => a.line - b.line);
  return { ok: false, errors };
}

/** The deepest YAML node along `path` (a missing key reports its parent). */
function nodeAt(root: YamlNode | null, path: readonly PropertyKey[]): YamlNode | undefined {
  let node: YamlNode | null | undefined = root;
  let last: YamlNode | undefined = root ?? undefined;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === seg);
      if (!pair) return last;
      last = (pair.key as YamlNode | null) ?? last;
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && typeof seg === 'number') {
      node = node.items[seg] as YamlNode | undefined;
    } else return last;
    if (node) last = node;
  }
  return last;
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * zod reports a failed union as every branch's issues; a person wants the branch that came
 * closest (fewest issues, then the deepest), reported at its full path.
 */
function flattenIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): Issue[] {
  const out: Issue[] = [];
  for (const i of issues) {
    const path = [...prefix, ...i.path];
    if (i.code === 'invalid_union' && i.errors.length) {
      const branches = i.errors.map((b) => flattenIssues(b, path));
      const score = (b: Issue[]): number => b.length * 100 - Math.max(0, ...b.map((x) => x.path.length));
      const unrecognisedOnly = (b: Issue[]): boolean => b.every((x) => x.message.startsWith('Unrecognized key'));
      // A branch that failed only on unknown keys is a different shape, not a near miss.
      const candidates = branches.filter((b) => !unrecognisedOnly(b));
      const best = (candidates.length ? candidates : branches).reduce((a, b) => (score(b) < score(a) ? b : a));
      out.push(...best);
    } else out.push({ path, message: i.message });
  }
  return out;
}

/** `3:12 steps.2.predict.key: key x is not one of the options` — one line per error. */
export function formatErrors(file: string, errors: readonly LessonError[]): string {
  return errors.map((e) => `${file}:${e.line}: ${e.path ? `${e.path}: ` : ''}${e.message}`).join('\n');
}
