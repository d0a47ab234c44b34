import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import { kubectl } from './testing';

/** What `kubectl` shows of a fresh kubeadm cluster's kube-system namespace. */
describe('kube-system on a fresh cluster', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = new Simulation({ seed: 1 });
  });

  it('lists the control plane, kube-proxy on every node and CoreDNS, all Running', () => {
    const out = kubectl(sim, 'get pods -n kube-system -o wide').stdout.trimEnd().split('\n');
    expect(out[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/);
    const rows = out.slice(1).map((l) => l.split(/\s+/));
    const names = rows.map((r) => r[0]!);
    expect(names.filter((n) => !/^(kube-proxy|coredns)-/.test(n))).toEqual([
      'etcd-control-plane',
      'kube-apiserver-control-plane',
      'kube-controller-manager-control-plane',
      'kube-scheduler-control-plane',
    ]);
    expect(names.filter((n) => /^coredns-[0-9a-f]+-[bcdfghjklmnpqrstvwxz2456789]{5}$/.test(n))).toHaveLength(2);
    const proxies = rows.filter((r) => /^kube-proxy-[bcdfghjklmnpqrstvwxz2456789]{5}$/.test(r[0]!));
    expect(proxies.map((r) => r[6]).sort()).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    // kube-proxy runs in the host's network namespace: its Pod IP is the node's.
    expect(proxies.map((r) => r[5]).sort()).toEqual(['10.0.0.10', '10.0.0.11', '10.0.0.12', '10.0.0.13']);
    for (const r of rows) expect([r[0], r[1], r[2]]).toEqual([r[0], '1/1', 'Running']);
    expect(rows).toHaveLength(10);
  });

  it('shows the kube-proxy DaemonSet and CoreDNS 2/2 Ready, and includes them in `get all`', () => {
    expect(kubectl(sim, 'get ds -n kube-system').stdout).toMatch(
      /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\nkube-proxy\s+4\s+4\s+4\s+4\s+4\s+kubernetes\.io\/os=linux\s+\d+s\n$/,
    );
    expect(kubectl(sim, 'get ds kube-proxy -n kube-system -o wide').stdout).toMatch(/CONTAINERS\s+IMAGES\s+SELECTOR\n.*kube-proxy\s+registry\.k8s\.io\/kube-proxy:v1\.36\.1\s+k8s-app=kube-proxy\n$/);
    expect(kubectl(sim, 'get deploy coredns -n kube-system').stdout).toMatch(/\ncoredns\s+2\/2\s+2\s+2\s+\d+s\n$/);
    expect(kubectl(sim, 'get svc kube-dns -n kube-system').stdout).toMatch(/\nkube-dns\s+ClusterIP\s+10\.96\.0\.10\s+<none>\s+53\/UDP,53\/TCP,9153\/TCP\s+\d+s\n$/);
    const all = kubectl(sim, 'get all -n kube-system').stdout;
    expect(all).toMatch(/\ndaemonset\.apps\/kube-proxy\s+4\s+4\s+4\s+4\s+4\s+kubernetes\.io\/os=linux\s+\d+s\n/);
    expect(all).toMatch(/\ndeployment\.apps\/coredns\s+2\/2\s+2\s+2\s+\d+s\n/);
  });

  it('leaves the default namespace empty for the learner', () => {
    expect(kubectl(sim, 'get pods').stderr).toBe('No resources found in default namespace.\n');
  });
});

describe('kubectl describe daemonset', () => {
  it('prints the DaemonSet describer (node counts, Pods Status, template, events)', () => {
    const sim = new Simulation({ seed: 1 });
    const out = kubectl(sim, 'describe ds kube-proxy -n kube-system').stdout;
    expect(out).toMatch(/^Name:\s+kube-proxy\nNamespace:\s+kube-system\nSelector:\s+k8s-app=kube-proxy\nNode-Selector:\s+kubernetes\.io\/os=linux\nLabels:\s+k8s-app=kube-proxy\n/);
    expect(out).toContain(
      'Desired Number of Nodes Scheduled: 4\nCurrent Number of Nodes Scheduled: 4\nNumber of Nodes Scheduled with Up-to-date Pods: 4\nNumber of Nodes Scheduled with Available Pods: 4\nNumber of Nodes Misscheduled: 0\n',
    );
    expect(out).toMatch(/Pods Status:\s+4 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed\n/);
    expect(out).toMatch(/Pod Template:\n/);
    expect(out.match(/Normal\s+SuccessfulCreate\s+\S+\s+daemonset-controller\s+Created pod: kube-proxy-\w{5}\n/g)).toHaveLength(4);
  });
});
