import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { kubectl } from '../testing';

/** `kubectl rollout` on a DaemonSet: kube-proxy, which every fresh cluster runs on all 4 nodes. */
describe('kubectl rollout on a DaemonSet', () => {
  const proxies = (sim: Simulation): Pod[] => sim.objects<Pod>('pods').filter((p) => p.metadata.name?.startsWith('kube-proxy-') && !p.metadata.deletionTimestamp);

  it('restarts through the template annotation and waits with DaemonSetStatusViewer lines until every node runs the new Pod', () => {
    const sim = new Simulation({ seed: 1 });
    const before = new Set(proxies(sim).map((p) => p.metadata.name));
    expect(kubectl(sim, 'rollout status daemonset/kube-proxy -n kube-system').stdout).toBe('daemon set "kube-proxy" successfully rolled out\n');
    expect(kubectl(sim, 'rollout restart daemonset/kube-proxy -n kube-system').stdout).toBe('daemonset.apps/kube-proxy restarted\n');
    const out = kubectl(sim, 'rollout status ds/kube-proxy -n kube-system --timeout=5m').stdout.split('\n').filter(Boolean);
    expect(out.at(-1)).toBe('daemon set "kube-proxy" successfully rolled out');
    for (const line of out.slice(0, -1)) expect(line).toMatch(/^Waiting for daemon set "kube-proxy" rollout to finish: (\d out of 4 new pods have been updated|\d of 4 updated pods are available)\.\.\.$|^Waiting for daemon set spec update to be observed\.\.\.$/);
    expect(out.some((l) => l.includes('out of 4 new pods have been updated'))).toBe(true);
    const after = proxies(sim);
    expect(after).toHaveLength(4);
    expect(after.filter((p) => before.has(p.metadata.name))).toEqual([]);
    expect(after.every((p) => p.metadata.labels?.['pod-template-generation'] === '2')).toBe(true);
  });

  it('refuses to wait on an OnDelete DaemonSet, as upstream', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, `patch ds kube-proxy -n kube-system -p '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}'`);
    const r = kubectl(sim, 'rollout status daemonset/kube-proxy -n kube-system');
    expect(r.stderr).toBe('error: rollout status is only available for RollingUpdate strategy type\n');
    expect(r.code).toBe(1);
  });
});
