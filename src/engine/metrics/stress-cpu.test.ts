/**
 * CPU hogs: vish/stress `-cpus N` (the "Assign CPU Resources" page's cpu-demo) spins N threads and
 * polinux/stress `--cpu N` N workers; CFS holds them to the container's CPU limit, and a thread
 * never gets more than one of the node's cores. vish/stress logs one line per thread.
 */
import { describe, expect, it } from 'vitest';
import { Simulation, worldOf } from '../simulation';
import { cpuNanosAt } from './cpu';
import type { RuntimeState } from '../node/runtime-state';
import type { ComponentId } from '../core/ids';
import type { Pod } from '../../k8s/types';
import { podLog } from '../kubelet/kubelet.testing';

function pod(name: string, image: string, args: string[], cpuLimit?: string): Pod {
  const resources = cpuLimit ? { limits: { cpu: cpuLimit }, requests: { cpu: '100m' } } : {};
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name, image, args, resources }] } } as unknown as Pod;
}

/** Millicores the container burned over the last 10 s. */
function millicores(sim: Simulation, name: string): number {
  const w = worldOf(sim);
  const rt = w.components.get('container-runtime/node-1' as ComponentId) as RuntimeState;
  const c = [...rt.containers.values()].find((x) => x.config.name === name && x.state === 'CONTAINER_RUNNING')!;
  return Math.round((cpuNanosAt(w, c, w.now) - cpuNanosAt(w, c, w.now - 10_000)) / 10_000 / 1_000);
}

describe('a CPU hog', () => {
  it('burns its threads up to the CPU limit (cpu-demo: -cpus 2 under a limit of 1 → 1000m) and at most the node has', () => {
    const sim = new Simulation({ seed: 1 });
    for (const p of [
      pod('capped', 'vish/stress', ['-cpus', '2'], '1'),
      pod('free', 'vish/stress', ['-cpus', '2']),
      pod('greedy', 'vish/stress', ['-cpus', '64']),
      pod('idle', 'vish/stress', []),
      pod('sqrt', 'polinux/stress', ['stress', '--cpu', '1']),
    ]) expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: p }).ok).toBe(true);
    sim.advance(40_000);
    expect(millicores(sim, 'capped')).toBe(1000);
    expect(millicores(sim, 'free')).toBe(2000);
    expect(millicores(sim, 'greedy')).toBe(4000);
    expect(millicores(sim, 'idle')).toBe(0);
    expect(millicores(sim, 'sqrt')).toBe(1000);
  });

  it('logs, as vish/stress main.go does, one Spawning line per thread, then Allocated', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('cpu-demo', 'vish/stress', ['-cpus', '2'], '1') });
    sim.advance(30_000);
    const lines = podLog(sim, 'cpu-demo').trimEnd().split('\n').map((l) => l.replace(/^I\d{4} [\d:.]+ +1 /, ''));
    expect(lines).toEqual([
      'main.go:26] Allocating "0" memory, in "4Ki" chunks, with a 1ms sleep between allocations',
      'main.go:39] Spawning a thread to consume CPU',
      'main.go:39] Spawning a thread to consume CPU',
      'main.go:29] Allocated "0" memory',
    ]);
  });
});
