import { describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { MAX_ADVANCE_MS, PROTOCOL_VERSION, REPLAY_MAX_ENTRIES, REPLAY_MAX_SIMULATED_MS, type DiffMessage, type FromWorker, type LogEntry, type ToWorker } from '../protocol/messages';
import { createSimHost, type ReplayLimits } from './host';

function harness(limits?: ReplayLimits) {
  const out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(structuredClone(m)), limits);
  const send = (m: ToWorker): FromWorker[] => {
    const start = out.length;
    host.handle(m);
    return out.slice(start);
  };
  return { send };
}

const init = (commandLog: LogEntry[] = [], echoFrom?: number): ToWorker => ({
  type: 'init',
  protocol: PROTOCOL_VERSION,
  epoch: 3,
  seed: 1,
  topology: 'basic',
  commandLog,
  ...(echoFrom === undefined ? {} : { echoFrom }),
});

const diffs = (msgs: FromWorker[]): DiffMessage[] => msgs.filter((m): m is DiffMessage => m.type === 'diff');

describe('long work reports as it goes', () => {
  it('a long command streams partial diffs that chain into its acknowledged diff', () => {
    const { send } = harness();
    send(init());
    const msgs = send({ type: 'command', id: 1, line: 'sim advance 1h' });
    const parts = diffs(msgs).filter((d) => d.partial);
    // A quiet cluster runs thousands of messages an hour: the work reported several times.
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((d) => d.partial?.of === 1 && d.ack === undefined)).toBe(true);
    expect(msgs.map((m) => m.type).slice(-2)).toEqual(['commandResult', 'diff']);
    const last = msgs.at(-1) as DiffMessage;
    expect(last).toMatchObject({ ack: 1 });
    expect(last.partial).toBeUndefined();
    // Each diff starts where the previous ended, and the clock only moves forward.
    const all = diffs(msgs);
    for (let i = 1; i < all.length; i++) {
      expect(all[i]!.from).toBe(all[i - 1]!.to);
      expect(all[i]!.now).toBeGreaterThanOrEqual(all[i - 1]!.now);
    }
    expect(parts.every((d) => d.start === all[0]!.start)).toBe(true);
    expect(last.now - last.start).toBe(3_600_000);
  });

  it('reporting changes nothing: the cluster is the one a plain Session reaches', () => {
    const { send } = harness();
    send(init());
    const msgs = send({ type: 'command', id: 1, line: 'sim advance 40m' });
    expect(diffs(msgs).filter((d) => d.partial).length).toBeGreaterThan(0);
    const plain = new Session({ seed: 1 });
    plain.run('sim advance 40m');
    // The versions the page received, newest per key, are the objects stored in the plain run.
    const latest = new Map<string, unknown>();
    for (const d of diffs(msgs)) for (const c of d.changes) latest.set(c.key, c.object);
    for (const [key, object] of latest) expect(object ?? undefined).toEqual(plain.sim.storedObject(key));
    expect(diffs(msgs).at(-1)!.now).toBe(plain.sim.now);
  });
});

describe('a replayed log is bounded like live input', () => {
  it('refuses an advance no live request could make, before running anything', () => {
    const { send } = harness();
    expect(send(init([{ type: 'command', line: 'kubectl get nodes' }, { type: 'advance', ms: 1e12 }]))).toEqual([
      { type: 'refused', epoch: 3, refusal: { limit: 'advance', index: 1, ms: 1e12, max: MAX_ADVANCE_MS } },
    ]);
    // Nothing is served afterwards.
    expect(send({ type: 'command', id: 1, line: 'kubectl get nodes' })).toMatchObject([{ type: 'error', fatal: false }]);
  });

  it('refuses a log with too many inputs, or advances summing past the replay budget', () => {
    const many: LogEntry[] = Array.from({ length: REPLAY_MAX_ENTRIES + 1 }, () => ({ type: 'advance', ms: 1 }));
    expect(harness().send(init(many))).toEqual([{ type: 'refused', epoch: 3, refusal: { limit: 'entries', entries: REPLAY_MAX_ENTRIES + 1, max: REPLAY_MAX_ENTRIES } }]);
    const day: LogEntry[] = Array.from({ length: 30 }, () => ({ type: 'advance', ms: MAX_ADVANCE_MS }));
    expect(harness().send(init(day))).toEqual([{ type: 'refused', epoch: 3, refusal: { limit: 'simulated-time', index: 24, ms: REPLAY_MAX_SIMULATED_MS, max: REPLAY_MAX_SIMULATED_MS } }]);
  });

  it('starts no input once the replay has run its budget of simulated time, counting what commands took', () => {
    const { send } = harness({ maxEntries: 100, maxSimulatedMs: 120_000 });
    const msgs = send(init([{ type: 'command', line: 'sim advance 90s' }, { type: 'command', line: 'sim advance 90s' }, { type: 'command', line: 'kubectl get nodes' }], 10));
    expect(msgs.filter((m) => m.type === 'commandResult').map((m) => m.type === 'commandResult' && m.id)).toEqual([10, 11]);
    const refused = msgs.at(-1)!;
    expect(refused).toMatchObject({ type: 'refused', refusal: { limit: 'simulated-time', index: 2, max: 120_000 } });
    expect(refused.type === 'refused' && refused.refusal.limit === 'simulated-time' && refused.refusal.ms).toBeGreaterThanOrEqual(180_000);
    expect(msgs.some((m) => m.type === 'ready')).toBe(false);
  });

  it('replays a watch that would never end on its own as the live one ran: bounded, same output', () => {
    const live = new Session({ seed: 1 }).run('kubectl get leases -n kube-system -w');
    const msgs = harness().send(init([{ type: 'command', line: 'kubectl get leases -n kube-system -w' }], 1));
    const echoed = msgs.find((m) => m.type === 'commandResult');
    expect(echoed).toMatchObject({ type: 'commandResult', exitCode: 0, output: live.output });
    expect(msgs.at(-1)).toMatchObject({ type: 'ready', replayed: 1 });
  });
});
