import { describe, expect, it } from 'vitest';
import { activeFaults } from './faults';
import { LabHarness } from './instructor.testing';
import { groupTargets, targetState, toggleCommand } from './targets';

const names = (lab: LabHarness) => groupTargets(lab.targets).map((g) => (g.kind === 'node' ? `node ${g.node}` : g.kind));

describe('groupTargets', () => {
  it('puts every target the worker lists in exactly one group: control plane, each machine, message faults', () => {
    const lab = new LabHarness();
    const groups = groupTargets(lab.targets);
    expect(names(lab)).toEqual(['control-plane', 'node control-plane', 'node node-1', 'node node-2', 'node node-3', 'messages']);
    expect(groups.flatMap((g) => g.targets).length).toBe(lab.targets.length);
    expect(groups[0]!.targets.map((t) => t.name)).toEqual(['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'csi']);
    const node2 = groups.find((g) => g.kind === 'node' && g.node === 'node-2')!;
    expect(node2.targets.map((t) => t.name)).toEqual(['node/node-2', 'network/node-2', 'kubelet/node-2', 'container-runtime/node-2', 'cni/node-2', 'kube-proxy/node-2']);
    const messages = groups.at(-1)!;
    expect(messages.targets.map((t) => t.name)).toContain('latency/kube-scheduler');
    expect(messages.targets.map((t) => t.name)).toContain('watch-drop/kube-controller-manager');
  });

  it('lists every instance in the ha topology under the control plane', () => {
    const lab = new LabHarness('ha');
    const cp = groupTargets(lab.targets)[0]!;
    for (const n of [1, 2, 3]) for (const k of ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager']) expect(cp.targets.map((t) => t.name)).toContain(`${k}-${n}`);
    expect(names(lab)).toContain('node control-plane-3');
  });
});

describe('targetState and toggleCommand', () => {
  it('says failed for the fault itself, covered for parts another fault keeps down, ok otherwise', () => {
    const lab = new LabHarness();
    lab.out('sim fail node/node-2');
    lab.out('sim fail network/node-3');
    lab.out('sim advance 1s');
    const active = activeFaults(lab.cluster.tape, lab.cluster.seq);
    const state = (name: string) => targetState(lab.targets.find((t) => t.name === name)!, active, lab.cluster.components);

    const off = state('node/node-2');
    expect(off.kind).toBe('failed');
    expect(toggleCommand(lab.targets.find((t) => t.name === 'node/node-2')!, off)).toBe('sim recover node/node-2');
    expect(state('kubelet/node-2')).toEqual({ kind: 'covered', by: ['node/node-2'] });
    expect(toggleCommand(lab.targets.find((t) => t.name === 'kubelet/node-2')!, state('kubelet/node-2'))).toBe('sim fail kubelet/node-2');
    // A partitioned machine's processes still run; its power row says who cut it off.
    expect(state('kubelet/node-3')).toEqual({ kind: 'ok' });
    expect(state('node/node-3')).toEqual({ kind: 'covered', by: ['network/node-3'] });
    expect(state('kube-scheduler')).toEqual({ kind: 'ok' });
    // A stopped part does not make the machine's power row say "down".
    lab.out('sim fail kubelet/node-1');
    lab.out('sim advance 1s');
    const later = activeFaults(lab.cluster.tape, lab.cluster.seq);
    expect(targetState(lab.targets.find((t) => t.name === 'node/node-1')!, later, lab.cluster.components)).toEqual({ kind: 'ok' });
    expect(targetState(lab.targets.find((t) => t.name === 'kubelet/node-1')!, later, lab.cluster.components).kind).toBe('failed');
  });
});
