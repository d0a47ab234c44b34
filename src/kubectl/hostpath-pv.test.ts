/**
 * "Configure a Pod to Use a PersistentVolume for Storage": a hostPath PersistentVolume is the
 * directory on the node that runs the Pod (volume/hostpath bind-mounts it), so the index.html
 * written there on the node is what nginx serves, as the page shows. Before, the claim's data was
 * an empty volume of its own and nginx answered 403.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

describe('a hostPath PersistentVolume', () => {
  it('shows the node’s files to the Pod that claims it', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    for (const n of ['node-1', 'node-2', 'node-3']) run(`sim ssh ${n} -- "mkdir /mnt/data; echo 'Hello from Kubernetes storage' > /mnt/data/index.html"`);
    run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-volume.yaml');
    run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-claim.yaml');
    run('kubectl apply -f https://k8s.io/examples/pods/storage/pv-pod.yaml');
    expect(run('kubectl wait --for=condition=Ready pod/task-pv-pod --timeout=1m').code).toBe(0);
    expect(run('kubectl exec task-pv-pod -- curl -s http://localhost/').out).toBe('Hello from Kubernetes storage\n');
  });
});
