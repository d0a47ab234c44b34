import { describe, expect, it } from 'vitest';
import { loadManifests, MAX_DEPTH, parseDocuments } from './manifest';
import { memoryFiles } from './testing';
import { Session } from './session';

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

  it('refuses an anchor whose value contains itself, as go-yaml v2 does, instead of walking it forever', () => {
    expect(parseDocuments('apiVersion: v1\nkind: ConfigMap\nmetadata: &m\n  name: fz\n  labels: *m\n', 'self.yaml').error).toBe(
      "error parsing self.yaml: error converting YAML to JSON: yaml: anchor 'm' value contains itself",
    );
    expect(parseDocuments('a: &l [1, *l]\n', 'list.yaml').error).toContain("anchor 'l' value contains itself");
    // An alias after its anchor's node is an ordinary copy.
    expect(parseDocuments('a: &x {k: 1}\nb: *x\n', 'ok.yaml').objects).toEqual([{ a: { k: 1 }, b: { k: 1 } }]);
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

  it('applies a manifest saved with any line ending go-yaml reads: CRLF, a lone CR, NEL, U+2028, U+2029', () => {
    const s = new Session();
    const endings = { crlf: '\r\n', cr: '\r', nel: '\u0085', ls: '\u2028', ps: '\u2029' };
    for (const [name, eol] of Object.entries(endings)) {
      const doc = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', `  name: ${name}`, 'data:', '  note: |', '    one', '    two', ''].join(eol);
      const applied = s.run('kubectl apply -f -', doc);
      expect(applied.output.map((c) => c.text).join('')).toBe(`configmap/${name} created\n`);
      expect(s.run(`kubectl get cm ${name} -o jsonpath={.data.note}`).output.map((c) => c.text).join('')).toBe('one\ntwo\n');
    }
  });

  it("reads a lone '.' as go-yaml v2 does (a string, not YAML 1.1's NaN), and '0755' as go-yaml v3 does in YAML 1.2 mode (kustomize's resources)", () => {
    expect(parseDocuments('a: .\nb: -.\nc: 1.\nd: .5\n', 'x.yaml').objects).toEqual([{ a: '.', b: '-.', c: 1, d: 0.5 }]);
    expect(parseDocuments('a: 0755\nb: yes\n', 'x.yaml', '1.2').objects).toEqual([{ a: 493, b: 'yes' }]);
  });

  it('keeps U+2028 inside a JSON string, as JSON allows it there', () => {
    const { objects } = parseDocuments('{"kind": "ConfigMap",\r\n "data": {"a": "x\u2028y"}}', 'x.json');
    expect(objects).toEqual([{ kind: 'ConfigMap', data: { a: 'x\u2028y' } }]);
  });
});

describe('a flow collection the stream ends inside', () => {
  // Recorded from kubectl v1.35.2 (apply -f FILE --validate=false): go-yaml fails at the
  // collection's last token, not on the line after it as the yaml library does.
  it.each([
    ['foo: [\n', "yaml: line 1: did not find expected node content"],
    ['a: [\n  1,\n', "yaml: line 2: did not find expected node content"],
    ['a: [1, 2\n', "yaml: line 1: did not find expected ',' or ']'"],
    ['a: {b: 1\n', "yaml: line 1: did not find expected ',' or '}'"],
    ['apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n  foo: [\n', 'yaml: line 5: did not find expected node content'],
  ])('%j', (text, message) => {
    expect(parseDocuments(text, 'b.yaml').error).toBe(`error parsing b.yaml: error converting YAML to JSON: ${message}`);
  });
});
