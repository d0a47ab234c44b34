/**
 * An object exactly as `kubectl get -o yaml` prints it (kubectl's own go-yaml emitter from
 * src/k8s, managedFields hidden as kubectl hides them by default), split into lines, with the
 * lines of the changed fields marked. The `yaml` library only parses that text back to find
 * where each field's lines are.
 */
import { isMap, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { toYaml } from '../../k8s/printers/yaml';
import type { KObject } from '../../k8s/types';
import type { ChangedPath } from './changes';

export interface YamlLine {
  text: string;
  /** The changes that cover this line (empty when unchanged). */
  changes: readonly ChangedPath[];
}

export interface MarkedYaml {
  lines: YamlLine[];
  /** Changes with no line in this version (removed fields). */
  elsewhere: ChangedPath[];
}

/** The object without managedFields (kubectl's --show-managed-fields=false default). */
export function displayObject(o: KObject): KObject {
  if (!o.metadata.managedFields) return o;
  const { managedFields: _hidden, ...metadata } = o.metadata;
  return { ...o, metadata };
}

export function objectYaml(o: KObject): string {
  return toYaml(displayObject(o));
}

/** The YAML of `o` line by line, each line carrying the changes whose field spans it. */
export function markedYaml(o: KObject, changes: readonly ChangedPath[]): MarkedYaml {
  const text = objectYaml(o);
  const texts = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const marks: ChangedPath[][] = texts.map(() => []);
  const elsewhere: ChangedPath[] = [];
  if (changes.length) {
    const starts = lineStarts(text);
    const doc = parseDocument(text, { version: '1.1' });
    for (const c of changes) {
      const span = c.change === 'removed' ? undefined : fieldSpan(doc.contents, c.segments);
      if (!span) {
        elsewhere.push(c);
        continue;
      }
      const first = lineOf(starts, span[0]);
      const last = lineOf(starts, Math.max(span[0], span[1] - 1));
      for (let i = first; i <= last && i < marks.length; i++) marks[i]!.push(c);
    }
  }
  return { lines: texts.map((t, i) => ({ text: t, changes: marks[i]! })), elsewhere };
}

/** Offsets [start, end) of a field: from its key (or list dash item) to the end of its value. */
function fieldSpan(root: unknown, segments: readonly (string | number)[]): [number, number] | undefined {
  let node: unknown = root;
  let span: [number, number] | undefined;
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(seg));
      if (!pair) return undefined;
      const key = pair.key as YamlNode | null;
      const value = pair.value as YamlNode | null;
      const start = key?.range?.[0];
      const end = value?.range?.[1] ?? key?.range?.[1];
      if (start === undefined || end === undefined) return undefined;
      span = [start, end];
      node = value;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as YamlNode | undefined;
      if (!item?.range) return undefined;
      span = [item.range[0], item.range[1]];
      node = item;
    } else return undefined;
  }
  return span;
}

function keyText(key: unknown): string | undefined {
  if (key && typeof key === 'object' && 'value' in key) return String((key as { value: unknown }).value);
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
