import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../../k8s/types';
import { statefulSetStatus } from './rollout';

function sts(spec: Partial<StatefulSet['spec']>, status: Partial<NonNullable<StatefulSet['status']>>, generation = 1): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', generation },
    spec: { replicas: 3, selector: {}, template: { spec: { containers: [] } }, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, ...spec },
    status: { replicas: 3, availableReplicas: 0, observedGeneration: 1, ...status },
  };
}

describe('StatefulSetStatusViewer', () => {
  it('waits for the spec to be observed, then for Pods to be ready', () => {
    expect(statefulSetStatus(sts({}, {}, 2)).line).toBe('Waiting for statefulset spec update to be observed...\n');
    expect(statefulSetStatus(sts({}, { readyReplicas: 1 }))).toEqual({ line: 'Waiting for 2 pods to be ready...\n', done: false });
  });

  it('with a partition (defaulted to 0) reports the partitioned roll out', () => {
    expect(statefulSetStatus(sts({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } }, { readyReplicas: 3, updatedReplicas: 1 }))).toEqual({
      line: 'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...\n',
      done: false,
    });
    expect(statefulSetStatus(sts({}, { readyReplicas: 3, updatedReplicas: 3 }))).toEqual({ line: 'partitioned roll out complete: 3 new pods have been updated...\n', done: true });
  });

  it('without rollingUpdate compares the current and update revisions', () => {
    const spec = { updateStrategy: { type: 'RollingUpdate' as const } };
    expect(statefulSetStatus(sts(spec, { readyReplicas: 3, updatedReplicas: 1, currentRevision: 'web-a', updateRevision: 'web-b' })).line).toBe(
      'waiting for statefulset rolling update to complete 1 pods at revision web-b...\n',
    );
    expect(statefulSetStatus(sts(spec, { readyReplicas: 3, currentReplicas: 3, currentRevision: 'web-b', updateRevision: 'web-b' }))).toEqual({
      line: 'statefulset rolling update complete 3 pods at revision web-b...\n',
      done: true,
    });
  });

  it('OnDelete has no status', () => {
    expect(statefulSetStatus(sts({ updateStrategy: { type: 'OnDelete' } }, {})).error).toBe('rollout status is only available for RollingUpdate strategy type');
  });
});
