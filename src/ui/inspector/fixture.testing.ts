/**
 * Test support: a real engine run turned into the UI's ClusterState (tape included) exactly as
 * the bridge builds it — the simulation host's snapshot and diffs fed to applySnapshot/applyDiff.
 */
import { readFileSync } from 'node:fs';
import { PROTOCOL_VERSION, type FromWorker, type ToWorkerRequest } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { applyDiff, applySnapshot, initialClusterState, showAt, type ClusterState } from '../store/cluster';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

type Step = { command: string } | { advance: number };

export interface Run {
  /** Shown at the frontier. */
  state: ClusterState;
  /** Unix ms of simulated time 0 (from the worker's `ready`). */
  epochMs: number;
}

/** Runs the steps on a fresh basic cluster (seed 1). */
export function run(steps: readonly Step[]): Run {
  const messages: FromWorker[] = [];
  const host = createSimHost((m) => messages.push(m));
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': GO_API } });
  let id = 0;
  for (const s of steps) {
    const msg: ToWorkerRequest = 'command' in s ? { type: 'command', id: ++id, line: s.command } : { type: 'advance', id: ++id, ms: s.advance };
    host.handle(msg);
  }
  let state = initialClusterState;
  let epochMs = 0;
  for (const m of messages) {
    if (m.type === 'ready') epochMs = m.epochMs;
    if (m.type === 'snapshot') state = applySnapshot(state, m);
    else if (m.type === 'diff') {
      const r = applyDiff(state, m);
      if (!r.ok) throw new Error(`diff not applied: ${r.reason}`);
      state = r.state;
    }
  }
  const tape = state.tape!;
  return { state: showAt(state, tape.frontierSeq, tape.frontierNow), epochMs };
}

let cached: Run | undefined;

/** go-api applied, running for 30 s, then scaled to 2 and given 40 s to settle (one Pod deleted). */
export function goApiScaled(): Run {
  cached ??= run([{ command: 'kubectl apply -f go-api.yaml' }, { advance: 30_000 }, { command: 'kubectl scale deployment go-api --replicas=2' }, { advance: 40_000 }]);
  return cached;
}
