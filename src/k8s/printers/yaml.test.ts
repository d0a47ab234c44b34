import { describe, expect, it } from 'vitest';
import { toYaml, yamlKeyLess } from './yaml';
import { toJsonCompact, toJsonIndent } from './json';

describe('toYaml (go-yaml v2 as sigs.k8s.io/yaml emits it)', () => {
  it('sorts keys, keeps sequences in mappings unindented and writes empty collections in flow style', () => {
    const y = toYaml({ spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2', resources: {}, ports: [{ containerPort: 80 }] }], tolerations: [] }, apiVersion: 'v1', kind: 'Pod' });
    expect(y).toBe(
      'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: nginx:1.14.2\n    name: nginx\n    ports:\n    - containerPort: 80\n    resources: {}\n  tolerations: []\n',
    );
  });

  it('double-quotes strings that would read back as other types and single-quotes indicator strings', () => {
    const y = toYaml({ a: 'true', b: '80', c: '', d: '2025-09-01T09:00:00Z', e: '*', f: 'a: b', g: "it's", h: '- x', i: 'n', j: '0x1F', k: '-c', l: 'null' });
    expect(y).toBe(`a: "true"\nb: "80"\nc: ""\nd: "2025-09-01T09:00:00Z"\ne: '*'\nf: 'a: b'\ng: it's\nh: '- x'\ni: "n"\nj: "0x1F"\nk: -c\nl: "null"\n`);
  });

  it('writes multi-line strings as literal blocks with chomping indicators', () => {
    expect(toYaml({ a: '{"x":1}\n', b: 'l1\nl2' })).toBe('a: |\n  {"x":1}\nb: |-\n  l1\n  l2\n');
  });

  it('double-quotes multi-line strings containing tabs', () => {
    expect(toYaml({ conf: 'server {\n\tlisten 80;\n}\n' })).toBe('conf: "server {\\n\\tlisten 80;\\n}\\n"\n');
  });

  it('folds long scalars past column 80 with a deeper continuation indent', () => {
    const msg = '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.';
    expect(toYaml({ status: { conditions: [{ message: msg }] } })).toBe(
      "status:\n  conditions:\n  - message: '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane:\n      }, 3 Insufficient cpu.'\n",
    );
  });

  it("orders keys the way go-yaml's keyList does (numbers by value, non-letters first)", () => {
    expect(yamlKeyLess('c9', 'c10')).toBe(true);
    expect(yamlKeyLess('a_b', 'aB')).toBe(true);
    expect(yamlKeyLess('app', 'app.kubernetes.io/name')).toBe(true);
  });
});

describe('JSON output (encoding/json)', () => {
  it('indents by four spaces, sorts keys and escapes HTML characters', () => {
    expect(toJsonIndent({ b: 1, a: { c: '<none>', d: [] } })).toBe('{\n    "a": {\n        "c": "\\u003cnone\\u003e",\n        "d": []\n    },\n    "b": 1\n}\n');
    expect(toJsonCompact({ z: [1, 'x'], a: null })).toBe('{"a":null,"z":[1,"x"]}');
  });
});
