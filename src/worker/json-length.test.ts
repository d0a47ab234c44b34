import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../protocol/messages';
import { createSimHost } from './host';
import { jsonLength } from './json-length';

const GO_API = readFileSync(new URL('../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
const LONG = 'a string longer than the thirty-two characters scanned';

/** An array with a hole (JSON writes null there). */
function holey(): unknown[] {
  const a: unknown[] = [];
  a[1] = 1;
  return a;
}

describe('jsonLength', () => {
  it('is the length of JSON.stringify for plain data', () => {
    const cases: unknown[] = [
      null,
      true,
      false,
      0,
      -0,
      7,
      9,
      10,
      99,
      100,
      1_000_000,
      Number.MAX_SAFE_INTEGER,
      2 ** 60,
      -1,
      -123,
      0.5,
      1e-7,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      'plain',
      'ünïcødé 中文',
      `${LONG} with "quotes"`,
      `${LONG} with a back\\slash`,
      `${LONG}\nwith a line break, a tab\t and \u0001`,
      `${LONG} with an emoji 🚀`,
      `${LONG} with a lone \ud800 surrogate`,
      '{"kind":"Deployment","metadata":{"name":"go-api"}}\n',
      [],
      {},
      [1, 'a', null, undefined, [], {}],
      holey(),
      { a: 1, b: undefined, e: [{ f: [] }], '': 0 },
      { nested: { deeper: { deepest: [1, 2, { x: 'y' }] } } },
    ];
    for (const v of cases) expect([v, jsonLength(v)]).toEqual([v, JSON.stringify(v).length]);
  });

  it('counts an escape in a short string or a key without its backslash', () => {
    expect(JSON.stringify('say "hi"').length - jsonLength('say "hi"')).toBe(2);
    expect(JSON.stringify({ 'a"b': 1 }).length - jsonLength({ 'a"b': 1 })).toBe(1);
  });

  it('measures every diff, version and trace record of a real run as stringify does', () => {
    const out: FromWorker[] = [];
    const host = createSimHost((m) => out.push(m));
    host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': GO_API } });
    host.handle({ type: 'command', id: 1, line: 'kubectl apply -f go-api.yaml' });
    host.handle({ type: 'advance', id: 2, ms: 60_000 });
    host.handle({ type: 'command', id: 3, line: 'kubectl scale deployment go-api --replicas=1' });
    host.handle({ type: 'advance', id: 4, ms: 60_000 });
    let items = 0;
    // (Diffs only: a command's output is short lines ending in an escaped newline; the outbox never sizes it.)
    for (const m of out) {
      if (m.type !== 'diff') continue;
      expect(jsonLength(m)).toBe(JSON.stringify(m).length);
      for (const x of [...m.trace, ...m.changes]) expect(jsonLength(x)).toBe(JSON.stringify(x).length);
      items += m.trace.length + m.changes.length;
    }
    expect(items).toBeGreaterThan(500);
  });
});
