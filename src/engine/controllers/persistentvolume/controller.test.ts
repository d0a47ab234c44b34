import { describe, expect, it } from 'vitest';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../k8s/types';
import { bootCluster, createPod, eventCount, eventsFor, getPod, podManifest, traceOf } from '../../kubelet/kubelet.testing';
import { type Simulation, worldOf } from '../../simulation';

const EXTERNAL =
  "Normal ExternalProvisioning: Waiting for a volume to be created either by the external provisioner 'hostpath.csi.k8s.io' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.";

function pvc(sim: Simulation, name: string): PersistentVolumeClaim | undefined {
  return sim.objects<PersistentVolumeClaim>('persistentvolumeclaims').find((p) => p.metadata.name === name);
}

function claim(name: string, storageClassName?: string): PersistentVolumeClaim {
  const spec: PersistentVolumeClaim['spec'] = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
  if (storageClassName !== undefined) spec.storageClassName = storageClassName;
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, spec };
}

function podWithClaim(name: string, claimName: string): ReturnType<typeof podManifest> {
  const pod = podManifest(name, 'nginx:1.27');
  // kube-scheduler places it (VolumeBinding selects the claim's node).
  delete pod.spec.nodeName;
  pod.spec.volumes = [{ name: 'data', persistentVolumeClaim: { claimName } }];
  pod.spec.containers[0]!.volumeMounts = [{ name: 'data', mountPath: '/data' }];
  return pod;
}

describe('persistentvolume-binder (kube-controller-manager)', () => {
  it('hands a claim to the CSI driver and binds the PV it creates, with one CreateVolume', () => {
    const sim = bootCluster();
    const seq = worldOf(sim).trace.nextSeq;
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: claim('data') });
    createPod(sim, podWithClaim('db', 'data'));
    sim.advance(20_000);
    const bound = pvc(sim, 'data')!;
    expect(bound.status?.phase).toBe('Bound');
    expect(bound.metadata.annotations).toMatchObject({
      'pv.kubernetes.io/bind-completed': 'yes',
      'pv.kubernetes.io/bound-by-controller': 'yes',
      'volume.kubernetes.io/storage-provisioner': 'hostpath.csi.k8s.io',
      'volume.beta.kubernetes.io/storage-provisioner': 'hostpath.csi.k8s.io',
    });
    expect(getPod(sim, 'db')!.status!.phase).toBe('Running');
    const creates = traceOf(sim, seq, ['csi']).filter((r) => r.kind === 'csi' && r.detail.call === 'CreateVolume');
    expect(creates).toHaveLength(1);
    // The binding writes come from the controller, not the driver.
    const writes = traceOf(sim, seq, ['request']).filter((r) => r.summary.includes(`persistentvolumeclaims/data`) && r.summary.startsWith('PUT'));
    expect(new Set(writes.map((r) => r.from))).toEqual(new Set(['persistent-volume-binder', 'kube-scheduler']));
    const ev = eventsFor(sim, 'data', 'PersistentVolumeClaim');
    expect(ev).toContain(EXTERNAL);
    expect(ev.some((e) => e.startsWith('Normal ProvisioningSucceeded: Successfully provisioned volume pvc-'))).toBe(true);
  });

  it('with the CSI driver stopped, keeps saying it waits for the external provisioner', () => {
    const sim = bootCluster();
    sim.injectFault('csi');
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: claim('data') });
    sim.advance(1_000);
    expect(eventsFor(sim, 'data', 'PersistentVolumeClaim')).toEqual(['Normal WaitForFirstConsumer: waiting for first consumer to be created before binding']);
    createPod(sim, podWithClaim('db', 'data'));
    sim.advance(60_000);
    expect(pvc(sim, 'data')!.status?.phase).toBe('Pending');
    expect(pvc(sim, 'data')!.metadata.annotations?.['volume.kubernetes.io/selected-node']).toBeDefined();
    expect(eventsFor(sim, 'data', 'PersistentVolumeClaim')).toContain(EXTERNAL);
    // The periodic sync (15 s) repeats it: the Event's count grows.
    expect(eventCount(sim, 'data', 'ExternalProvisioning')).toBeGreaterThanOrEqual(4);
    expect(getPod(sim, 'db')!.spec.nodeName).toBeUndefined();

    sim.healFault('csi');
    sim.advance(20_000);
    expect(pvc(sim, 'data')!.status?.phase).toBe('Bound');
    expect(getPod(sim, 'db')!.spec.nodeName).toBeDefined();
  });

  it('binds an Immediate claim to a matching Available PV, and releases a Retain PV when the claim goes', () => {
    const sim = bootCluster();
    sim.request({
      verb: 'create',
      resource: 'storageclasses',
      body: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'manual' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'Immediate', reclaimPolicy: 'Retain' } as never,
    });
    const pv: PersistentVolume = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'disk-1' },
      spec: { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', storageClassName: 'manual', hostPath: { path: '/mnt/disk-1' } } as PersistentVolume['spec'],
    };
    sim.request({ verb: 'create', resource: 'persistentvolumes', body: pv });
    sim.advance(1_000);
    expect(sim.objects<PersistentVolume>('persistentvolumes').find((p) => p.metadata.name === 'disk-1')!.status?.phase).toBe('Available');
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: claim('logs', 'manual') });
    sim.advance(1_000);
    expect(pvc(sim, 'logs')).toMatchObject({ spec: { volumeName: 'disk-1' }, status: { phase: 'Bound', capacity: { storage: '5Gi' } } });
    const bound = sim.objects<PersistentVolume>('persistentvolumes').find((p) => p.metadata.name === 'disk-1')!;
    expect(bound.metadata.annotations?.['pv.kubernetes.io/bound-by-controller']).toBe('yes');
    sim.request({ verb: 'delete', resource: 'persistentvolumeclaims', namespace: 'default', name: 'logs' });
    sim.advance(2_000);
    expect(sim.objects<PersistentVolume>('persistentvolumes').find((p) => p.metadata.name === 'disk-1')!.status?.phase).toBe('Released');
  });

  it('says when a claim has no class and no volume', () => {
    const sim = bootCluster();
    sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: claim('bare', '') });
    sim.advance(1_000);
    expect(eventsFor(sim, 'bare', 'PersistentVolumeClaim')).toEqual(['Normal FailedBinding: no persistent volumes available for this claim and no storage class is set']);
    expect(pvc(sim, 'bare')!.status?.phase).toBe('Pending');
  });
});
