import { describe, expect, it } from 'vitest';
import { toKyaml } from './kyaml';

const body = (v: unknown): string => toKyaml(v).replace(/^---\n/, '').replace(/\n$/, '');

describe('KYAML (sigs.k8s.io/yaml kyaml, as kubectl -o kyaml prints)', () => {
  it('writes the header, sorted bare keys, quoted strings and trailing commas', () => {
    expect(toKyaml({ kind: 'Pod', apiVersion: 'v1', metadata: { name: 'x' } })).toBe('---\n{\n  apiVersion: "v1",\n  kind: "Pod",\n  metadata: {\n    name: "x",\n  },\n}\n');
  });

  it('quotes only the keys another type could be read from', () => {
    const out = body({ '8080': 1, yes: 2, 'app.kubernetes.io/name': 3, '-lead': 4, '11:00': 5, '2006-1-2': 6, nan: 7, plain_key: 8, '': 9 });
    expect(out).toBe('{\n  "": 9,\n  "-lead": 4,\n  "11:00": 5,\n  "2006-1-2": 6,\n  "8080": 1,\n  app.kubernetes.io/name: 3,\n  "nan": 7,\n  plain_key: 8,\n  "yes": 2,\n}');
  });

  it('cuddles lists of maps onto their brackets and lays out lists of scalars one per line', () => {
    expect(body({ a: [{ b: 1 }, { c: 2 }], s: ['x', 'y'], e: [], m: {} })).toBe('{\n  a: [{\n    b: 1,\n  }, {\n    c: 2,\n  }],\n  e: [],\n  m: {},\n  s: [\n    "x",\n    "y",\n  ],\n}');
  });

  it('folds a multi-line string with line continuations, escaping leading spaces (the encoder\'s own test case)', () => {
    expect(body('This\n is a\n  multi-line\n string')).toBe('"\\\n   This\\n\\\n  \\ is a\\n\\\n  \\  multi-line\\n\\\n  \\ string\\\n  "');
    expect(body({ simple: 'This is a multi-line string.\nIt has multiple lines.\n' })).toBe('{\n  simple: "\\\n     This is a multi-line string.\\n\\\n     It has multiple lines.\\n\\\n    ",\n}');
  });

  it('escapes quotes, backslashes and control characters; numbers, booleans and null stay bare (and `n` is a YAML 1.1 boolean key)', () => {
    expect(body({ q: 'say "hi" \\ \u0007\u0001', n: 1.5, b: false, z: null })).toBe('{\n  b: false,\n  "n": 1.5,\n  q: "say \\"hi\\" \\\\ \\a\\x01",\n  z: null,\n}');
  });
});
