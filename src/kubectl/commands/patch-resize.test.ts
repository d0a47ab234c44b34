/** `kubectl patch --subresource resize`: the resize reaches pods/resize, and the kubelet applies it in place. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { kubectl } from '../testing';

describe('kubectl patch --subresource resize', () => {
  it('resizes a running Pod without restarting it', () => {
    const sim = new Simulation({ seed: 1 });
    const manifest = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: busybox:1.36\n    command: [sleep, "3600"]\n    resources:\n      requests:\n        cpu: 500m\n';
    expect(kubectl(sim, 'kubectl apply -f -', { stdin: manifest }).code).toBe(0);
    sim.advance(30_000);
    const res = kubectl(sim, `kubectl patch pod web --subresource resize -p '{"spec":{"containers":[{"name":"web","resources":{"requests":{"cpu":"800m"}}}]}}'`);
    expect(res.all).toBe('pod/web patched\n');
    sim.advance(15_000);
    const p = sim.storedObject<Pod>('pods/default/web')!;
    expect(p.spec.containers[0]!.resources).toEqual({ requests: { cpu: '800m' } });
    expect(p.status!.containerStatuses![0]).toMatchObject({ restartCount: 0, allocatedResources: { cpu: '800m' }, resources: { requests: { cpu: '800m' } } });
  });
});
