import { describe, expect, it } from 'vitest';
import { agentId } from '../core/ids';
import { worldOf } from '../simulation';
import type { RuntimeState } from '../node/runtime-state';
import type { KubeletState } from './state';
import { bootCluster, createPod, getPod, podManifest, stateOf, timeline } from './kubelet.testing';

function kubeletOf(sim: ReturnType<typeof bootCluster>, node: string): KubeletState {
  return worldOf(sim).components.get(agentId('kubelet', node)) as KubeletState;
}

function runtimeOn(sim: ReturnType<typeof bootCluster>, node: string): RuntimeState {
  return worldOf(sim).components.get(agentId('container-runtime', node)) as RuntimeState;
}

describe('kubelet generic PLEG', () => {
  it('reports a started container Running only after the relist that follows its start', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    const kubelet = kubeletOf(sim, 'node-1');
    const rt = runtimeOn(sim, 'node-1');
    // What the runtime has and what the API says, at every change of either.
    const seen = timeline(sim, 20_000, () => {
      const c = [...rt.containers.values()].find((r) => r.config.name === 'api');
      return { runtime: c?.state ?? 'none', api: stateOf(getPod(sim, 'web')), relists: kubelet.pleg.seq };
    }).map((s) => s.value);
    const started = seen.findIndex((s) => s.runtime === 'CONTAINER_RUNNING');
    const reported = seen.findIndex((s) => s.api === 'running');
    expect(started).toBeGreaterThan(0);
    // The runtime ran the container while the Pod still said ContainerCreating …
    expect(seen[started]!.api).toBe('waiting:ContainerCreating');
    expect(reported).toBeGreaterThan(started);
    // … until a relist that came after the start saw it.
    expect(seen[reported]!.relists).toBeGreaterThan(seen[started]!.relists);
  });

  it('lets a kubelet with nothing changing arm no relist', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(30_000);
    const kubelet = kubeletOf(sim, 'node-1');
    const before = kubelet.pleg.seq;
    // Readiness stays, nothing starts or exits: the relist clock still runs, but no relist does.
    sim.advance(20_000);
    expect(getPod(sim, 'web')?.status?.phase).toBe('Running');
    expect(kubelet.pleg.seq).toBe(before);
    expect(kubelet.pleg.armedAt).toBeUndefined();
  });

  it('shows a container that lives a few milliseconds only as Completed, never Running', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('once', 'busybox:1.36', { restartPolicy: 'Never', container: { command: ['echo', 'hi'] } }));
    const phases = timeline(sim, 30_000, () => {
      const p = getPod(sim, 'once');
      return `${p?.status?.phase ?? ''} ${stateOf(p)}`;
    }).map((s) => s.value);
    expect(phases).toEqual(['Pending none', 'Pending waiting:ContainerCreating', 'Succeeded terminated:Completed']);
  });
});
