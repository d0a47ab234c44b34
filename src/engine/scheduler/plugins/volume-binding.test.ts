import { describe, expect, it } from 'vitest';
import type { PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../../k8s/types';
import { nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { preBindActions, VolumeBinding } from './volume-binding';

const pvc = (name: string, storageClassName: string, volumeName?: string): PersistentVolumeClaim => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, namespace: 'default' },
  spec: { accessModes: ['ReadWriteOnce'], storageClassName, resources: { requests: { storage: '1Gi' } }, ...(volumeName ? { volumeName } : {}) },
});
const sc = (name: string, mode: string, provisioner = 'hostpath.csi.k8s.io'): StorageClass => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner, volumeBindingMode: mode });
const localPv = (name: string, node: string, cls = 'local'): PersistentVolume => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name },
  spec: {
    capacity: { storage: '5Gi' },
    accessModes: ['ReadWriteOnce'],
    storageClassName: cls,
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } },
  },
  status: { phase: 'Available' },
});
const mounting = (claim: string) => podInfo(podManifest('p', { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }] }));

describe('VolumeBinding', () => {
  const a = nodeInfo('node-1');
  const b = nodeInfo('node-2');

  it('rejects a missing claim and an unbound Immediate claim in PreFilter', () => {
    expect(VolumeBinding.preFilter(mounting('nope'), viewOf([a]))).toEqual({ kind: 'reject', rejection: { code: 'UnschedulableAndUnresolvable', reasons: ['persistentvolumeclaim "nope" not found'] } });
    const view = viewOf([a], { pvc: () => pvc('data', 'fast'), storageClass: () => sc('fast', 'Immediate') });
    expect(VolumeBinding.preFilter(mounting('data'), view)).toEqual({ kind: 'reject', rejection: { code: 'UnschedulableAndUnresolvable', reasons: ['pod has unbound immediate PersistentVolumeClaims'] } });
  });

  it('is skipped for Pods without claims', () => {
    expect(VolumeBinding.preFilter(podInfo(podManifest('p')), viewOf([a])).kind).toBe('skip');
  });

  it('follows a bound claim to its PV node affinity', () => {
    const view = viewOf([a, b], { pvc: () => pvc('data', 'local', 'pv-1'), pv: () => localPv('pv-1', 'node-1') });
    const out = VolumeBinding.preFilter(mounting('data'), view);
    if (out.kind !== 'filter') throw new Error(out.kind);
    expect(out.filter(a)).toBeUndefined();
    expect(out.filter(b)).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had volume node affinity conflict'] });
  });

  it('matches WaitForFirstConsumer claims to local PVs, or needs a provisioner', () => {
    const view = viewOf([a, b], { pvc: () => pvc('data', 'local'), storageClass: () => sc('local', 'WaitForFirstConsumer', 'kubernetes.io/no-provisioner'), pvs: () => [localPv('pv-1', 'node-1')] });
    const out = VolumeBinding.preFilter(mounting('data'), view);
    if (out.kind !== 'filter') throw new Error(out.kind);
    expect(out.filter(a)).toBeUndefined();
    expect(out.filter(b)?.reasons).toEqual(["node(s) didn't find available persistent volumes to bind"]);
    expect(preBindActions(mounting('data').pod, view, a).map((x) => x.kind)).toEqual(['bind-pv']);
  });

  it('asks for provisioning on the chosen node when the class can provision', () => {
    const view = viewOf([a], { pvc: () => pvc('data', 'standard'), storageClass: () => sc('standard', 'WaitForFirstConsumer') });
    const out = VolumeBinding.preFilter(mounting('data'), view);
    expect(out.kind === 'filter' && out.filter(a)).toBeUndefined();
    expect(preBindActions(mounting('data').pod, view, a).map((x) => x.kind)).toEqual(['provision']);
  });
});
