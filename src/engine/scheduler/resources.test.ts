import { describe, expect, it } from 'vitest';
import type { Container } from '../../k8s/types';
import { podResources } from './resources';
import { podManifest } from './scheduler.testing';

const c = (name: string, cpu: string, memory?: string, sidecar = false): Container => {
  const ct: Container = { name, image: 'busybox', resources: { requests: memory ? { cpu, memory } : { cpu } } };
  if (sidecar) ct.restartPolicy = 'Always';
  return ct;
};

describe('podResources (PodRequests)', () => {
  it('sums app containers and converts units', () => {
    const r = podResources(podManifest('p', { containers: [c('a', '250m', '64Mi'), c('b', '1', '1Gi')] }));
    expect(r.requests.milliCPU).toBe(1250);
    expect(r.requests.memory).toBe(64 * 2 ** 20 + 2 ** 30);
  });

  it('takes the larger of the app containers and the biggest init container', () => {
    const r = podResources(podManifest('p', { containers: [c('app', '200m')], initContainers: [c('init', '1'), c('init2', '100m')] }));
    expect(r.requests.milliCPU).toBe(1000);
  });

  it('runs sidecars alongside both the later init containers and the app', () => {
    const r = podResources(podManifest('p', { containers: [c('app', '300m')], initContainers: [c('proxy', '200m', undefined, true), c('migrate', '500m')] }));
    // app phase: 300m + sidecar 200m = 500m; init phase: 500m + sidecar 200m = 700m.
    expect(r.requests.milliCPU).toBe(700);
  });

  it('counts missing requests as 100m / 200Mi only for scoring', () => {
    const r = podResources(podManifest('p', { containers: [{ name: 'a', image: 'nginx' }, c('b', '50m')] }));
    expect(r.requests.milliCPU).toBe(50);
    expect(r.requests.memory).toBe(0);
    expect(r.nonZeroCPU).toBe(150);
    expect(r.nonZeroMemory).toBe(2 * 200 * 2 ** 20);
  });

  it('keeps extended resources as scalars', () => {
    const ct: Container = { name: 'gpu', image: 'cuda', resources: { requests: { 'nvidia.com/gpu': '2' } } };
    expect(podResources(podManifest('p', { containers: [ct] })).requests.scalar).toEqual({ 'nvidia.com/gpu': 2000 });
  });
});
