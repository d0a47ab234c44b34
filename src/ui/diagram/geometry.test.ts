import { describe, expect, it } from 'vitest';
import { absoluteBox, centre, flightFor, newHops, tokenDuration, tokenLabel } from './geometry';
import { toFlowGraph } from './model';
import { BASIC, rec } from './testkit';

describe('absoluteBox', () => {
  it('adds the parent chain’s positions and keeps the node’s own size', () => {
    const g = toFlowGraph(BASIC, new Map(), []);
    const group = g.nodes.find((n) => n.id === 'node:node-1')!;
    const kubelet = g.nodes.find((n) => n.id === 'kubelet/node-1')!;
    const b = absoluteBox(g.nodes, 'kubelet/node-1')!;
    expect(b).toEqual({ x: group.position.x + kubelet.position.x, y: group.position.y + kubelet.position.y, width: kubelet.width, height: kubelet.height });
    expect(centre(b)).toEqual({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    expect(absoluteBox(g.nodes, 'nope')).toBeUndefined();
  });
});

describe('tokenDuration', () => {
  it('is 700 ms at real speed, shorter when playing fast, clamped to stay watchable', () => {
    expect(tokenDuration(1)).toBe(700);
    expect(tokenDuration(2)).toBe(350);
    expect(tokenDuration(20)).toBe(120);
    expect(tokenDuration(0.1)).toBe(2000);
    expect(tokenDuration(Number.NaN)).toBe(700);
  });
});

describe('newHops', () => {
  const trace = [rec(1, 'kubectl', 'kube-apiserver'), rec(2, 'kube-apiserver', 'kube-apiserver', 'authn'), rec(3, 'kube-scheduler', 'kube-apiserver', 'lease'), rec(4, 'kube-apiserver', 'etcd', 'etcd-write')];

  it('returns the records that became current, oldest first, skipping chatter', () => {
    expect(newHops(1, trace).map((r) => r.seq)).toEqual([2, 4]);
    expect(newHops(4, trace)).toEqual([]);
  });

  it('keeps only the latest few when many arrive at once', () => {
    const many = Array.from({ length: 20 }, (_, i) => rec(i + 1, 'kubectl', 'kube-apiserver'));
    expect(newHops(0, many, 6).map((r) => r.seq)).toEqual([15, 16, 17, 18, 19, 20]);
  });

  it('still animates a lone Lease renewal the learner stepped onto, and the current record after moving back in time', () => {
    expect(newHops(2, trace.slice(0, 3)).map((r) => r.seq)).toEqual([3]);
    expect(newHops(9, trace).map((r) => r.seq)).toEqual([4]);
    expect(newHops(0, [])).toEqual([]);
  });
});

describe('flightFor', () => {
  const g = toFlowGraph(BASIC, new Map(), []);

  it('travels between the centres of the two boxes', () => {
    const f = flightFor(rec(7, 'kubelet/node-1', 'kube-apiserver', 'request', { type: 'resource', method: 'PATCH', verb: 'patch', path: '/api/v1/nodes/node-1/status', group: '', version: 'v1', resource: 'nodes', subresource: 'status', name: 'node-1', user: 'system:node:node-1' }), g.nodes, BASIC, new Set());
    expect(f).toEqual({ seq: 7, label: 'PATCH', kind: 'travel', from: centre(absoluteBox(g.nodes, 'kubelet/node-1')!), to: centre(absoluteBox(g.nodes, 'kube-apiserver')!) });
  });

  it('pulses a box for a self-hop and names the apiserver stage', () => {
    const f = flightFor(rec(8, 'kube-apiserver', 'kube-apiserver', 'authz', { allowed: true, verb: 'create', resource: 'pods' }), g.nodes, BASIC, new Set());
    expect(f).toMatchObject({ kind: 'pulse', label: 'authz', at: centre(absoluteBox(g.nodes, 'kube-apiserver')!) });
  });

  it('draws controllers from kube-controller-manager and faults from the user', () => {
    const f = flightFor(rec(9, 'replicaset-controller', 'kube-apiserver'), g.nodes, BASIC, new Set());
    expect(f).toMatchObject({ kind: 'travel', from: centre(absoluteBox(g.nodes, 'kube-controller-manager')!) });
    const fault = flightFor(rec(10, 'instructor', 'node/node-2', 'fault', { target: 'node/node-2', active: true, action: 'power-off' }), g.nodes, BASIC, new Set());
    expect(fault).toMatchObject({ kind: 'travel', from: centre(absoluteBox(g.nodes, 'user')!), to: centre(absoluteBox(g.nodes, 'node:node-2')!) });
  });

  it('has nowhere to go for an actor the diagram does not draw', () => {
    expect(flightFor(rec(11, 'somebody', 'kube-apiserver'), g.nodes, BASIC, new Set())).toBeUndefined();
  });
});

describe('tokenLabel', () => {
  it('names the verb and the object kind briefly', () => {
    expect(tokenLabel({ ...rec(1, 'a', 'b'), object: { kind: 'Pod', name: 'x' } })).toBe('POST Pod');
    expect(tokenLabel(rec(1, 'a', 'b', 'cri'))).toBe('CreateContainer');
    expect(tokenLabel(rec(1, 'a', 'b', 'request', { type: 'non-resource', method: 'GET', path: `/readyz/${'x'.repeat(40)}`, user: 'kubernetes-admin' }))).toHaveLength(24);
    expect(tokenLabel({ ...rec(1, 'a', 'b', 'response', { type: 'status', code: 201, reason: 'Created' }), object: { kind: 'Deployment', name: 'x' } })).toBe('201 Deployment');
    expect(tokenLabel(rec(1, 'a', 'b', 'schedule'))).toBe('→ node-1');
  });
});
