import { describe, expect, it } from 'vitest';
import type { CSINode, KObject, Node } from '../../k8s/types';
import { Simulation } from '../simulation';
import { get } from '../controllers/controllers.testing';
import { CSI_NODE_ID_ANNOTATION, MIGRATED_PLUGINS_ANNOTATION } from './csi-node-info';

function createError(sim: Simulation, body: CSINode): string {
  const res = sim.request({ verb: 'create', resource: 'csinodes', body: body as KObject });
  return res.ok ? '' : res.error.message;
}

const csiNode = (drivers: CSINode['spec']['drivers']): CSINode => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'spare' }, spec: { drivers } });

describe("the kubelet's CSINode", () => {
  it('is made for every Node, owned by it, with the hostpath driver, and the Node names its node ID', () => {
    const sim = new Simulation({ seed: 4 });
    for (const name of ['control-plane', 'node-1', 'node-2', 'node-3']) {
      const node = get<Node>(sim, 'nodes', name, undefined)!;
      const csi = get<CSINode>(sim, 'csinodes', name, undefined)!;
      expect(csi.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid }]);
      expect(csi.metadata.annotations?.[MIGRATED_PLUGINS_ANNOTATION]).toContain('kubernetes.io/gce-pd');
      expect(csi.spec.drivers).toEqual([{ name: 'hostpath.csi.k8s.io', nodeID: name, topologyKeys: ['topology.hostpath.csi/node'] }]);
      expect(JSON.parse(node.metadata.annotations?.[CSI_NODE_ID_ANNOTATION] ?? '{}')).toEqual({ 'hostpath.csi.k8s.io': name });
    }
  });

  it('goes with its Node (the garbage collector follows the owner reference)', () => {
    const sim = new Simulation({ seed: 4 });
    expect(sim.request({ verb: 'delete', resource: 'nodes', name: 'node-3' }).ok).toBe(true);
    sim.advance(10_000);
    expect(get(sim, 'csinodes', 'node-3', undefined)).toBeUndefined();
    expect(get(sim, 'csinodes', 'node-2', undefined)).toBeDefined();
  });

  it('is validated as ValidateCSINode does', () => {
    const sim = new Simulation({ seed: 4 });
    expect(createError(sim, csiNode([{ name: 'a.example.com', nodeID: 'n1' }, { name: 'a.example.com', nodeID: 'n2' }]))).toBe(
      'CSINode.storage.k8s.io "spare" is invalid: spec.drivers[1].name: Duplicate value: "a.example.com"',
    );
    expect(createError(sim, csiNode([{ name: 'a.example.com', nodeID: 'x'.repeat(193) }]))).toBe(
      `CSINode.storage.k8s.io "spare" is invalid: spec.drivers[0].nodeID: Invalid value: "${'x'.repeat(193)}": must be 192 characters or less`,
    );
    expect(createError(sim, csiNode([{ name: 'a.example.com', nodeID: '' }]))).toBe('CSINode.storage.k8s.io "spare" is invalid: spec.drivers[0].nodeID: Required value');
    expect(createError(sim, csiNode([{ name: 'a.example.com', nodeID: 'n', topologyKeys: ['zone', 'zone'] }]))).toBe('CSINode.storage.k8s.io "spare" is invalid: spec.drivers[0]: Duplicate value: "zone"');
    expect(createError(sim, csiNode([{ name: 'a.example.com', nodeID: 'n', allocatable: { count: -1 } }]))).toBe(
      'CSINode.storage.k8s.io "spare" is invalid: spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(createError(sim, csiNode(null))).toBe('');
  });
});
