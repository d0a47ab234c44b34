import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { kubectl } from '../testing';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'run web --image=nginx:1.27 --port=80');
  sim.advance(20_000);
});

describe("kubectl get --raw on a Pod's Connect subresources", () => {
  it('refuses a stream asked without an upgrade, after RBAC and the Pod and container checks', () => {
    for (const sub of ['attach', 'exec', 'portforward']) {
      expect(kubectl(sim, `get --raw /api/v1/namespaces/default/pods/web/${sub}`)).toMatchObject({ code: 1, stdout: '', stderr: 'Error from server (BadRequest): Upgrade request required\n' });
    }
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/nosuch/attach').stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/exec?container=side').stderr).toBe('Error from server (BadRequest): container side is not valid for pod web\n');
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/attach --as=jane').stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot get resource "pods/attach" in API group "" in the namespace "default"\n');
  });

  it('refuses proxy with the Status of a Pod address that does not answer', () => {
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web/proxy/healthz').stderr).toBe(`Error from server: error trying to reach service: dial tcp ${ip}:80: connect: connection refused\n`);
    expect(kubectl(sim, 'get --raw /api/v1/namespaces/default/pods/web:8080/proxy/').stderr).toBe(`Error from server: error trying to reach service: dial tcp ${ip}:8080: connect: connection refused\n`);
  });
});
