import { describe, expect, it } from 'vitest';
import { Simulation } from '../index';
import type { ComponentStatus } from '../../k8s/types';

function list(sim: Simulation): Record<string, ComponentStatus['conditions'][number]> {
  const res = sim.request({ verb: 'list', resource: 'componentstatuses' });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return Object.fromEntries((res.items as ComponentStatus[]).map((s) => [s.metadata.name!, s.conditions[0]!]));
}

describe('ComponentStatus (kubectl get cs): probed per request from the serving kube-apiserver', () => {
  it('reports the local scheduler and controller manager through their healthz ports, and etcd through its storage client', () => {
    const sim = new Simulation({ seed: 5 });
    expect(Object.keys(list(sim))).toEqual(['controller-manager', 'etcd-0', 'scheduler']);
    expect(list(sim).scheduler).toEqual({ type: 'Healthy', status: 'True', message: 'ok' });

    expect(sim.injectFault('kube-scheduler').ok).toBe(true);
    expect(list(sim).scheduler).toEqual({ type: 'Healthy', status: 'False', message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused' });
    expect(sim.injectFault('kube-controller-manager').ok).toBe(true);
    expect(list(sim)['controller-manager']!.message).toBe('Get "https://127.0.0.1:10257/healthz": dial tcp 127.0.0.1:10257: connect: connection refused');
    expect(sim.healFault('kube-scheduler').ok).toBe(true);
    sim.advance(30_000);
    expect(list(sim).scheduler!.status).toBe('True');
  });

  it('shows etcd-0 Unhealthy with the client error when etcd has no quorum', () => {
    const sim = new Simulation({ seed: 5 });
    expect(sim.injectFault('etcd').ok).toBe(true);
    expect(list(sim)['etcd-0']).toEqual({ type: 'Healthy', status: 'False', error: 'etcdserver: request timed out' });
  });

  it('serves GET by name and nothing else, and stores nothing', () => {
    const sim = new Simulation({ seed: 5 });
    const one = sim.request({ verb: 'get', resource: 'componentstatuses', name: 'etcd-0' });
    expect(one.ok && one.object?.metadata.name).toBe('etcd-0');
    expect(sim.request({ verb: 'get', resource: 'componentstatuses', name: 'nope' })).toMatchObject({ ok: false, error: { code: 500, reason: 'InternalError', message: 'Internal error occurred: Component not found: nope' } });
    expect(sim.request({ verb: 'delete', resource: 'componentstatuses', name: 'scheduler' })).toMatchObject({ ok: false, error: { code: 405, reason: 'MethodNotAllowed' } });
    expect(sim.objects('componentstatuses')).toEqual([]);
  });
});
