import { describe, expect, it } from 'vitest';
import { toJsonCompactInOrder } from '../../k8s/printers/json';
import { always, inOrder, kind, value, type Order } from './typed-order';

const json = (v: unknown, order: Order): string => toJsonCompactInOrder(inOrder(v, order));

describe('inOrder: a typed object as encoding/json writes it', () => {
  const ORDER: Order = kind({
    spec: value({ replicas: 0, selector: { matchLabels: 'map' }, template: value({ metadata: value({ name: 0 }), spec: 0 }) }),
    rules: always([{ verbs: always(0, null), resources: 0 }], null),
    data: 'map',
  });

  it('puts each struct in field order, sorts maps, and sorts what it does not describe', () => {
    const obj = { data: { b: '2', a: '1' }, metadata: { labels: { z: '1', a: '2' }, name: 'x' }, apiVersion: 'v1', kind: 'K', extra: { y: 1, x: 2 } };
    expect(json(obj, ORDER)).toBe(
      '{"kind":"K","apiVersion":"v1","metadata":{"name":"x","labels":{"a":"2","z":"1"}},"spec":{"template":{"metadata":{}}},"rules":null,"data":{"a":"1","b":"2"},"extra":{"x":2,"y":1}}',
    );
  });

  it('writes a struct held by value and a field without omitempty even when unset, and keeps what is set', () => {
    expect(json({ spec: { replicas: 0, template: { spec: { b: 1, a: 2 } } }, rules: [{ resources: ['pods'] }] }, ORDER)).toBe(
      '{"metadata":{},"spec":{"replicas":0,"template":{"metadata":{},"spec":{"a":2,"b":1}}},"rules":[{"verbs":null,"resources":["pods"]}]}',
    );
  });

  it("drops omitempty's empty maps and slices, never an empty struct or an always-written field", () => {
    expect(json({ spec: { selector: {} }, rules: [], data: {} }, ORDER)).toBe('{"metadata":{},"spec":{"selector":{},"template":{"metadata":{}}},"rules":[]}');
    expect(json({ spec: { selector: { matchLabels: {} } }, rules: [{ verbs: [], resources: [] }] }, ORDER)).toBe(
      '{"metadata":{},"spec":{"selector":{},"template":{"metadata":{}}},"rules":[{"verbs":[]}]}',
    );
  });
});
