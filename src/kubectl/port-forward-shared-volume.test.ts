/**
 * A request that reaches nginx (through `kubectl port-forward` or a Service) reads the page its
 * sibling container keeps rewriting in their shared emptyDir as it is now: the writer's process,
 * run lazily, is brought up to the request's time first (node/cri.ts settleSharers), as an exec is.
 * The page is the ConfigMap tutorial's two-container Deployment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

describe('a page a sidecar rewrites, served by nginx', () => {
  it('is the latest write through port-forward and through a Service, not the first one served', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    run('kubectl create configmap color --from-literal=color=red');
    expect(run('kubectl apply -f https://k8s.io/examples/deployments/deployment-with-configmap-two-containers.yaml').code).toBe(0);
    expect(run('kubectl rollout status deployment configmap-two-containers --timeout=2m').code).toBe(0);
    run('kubectl expose deployment configmap-two-containers --name=configmap-service --port=8080 --target-port=80');
    run('kubectl run client --image=busybox:1.36 --restart=Never -- sleep 1d');
    run('kubectl port-forward service/configmap-service 8080:8080 &');
    const first = run('curl -s http://localhost:8080').out;
    expect(first).toMatch(/My preferred color is red\n$/);
    run('kubectl patch configmap color -p \'{"data":{"color":"blue"}}\'');
    run('sim advance 90s');
    const later = run('curl -s http://localhost:8080').out;
    expect(later).toMatch(/My preferred color is blue\n$/);
    expect(later.replace(/^Handling.*\n/, '')).not.toBe(first.replace(/^Handling.*\n/, ''));
    // Each of the three Pods behind the Service serves its own sidecar's latest page.
    for (let i = 0; i < 3; i++) expect(run('kubectl exec client -- wget -qO- http://configmap-service:8080').out).toMatch(/My preferred color is blue\n$/);
  });
});
