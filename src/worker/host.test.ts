import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/messages';
import { createSimHost } from './host';

function harness() {
  const out: FromWorker[] = [];
  // structuredClone stands in for postMessage so no engine object is shared with the "UI".
  const host = createSimHost((m) => out.push(structuredClone(m)));
  const send = (m: ToWorker): FromWorker[] => {
    const start = out.length;
    host.handle(m);
    return out.slice(start);
  };
  return { send, out };
}

const init = (extra: Partial<Extract<ToWorker, { type: 'init' }>> = {}): ToWorker => ({
  type: 'init',
  protocol: PROTOCOL_VERSION,
  epoch: 7,
  seed: 1,
  topology: 'basic',
  ...extra,
});

describe('sim host', () => {
  it('boots a cluster and reports a full snapshot, then ready', () => {
    const { send } = harness();
    const msgs = send(init());
    expect(msgs.map((m) => m.type)).toEqual(['snapshot', 'ready']);
    const snap = msgs[0]!;
    if (snap.type !== 'snapshot') throw new Error('expected snapshot');
    expect(snap.epoch).toBe(7);
    const nodes = snap.objects.filter((o) => o.key.startsWith('nodes/')).map((o) => o.object.metadata.name);
    expect(nodes.sort()).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    expect(snap.components.some((c) => c.kind === 'kube-scheduler')).toBe(true);
    const ready = msgs[1]!;
    expect(ready).toMatchObject({ type: 'ready', epoch: 7, protocol: PROTOCOL_VERSION, replayed: 0 });
  });

  it("tells the page when the cluster was handed over (sim trace's T+0) and, asked to, echoes replayed commands", () => {
    const { send } = harness();
    const log = [
      { type: 'command' as const, line: 'kubectl get nodes' },
      { type: 'advance' as const, ms: 1000 },
      { type: 'command' as const, line: 'sim why pod/none' },
    ];
    const msgs = send(init({ commandLog: log, echoFrom: 40 }));
    const snap = msgs[0]!;
    if (snap.type !== 'snapshot') throw new Error('expected snapshot');
    expect(snap.bootedAt).toBe(snap.now);
    expect(snap.bootedAt).toBeGreaterThan(0);
    // Each command's result comes before its diff, with the id echoFrom + its index in the log.
    expect(msgs.map((m) => m.type)).toEqual(['snapshot', 'commandResult', 'diff', 'diff', 'commandResult', 'diff', 'ready']);
    expect(msgs[1]).toMatchObject({ type: 'commandResult', id: 40, exitCode: 0, startedAt: snap.now });
    expect(msgs[4]).toMatchObject({ type: 'commandResult', id: 42, exitCode: 1 });
    // Without echoFrom (a crash recovery), nothing is echoed.
    expect(harness().send(init({ commandLog: log })).some((m) => m.type === 'commandResult')).toBe(false);
    // echoOnly (a Ctrl+C's fork): the one command at that index.
    const only = harness().send(init({ commandLog: log, echoFrom: 40, echoOnly: 2 })).filter((m) => m.type === 'commandResult');
    expect(only).toHaveLength(1);
    expect(only[0]).toMatchObject({ id: 42, exitCode: 1 });
  });

  it('answers every request with exactly one ack, and diffs chain by version', () => {
    const { send } = harness();
    const [snap] = send(init());
    if (snap?.type !== 'snapshot') throw new Error('expected snapshot');
    const a = send({ type: 'advance', id: 1, ms: 10_000 });
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ type: 'diff', ack: 1, from: snap.version });
    const c = send({ type: 'command', id: 2, line: 'kubectl get nodes' });
    expect(c.map((m) => m.type)).toEqual(['commandResult', 'diff']);
    expect(c[0]).toMatchObject({ id: 2, epoch: 7 });
    const d1 = a[0]!;
    const d2 = c[1]!;
    if (d1.type !== 'diff' || d2.type !== 'diff') throw new Error('expected diffs');
    expect(d2.from).toBe(d1.to);
    expect(d2.now).toBeGreaterThanOrEqual(d1.now);
  });

  it('advances simulated time by exactly the requested amount', () => {
    const { send } = harness();
    const [snap] = send(init());
    if (snap?.type !== 'snapshot') throw new Error('expected snapshot');
    const [d] = send({ type: 'advance', id: 1, ms: 2500 });
    expect(d).toMatchObject({ type: 'diff', now: snap.now + 2500 });
  });

  it('refuses absurd advances without dying', () => {
    const { send } = harness();
    send(init());
    const msgs = send({ type: 'advance', id: 1, ms: Number.POSITIVE_INFINITY });
    expect(msgs.map((m) => m.type)).toEqual(['error', 'diff']);
    expect(msgs[0]).toMatchObject({ fatal: false, id: 1 });
  });

  it('rejects requests before init and protocol mismatches', () => {
    const { send } = harness();
    expect(send({ type: 'command', id: 1, line: 'kubectl get pods' })).toEqual([
      expect.objectContaining({ type: 'error', fatal: false, id: 1 }),
    ]);
    expect(send(init({ protocol: PROTOCOL_VERSION + 1 }))).toEqual([expect.objectContaining({ type: 'error', fatal: false })]);
  });

  it('replays a command log to the same world as the original run', () => {
    const log = [
      { type: 'advance' as const, ms: 5000 },
      { type: 'command' as const, line: 'sim advance 30s' },
      { type: 'advance' as const, ms: 1234 },
    ];
    const original = harness();
    original.send(init());
    original.send({ type: 'advance', id: 1, ms: 5000 });
    original.send({ type: 'command', id: 2, line: 'sim advance 30s' });
    original.send({ type: 'advance', id: 3, ms: 1234 });
    const [snapA] = original.send({ type: 'requestSnapshot', id: 4 });

    const replayed = harness();
    const msgs = replayed.send(init({ commandLog: log }));
    // The base snapshot, one diff per replayed input (so the page's history has no holes), then ready.
    expect(msgs.map((m) => m.type)).toEqual(['snapshot', 'diff', 'diff', 'diff', 'ready']);
    expect(msgs[4]).toMatchObject({ type: 'ready', replayed: 3 });
    const diffs = msgs.filter((m) => m.type === 'diff');
    expect(diffs.map((d) => d.type === 'diff' && [d.ack, d.now - d.start])).toEqual([
      [undefined, 5000],
      [undefined, 30_000],
      [undefined, 1234],
    ]);
    const [snapB] = replayed.send({ type: 'requestSnapshot', id: 1 });
    if (snapA?.type !== 'snapshot' || snapB?.type !== 'snapshot') throw new Error('expected snapshots');
    expect(snapB.now).toBe(snapA.now);
    expect(snapB.seq).toBe(snapA.seq);
    expect(snapB.objects).toEqual(snapA.objects);
  });

  it('sends a snapshot when a command replaces the cluster', () => {
    const { send } = harness();
    send(init());
    const msgs = send({ type: 'command', id: 1, line: 'sim topology ha' });
    const last = msgs[msgs.length - 1];
    if (last?.type !== 'snapshot') return expect(last?.type).toBe('snapshot');
    expect(last.ack).toBe(1);
    expect(last.topology).toBe('ha');
  });

  it('is a TTY: kubectl exec -it attaches the terminal to the shell, and a replayed log reports the same prompts', () => {
    const lines = ['kubectl run bb --image=busybox:1.36 -- sleep 3600', 'kubectl wait --for=condition=Ready pod/bb --timeout=1m', 'kubectl exec -it bb -- sh', 'cd /tmp', 'exit'];
    const live = harness();
    live.send(init());
    const results = lines.map((line, i) => live.send({ type: 'command', id: i + 1, line }).find((m) => m.type === 'commandResult'));
    const bb = { namespace: 'default', pod: 'bb', container: 'bb' };
    expect(results[2]).toMatchObject({ attached: { ...bb, prompt: '/ # ' } });
    expect(results[3]).toMatchObject({ typedIn: { prompt: '/ # ' }, attached: { prompt: '/tmp # ' } });
    expect(results[4]).toMatchObject({ typedIn: { prompt: '/tmp # ' } });
    expect(results[4]).not.toHaveProperty('attached');
    const replayed = harness()
      .send(init({ commandLog: lines.map((line) => ({ type: 'command' as const, line })), echoFrom: 1 }))
      .filter((m) => m.type === 'commandResult');
    expect(replayed).toEqual(results);
  });
});
