/**
 * Which lines rebuild the cluster, read against the worker's real command table: what the dial
 * shows as busy, and what a learner typing under a lesson is asked about first. A line that
 * `sim topology` refuses only prints its error; asking "Leave the lesson?" for it would lose the
 * lesson for nothing, so it must not count — and whatever the page decides must be what the
 * Session then does, which the last test checks line by line against the real worker.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
import { COMMAND_TABLE, createSimHost } from '../../worker/host';
import { rebuildOf } from './rebuild';

/** Lines a learner could type: rebuilds, refused rebuilds, and lines that only look like one. */
const LINES = [
  'sim topology basic --nodes 12',
  '  sim   topology ha --nodes=7 --cni calico',
  'sim topology ha',
  'sim topology basic --nodes 10 | wc -l',
  'kubectl get nodes | sim topology ha',
  'sim topology ha # bigger',
  'sim topology "basic" --nodes \'12\'',
  'sim topology basic --nodes abc',
  'sim topology basic --nodes 0',
  'sim topology basic --nodes 99999',
  'sim topology basic --nodes 2.5',
  'sim topology basic --nodes',
  'sim topology basic --bogus',
  'sim topology basic --cni weave',
  'sim topology basic --etcd-members 5',
  'sim topology ha --leader-elect-retry-period kube-scheduler=9s',
  'sim topology basic ha',
  'sim topology',
  'sim topology huge --nodes 10',
  'sim topology "basic --nodes 10',
  'sim topology basic | | wc -l',
  '# sim topology ha',
  'kubectl get nodes | grep sim topology ha',
  'sim status',
  'sim help topology',
];

describe('rebuildOf', () => {
  it('reads a sim topology line and the size it asks for, however the line is written', () => {
    expect(rebuildOf('sim topology basic --nodes 1000', COMMAND_TABLE)).toEqual({ nodes: 1000 });
    expect(rebuildOf('  sim   topology ha --nodes=7 --cni calico', COMMAND_TABLE)).toEqual({ nodes: 7 });
    expect(rebuildOf('sim topology ha', COMMAND_TABLE)).toEqual({});
    // Any stage of a pipeline runs; a comment is not code; quotes are the shell's.
    expect(rebuildOf('sim topology basic --nodes 10 | wc -l', COMMAND_TABLE)).toEqual({ nodes: 10 });
    expect(rebuildOf('kubectl get nodes | sim topology ha', COMMAND_TABLE)).toEqual({});
    expect(rebuildOf('sim topology ha # bigger', COMMAND_TABLE)).toEqual({});
    expect(rebuildOf('sim topology "basic" --nodes \'12\'', COMMAND_TABLE)).toEqual({ nodes: 12 });
    // Any item of a list may run it, and a redirection is not one of its words.
    expect(rebuildOf('kubectl get pods && sim topology basic --nodes 5', COMMAND_TABLE)).toEqual({ nodes: 5 });
    expect(rebuildOf('kubectl get pods; sim topology ha > /dev/null 2>&1', COMMAND_TABLE)).toEqual({});
    expect(rebuildOf('kubectl get pods > out.txt || kubectl get nodes', COMMAND_TABLE)).toBeUndefined();
  });

  it('is not a line sim topology refuses: it only prints its error, so there is nothing to leave a lesson for', () => {
    for (const line of [
      'sim topology basic --nodes abc',
      'sim topology basic --nodes 0',
      'sim topology basic --nodes 99999',
      'sim topology basic --nodes',
      'sim topology basic --bogus',
      'sim topology basic --cni weave',
      'sim topology basic --etcd-members 5',
      'sim topology ha --leader-elect-retry-period kube-scheduler=9s',
      'sim topology',
      'sim topology huge --nodes 10',
      'sim topology "basic --nodes 10',
    ]) {
      expect(rebuildOf(line, COMMAND_TABLE), line).toBeUndefined();
      // Before the worker is ready (no command table yet) the words are checked all the same.
      expect(rebuildOf(line), line).toBeUndefined();
    }
  });

  it('is not a line that names the words elsewhere', () => {
    expect(rebuildOf('# sim topology ha', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('kubectl get nodes | grep sim topology ha', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('sim status', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('sim help topology', COMMAND_TABLE)).toBeUndefined();
  });

  it('without the command table (the worker not ready yet) reads sim lines the same', () => {
    expect(rebuildOf('sim topology basic --nodes 5000')).toEqual({ nodes: 5000 });
    expect(rebuildOf('sim topology ha')).toEqual({});
  });

  it('says a line rebuilds exactly when the Session, run by the real worker, rebuilds for it', () => {
    // The worker sends the page a whole new snapshot when, and only when, a line replaced its Simulation.
    const results = new Map<number, string>();
    let snapshots = 0;
    const host = createSimHost((m: FromWorker) => {
      if (m.type === 'commandResult') results.set(m.id, m.output.map((c) => c.text).join(''));
      if (m.type === 'snapshot') snapshots++;
    });
    host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
    LINES.forEach((line, i) => {
      const before = snapshots;
      host.handle({ type: 'command', id: i + 1, line });
      expect(results.get(i + 1), line).toBeDefined();
      expect(rebuildOf(line, COMMAND_TABLE) !== undefined, `${line}\n${results.get(i + 1)}`).toBe(snapshots > before);
    });
  });
});
