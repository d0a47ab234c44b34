import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockingSyntax, blocksApply, diagnose, MAX_DEPTH } from './diagnose';
import yamlCorpus from '../../k8s/go-yaml-errors.corpus.json';
import jsonCorpus from '../../k8s/go-json-stream.corpus.json';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');

const BLOCKING_SYNTAX: string[] = ['syntax', 'jsonSyntax', 'tooDeep', 'aliases'];

const summary = (text: string) => diagnose(text).map((d) => `${d.line}:${d.severity}:${d.code}:${d.params['field'] ?? d.params['doc'] ?? ''}`);

describe('diagnose', () => {
  it('finds nothing wrong in the example manifests', () => {
    for (const f of ['go-api.yaml', 'go-api-service.yaml', 'crashloop.yaml', 'too-big.yaml', 'bad-image.yaml', 'never-ready.yaml']) {
      expect(diagnose(manifest(f)), f).toEqual([]);
    }
    expect(diagnose('')).toEqual([]);
    expect(diagnose('# nothing yet\n')).toEqual([]);
  });

  it('reports a syntax error where go-yaml found it, in its words, and it blocks Apply', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: [\n';
    const d = diagnose(text);
    expect(d.map((x) => [x.line, x.code, x.params['detail']])).toEqual([[5, 'syntax', 'yaml: line 4: did not find expected key']]);
    expect(d[0]!.from).toBe(text.indexOf(' spec') + 1);
    expect(blocksApply(d)).toBe(true);
    expect(blockingSyntax(d)).toBe('yaml');
  });

  it('reports a tab used for indentation and an unclosed quote as kubectl does', () => {
    expect(diagnose('apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n').map((x) => [x.line, x.params['detail']])).toEqual([[4, 'yaml: line 4: found character that cannot start any token']]);
    expect(diagnose('apiVersion: v1\nkind: "Pod\n').map((x) => [x.line, x.code, x.params['detail']])).toEqual([[2, 'syntax', 'yaml: line 3: found unexpected end of stream']]);
  });

  it("numbers a later document's lines as kubectl does, from its start, and squiggles the editor's line", () => {
    const text = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: {}\n';
    const d = diagnose(text);
    expect(d.map((x) => [x.line, x.code, x.params['doc'], x.params['detail']])).toEqual([[10, 'syntax', 2, 'yaml: line 4: did not find expected key']]);
  });

  it('says, for every recorded malformed YAML manifest, what kubectl apply said', () => {
    for (const c of yamlCorpus.cases.filter((x) => x.stderr.includes('error parsing'))) {
      const said = /error parsing bad\.yaml: (.*)/.exec(c.stderr)![1]!;
      const syntax = diagnose(c.input).filter((d) => BLOCKING_SYNTAX.includes(d.code));
      expect([c.name, syntax.map((d) => d.message)]).toEqual([c.name, [said]]);
    }
  });

  it('words a JSON manifest as encoding/json does, for every recorded case kubectl refused', () => {
    const refused = jsonCorpus.cases.filter((x) => x.unvalidatedStderr.includes('error parsing'));
    expect(refused.length).toBeGreaterThan(20);
    for (const c of refused) {
      const said = /error parsing x\.json: (.*)/.exec(c.unvalidatedStderr)![1]!;
      const syntax = diagnose(c.input).filter((d) => BLOCKING_SYNTAX.includes(d.code));
      expect([c.name, syntax.map((d) => d.message)]).toEqual([c.name, [said]]);
    }
    const d = diagnose('{\n  "apiVersion": "v1",\n  "kind": "Pod"\n  "metadata": {"name": "x"}\n}\n');
    expect(d.map((x) => [x.line, x.code, x.params['detail']])).toEqual([[4, 'jsonSyntax', `json: offset 43: invalid character '"' after object key:value pair`]]);
    expect(blocksApply(d)).toBe(true);
    // The note under the editor names the syntax that blocks Apply.
    expect(blockingSyntax(d)).toBe('json');
    // YAML that starts like JSON is YAML to kubectl too, and concatenated objects are documents.
    expect(diagnose('{apiVersion: v1, kind: Pod, metadata: {name: x}}\n')).toEqual([]);
    expect(summary('{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "x"}}\n{"kind": "Pod"}\n')).toEqual(['2:error:missing:apiVersion', '2:error:missing:metadata.name']);
  });

  it('warns of a duplicate key, which kubectl takes silently (the last one wins)', () => {
    const d = diagnose('apiVersion: v1\nkind: Pod\nkind: Service\nmetadata:\n  name: x\n');
    expect(d.map((x) => `${x.line}:${x.severity}:${x.code}:${x.params['key']}`)).toEqual(['3:warning:duplicateKey:kind']);
    expect(blocksApply(d)).toBe(false);
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
