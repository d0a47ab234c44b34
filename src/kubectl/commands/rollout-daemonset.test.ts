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
  it('records each template as a ControllerRevision; history lists them and undo patches the older one back, renumbering it', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'get controllerrevisions -n kube-system').stdout).toMatch(/^NAME\s+CONTROLLER\s+REVISION\s+AGE\nkube-proxy-[a-z0-9]+\s+daemonset\.apps\/kube-proxy\s+1\s+\d+s\n$/);
    expect(kubectl(sim, String.raw`get ds kube-proxy -n kube-system -o jsonpath='{.metadata.annotations.deprecated\.daemonset\.template\.generation}'`).stdout).toBe('1');
    kubectl(sim, 'set image ds/kube-proxy -n kube-system kube-proxy=registry.k8s.io/kube-proxy:v9.9.9');
    sim.advance(2_000);
    expect(kubectl(sim, 'rollout history ds/kube-proxy -n kube-system').stdout).toBe('daemonset.apps/kube-proxy \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    expect(kubectl(sim, 'rollout history ds/kube-proxy -n kube-system --revision=2').stdout).toContain('    Image:\tregistry.k8s.io/kube-proxy:v9.9.9\n');
    expect(kubectl(sim, 'rollout history ds/kube-proxy -n kube-system --revision=7').stderr).toBe('error: unable to find the specified revision\n');
    expect(kubectl(sim, 'rollout undo ds/kube-proxy -n kube-system').stdout).toBe('daemonset.apps/kube-proxy rolled back\n');
    expect(kubectl(sim, 'rollout status ds/kube-proxy -n kube-system --timeout=5m').stdout).toContain('successfully rolled out');
    // The old revision is the current one again, renumbered above the other.
    expect(kubectl(sim, 'rollout history ds/kube-proxy -n kube-system').stdout).toBe('daemonset.apps/kube-proxy \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n');
    expect(kubectl(sim, 'rollout undo ds/kube-proxy -n kube-system --to-revision=3').stdout).toBe('daemonset.apps/kube-proxy skipped rollback (current template already matches revision 3)\n');
    expect(kubectl(sim, 'rollout undo ds/kube-proxy -n kube-system --to-revision=9').stderr).toBe('error: unable to find specified revision 9 in history\n');
    const pods = proxies(sim);
    expect(pods).toHaveLength(4);
    // IsPodUpdated goes by the revision hash too: Pods that never left revision 1 count as updated
    // and keep running; only the one that had moved to the bad image is replaced.
    const hash = kubectl(sim, 'get controllerrevisions -n kube-system').stdout.match(/kube-proxy-([a-z0-9]+)\s+daemonset\.apps\/kube-proxy\s+3\s/)![1];
    expect(pods.every((p) => p.metadata.labels?.['controller-revision-hash'] === hash)).toBe(true);
    expect(pods.map((p) => p.metadata.labels?.['pod-template-generation']).sort()).toEqual(['1', '1', '1', '3']);
    expect(pods.every((p) => p.spec.containers[0]!.image !== 'registry.k8s.io/kube-proxy:v9.9.9')).toBe(true);
  });

  it('keeps at most revisionHistoryLimit old revisions that no Pod runs, and a non-template change makes none', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, `patch ds kube-proxy -n kube-system -p '{"spec":{"revisionHistoryLimit":1,"minReadySeconds":0}}'`);
    for (const v of ['v9.0.1', 'v9.0.2', 'v9.0.3']) {
      kubectl(sim, `set image ds/kube-proxy -n kube-system kube-proxy=registry.k8s.io/kube-proxy:${v}`);
      kubectl(sim, 'rollout status ds/kube-proxy -n kube-system --timeout=5m');
    }
    const revs = kubectl(sim, 'get controllerrevisions -n kube-system -o name').stdout.trim().split('\n');
    expect(revs).toHaveLength(2);
    expect(kubectl(sim, 'rollout history ds/kube-proxy -n kube-system').stdout).toContain('3         <none>\n4         <none>\n');
    expect(kubectl(sim, String.raw`get ds kube-proxy -n kube-system -o jsonpath='{.metadata.annotations.deprecated\.daemonset\.template\.generation}'`).stdout).toBe('4');
  });
});
