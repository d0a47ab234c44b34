import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blocksApply, diagnose, MAX_DEPTH } from './diagnose';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');

const summary = (text: string) => diagnose(text).map((d) => `${d.line}:${d.severity}:${d.code}:${d.params['field'] ?? d.params['doc'] ?? ''}`);

describe('diagnose', () => {
  it('finds nothing wrong in the example manifests', () => {
    for (const f of ['go-api.yaml', 'go-api-service.yaml', 'crashloop.yaml', 'too-big.yaml', 'bad-image.yaml', 'never-ready.yaml']) {
      expect(diagnose(manifest(f)), f).toEqual([]);
    }
    expect(diagnose('')).toEqual([]);
    expect(diagnose('# nothing yet\n')).toEqual([]);
  });

  it('reports a syntax error where it is, and it blocks Apply', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: [\n';
    const d = diagnose(text);
    expect(d.length).toBeGreaterThan(0);
    expect(d[0]!.code).toBe('syntax');
    expect(d[0]!.severity).toBe('error');
    expect(d[0]!.line).toBeGreaterThanOrEqual(4);
    expect(d[0]!.from).toBeGreaterThanOrEqual(text.indexOf('name: x'));
    expect(typeof d[0]!.params['detail']).toBe('string');
    expect(blocksApply(d)).toBe(true);
  });

  it('reports a tab used for indentation and an unclosed quote', () => {
    expect(summary('apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n')[0]).toMatch(/^4:error:syntax/);
    expect(summary('apiVersion: v1\nkind: "Pod\n')[0]).toMatch(/:error:syntax/);
  });

  it('treats duplicate keys as errors', () => {
    const d = diagnose('apiVersion: v1\nkind: Pod\nkind: Service\nmetadata:\n  name: x\n');
    expect(d.map((x) => `${x.line}:${x.code}`)).toEqual(['3:syntax']);
    expect(d[0]!.message).toMatch(/unique/i);
  });

  it('names the fields a manifest misses, per document, without blocking Apply', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nmetadata:\n  labels: {}\n---\napiVersion: v1\n';
    expect(summary(text)).toEqual(['6:error:missing:apiVersion', '7:error:missing:metadata.name', '10:error:missing:kind', '10:error:missing:metadata.name']);
    expect(blocksApply(diagnose(text))).toBe(false);
    // generateName is a name too (kubectl create accepts it).
    expect(diagnose('apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: web-\n')).toEqual([]);
  });

  it('says when a document is not a mapping', () => {
    expect(summary('- a\n- b\n')).toEqual(['1:error:notMapping:1']);
    expect(summary('just words\n')).toEqual(['1:error:notMapping:1']);
    // Empty documents between separators are skipped, as kubectl skips them.
    expect(summary('---\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\n')).toEqual([]);
  });

  it('refuses absurd input before or after parsing', () => {
    const huge = 'a: b\n'.repeat(250_000);
    expect(summary(huge)).toEqual(['1:error:tooLarge:']);
    expect(blocksApply(diagnose(huge))).toBe(true);
    const flow = `x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expect(summary(flow)).toEqual(['1:error:tooDeep:']);
    let block = '';
    for (let i = 0; i < MAX_DEPTH + 5; i++) block += `${' '.repeat(i)}k${i}:\n`;
    block += `${' '.repeat(MAX_DEPTH + 5)}v\n`;
    expect(diagnose(block).map((d) => d.code)).toEqual(['tooDeep']);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');
    expect(diagnose(bomb).map((d) => d.code)).toEqual(['aliases']);
  });

  it('ignores brackets inside quotes and comments when measuring nesting', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c  # ${'['.repeat(200)}\ndata:\n  x: "${'{'.repeat(200)}"\n`;
    expect(diagnose(text)).toEqual([]);
  });
});
