import { describe, expect, it } from 'vitest';
import type { KEvent } from '../../k8s/types';
import { Simulation } from '../simulation';

describe('EventRecorder', () => {
  it('stores Events with the fields and field order it always had (no namespace for cluster-scoped objects, no eventTime)', () => {
    const sim = new Simulation({ seed: 42 });
    const events = sim.objects<KEvent>('events');
    const node = events.find((e) => e.involvedObject.kind === 'Node')!;
    expect(Object.keys(node.involvedObject)).toEqual(['kind', 'name', 'uid', 'apiVersion', 'resourceVersion']);
    expect(Object.keys(node)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'reportingComponent', 'reportingInstance']);
    const pod = events.find((e) => e.involvedObject.kind === 'Pod' && e.involvedObject.fieldPath)!;
    expect(Object.keys(pod.involvedObject)).toEqual(['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath']);
  });
});
