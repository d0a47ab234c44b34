/**
 * `--subresource` on get, patch, edit and replace: any name is sent and kube-apiserver's route
 * answers it (a 404 for one the resource does not serve, a 405 for one without the method), a
 * subresource's GET is authorized as that subresource, and `/scale` reads and writes Scales.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Deployment } from '../../k8s/types';
import { kubectl } from '../testing';

const NOT_FOUND = 'Error from server (NotFound): the server could not find the requested resource\n';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 1 });
  expect(kubectl(sim, 'kubectl create deployment web --image=nginx --replicas=2').code).toBe(0);
  sim.advance(20_000);
  return sim;
}

describe('kubectl get --subresource', () => {
  it("prints a status GET with the resource's own table, and a scale GET as Scales", () => {
    const sim = cluster();
    expect(kubectl(sim, 'kubectl get deploy web --subresource status').all).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    2/2     2            2           20s\n');
    expect(kubectl(sim, 'kubectl get deploy web --subresource scale').all).toBe('NAME   DESIRED   AVAILABLE   AGE\nweb    2         2           20s\n');
    expect(kubectl(sim, 'kubectl get deploy web --subresource=scale -o name').all).toBe('scale.autoscaling/web\n');
    expect(kubectl(sim, 'kubectl get deploy web --subresource scale -o jsonpath={.spec}').all).toBe('{"replicas":2}');
    const yaml = kubectl(sim, 'kubectl get deploy web --subresource scale -o yaml').all;
    expect(yaml).toMatch(/^apiVersion: autoscaling\/v1\nkind: Scale\n/);
    expect(yaml).toContain('spec:\n  replicas: 2\nstatus:\n  replicas: 2\n  selector: app=web\n');
  });

  it("answers the server's 404 and 405, and refuses bulk reads", () => {
    const sim = cluster();
    expect(kubectl(sim, 'kubectl get deploy web --subresource bogus').all).toBe(NOT_FOUND);
    expect(kubectl(sim, 'kubectl get deploy web web --subresource resize').all).toBe(NOT_FOUND + NOT_FOUND);
    expect(kubectl(sim, 'kubectl get ns default --subresource finalize').all).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
    expect(kubectl(sim, 'kubectl get deploy web nope --subresource scale').all).toBe('NAME   DESIRED   AVAILABLE   AGE\nweb    2         2           20s\nError from server (NotFound): deployments.apps "nope" not found\n');
    expect(kubectl(sim, 'kubectl get deploy --subresource scale').all).toBe('error: subresource cannot be used when bulk resources are specified\n');
    expect(kubectl(sim, 'kubectl get pods -l app=web --subresource status').all).toBe('error: subresource cannot be used when bulk resources are specified\n');
    const pod = kubectl(sim, 'kubectl get pods -l app=web -o name').stdout.split('\n')[0]!.split('/')[1]!;
    expect(kubectl(sim, `kubectl get pod ${pod} --subresource log`).all).toBe("error: serializer for text/plain doesn't exist\n");
  });

  it('is authorized as the subresource: a user who may get pods may not read pods/status', () => {
    const sim = cluster();
    expect(kubectl(sim, 'kubectl create role reader --verb=get --resource=pods').code).toBe(0);
    expect(kubectl(sim, 'kubectl create rolebinding reader --role=reader --user=bob').code).toBe(0);
    const pod = kubectl(sim, 'kubectl get pods -l app=web -o name').stdout.split('\n')[0]!.split('/')[1]!;
    expect(kubectl(sim, `kubectl get pod ${pod} --as=bob -o name`).all).toBe(`pod/${pod}\n`);
    expect(kubectl(sim, `kubectl get pod ${pod} --as=bob --subresource status`).all).toBe(`Error from server (Forbidden): pods "${pod}" is forbidden: User "bob" cannot get resource "pods/status" in API group "" in the namespace "default"\n`);
  });
});

describe('kubectl patch, edit and replace --subresource', () => {
  it('patches through any served subresource and prints what it answers', () => {
    const sim = cluster();
    expect(kubectl(sim, `kubectl patch deploy web --subresource bogus -p '{"spec":{"replicas":3}}'`).all).toBe(NOT_FOUND);
    // kube-apiserver authorizes before it routes: jane hears 403 where an admin hears 404.
    expect(kubectl(sim, `kubectl --context jane patch deploy web --subresource bogus -p '{"spec":{"replicas":3}}'`).all).toBe(
      'Error from server (Forbidden): deployments.apps "web" is forbidden: User "jane" cannot patch resource "deployments/bogus" in API group "apps" in the namespace "default"\n',
    );
    expect(kubectl(sim, `kubectl patch deploy web --subresource scale -p '{"spec":{"replicas":3}}'`).all).toBe('scale.autoscaling/web patched\n');
    expect(sim.storedObject<Deployment>('deployments/default/web')!.spec.replicas).toBe(3);
    expect(kubectl(sim, `kubectl patch deploy web --subresource scale -p '{"spec":{"replicas":3}}'`).all).toBe('scale.autoscaling/web patched (no change)\n');
    expect(kubectl(sim, `kubectl patch deploy web --subresource status --type merge -p '{"status":{"collisionCount":7}}'`).all).toBe('deployment.apps/web patched\n');
  });

  it('edits only through a routed subresource', () => {
    const sim = cluster();
    expect(kubectl(sim, 'kubectl edit deploy web --subresource bogus').all).toBe(NOT_FOUND);
    expect(kubectl(sim, 'kubectl edit deploy --subresource status').all).toBe('error: subresource cannot be used when bulk resources are specified\n');
  });

  it('replaces through the subresource the flag names', () => {
    const sim = cluster();
    const current = kubectl(sim, 'kubectl get deploy web -o yaml').stdout;
    const files = { 'w.yaml': current.replace('replicas: 2\n  revisionHistoryLimit', 'replicas: 5\n  revisionHistoryLimit') };
    expect(kubectl(sim, 'kubectl replace -f w.yaml --subresource bogus', { files }).all).toBe('Error from server (NotFound): error when replacing "w.yaml": the server could not find the requested resource\n');
    // A status PUT keeps the stored spec: replicas stay 2.
    expect(kubectl(sim, 'kubectl replace -f w.yaml --subresource status', { files }).all).toBe('deployment.apps/web replaced\n');
    expect(sim.storedObject<Deployment>('deployments/default/web')!.spec.replicas).toBe(2);
  });
});
