import { describe, expect, it } from 'vitest';
import { jsonMergePatch, jsonPatch } from './json-patch';

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
    expect(jsonPatch(doc, [{ op: 'replace', path: '/missing', value: 1 }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'test', path: '/c', value: 'z' }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'frob', path: '/c' }])).toEqual(unprocessable);
    expect(jsonPatch(doc, [{ op: 'add', path: '/a/b/9', value: 1 }])).toEqual(unprocessable);
    expect(jsonPatch(doc, { op: 'add' })).toMatchObject({ ok: false, code: 400, message: 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp' });
  });
});

describe('jsonMergePatch (RFC 7386)', () => {
  it('replaces lists whole and deletes on null', () => {
    expect(jsonMergePatch({ l: [{ name: 'a' }, { name: 'b' }], x: 1, y: 2 }, { l: [{ name: 'c' }], y: null })).toEqual({ l: [{ name: 'c' }], x: 1 });
  });
});
