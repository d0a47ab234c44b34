import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { createPod, getPod, podManifest } from './kubelet.testing';

function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['sh', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

const AS_SA = 'curl -sk -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)"';

describe("the kubelet's port 10250 from inside a Pod", () => {
  it('presents a self-signed chain, refuses anonymous requests, then answers as RBAC on nodes/<subresource> allows', () => {
    const sim = new Simulation({ seed: 1 });
    createPod(sim, podManifest('t', 'curlimages/curl', { container: { command: ['sleep', '3600'] } }));
    sim.runUntil(() => getPod(sim, 't')?.status?.phase === 'Running', 60_000);
    // Its self-signed certificate names the node's hostname alone, and curl 8.17 checks the name
    // before the chain (images/curl.ts tlsError): dialled by address, the name is what fails.
    expect(inPod(sim, 't', 'curl -sS https://10.0.0.11:10250/pods').output).toMatch(/^curl: \(60\) SSL: no alternative certificate subject name matches target ipv4 address '10\.0\.0\.11'\nMore details here: /);
    expect(inPod(sim, 't', 'curl -sk https://10.0.0.11:10250/pods')).toEqual({ exitCode: 0, output: 'Unauthorized' });
    expect(inPod(sim, 't', `${AS_SA} https://10.0.0.11:10250/metrics`).output).toBe('Forbidden (user=system:serviceaccount:default:default, verb=get, resource=nodes, subresource=metrics)');
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'kubelet-pods' }, rules: [{ apiGroups: [''], resources: ['nodes/pods'], verbs: ['get'] }] };
    const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'kubelet-pods' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'kubelet-pods' }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }] };
    expect(sim.request({ verb: 'create', resource: 'clusterroles', body: role }).ok).toBe(true);
    expect(sim.request({ verb: 'create', resource: 'clusterrolebindings', body: binding }).ok).toBe(true);
    const node = getPod(sim, 't')!.spec.nodeName!;
    const ip = { 'node-1': '10.0.0.11', 'node-2': '10.0.0.12', 'node-3': '10.0.0.13' }[node] ?? '';
    const list = JSON.parse(inPod(sim, 't', `${AS_SA} https://${ip}:10250/pods`).output) as { kind: string; metadata: object; items: { metadata: { name: string } }[] };
    expect(list).toMatchObject({ kind: 'PodList', metadata: {} });
    expect(list.items.map((p) => p.metadata.name)).toContain('t');
    expect(inPod(sim, 't', `curl -sSk https://${ip}:2379/`).exitCode).toBe(7);
  });
});
