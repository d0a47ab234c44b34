/**
 * The picture's inputs stay the same objects while what is drawn is the same, and drawing from
 * them gives exactly the picture drawn from the whole moment.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { FlowGraph } from './data';
import { aggregateNodes } from './node-grid-model';
import { litHopKey, toFlowGraph, withGridAggregate } from './model';
import { drawnComponents, gridShape, pictureObjects } from './picture-inputs';
import { BASIC, comps, node, pod, rec, runningPod, withComponent } from './testkit';

function workers(n: number) {
  const list: [string, 'kubelet' | 'container-runtime' | 'cni' | 'kube-proxy', string][] = [];
  for (let i = 1; i <= n; i++) for (const kind of ['kubelet', 'container-runtime', 'cni', 'kube-proxy'] as const) list.push([`${kind}/node-${i}`, kind, `node-${i}`]);
  const base = [...BASIC.values()].filter((c) => !c.host.startsWith('node-')).map((c): [string, typeof c.kind, string] => [c.id, c.kind, c.host]);
  return comps([...base, ...list]);
}

const lease = (name: string, holder: string): [string, KObject] => [`leases/kube-node-lease/${name}`, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-node-lease' }, spec: { holderIdentity: holder } } as KObject];

/** A graph's data without its `drawnIn` closure (a new function each time, equal in what it maps). */
const drawn = (g: FlowGraph) => ({ ...g, drawnIn: undefined });

function bigMoment(): Map<string, KObject> {
  const objects = new Map<string, KObject>([node('control-plane', 'True'), runningPod('etcd-control-plane', 'control-plane'), pod('web-pending', '')]);
  for (let i = 1; i <= 20; i++) {
    objects.set(...node(`node-${i}`, i === 7 ? 'Unknown' : 'True'));
    objects.set(...lease(`node-${i}`, `node-${i}`));
  }
  for (let i = 0; i < 30; i++) objects.set(...runningPod(`web-${i}`, `node-${(i % 20) + 1}`));
  return objects;
}

describe('drawnComponents', () => {
  it('keeps the previous Map while only what the picture does not draw changes', () => {
    const first = drawnComponents(BASIC, undefined);
    const busier = withComponent(BASIC, 'kube-scheduler', { details: { queueDepth: 40, cachedObjects: 900 } });
    expect(drawnComponents(busier, first).components).toBe(BASIC);
    const stopped = withComponent(BASIC, 'kube-scheduler', { running: false });
    expect(drawnComponents(stopped, first).components).toBe(stopped);
    const faulted = withComponent(BASIC, 'kubelet/node-1', { details: { faults: ['kubelet/node-1'] } });
    expect(drawnComponents(faulted, first).components).toBe(faulted);
  });
});

describe('pictureObjects', () => {
  const components = workers(20);
  const cp = ['control-plane'];
  const ws = Array.from({ length: 20 }, (_, i) => `node-${i + 1}`);

  it('passes the classroom sizes the moment itself', () => {
    const objects = bigMoment();
    expect(pictureObjects(objects, cp, ws, false, undefined).objects).toBe(objects);
  });

  it('draws from its subset exactly what the whole moment draws', () => {
    const objects = bigMoment();
    const p = pictureObjects(objects, cp, ws, true, undefined);
    expect(p.objects.size).toBeLessThan(objects.size);
    expect(p.nodes).toEqual(aggregateNodes(objects, new Set(cp), ws));
    expect(drawn(toFlowGraph(components, p.objects, [], new Set(), { nodes: p.nodes! }))).toEqual(drawn(toFlowGraph(components, objects, [], new Set(), { nodes: p.nodes! })));
  });

  it('keeps the same subset and aggregate while a worker only renews its Lease', () => {
    const objects = bigMoment();
    const first = pictureObjects(objects, cp, ws, true, undefined);
    const renewed = new Map(objects);
    renewed.set(...lease('node-3', 'node-3-again'));
    const next = pictureObjects(renewed, cp, ws, true, first);
    expect(next.objects).toBe(first.objects);
    expect(next.nodes).toBe(first.nodes);
  });

  it('renews the aggregate when a worker gains a Pod, and the subset when a Pod waits', () => {
    const objects = bigMoment();
    const first = pictureObjects(objects, cp, ws, true, undefined);
    const more = new Map(objects);
    more.set(...runningPod('web-extra', 'node-2'));
    const next = pictureObjects(more, cp, ws, true, first);
    expect(next.objects).toBe(first.objects);
    expect(next.nodes).not.toBe(first.nodes);
    const waiting = new Map(objects);
    waiting.set(...pod('web-waiting', ''));
    expect(pictureObjects(waiting, cp, ws, true, first).objects).not.toBe(first.objects);
  });
});

describe('litHopKey', () => {
  it('is the same for two messages lighting the same edge, and differs for another edge', () => {
    const components = workers(20);
    const a = litHopKey([rec(1, 'kubelet/node-1', 'kube-apiserver')], components, new Set());
    expect(litHopKey([rec(2, 'kubelet/node-9', 'kube-apiserver')], components, new Set())).toBe(a);
    expect(litHopKey([rec(3, 'kube-scheduler', 'kube-apiserver')], components, new Set())).not.toBe(a);
    expect(litHopKey([], components, new Set())).toBe('');
  });
});

describe('gridShape', () => {
  const components = workers(20);
  const cp = ['control-plane'];
  const ws = Array.from({ length: 20 }, (_, i) => `node-${i + 1}`);

  it('keeps the layout aggregate while Pods land, and the picture laid out from it is the one from the moment', () => {
    const objects = bigMoment();
    const first = pictureObjects(objects, cp, ws, true, undefined).nodes!;
    const more = new Map(objects);
    more.set(...runningPod('web-extra', 'node-2'));
    const live = pictureObjects(more, cp, ws, true, undefined).nodes!;
    const shape = gridShape(live, first)!;
    expect(shape).toBe(first);
    const frame = { width: 800, height: 360 };
    const patched = withGridAggregate(toFlowGraph(components, more, [], new Set(), { frame, nodes: shape }), live);
    expect(drawn(patched)).toEqual(drawn(toFlowGraph(components, more, [], new Set(), { frame, nodes: live })));
  });

  it('lays out again when a legend count gains a digit or a node leaves', () => {
    const objects = bigMoment();
    const first = pictureObjects(objects, cp, ws, true, undefined).nodes!;
    const many = new Map(objects);
    for (let i = 0; i < 80; i++) many.set(...runningPod(`more-${i}`, 'node-4'));
    expect(gridShape(pictureObjects(many, cp, ws, true, undefined).nodes, first)).not.toBe(first);
    const fewer = new Map(objects);
    fewer.delete('nodes/node-20');
    expect(gridShape(pictureObjects(fewer, cp, ws.slice(0, 19), true, undefined).nodes, first)).not.toBe(first);
  });
});
