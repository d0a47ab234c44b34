import { afterEach, describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Simulation } from '../simulation';
import { storageChecks } from './storage';

function deployment(name: string, replicas: number): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '50m' } } }] } },
    },
  } as KObject;
}

/**
 * A cluster's life: boot, a rollout, a crash-looping Pod, a scale through /scale, a NoExecute
 * taint, a deleted Pod. Besides the clients' copies, this guards what callers hand over to
 * kube-apiserver (ApiRequest.handOver): a kubelet that wrote to a status it had sent would throw here.
 */
function life(): { trace: string; objects: string } {
  const sim = new Simulation({ seed: 7 });
  const must = (res: ReturnType<Simulation['request']>): void => {
    if (!res.ok) throw new Error(res.error.message);
  };
  must(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 4) }));
  // A container that keeps failing: the kubelet's statuses carry restarts and a last state (and it
  // stays whichever node it lands on, the taint below tolerated).
  must(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'crash' }, spec: { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 2; exit 1'] }], tolerations: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute' }] } } as never }));
  sim.advance(30_000);
  must(sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } } as never }));
  sim.advance(30_000);
  must(sim.request({ verb: 'update', resource: 'deployments', subresource: 'scale', namespace: 'default', name: 'web', body: { spec: { replicas: 6 } } as never }));
  must(sim.request({ verb: 'patch', resource: 'nodes', name: 'node-1', body: { spec: { taints: [{ key: 'maint', value: 'x', effect: 'NoExecute' }] } } as never }));
  const victim = sim.objects('pods').find((p) => p.metadata.namespace === 'default' && p.metadata.name?.startsWith('web-'));
  if (victim) must(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name! }));
  sim.advance(60_000);
  return { trace: JSON.stringify(sim.traceSince(0)), objects: JSON.stringify(sim.storedObjects()) };
}

describe('stored objects are never mutated after commit', () => {
  afterEach(() => {
    storageChecks.freezeCommitted = false;
  });

  it('runs a cluster with every committed object deep-frozen to the same trace and objects', () => {
    const plain = life();
    storageChecks.freezeCommitted = true;
    const frozen = life();
    // A mutation of a frozen object throws; whatever caught it would change the trace.
    expect(frozen.trace).toBe(plain.trace);
    expect(frozen.objects).toBe(plain.objects);
    expect(plain.objects).toContain('nginx:1.28');
    expect(plain.objects).toMatch(/"restartCount":[1-9]/);
  });
});
