/**
 * The UI reads a trace record's kind and detail, never its English summary: a real run whose
 * summaries are all replaced by nonsense narrates, projects, animates and finds its milestones
 * exactly as before (the sequence view still shows each summary as a message's text, and
 * nothing else).
 */
import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../engine/core/trace';
import type { FromWorker } from '../protocol/messages';
import { recentSentences } from './diagram/card-model';
import { tokenLabel } from './diagram/geometry';
import { BASIC } from './diagram/testkit';
import { faultSpans } from './instructor/faults';
import { narrateAt } from './narration/narrate';
import { realMessages } from './narration/trace.testing';
import { toSequence, type Sequence, type SequenceOptions } from './sequence/model';
import { applyDiff, applySnapshot, initialClusterState, type ClusterState } from './store/cluster';
import { milestones } from './store/milestones';

const nonsense = (r: TraceRecord): TraceRecord => ({ ...r, summary: `ʘ‿ʘ ${r.seq} committed revision 1 (quorum 9/9); selected nowhere` });

function cluster(messages: readonly FromWorker[]): ClusterState {
  let state = initialClusterState;
  for (const m of messages) {
    if (m.type === 'snapshot') state = applySnapshot(state, m);
    else if (m.type === 'diff') {
      const r = applyDiff(state, m);
      if (!r.ok) throw new Error(`diff not applied: ${r.reason}`);
      state = r.state;
    }
  }
  return state;
}

const real = realMessages();
const garbled = real.map((m) => (m.type === 'diff' ? { ...m, trace: m.trace.map(nonsense) } : m));
const trace = real.flatMap((m) => (m.type === 'diff' ? m.trace : []));
const garbledTrace = garbled.flatMap((m) => (m.type === 'diff' ? m.trace : []));

/** The projection without the summaries it displays (a stages message's text is its own). */
function structure(s: Sequence): unknown {
  return { participants: s.participants, messages: s.messages.map((m) => (m.kind === 'stages' ? m : { ...m, text: undefined })) };
}

describe('the UI without summaries', () => {
  it('replaced every summary', () => {
    expect(garbledTrace).toHaveLength(trace.length);
    expect(garbledTrace.every((r, i) => r.summary !== trace[i]!.summary)).toBe(true);
  });

  it('narrates every record the same, in both languages', () => {
    for (let i = 0; i < trace.length; i++) {
      expect(narrateAt(garbledTrace, i, 'en'), `#${trace[i]!.seq}`).toBe(narrateAt(trace, i, 'en'));
      expect(narrateAt(garbledTrace, i, 'zh-CN'), `#${trace[i]!.seq}`).toBe(narrateAt(trace, i, 'zh-CN'));
    }
  });

  it('projects the same sequence, followed objects included', () => {
    const options: SequenceOptions[] = [
      { collapseApiserver: false, hideBackground: false },
      { collapseApiserver: true, hideBackground: true },
      { collapseApiserver: true, hideBackground: true, object: { kind: 'Deployment', namespace: 'default', name: 'go-api' } },
      { collapseApiserver: false, hideBackground: true, object: { kind: 'ReplicaSet', namespace: 'default', name: 'go-api-568fb6b74' } },
      { collapseApiserver: true, hideBackground: false, object: { kind: 'Pod', namespace: 'default', name: 'db' } },
    ];
    for (const o of options) expect(structure(toSequence(garbledTrace, o))).toEqual(structure(toSequence(trace, o)));
  });

  it('labels tokens and lists a component card the same', () => {
    expect(garbledTrace.map(tokenLabel)).toEqual(trace.map(tokenLabel));
    for (const id of ['kube-apiserver', 'kube-scheduler', 'kube-controller-manager', 'kubelet/node-1']) {
      expect(recentSentences(garbledTrace, id, BASIC, new Set(), 'en')).toEqual(recentSentences(trace, id, BASIC, new Set(), 'en'));
    }
  });

  it('finds the same milestones and fault spans', () => {
    const a = cluster(real).tape!;
    const b = cluster(garbled).tape!;
    expect(milestones(a).length).toBeGreaterThan(0);
    expect(milestones(b)).toEqual(milestones(a));
    expect(faultSpans(a).length).toBeGreaterThan(0);
    expect(faultSpans(b)).toEqual(faultSpans(a));
  });
});
