import { describe, expect, it } from 'vitest';
import { activeFaults, commandFor, faultActions } from './targets';
import { BASIC, withComponent } from './testkit';

const none = new Set<string>();
const lines = (id: string, active: ReadonlySet<string> = none, cs = BASIC) => faultActions(id, cs, active).map(commandFor);

describe('faultActions', () => {
  it('stops and restarts a component instance by its fault target name', () => {
    expect(lines('kube-scheduler')).toEqual(['sim fail kube-scheduler']);
    expect(lines('kube-scheduler', new Set(['kube-scheduler']))).toEqual(['sim recover kube-scheduler']);
    expect(faultActions('kube-scheduler', BASIC, none)[0]?.verb).toBe('stop');
    expect(faultActions('kube-scheduler', BASIC, new Set(['kube-scheduler']))[0]?.verb).toBe('restart');
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
    expect(faultActions('node:node-2', BASIC, none).map((a) => a.verb)).toEqual(['powerOff', 'partition', 'stopKubelet', 'stopRuntime', 'breakCni', 'stopProxy']);
    const active = new Set(['node/node-2', 'cni/node-2']);
    expect(lines('node:node-2', active)).toContain('sim recover node/node-2');
    expect(lines('node:node-2', active)).toContain('sim recover cni/node-2');
  });

  it('never offers to partition a control-plane machine (the engine has no such target)', () => {
    expect(lines('node:control-plane')).not.toContain('sim fail network/control-plane');
    expect(lines('machine:control-plane')).toEqual(['sim fail node/control-plane']);
  });

  it('offers to recover a wider fault that keeps a component down', () => {
    const ha = new Map([...BASIC].filter(([id]) => id !== 'kube-scheduler'));
    ha.set('kube-scheduler-2', { id: 'kube-scheduler-2', kind: 'kube-scheduler', host: 'control-plane-2', running: false });
    expect(lines('kube-scheduler-2', new Set(['kube-scheduler', 'node/control-plane-2']), ha)).toEqual(['sim fail kube-scheduler-2', 'sim recover kube-scheduler', 'sim recover node/control-plane-2']);
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
