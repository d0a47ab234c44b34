import { describe, expect, it } from 'vitest';
import { applyJsonPatch, jsonMergePatch, jsonPatch } from './json-patch';

describe('jsonPatch (RFC 6902)', () => {
  const doc = { a: { b: [1, 2] }, c: 'x', 'k/e~y': 1 };

  it('applies add (incl. `-`), remove, replace, move, copy and test in order', () => {
    const r = jsonPatch(doc, [
      { op: 'add', path: '/a/b/-', value: 3 },
      { op: 'add', path: '/a/b/0', value: 0 },
      { op: 'remove', path: '/a/b/1' },
      { op: 'replace', path: '/c', value: 'y' },
      { op: 'copy', from: '/c', path: '/d' },
      { op: 'move', from: '/k~1e~0y', path: '/e' },
      { op: 'test', path: '/a/b', value: [0, 2, 3] },
    ]);
    expect(r).toEqual({ ok: true, value: { a: { b: [0, 2, 3] }, c: 'y', d: 'y', e: 1 } });
    expect(doc.a.b).toEqual([1, 2]);
  });

  it('fails as the apiserver answers: 422 when an operation does not apply, 400 when no list', () => {
    const unprocessable = { ok: false, code: 422, message: 'the server rejected our request due to an error in our request' };
    expect(jsonPatch(doc, [{ op: 'remove', path: '/missing' }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'test', path: '/c', value: 'z' }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'frob', path: '/c' }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'add', path: '/a/b/9', value: 1 }])).toEqual(unprocessable);
    expect(jsonPatch(doc, { op: 'add' })).toMatchObject({ ok: false, code: 400, message: 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp' });
  });
});

describe('applyJsonPatch (evanphx/json-patch v4, kubectl and kube-apiserver alike)', () => {
  const doc = { spec: { containers: [{ name: 'a' }], dnsPolicy: 'ClusterFirst' } };
  const fails = (ops: unknown[]): string | undefined => {
    const r = applyJsonPatch(doc, ops);
    return r.ok ? undefined : r.detail;
  };

  it('is lenient where v4 is: replace adds a missing key, negative indices count from the end, test treats missing as null', () => {
    expect(applyJsonPatch(doc, [{ op: 'replace', path: '/spec/hostNetwork', value: true }])).toMatchObject({ ok: true, value: { spec: { hostNetwork: true } } });
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/spec/containers/-1', value: { name: 'z' } }])).toMatchObject({ ok: true, value: { spec: { containers: [{ name: 'a' }, { name: 'z' }] } } });
    expect(applyJsonPatch(doc, [{ op: 'test', path: '/spec/nodeName', value: null }]).ok).toBe(true);
  });

  it("fails in the library's own words, as kubectl prints them", () => {
    expect(fails([{ op: 'remove', path: '/spec/hostNetwork' }])).toBe("error in remove for path: '/spec/hostNetwork': Unable to remove nonexistent key: hostNetwork: missing value");
    expect(fails([{ op: 'add', path: '/spec/containers/5', value: {} }])).toBe("error in add for path: '/spec/containers/5': Unable to access invalid index: 5: invalid index referenced");
    expect(fails([{ op: 'add', path: '/spec/containers/x', value: 1 }])).toBe(`error in add for path: '/spec/containers/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`);
    expect(fails([{ op: 'test', path: '/spec/dnsPolicy', value: 'x' }])).toBe('testing value /spec/dnsPolicy failed: test failed');
    expect(fails([{ op: 'frob', path: '/spec' }])).toBe('Unexpected kind: frob');
    expect(fails([{ op: 'add', value: 1 }])).toBe('add operation failed to decode path: missing value');
    expect(fails([{ op: 'add', path: '/spec/x/y', value: 1 }])).toBe('add operation does not apply: doc is missing path: "/spec/x/y": missing value');
    expect(fails([{ op: 'add', path: '', value: 1 }])).toBe('add operation does not apply: doc is missing path: "": missing value');
    expect(fails([{ op: 'replace', path: '/spec/nope/x', value: 1 }])).toBe('replace operation does not apply: doc is missing path: /spec/nope/x: missing value');
    expect(fails([{ op: 'move', from: '/spec/nope', path: '/spec/x' }])).toBe("error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value");
    expect(fails([{ op: 'remove', path: '/spec/containers/3' }])).toBe("error in remove for path: '/spec/containers/3': Unable to access invalid index: 3: invalid index referenced");
  });
});

describe('jsonMergePatch (RFC 7386)', () => {
  it('replaces lists whole and deletes on null', () => {
    expect(jsonMergePatch({ l: [{ name: 'a' }, { name: 'b' }], x: 1, y: 2 }, { l: [{ name: 'c' }], y: null })).toEqual({ l: [{ name: 'c' }], x: 1 });
  });
});
