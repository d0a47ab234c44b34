import { describe, expect, it } from 'vitest';
import { loadManifests, MAX_DEPTH, parseDocuments } from './manifest';
import { memoryFiles } from './testing';

describe('manifest loading guards', () => {
  it('rejects manifests larger than 1 MiB before parsing', () => {
    const r = parseDocuments(`a: "${'x'.repeat(1024 * 1024)}"\n`, 'big.yaml');
    expect(r.error).toBe('error reading big.yaml: the manifest is larger than 1 MiB');
  });

  it('rejects documents nested deeper than the limit', () => {
    const flow = `${'['.repeat(MAX_DEPTH + 5)}${']'.repeat(MAX_DEPTH + 5)}\n`;
    expect(parseDocuments(flow, 'deep.yaml').error).toBe(`error parsing deep.yaml: error converting YAML to JSON: yaml: exceeded max depth of ${MAX_DEPTH}`);
    let block = '';
    for (let i = 0; i < MAX_DEPTH + 2; i++) block += `${' '.repeat(i)}k${i}:\n`;
    expect(parseDocuments(`${block}${' '.repeat(MAX_DEPTH + 2)}v: 1\n`, 'deep2.yaml').error).toContain('exceeded max depth');
  });

  it('stops alias expansion bombs', () => {
    let text = 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\n';
    let prev = 'a';
    for (let i = 0; i < 12; i++) {
      text += `l${i}: &l${i} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]\n`;
      prev = `l${i}`;
    }
    expect(parseDocuments(text, 'lol.yaml').error).toBe('error parsing lol.yaml: error converting YAML to JSON: yaml: document contains excessive aliasing');
  });

  it('reads YAML 1.1 the way go-yaml v2 does: yes is a boolean, timestamps stay strings', () => {
    const { objects } = parseDocuments('a: yes\nb: 2025-09-01T09:00:00Z\nc: 0777\nd: "yes"\n', 'x.yaml');
    expect(objects).toEqual([{ a: true, b: '2025-09-01T09:00:00Z', c: 511, d: 'yes' }]);
  });

  it('keeps documents before a syntax error and skips empty documents', () => {
    const files = memoryFiles({ 'm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [b\n' });
    const r = loadManifests(files, undefined, ['m.yaml']);
    expect(r.docs.map((d) => d.obj.metadata.name)).toEqual(['a']);
    expect(r.errors).toHaveLength(1);
  });
});
