import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('kubectl describe for storage', () => {
  it('describes a hostPath PV, the claim bound to it and a StorageClass like describe.go', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({
      verb: 'create',
      resource: 'storageclasses',
      body: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'manual' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'Immediate', reclaimPolicy: 'Retain', mountOptions: ['noatime'] } as never,
    });
    sim.request({
      verb: 'create',
      resource: 'persistentvolumes',
      body: {
        apiVersion: 'v1',
        kind: 'PersistentVolume',
        metadata: { name: 'disk-1', labels: { tier: 'fast' } },
        spec: {
          capacity: { storage: '5Gi' },
          accessModes: ['ReadWriteOnce', 'ReadOnlyMany'],
          persistentVolumeReclaimPolicy: 'Retain',
          storageClassName: 'manual',
          hostPath: { path: '/mnt/disk-1' },
          nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-1', 'node-2'] }] }] } },
        },
      } as never,
    });
    sim.request({
      verb: 'create',
      resource: 'persistentvolumeclaims',
      namespace: 'default',
      body: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'logs' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as never,
    });
    sim.advance(2_000);

    expect(kubectl(sim, 'describe pv disk-1').stdout).toBe(
      [
        'Name:              disk-1',
        'Labels:            tier=fast',
        'Annotations:       pv.kubernetes.io/bound-by-controller: yes',
        'Finalizers:        []',
        'StorageClass:      manual',
        'Status:            Bound',
        'Claim:             default/logs',
        'Reclaim Policy:    Retain',
        'Access Modes:      RWO,ROX',
        'VolumeMode:        Filesystem',
        'Capacity:          5Gi',
        'Node Affinity:     ',
        '  Required Terms:  ',
        '    Term 0:        kubernetes.io/hostname in [node-1, node-2]',
        'Message:           ',
        'Source:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /mnt/disk-1',
        '    HostPathType:  ',
        'Events:            <none>',
        '',
      ].join('\n'),
    );
    const pvc = kubectl(sim, 'describe pvc logs').stdout;
    expect(pvc).toMatch(/^Name: {10}logs\nNamespace: {5}default\nStorageClass: {2}manual\nStatus: {8}Bound\nVolume: {8}disk-1\n/);
    expect(pvc).toMatch(/\nCapacity: {6}5Gi\nAccess Modes: {2}RWO,ROX\nVolumeMode: {4}Filesystem\nUsed By: {7}<none>\nEvents: {8}<none>\n$/);
    expect(kubectl(sim, 'describe sc manual').stdout).toBe(
      [
        'Name:                  manual',
        'IsDefaultClass:        No',
        'Annotations:           <none>',
        'Provisioner:           kubernetes.io/no-provisioner',
        'Parameters:            <none>',
        'AllowVolumeExpansion:  <unset>',
        'MountOptions:',
        '  noatime',
        // The tab-less MountOptions lines end the column block, as in Go's tabwriter.
        'ReclaimPolicy:      Retain',
        'VolumeBindingMode:  Immediate',
        'Events:             <none>',
        '',
      ].join('\n'),
    );
  });
});
