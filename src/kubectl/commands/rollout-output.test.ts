/** rollout pause/resume refusals and `rollout history -o`, as kubectl 1.35/1.36 print them against `reconcile serve`. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 1 });
  kubectl(sim, 'kubectl create deployment web --image=nginx:1.27 --replicas=1');
  kubectl(sim, 'kubectl rollout status deployment/web --timeout=60s');
  return sim;
}

describe('kubectl rollout', () => {
  it('refuses pausing twice and resuming what is not paused, and goes on past what it could not get', () => {
    const sim = cluster();
    expect(kubectl(sim, 'kubectl rollout pause deployment/web').stdout).toBe('deployment.apps/web paused\n');
    expect(kubectl(sim, 'kubectl rollout pause deployment/web')).toMatchObject({ stdout: '', stderr: 'error: deployments.apps "web" is already paused\n', code: 1 });
    expect(kubectl(sim, 'kubectl rollout resume deployment/web').stdout).toBe('deployment.apps/web resumed\n');
    expect(kubectl(sim, 'kubectl rollout resume deployment/web').stderr).toBe('error: deployments.apps "web" is not paused\n');
    expect(kubectl(sim, 'kubectl rollout pause deploy/web deploy/nope')).toMatchObject({ stdout: 'deployment.apps/web paused\n', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n' });
  });

  it('prints the history objects with -o: ReplicaSets of a Deployment, the DaemonSet as each revision made it', () => {
    const sim = cluster();
    kubectl(sim, 'kubectl set image deployment/web nginx=nginx:1.28');
    kubectl(sim, 'kubectl rollout status deployment/web --timeout=60s');
    const names = kubectl(sim, 'kubectl rollout history deployment/web -o name').stdout.trim().split('\n');
    expect(names).toHaveLength(2);
    for (const n of names) expect(n).toMatch(/^replicaset\.apps\/web-[a-z0-9]+$/);
    const yaml = kubectl(sim, 'kubectl rollout history deployment/web --revision=1 -o yaml').stdout;
    expect(yaml).toMatch(/^apiVersion: apps\/v1\nkind: ReplicaSet\n/);
    expect(yaml).toContain('- image: nginx:1.27\n');
    expect(kubectl(sim, 'kubectl rollout history deployment/web --revision=7 -o yaml').stderr).toBe('error: unable to find the specified revision\n');
    expect(kubectl(sim, 'kubectl rollout history ds/kube-proxy -n kube-system -o name').stdout).toBe('daemonset.apps/kube-proxy\n');
  });
});

describe('kubectl describe, more describers', () => {
  it("describes an EndpointSlice with describe.go's describer and a static Pod's seccomp profile", () => {
    const sim = new Simulation({ seed: 1 });
    sim.advance(20_000);
    const eps = kubectl(sim, 'kubectl describe endpointslices -n kube-system -l kubernetes.io/service-name=kube-dns').stdout;
    expect(eps).toContain('\nAddressType:  IPv4\nPorts:\n  Name     Port  Protocol\n  ----     ----  --------\n  dns      53    UDP\n');
    expect(eps).toMatch(/\nEndpoints:\n {2}- Addresses: {2}10\.244\.\d+\.\d+\n {4}Conditions:\n {6}Ready: {4}true\n {4}Hostname: {3}<unset>\n {4}TargetRef: {2}Pod\/coredns-/);
    const api = kubectl(sim, 'kubectl describe pod -n kube-system -l component=kube-apiserver').stdout;
    expect(api).toMatch(/\nStatus: +Running\nSeccompProfile: +RuntimeDefault\nIP: /);
  });
});
