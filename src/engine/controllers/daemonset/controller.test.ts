import { beforeAll, describe, expect, it } from 'vitest';
import type { DaemonSet, KEvent, Node, Pod } from '../../../k8s/types';
import { Simulation, worldOf } from '../../simulation';
import { stopComponent } from '../../dispatch';
import { podSpec, waitFor } from '../controllers.testing';
import { isPodAvailable } from '../util/pods';

const NODES = ['control-plane', 'node-1', 'node-2', 'node-3'];

function dsPods(sim: Simulation, name: string, ns = 'default'): Pod[] {
  return sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === ns && p.metadata.ownerReferences?.some((r) => r.kind === 'DaemonSet' && r.name === name) && !p.metadata.deletionTimestamp);
}

function getDs(sim: Simulation, name: string, ns = 'default'): DaemonSet | undefined {
  return sim.objects<DaemonSet>('daemonsets').find((d) => d.metadata.namespace === ns && d.metadata.name === name);
}

describe('daemonset-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('runs exactly one kube-proxy Pod on each of the 4 nodes, pinned by nodeAffinity', () => {
    const sim = fresh();
    const pods = dsPods(sim, 'kube-proxy', 'kube-system');
    expect(pods.map((p) => p.spec.nodeName).sort()).toEqual(NODES);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^kube-proxy-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.status?.phase).toBe('Running');
      expect(p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms).toEqual([
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: [p.spec.nodeName] }] },
      ]);
      expect(p.spec.tolerations).toEqual([
        { operator: 'Exists' },
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
        // kube-proxy runs on the host network, so it also tolerates a node whose network is not up.
        { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
      ]);
      expect(p.metadata.labels).toMatchObject({ 'k8s-app': 'kube-proxy', 'pod-template-generation': '1' });
    }
    const ds = getDs(sim, 'kube-proxy', 'kube-system')!;
    expect(ds.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(ds.spec.revisionHistoryLimit).toBe(10);
    expect(ds.status).toEqual({
      currentNumberScheduled: 4,
      numberMisscheduled: 0,
      desiredNumberScheduled: 4,
      numberReady: 4,
      observedGeneration: 1,
      updatedNumberScheduled: 4,
      numberAvailable: 4,
    });
    const created = sim.objects<KEvent>('events').filter((e) => e.reason === 'SuccessfulCreate' && e.involvedObject?.kind === 'DaemonSet');
    expect(created.map((e) => e.message).sort()).toEqual(pods.map((p) => `Created pod: ${p.metadata.name}`).sort());
    expect(created.every((e) => e.source?.component === 'daemonset-controller')).toBe(true);
  });

  it('follows a nodeSelector: creates on nodes that gain the label, deletes where it is removed', () => {
    const sim = fresh();
    const body: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { ...podSpec(), nodeSelector: { disk: 'ssd' } } } },
    };
    expect(sim.request({ verb: 'create', resource: 'daemonsets', namespace: 'default', body }).ok).toBe(true);
    sim.advance(2000);
    expect(dsPods(sim, 'agent')).toHaveLength(0);
    expect(getDs(sim, 'agent')!.status).toMatchObject({ desiredNumberScheduled: 0, currentNumberScheduled: 0 });

    for (const n of ['node-1', 'node-2']) sim.request({ verb: 'patch', resource: 'nodes', name: n, body: { metadata: { labels: { disk: 'ssd' } } } as never });
    waitFor(sim, 'two agents', () => dsPods(sim, 'agent').length === 2);
    expect(dsPods(sim, 'agent').map((p) => p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values?.[0]).sort()).toEqual(['node-1', 'node-2']);

    sim.request({ verb: 'patch', resource: 'nodes', name: 'node-2', body: { metadata: { labels: { disk: null } } } as never });
    waitFor(sim, 'one agent', () => dsPods(sim, 'agent').length === 1);
    expect(dsPods(sim, 'agent')[0]!.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values).toEqual(['node-1']);
    waitFor(sim, 'desired 1', () => getDs(sim, 'agent')!.status?.desiredNumberScheduled === 1);
  });

  it('serves a DaemonSet that fits no node with the four counts apps/v1 always prints, and none of the omitempty ones', () => {
    const sim = fresh();
    const body: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'nowhere' },
      spec: { selector: { matchLabels: { app: 'nowhere' } }, template: { metadata: { labels: { app: 'nowhere' } }, spec: { ...podSpec(), nodeSelector: { disk: 'none' } } } },
    };
    expect(sim.request({ verb: 'create', resource: 'daemonsets', namespace: 'default', body }).ok).toBe(true);
    waitFor(sim, 'a status', () => getDs(sim, 'nowhere')?.status?.observedGeneration === 1);
    const got = sim.request({ verb: 'get', resource: 'daemonsets', namespace: 'default', name: 'nowhere' });
    expect(got.ok && got.object?.status).toEqual({ currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, observedGeneration: 1 });
  });

  it('replaces a deleted daemon Pod on the same node once the old one is gone, not while it terminates', () => {
    const sim = fresh();
    const victim = dsPods(sim, 'kube-proxy', 'kube-system').find((p) => p.spec.nodeName === 'node-3')!;
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'kube-system', name: victim.metadata.name });
    const onNode3 = (): Pod[] => sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'kube-system' && p.metadata.labels?.['k8s-app'] === 'kube-proxy' && p.spec.nodeName === 'node-3');
    // getNodesToDaemonPods counts the terminating Pod: without surge, node-3 has its daemon Pod until
    // it has finished (a finished Pod being deleted no longer counts; here it is gone by then).
    let sawTerminatingAlone = false;
    while (onNode3().some((p) => p.metadata.name === victim.metadata.name)) {
      const now = onNode3();
      expect(now).toHaveLength(1);
      if (now[0]!.metadata.deletionTimestamp) sawTerminatingAlone = true;
      if (!sim.step()) break;
    }
    expect(sawTerminatingAlone).toBe(true);
    waitFor(sim, 'replacement', () => dsPods(sim, 'kube-proxy', 'kube-system').filter((p) => p.spec.nodeName === 'node-3' && p.metadata.name !== victim.metadata.name).length === 1, 60_000);
    expect(dsPods(sim, 'kube-proxy', 'kube-system').filter((p) => p.metadata.name !== victim.metadata.name)).toHaveLength(4);
  });

  it('keeps the daemon Pod of a node whose kubelet stopped: it tolerates the NoExecute taint, only the NoSchedule one keeps new Pods away', () => {
    const sim = running(fresh());
    const onNode2 = dsPods(sim, 'agent').find((p) => p.spec.nodeName === 'node-2')!;
    stopComponent(worldOf(sim), 'kubelet/node-2' as never);
    const tainted = (): boolean => {
      const taints = sim.objects<Node>('nodes').find((n) => n.metadata.name === 'node-2')?.spec.taints ?? [];
      return taints.some((t) => t.effect === 'NoSchedule') && taints.some((t) => t.effect === 'NoExecute');
    };
    waitFor(sim, 'node-2 tainted NoSchedule and NoExecute', tainted, 120_000);
    waitFor(sim, 'status without node-2', () => getDs(sim, 'agent')!.status?.desiredNumberScheduled === 2, 10_000);
    sim.advance(60_000);
    // shouldRun is false (desired, current and ready count node-2 out), shouldContinueRunning true.
    const pod = sim.objects<Pod>('pods').find((p) => p.metadata.name === onNode2.metadata.name);
    expect(pod?.metadata.deletionTimestamp).toBeUndefined();
    expect(getDs(sim, 'agent')!.status).toMatchObject({ desiredNumberScheduled: 2, currentNumberScheduled: 2, numberMisscheduled: 1, numberReady: 2 });
  });

  it('is queued by a Node change only when it moves where the DaemonSet runs: not by heartbeats, not by an unrelated label', () => {
    const sim = running(fresh());
    // Let the last Pod status updates land first.
    sim.advance(30_000);
    const syncs = (): number => worldOf(sim).trace.records.filter((r) => r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.controller === 'daemonset').length;
    const before = syncs();
    // Two minutes of every node's heartbeats (node status every 10 s, Leases every 10 s).
    sim.advance(120_000);
    expect(syncs()).toBe(before);
    // A label no DaemonSet selects moves no placement either; a NoSchedule taint it does not tolerate does.
    sim.request({ verb: 'patch', resource: 'nodes', name: 'node-3', body: { metadata: { labels: { pool: 'edge' } } } as never });
    sim.advance(1000);
    expect(syncs()).toBe(before);
    sim.request({ verb: 'patch', resource: 'nodes', name: 'node-3', body: { spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } } as never });
    sim.advance(1000);
    expect(syncs()).toBeGreaterThan(before);
    expect(getDs(sim, 'agent')!.status).toMatchObject({ desiredNumberScheduled: 2, numberMisscheduled: 1 });
    expect(dsPods(sim, 'agent')).toHaveLength(3);
  });

  it('places Pods by the template\'s required node affinity, not only its nodeSelector', () => {
    const sim = fresh();
    const body = agent();
    body.spec.template.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-1', 'node-3'] }] }] } } };
    expect(sim.request({ verb: 'create', resource: 'daemonsets', namespace: 'default', body }).ok).toBe(true);
    waitFor(sim, 'two agents', () => dsPods(sim, 'agent').length === 2);
    sim.advance(5000);
    expect(dsPods(sim, 'agent').map((p) => p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values?.[0]).sort()).toEqual(['node-1', 'node-3']);
    expect(getDs(sim, 'agent')!.status).toMatchObject({ desiredNumberScheduled: 2 });
  });

  it('deletes a failed daemon Pod with a FailedDaemonPod Event, and starts its replacement once it is gone', () => {
    const sim = running(fresh());
    const victim = dsPods(sim, 'agent').find((p) => p.spec.nodeName === 'node-1')!;
    // As a node-pressure eviction would leave it: Failed, containers not running.
    const failed = { ...victim, status: { ...victim.status, phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' } };
    expect(sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: victim.metadata.name, body: failed as never }).ok).toBe(true);
    waitFor(sim, 'FailedDaemonPod', () => sim.objects<KEvent>('events').some((e) => e.reason === 'FailedDaemonPod'), 10_000);
    const ev = sim.objects<KEvent>('events').find((e) => e.reason === 'FailedDaemonPod')!;
    expect(ev.type).toBe('Warning');
    expect(ev.message).toBe(`Found failed daemon pod default/${victim.metadata.name} on node node-1, will try to kill it`);
    waitFor(sim, 'a new agent on node-1', () => dsPods(sim, 'agent').some((p) => p.spec.nodeName === 'node-1' && p.metadata.name !== victim.metadata.name), 60_000);
    expect(sim.objects<Pod>('pods').some((p) => p.metadata.name === victim.metadata.name)).toBe(false);
  });

  /**
   * As a kubelet that rejects every daemon Pod bound to `node` at admission would: each one goes
   * Failed as soon as it is bound. Returns the simulated times of the FailedDaemonPod Events seen
   * while running `ms`.
   */
  function failEveryPodOn(sim: Simulation, node: string, ms: number, seen: number[] = []): number[] {
    const rejected = new Set<string>();
    sim.runUntil(() => {
      for (const p of dsPods(sim, 'agent')) {
        if (p.spec.nodeName !== node || p.status?.phase === 'Failed' || rejected.has(p.metadata.name ?? '')) continue;
        rejected.add(p.metadata.name ?? '');
        const body = { ...p, status: { ...p.status, phase: 'Failed', reason: 'OutOfcpu', message: "Pod was rejected: Node didn't have enough resource: cpu" } };
        expect(sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: p.metadata.name, body: body as never }).ok).toBe(true);
      }
      const n = sim.objects<KEvent>('events').filter((e) => e.reason === 'FailedDaemonPod').length;
      while (seen.length < n) seen.push(sim.now);
      return false;
    }, ms);
    return seen;
  }

  const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);

  it('deletes a daemon Pod that keeps failing no faster than failedPodsBackoff allows: 1 s, 2 s, 4 s … apart, afresh for a new generation', () => {
    const sim = running(fresh());
    const times = failEveryPodOn(sim, 'node-1', 70_000);
    // flowcontrol.NewBackOff(1s, 15m): each deletion waits out the back-off the previous one set,
    // plus the few ms the replacement takes to be created, bound and rejected.
    expect(times).toHaveLength(7);
    gaps(times).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(1000 * 2 ** i);
      expect(gap).toBeLessThan(1000 * 2 ** i + 50);
    });
    const events = sim.objects<KEvent>('events').filter((e) => e.reason === 'FailedDaemonPod');
    expect(events.every((e) => e.type === 'Warning' && /^Found failed daemon pod default\/agent-\w{5} on node node-1, will try to kill it$/.test(e.message ?? ''))).toBe(true);
    // The back-off is keyed by DaemonSet UID, observed generation and node: once a new generation
    // is observed, the failed Pod still waiting out its 64 s goes at once.
    expect(sim.request({ verb: 'patch', resource: 'daemonsets', namespace: 'default', name: 'agent', body: { spec: { revisionHistoryLimit: 5 } } as never }).ok).toBe(true);
    const patchedAt = sim.now;
    waitFor(sim, 'the held failed Pod deleted', () => sim.objects<KEvent>('events').filter((e) => e.reason === 'FailedDaemonPod').length === 8, 1000);
    expect(getDs(sim, 'agent')!.status?.observedGeneration).toBe(2);
    expect(sim.now - patchedAt).toBeLessThan(100);
  });

  it('keeps the failed-Pod back-off in the World: a snapshot restored mid-back-off deletes on the same schedule', () => {
    const sim = running(fresh());
    const start = sim.now;
    const whole = failEveryPodOn(sim, 'node-1', 40_000);
    const again = running(fresh());
    expect(again.now).toBe(start);
    const firstPart = failEveryPodOn(again, 'node-1', 5_000);
    expect(firstPart).toHaveLength(3);
    const restored = Simulation.fromSnapshot(again.snapshot());
    expect(failEveryPodOn(restored, 'node-1', 35_000, [...firstPart])).toEqual(whole);
  });

  /** A daemon that ignores SIGTERM (sh as PID 1), so a deleted Pod terminates for its 30 s grace period. */
  function sleeper(minReadySeconds: number): DaemonSet {
    const body = agent();
    body.spec.template.spec.containers = [{ name: 'agent', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 3600'] }];
    if (minReadySeconds) body.spec.minReadySeconds = minReadySeconds;
    return body;
  }

  it.each([0, 2])('counts a terminating daemon Pod as scheduled, ready and available (minReadySeconds %i)', (minReadySeconds) => {
    const sim = running(fresh(), sleeper(minReadySeconds));
    waitFor(sim, 'all available', () => getDs(sim, 'agent')!.status?.numberAvailable === 3, 10_000);
    const victim = dsPods(sim, 'agent').find((p) => p.spec.nodeName === 'node-2')!;
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name });
    sim.advance(5000);
    const pod = sim.objects<Pod>('pods').find((p) => p.metadata.name === victim.metadata.name)!;
    expect(pod.metadata.deletionTimestamp).toBeDefined();
    expect(pod.status?.phase).toBe('Running');
    // updateDaemonSetStatus reads getNodesToDaemonPods, terminating Pods included: node-2 still
    // has its Pod, Ready until its container is killed. Without surge no replacement starts yet.
    expect(sim.objects<Pod>('pods').filter((p) => p.spec.nodeName === 'node-2' && p.metadata.labels?.['app'] === 'agent')).toHaveLength(1);
    expect(getDs(sim, 'agent')!.status).toEqual({
      currentNumberScheduled: 3,
      numberMisscheduled: 0,
      desiredNumberScheduled: 3,
      numberReady: 3,
      observedGeneration: 1,
      updatedNumberScheduled: 3,
      numberAvailable: 3,
    });
  });

  it('no longer counts a finished daemon Pod a finalizer holds: its replacement starts at once and is counted instead', () => {
    const sim = running(fresh(), sleeper(0));
    const victim = dsPods(sim, 'agent').find((p) => p.spec.nodeName === 'node-2')!;
    expect(sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: victim.metadata.name, body: { metadata: { finalizers: ['example.com/hold'] } } as never }).ok).toBe(true);
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name, gracePeriodSeconds: 1 });
    waitFor(sim, 'a running replacement on node-2', () => dsPods(sim, 'agent').some((p) => p.spec.nodeName === 'node-2' && p.status?.phase === 'Running'), 30_000);
    const held = sim.objects<Pod>('pods').find((p) => p.metadata.name === victim.metadata.name)!;
    expect(held.metadata.deletionTimestamp).toBeDefined();
    expect(held.status?.phase).toBe('Failed');
    waitFor(sim, 'all ready', () => getDs(sim, 'agent')!.status?.numberReady === 3, 10_000);
    expect(getDs(sim, 'agent')!.status).toMatchObject({ currentNumberScheduled: 3, desiredNumberScheduled: 3, numberMisscheduled: 0, updatedNumberScheduled: 3, numberAvailable: 3 });
  });

  const WORKERS = ['node-1', 'node-2', 'node-3'];

  function agent(strategy: DaemonSet['spec']['updateStrategy'] = undefined): DaemonSet {
    const spec: DaemonSet['spec'] = { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'nginx:1.26.2' }] } } };
    if (strategy) spec.updateStrategy = strategy;
    return { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec };
  }

  function running(sim: Simulation, body = agent()): Simulation {
    expect(sim.request({ verb: 'create', resource: 'daemonsets', namespace: 'default', body }).ok).toBe(true);
    waitFor(sim, 'three ready agents', () => dsPods(sim, 'agent').filter((p) => isPodAvailable(p, 0, sim.now)).length === 3, 120_000);
    return sim;
  }

  function setImage(sim: Simulation, image: string, strategy?: DaemonSet['spec']['updateStrategy']): void {
    const body = { spec: { ...(strategy ? { updateStrategy: strategy } : {}), template: { spec: { containers: [{ name: 'agent', image }] } } } };
    expect(sim.request({ verb: 'patch', resource: 'daemonsets', namespace: 'default', name: 'agent', body: body as never }).ok).toBe(true);
  }

  const images = (sim: Simulation): string[] => dsPods(sim, 'agent').map((p) => `${p.spec.nodeName ?? ''}=${p.spec.containers[0]!.image}`).sort();

  it('rolls a new template out node by node, never more than maxUnavailable (1) nodes without an available Pod', () => {
    const sim = running(fresh());
    const oldHash = dsPods(sim, 'agent')[0]!.metadata.labels?.['controller-revision-hash'];
    setImage(sim, 'nginx:1.27.0');
    let worst = 0;
    waitFor(
      sim,
      'all agents updated and available',
      () => {
        const live = dsPods(sim, 'agent');
        const availableNodes = new Set(live.filter((p) => isPodAvailable(p, 0, sim.now)).map((p) => p.spec.nodeName));
        worst = Math.max(worst, WORKERS.filter((n) => !availableNodes.has(n)).length);
        return live.length === 3 && live.every((p) => p.spec.containers[0]!.image === 'nginx:1.27.0' && isPodAvailable(p, 0, sim.now));
      },
      180_000,
    );
    expect(worst).toBe(1);
    expect(images(sim)).toEqual(WORKERS.map((n) => `${n}=nginx:1.27.0`));
    const hashes = new Set(dsPods(sim, 'agent').map((p) => p.metadata.labels?.['controller-revision-hash']));
    expect(hashes.size).toBe(1);
    expect(hashes.has(oldHash)).toBe(false);
    expect([...hashes][0]).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    waitFor(sim, 'status observed', () => getDs(sim, 'agent')!.status?.updatedNumberScheduled === 3 && getDs(sim, 'agent')!.status?.numberAvailable === 3);
    expect(getDs(sim, 'agent')!.status).toMatchObject({ observedGeneration: 2, desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 3 });
    const deletes = sim.objects<KEvent>('events').filter((e) => e.reason === 'SuccessfulDelete' && e.involvedObject?.name === 'agent');
    expect(deletes).toHaveLength(3);
    expect(deletes.every((e) => e.source?.component === 'daemonset-controller')).toBe(true);
  });

  it('with OnDelete keeps the old Pods until they are deleted; a replacement gets the new template', () => {
    const sim = running(fresh());
    setImage(sim, 'nginx:1.27.0', { type: 'OnDelete', rollingUpdate: null } as never);
    waitFor(sim, 'generation observed', () => getDs(sim, 'agent')!.status?.observedGeneration === 2);
    sim.advance(30_000);
    expect(images(sim)).toEqual(WORKERS.map((n) => `${n}=nginx:1.26.2`));
    expect(getDs(sim, 'agent')!.status?.updatedNumberScheduled).toBeUndefined();

    const victim = dsPods(sim, 'agent').find((p) => p.spec.nodeName === 'node-2')!;
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name });
    waitFor(sim, 'node-2 replaced', () => images(sim).includes('node-2=nginx:1.27.0') && dsPods(sim, 'agent').length === 3, 60_000);
    expect(images(sim)).toEqual(['node-1=nginx:1.26.2', 'node-2=nginx:1.27.0', 'node-3=nginx:1.26.2']);
    waitFor(sim, 'one updated', () => getDs(sim, 'agent')!.status?.updatedNumberScheduled === 1);
  });

  it('with maxSurge starts the new Pod beside the old one and deletes the old one once the new one is available', () => {
    const sim = running(fresh());
    setImage(sim, 'nginx:1.27.0', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    let most = 0;
    let worst = 0;
    waitFor(
      sim,
      'all agents updated',
      () => {
        const live = dsPods(sim, 'agent');
        most = Math.max(most, live.length);
        const availableNodes = new Set(live.filter((p) => isPodAvailable(p, 0, sim.now)).map((p) => p.spec.nodeName));
        worst = Math.max(worst, WORKERS.filter((n) => !availableNodes.has(n)).length);
        return live.length === 3 && live.every((p) => p.spec.containers[0]!.image === 'nginx:1.27.0' && isPodAvailable(p, 0, sim.now));
      },
      180_000,
    );
    expect(most).toBe(4);
    expect(worst).toBe(0);
  });

  it('rejects a DaemonSet whose selector does not match its template', () => {
    const sim = fresh();
    const body = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'bad' }, spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'y' } }, spec: podSpec() } } };
    const res = sim.request({ verb: 'create', resource: 'daemonsets', namespace: 'default', body: body as never });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toBe('DaemonSet.apps "bad" is invalid: spec.template.metadata.labels: Invalid value: {"app":"y"}: `selector` does not match template `labels`');
  });
});
