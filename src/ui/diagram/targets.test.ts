import { describe, expect, it } from 'vitest';
import { testCluster } from '../terminal/cluster.testing';
import { activeFaults, commandFor, faultActions } from './targets';
import { BASIC, withComponent } from './testkit';

/** Components and fault targets as the worker reports them. */
const basic = testCluster();
const ha = testCluster({ topology: 'ha' });

const none = new Set<string>();
const actions = (id: string, active: ReadonlySet<string> = none, c = basic) => faultActions(id, c.components, c.targets, active);
const lines = (id: string, active: ReadonlySet<string> = none, c = basic) => actions(id, active, c).map(commandFor);

describe('faultActions', () => {
  it('stops and restarts a component instance by its fault target name', () => {
    expect(lines('kube-scheduler')).toEqual(['sim fail kube-scheduler']);
    expect(lines('kube-scheduler', new Set(['kube-scheduler']))).toEqual(['sim recover kube-scheduler']);
    expect(actions('kube-scheduler')[0]?.verb).toBe('stop');
    expect(actions('kube-scheduler', new Set(['kube-scheduler']))[0]?.verb).toBe('restart');
    expect(lines('kubelet/node-1')).toEqual(['sim fail kubelet/node-1']);
    expect(lines('etcd')).toEqual(['sim fail etcd']);
  });

  it('maps the CSI node plugin to the one csi driver, and offers nothing for kubectl, the user, Pods or absent parts', () => {
    expect(lines('csi-node/node-2')).toEqual(['sim fail csi']);
    for (const id of ['kubectl', 'user', 'cloud-controller-manager', 'pod:default/web-1']) expect(lines(id)).toEqual([]);
  });

  it('offers a node box its machine-level faults and each node part', () => {
    expect(lines('node:node-2')).toEqual([
      'sim fail node/node-2',
      'sim fail network/node-2',
      'sim fail kubelet/node-2',
      'sim fail container-runtime/node-2',
      'sim fail cni/node-2',
      'sim fail kube-proxy/node-2',
    ]);
    expect(actions('node:node-2').map((a) => a.verb)).toEqual(['powerOff', 'partition', 'stopKubelet', 'stopRuntime', 'breakCni', 'stopProxy']);
    const active = new Set(['node/node-2', 'cni/node-2']);
    expect(lines('node:node-2', active)).toContain('sim recover node/node-2');
    expect(lines('node:node-2', active)).toContain('sim recover cni/node-2');
  });

  it('never offers to partition a control-plane machine (the engine has no such target)', () => {
    expect(lines('node:control-plane')).not.toContain('sim fail network/control-plane');
    expect(lines('node:control-plane')).toContain('sim fail node/control-plane');
  });

  it('offers to recover a wider fault that keeps a component down or cuts it off', () => {
    const host = ha.components.get('kube-scheduler-2')!.host;
    expect(lines('kube-scheduler-2', new Set(['kube-scheduler', `node/${host}`]), ha)).toEqual(['sim fail kube-scheduler-2', 'sim recover kube-scheduler', `sim recover node/${host}`]);
    expect(lines('kube-proxy/node-1', new Set(['network/node-1']))).toEqual(['sim fail kube-proxy/node-1', 'sim recover network/node-1']);
  });
});

describe('activeFaults', () => {
  it('collects the faults every component reports', () => {
    let cs = withComponent(BASIC, 'kube-scheduler', { details: { faults: ['kube-scheduler'] } });
    cs = withComponent(cs, 'kubelet/node-1', { details: { faults: ['node/node-1'] } });
    cs = withComponent(cs, 'cni/node-1', { details: { faults: ['node/node-1'] } });
    expect([...activeFaults(cs)].sort()).toEqual(['kube-scheduler', 'node/node-1']);
  });
});
