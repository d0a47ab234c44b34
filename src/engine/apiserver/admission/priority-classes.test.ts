import { describe, expect, it } from 'vitest';
import type { PriorityClass } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { failure } from '../apiserver.testing';

describe('system PriorityClasses', () => {
  it('are stored at boot with upstream values and descriptions', () => {
    const sim = new Simulation({ seed: 1 });
    const pcs = sim.objects<PriorityClass>('priorityclasses').map((pc) => [pc.metadata.name, pc.value, pc.globalDefault ?? false, pc.preemptionPolicy, pc.description]);
    expect(pcs).toEqual(
      expect.arrayContaining([
        ['system-node-critical', 2000001000, false, 'PreemptLowerPriority', 'Used for system critical pods that must not be moved from their current node.'],
        ['system-cluster-critical', 2000000000, false, 'PreemptLowerPriority', 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.'],
      ]),
    );
  });

  it('draw their uids from a stream of their own, the same for a seed whatever else boots', () => {
    const uid = (seed: number) => new Simulation({ seed }).objects<PriorityClass>('priorityclasses').map((pc) => pc.metadata.uid);
    expect(uid(1)).toEqual(uid(1));
    expect(uid(1)).not.toEqual(uid(2));
  });

  it('cannot be deleted', () => {
    const sim = new Simulation({ seed: 1 });
    const err = failure(sim.request({ verb: 'delete', resource: 'priorityclasses', name: 'system-node-critical' }));
    expect([err.code, err.message]).toEqual([403, 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted']);
    expect(sim.objects<PriorityClass>('priorityclasses').some((pc) => pc.metadata.name === 'system-node-critical')).toBe(true);
  });
});
