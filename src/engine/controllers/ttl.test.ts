import { describe, expect, it } from 'vitest';
import type { Node } from '../../k8s/types';
import { Simulation } from '../simulation';
import { create, get, patch } from './controllers.testing';
import { NODE_TTL_ANNOTATION } from './ttl';

const ttlOf = (sim: Simulation, name: string): string | undefined => get<Node>(sim, 'nodes', name, undefined)?.metadata.annotations?.[NODE_TTL_ANNOTATION];
const bareNode = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }] } });

describe('ttl-controller', () => {
  it('annotates every Node of a small cluster with a TTL of 0, and puts an edited one back', () => {
    const sim = new Simulation({ seed: 2 });
    for (const n of ['control-plane', 'node-1', 'node-2', 'node-3']) expect(ttlOf(sim, n), n).toBe('0');
    patch(sim, 'nodes', 'node-2', { metadata: { annotations: { [NODE_TTL_ANNOTATION]: 'soon' } } }, undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'node-2')).toBe('0');
  });

  it('moves to 15 s past 100 nodes, and back to 0 only below 90, each Node when it is next updated', () => {
    const sim = new Simulation({ seed: 2 });
    // 4 machines + 96 Nodes = 100: still the first step.
    for (let i = 0; i < 96; i++) create(sim, 'nodes', bareNode(`extra-${i}`), undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'extra-95')).toBe('0');
    // The 101st is over its 100.
    create(sim, 'nodes', bareNode('extra-96'), undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'extra-96')).toBe('15');
    // Nodes annotated before the count passed 100 keep 0 until something updates them.
    expect(ttlOf(sim, 'extra-0')).toBe('0');
    patch(sim, 'nodes', 'extra-0', { metadata: { labels: { touched: 'yes' } } }, undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'extra-0')).toBe('15');
    // 101 → 91 Nodes: still above the next step's 90, so the TTL holds (no flapping at the edge).
    for (let i = 87; i < 97; i++) sim.request({ verb: 'delete', resource: 'nodes', name: `extra-${i}` });
    patch(sim, 'nodes', 'extra-1', { metadata: { labels: { touched: 'yes' } } }, undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'extra-1')).toBe('15');
    // 89: below it, back to 0.
    for (let i = 85; i < 87; i++) sim.request({ verb: 'delete', resource: 'nodes', name: `extra-${i}` });
    patch(sim, 'nodes', 'extra-2', { metadata: { labels: { touched: 'yes' } } }, undefined);
    sim.advance(1_000);
    expect(ttlOf(sim, 'extra-2')).toBe('0');
  });
});
