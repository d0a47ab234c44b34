/**
 * The syllabus's chain, asserted on the trace: one `kubectl apply` of the go-api Deployment
 * travels through every component in causal order until its Pods are Ready; a Pod with a
 * PersistentVolumeClaim adds the CSI hops before the sandbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../engine/index';
import type { Pod } from '../k8s/types';
import { Session } from '../kubectl/session';

type Step = { label: string; match: (r: TraceRecord) => boolean };

/** Finds each step after the previous one; returns the labels found, in order. */
function follow(records: TraceRecord[], steps: Step[]): string[] {
  const found: string[] = [];
  let i = 0;
  for (const s of steps) {
    while (i < records.length && !s.match(records[i]!)) i++;
    if (i === records.length) break;
    found.push(s.label);
    i++;
  }
  return found;
}

const about = (name: string) => (r: TraceRecord): boolean => r.object?.name === name;

function goApiSession(): Session {
  const manifest = readFileSync(join(__dirname, '..', '..', 'examples', 'manifests', 'go-api.yaml'), 'utf8');
  const s = new Session({ seed: 1, files: { 'deployment.yaml': manifest } });
  expect(s.run('kubectl apply -f deployment.yaml').exitCode).toBe(0);
  s.run('kubectl rollout status deployment/go-api --timeout=2m');
  return s;
}

describe('kubectl apply → Pod Ready, in causal order', () => {
  it('passes every component of the syllabus in order for each go-api Pod', () => {
    const s = goApiSession();
    const recs = s.sim.traceSince(0).filter((r) => r.at >= s.sim.bootedAt);
    const pods = s.sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'go-api');
    expect(pods).toHaveLength(3);
    for (const pod of pods) {
      const name = pod.metadata.name!;
      const rs = pod.metadata.ownerReferences![0]!.name;
      const node = pod.spec.nodeName!;
      const steps: Step[] = [
        { label: 'kubectl POST deployment', match: (r) => r.kind === 'request' && r.from === 'kubectl' && r.summary.startsWith('POST /apis/apps/v1/namespaces/default/deployments') },
        { label: 'authentication', match: (r) => r.kind === 'authn' && r.summary.includes('kubernetes-admin') },
        { label: 'authorization', match: (r) => r.kind === 'authz' && r.summary.startsWith('RBAC: allowed create deployments') },
        { label: 'mutating admission', match: (r) => r.kind === 'mutating-admission' && about('go-api')(r) },
        { label: 'validation', match: (r) => r.kind === 'validation' && about('go-api')(r) },
        { label: 'etcd commit', match: (r) => r.kind === 'etcd-commit' && about('go-api')(r) && r.from === 'etcd' },
        { label: 'Deployment controller sees it', match: (r) => r.kind === 'watch' && r.to === 'deployment-controller' && about('go-api')(r) },
        { label: 'ReplicaSet created', match: (r) => r.kind === 'request' && r.from === 'deployment-controller' && r.summary.startsWith('POST') && about(rs)(r) },
        { label: 'ReplicaSet controller sees it', match: (r) => r.kind === 'watch' && r.to === 'replicaset-controller' && about(rs)(r) },
        // The POST carries only generateName; the response names the Pod.
        { label: 'Pod created', match: (r) => r.kind === 'response' && r.to === 'replicaset-controller' && r.summary === `201 Created pod/${name}` },
        { label: 'scheduler sees it', match: (r) => r.kind === 'watch' && r.to === 'kube-scheduler' && about(name)(r) },
        { label: 'filter and score', match: (r) => r.kind === 'schedule' && about(name)(r) && r.summary.includes(`selected ${node}`) },
        { label: 'bind', match: (r) => r.kind === 'request' && r.summary.endsWith(`/pods/${name}/binding`) },
        { label: 'kubelet sees it', match: (r) => r.kind === 'watch' && r.to === `kubelet/${node}` && about(name)(r) },
        { label: 'CRI RunPodSandbox', match: (r) => r.kind === 'cri' && r.summary.startsWith('RunPodSandbox') && about(name)(r) },
        { label: 'CNI ADD', match: (r) => r.kind === 'cni' && r.summary.startsWith('CNI ADD') && about(name)(r) },
        { label: 'image pull', match: (r) => r.kind === 'cri' && r.summary.startsWith('PullImage') && about(name)(r) },
        { label: 'container created', match: (r) => r.kind === 'cri' && r.summary.startsWith('CreateContainer') && about(name)(r) },
        { label: 'container started', match: (r) => r.kind === 'cri' && r.summary.startsWith('StartContainer') && about(name)(r) },
        { label: 'readiness probe', match: (r) => r.kind === 'probe' && about(name)(r) },
        { label: 'status Ready written', match: (r) => r.kind === 'request' && r.from === `kubelet/${node}` && r.summary.endsWith(`/pods/${name}/status`) },
      ];
      expect(follow(recs, steps)).toEqual(steps.map((x) => x.label));
      expect(pod.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    }
  });

  it('mounts a PersistentVolumeClaim through CSI before creating the sandbox', () => {
    const s = new Session({ seed: 2 });
    const res = s.run(
      'kubectl apply -f -',
      `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
    - name: redis
      image: redis:7
      volumeMounts:
        - name: data
          mountPath: /data
  volumes:
    - name: data
      persistentVolumeClaim:
        claimName: data
`,
    );
    expect(res.exitCode).toBe(0);
    s.run('kubectl wait --for=condition=Ready pod/db --timeout=2m');
    const recs = s.sim.traceSince(0).filter((r) => r.at >= s.sim.bootedAt);
    const steps: Step[] = [
      { label: 'bind', match: (r) => r.kind === 'request' && r.summary.endsWith('/pods/db/binding') },
      { label: 'CSI', match: (r) => r.kind === 'csi' },
      { label: 'CRI RunPodSandbox', match: (r) => r.kind === 'cri' && r.summary.startsWith('RunPodSandbox') && about('db')(r) },
      { label: 'container started', match: (r) => r.kind === 'cri' && r.summary.startsWith('StartContainer') && about('db')(r) },
    ];
    expect(follow(recs, steps)).toEqual(steps.map((x) => x.label));
    expect(s.sim.objects<Pod>('pods').find((p) => p.metadata.name === 'db')?.status?.phase).toBe('Running');
  });
});
