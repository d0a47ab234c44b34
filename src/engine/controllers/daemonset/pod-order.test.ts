import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { firstDaemonPod, podByCreationTimestampAndPhase } from './pod-order';

function pod(name: string, created: string, nodeName?: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, creationTimestamp: created }, spec: { containers: [], ...(nodeName ? { nodeName } : {}) } };
}

describe('podByCreationTimestampAndPhase', () => {
  it('puts a bound Pod first, then the oldest, then orders by name', () => {
    const pods = [pod('c', '2025-01-01T00:00:05Z'), pod('b', '2025-01-01T00:00:09Z', 'n'), pod('z', '2025-01-01T00:00:01Z', 'n'), pod('a', '2025-01-01T00:00:01Z', 'n')];
    expect([...pods].sort(podByCreationTimestampAndPhase).map((p) => p.metadata.name)).toEqual(['a', 'z', 'b', 'c']);
    expect(firstDaemonPod(pods).metadata.name).toBe('a');
    expect(firstDaemonPod([pods[0]!, pods[1]!]).metadata.name).toBe('b');
  });
});
