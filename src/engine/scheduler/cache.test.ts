import { describe, expect, it } from 'vitest';
import { addOrUpdateNode, addOrUpdatePod, assumePod, forgetPod, isAssumed, newCache, nodeNames, nodeOrder, positions, removeNode, removePod } from './cache';
import { portConflicts } from './nodeinfo';
import { nodeManifest, podManifest, requests } from './scheduler.testing';

const bound = (name: string, node: string, cpu = '500m') => {
  const p = podManifest(name, { containers: requests(cpu, '128Mi'), nodeName: node });
  p.metadata.uid = `uid-${name}`;
  p.metadata.generation = 1;
  return p;
};

describe('scheduler cache', () => {
  it('counts an assumed Pod at once and releases it when forgotten', () => {
    const c = newCache();
    const ni = addOrUpdateNode(c, nodeManifest('node-1'));
    assumePod(c, podManifest('a', { containers: requests('1') }), 'default/a', 'node-1');
    expect(ni.requestedMilliCPU).toBe(1000);
    expect(ni.podCount).toBe(1);
    expect(isAssumed(c, 'default/a')).toBe(true);
    forgetPod(c, 'default/a');
    expect(ni.requestedMilliCPU).toBe(0);
    expect(ni.podCount).toBe(0);
  });

  it('confirms an assumed Pod when the informer shows it bound, without counting it twice', () => {
    const c = newCache();
    const ni = addOrUpdateNode(c, nodeManifest('node-1'));
    assumePod(c, bound('a', ''), 'default/a', 'node-1');
    addOrUpdatePod(c, bound('a', 'node-1'), 'default/a');
    expect(isAssumed(c, 'default/a')).toBe(false);
    expect(ni.requestedMilliCPU).toBe(500);
    // A status-only update keeps the entry; a deletion frees the room.
    addOrUpdatePod(c, { ...bound('a', 'node-1'), status: { phase: 'Running' } }, 'default/a');
    expect(ni.requestedMilliCPU).toBe(500);
    removePod(c, 'default/a');
    expect(ni.requestedMilliCPU).toBe(0);
  });

  it('tracks host ports with 0.0.0.0 colliding with any address', () => {
    const c = newCache();
    const ni = addOrUpdateNode(c, nodeManifest('node-1'));
    const p = bound('web', 'node-1');
    p.spec.containers[0]!.ports = [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }];
    addOrUpdatePod(c, p, 'default/web');
    expect(portConflicts(ni, { ip: '10.0.0.1', protocol: 'TCP', port: 8080 })).toBe(true);
    expect(portConflicts(ni, { ip: '0.0.0.0', protocol: 'UDP', port: 8080 })).toBe(false);
    removePod(c, 'default/web');
    expect(portConflicts(ni, { ip: '0.0.0.0', protocol: 'TCP', port: 8080 })).toBe(false);
  });

  it('counts how many nodes hold each image', () => {
    const c = newCache();
    addOrUpdateNode(c, nodeManifest('node-1', { images: [{ names: ['nginx:1.27'], sizeBytes: 1 }] }));
    addOrUpdateNode(c, nodeManifest('node-2', { images: [{ names: ['nginx:1.27', 'redis:7'], sizeBytes: 1 }] }));
    expect(c.imageNodes.get('nginx:1.27')).toBe(2);
    removeNode(c, 'node-2');
    expect(c.imageNodes.get('nginx:1.27')).toBe(1);
    expect(c.imageNodes.has('redis:7')).toBe(false);
  });

  it('lists nodes zone by zone in turn (the node tree)', () => {
    const c = newCache();
    const z = (name: string, zone: string) => nodeManifest(name, { labels: { 'topology.kubernetes.io/zone': zone } });
    for (const n of [z('a1', 'a'), z('a2', 'a'), z('a3', 'a'), z('b1', 'b')]) addOrUpdateNode(c, n);
    expect(nodeOrder(c).map((n) => n.name)).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('keeps a deleted node while Pods still reference it', () => {
    const c = newCache();
    addOrUpdateNode(c, nodeManifest('node-1'));
    addOrUpdatePod(c, bound('a', 'node-1'), 'default/a');
    removeNode(c, 'node-1');
    expect(nodeOrder(c)).toEqual([]);
    expect(c.nodes.get('node-1')?.podCount).toBe(1);
    removePod(c, 'default/a');
    expect(c.nodes.has('node-1')).toBe(false);
  });

  it('grows a kept listing only at its end, and always lists what a fresh build would', () => {
    const c = newCache();
    const z = (name: string, zone: string) => nodeManifest(name, { labels: { 'topology.kubernetes.io/zone': zone } });
    // A fixed pseudo-random walk: nodes join round-robin (the appendable case), join out of turn,
    // move zone, leave and come back.
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const kept: { names: readonly string[]; count: number; snapshot: string[] }[] = [];
    let appended = 0;
    for (let step = 0; step < 400; step++) {
      const before = nodeOrder(c);
      const beforeLength = before.length;
      const r = rnd(10);
      const name = `n${rnd(60)}`;
      if (r < 6) addOrUpdateNode(c, z(`j${step}`, ['a', 'b', 'c'][step % 3]!));
      else if (r < 8) addOrUpdateNode(c, z(name, ['a', 'b', 'c', 'd'][rnd(4)]!));
      else removeNode(c, name);
      const order = nodeOrder(c);
      if (order === before && order.length > beforeLength) appended++;
      // What a cache with no listing kept would build from the same tree.
      const fresh = nodeOrder({ ...c, order: undefined }).map((n) => n.name);
      expect(order.map((n) => n.name)).toEqual(fresh);
      expect(nodeNames(order)).toEqual(fresh);
      expect([...positions(order)].sort((x, y) => x[1] - y[1]).map(([n]) => n)).toEqual(fresh);
      const names = nodeNames(order);
      kept.push({ names, count: order.length, snapshot: fresh });
    }
    expect(appended).toBeGreaterThan(50);
    // Every listing handed out still reads, up to the length it had, what it listed then.
    for (const k of kept) expect(k.names.slice(0, k.count)).toEqual(k.snapshot);
  });
});
