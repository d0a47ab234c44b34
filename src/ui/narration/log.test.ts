/**
 * The narration log while a learner walks back and forth through the go-api apply (the bridge
 * and the real engine in-process). It used to be a list of what had been spoken, appended on
 * every change of moment: stepping back appended an earlier message after later ones, and
 * stepping forward again appended the same seq a second time (React keys collided, lines
 * repeated and fell out of order). Now it is a projection of the moment.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SimBridge } from '../bridge/bridge';
import { inProcess, settle } from '../bridge/in-process.testing';
import { toSequence } from '../sequence/model';
import { createAppStore } from '../store/store';
import { narrationLog, stepIndexes } from './log';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

async function applied() {
  const { factory } = inProcess();
  const store = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0, files: { 'go-api.yaml': GO_API } });
  bridge.start();
  await settle();
  bridge.pause();
  bridge.run('kubectl apply -f go-api.yaml');
  await settle();
  return { store, bridge };
}

describe('narration log', () => {
  it('after walking back and forth, lists the last steps up to the moment once each, in order', async () => {
    const { store, bridge } = await applied();
    const walk: (1 | -1)[] = [...Array<1>(14).fill(1), ...Array<-1>(6).fill(-1), ...Array<1>(9).fill(1), ...Array<-1>(11).fill(-1), ...Array<1>(4).fill(1)];
    for (const dir of walk) {
      if (dir > 0) bridge.stepForward();
      else bridge.stepBack();
      await settle();
      const { cluster, sequence } = store.getState();
      const log = narrationLog(cluster.tape!, cluster.seq, sequence, 8, 'en');
      const seqs = log.map((l) => l.seq);
      expect(new Set(seqs).size, 'no repeats').toBe(seqs.length);
      expect(seqs, 'in trace order').toEqual([...seqs].sort((a, b) => a - b));
      // The last line is the message on screen: the sequence view's current row.
      const shown = toSequence(cluster.trace, sequence).messages;
      expect(seqs.at(-1)).toBe(shown.at(-1)?.lastSeq);
      expect(seqs).toEqual(shown.slice(-8).map((m) => m.lastSeq));
      for (const line of log) expect(line.text).not.toBe('');
    }
  });

  it('finds enough visible steps behind long stretches of background', async () => {
    const { store, bridge } = await applied();
    bridge.seekTime(store.getState().cluster.tape!.frontierNow);
    bridge.run('sim advance 6m');
    await settle();
    const { cluster, sequence } = store.getState();
    // Six minutes of background after the rollout's last steps — Lease renewals and the kubelets'
    // node status reports, hidden, and since no controller reacts to a heartbeat nothing visible
    // follows them: the eight steps must be found behind that whole stretch.
    const tape = cluster.tape!;
    const indexes = stepIndexes(tape, tape.frontierSeq, sequence, 8);
    expect(indexes).toHaveLength(8);
    expect(tape.recordCount - 1 - indexes.at(-1)!).toBeGreaterThan(256);
    expect(tape.records[indexes.at(-1)!]!.at).toBeLessThan(tape.records[tape.recordCount - 1]!.at - 5 * 60_000);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it('says why a step exists where the message alone would puzzle', async () => {
    const { store, bridge } = await applied();
    const texts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { cluster, sequence } = store.getState();
      texts.push(narrationLog(cluster.tape!, cluster.seq, sequence, 1, 'en')[0]!.text);
      bridge.stepForward();
      await settle();
    }
    // kubectl apply's GET, its 404, then the create.
    expect(texts[0]).toBe('kubectl asked kube-apiserver for deployment go-api. kubectl apply first asks whether the object exists, to know whether to create it or patch it.');
    expect(texts).toContain(
      'kube-apiserver answered kubectl with an error: 404 NotFound: deployments.apps "go-api" not found. This 404 is expected: the object does not exist yet, so kubectl apply creates it next.',
    );
  });
});
