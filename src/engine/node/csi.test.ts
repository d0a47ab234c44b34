import { describe, expect, it } from 'vitest';
import type { PersistentVolume, PersistentVolumeClaim } from '../../k8s/types';
import { bootCluster, createPod, eventsFor, getPod, podManifest, stateOf, traceOf } from '../kubelet/kubelet.testing';
import { type Simulation, worldOf } from '../simulation';

function pvc(sim: Simulation, name: string): PersistentVolumeClaim | undefined {
  return sim.objects<PersistentVolumeClaim>('persistentvolumeclaims').find((p) => p.metadata.name === name);
}

function claim(name: string): PersistentVolumeClaim {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
}

describe('hostpath.csi.k8s.io', () => {
  it('provisions and binds a PV once a node is selected, then stages and publishes it for a Pod', () => {
    const sim = bootCluster();
    expect(sim.request({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: claim('data') }).ok).toBe(true);
    sim.advance(2_000);
    expect(pvc(sim, 'data')!.spec.storageClassName).toBe('standard');
    expect(pvc(sim, 'data')!.spec.volumeName).toBeUndefined();
    expect(eventsFor(sim, 'data', 'PersistentVolumeClaim')).toContain('Normal WaitForFirstConsumer: waiting for first consumer to be created before binding');

    // What kube-scheduler's VolumeBinding plugin does when it picks a node for the claim's Pod.
    sim.request({ verb: 'patch', resource: 'persistentvolumeclaims', namespace: 'default', name: 'data', body: { metadata: { annotations: { 'volume.kubernetes.io/selected-node': 'node-1' } } } as never });
    sim.advance(2_000);
    const bound = pvc(sim, 'data')!;
    const pvName = `pvc-${bound.metadata.uid}`;
    expect(bound.spec.volumeName).toBe(pvName);
    expect(bound.status).toMatchObject({ phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] });
    const pv = sim.objects<PersistentVolume>('persistentvolumes').find((p) => p.metadata.name === pvName)!;
    expect(pv.spec).toMatchObject({ storageClassName: 'standard', persistentVolumeReclaimPolicy: 'Delete', claimRef: { name: 'data', namespace: 'default', uid: bound.metadata.uid }, csi: { driver: 'hostpath.csi.k8s.io' } });
    expect(pv.status?.phase).toBe('Bound');
    const ev = eventsFor(sim, 'data', 'PersistentVolumeClaim');
    expect(ev).toContain("Normal ExternalProvisioning: Waiting for a volume to be created either by the external provisioner 'hostpath.csi.k8s.io' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.");
    expect(ev).toContain('Normal Provisioning: External provisioner is provisioning volume for claim "default/data"');
    expect(ev).toContain(`Normal ProvisioningSucceeded: Successfully provisioned volume ${pvName}`);

    const seq = worldOf(sim).trace.nextSeq;
    const pod = podManifest('db', 'nginx:1.27');
    pod.spec.volumes = [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }];
    pod.spec.containers[0]!.volumeMounts = [{ name: 'data', mountPath: '/data' }];
    createPod(sim, pod);
    sim.advance(15_000);
    expect(getPod(sim, 'db')!.status!.phase).toBe('Running');
    const csi = traceOf(sim, seq, ['csi']).map((r) => `${r.from} ${r.summary}`);
    expect(csi[0]).toMatch(new RegExp(`^kubelet/node-1 NodeStageVolume ${pvName} → `));
    expect(csi[1]).toMatch(new RegExp(`^kubelet/node-1 NodePublishVolume ${pvName} → /var/lib/kubelet/pods/`));

    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'db' });
    sim.advance(5_000);
    expect(traceOf(sim, seq, ['csi']).map((r) => r.summary)).toEqual(expect.arrayContaining([`NodeUnpublishVolume ${pvName}`, `NodeUnstageVolume ${pvName}`]));

    sim.request({ verb: 'delete', resource: 'persistentvolumeclaims', namespace: 'default', name: 'data' });
    sim.advance(2_000);
    expect(sim.objects('persistentvolumes').some((p) => p.metadata.name === pvName)).toBe(false);
  });

  it('keeps a Pod in ContainerCreating with FailedMount until its ConfigMap exists', () => {
    const sim = bootCluster();
    const pod = podManifest('cfg', 'nginx:1.27');
    pod.spec.volumes = [{ name: 'config', configMap: { name: 'app-config' } }];
    createPod(sim, pod);
    sim.advance(10_000);
    expect(stateOf(getPod(sim, 'cfg'))).toBe('waiting:ContainerCreating');
    expect(eventsFor(sim, 'cfg')[0]).toBe('Warning FailedMount: MountVolume.SetUp failed for volume "config" : configmap "app-config" not found');
    expect(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config' }, data: { a: 'b' } } }).ok).toBe(true);
    sim.advance(20_000);
    expect(stateOf(getPod(sim, 'cfg'))).toBe('running');
  });

  it('fails a container whose env references a missing ConfigMap key with CreateContainerConfigError', () => {
    const sim = bootCluster();
    sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config' }, data: { a: 'b' } } });
    createPod(sim, podManifest('env', 'nginx:1.27', { container: { env: [{ name: 'DB', valueFrom: { configMapKeyRef: { name: 'app-config', key: 'db' } } }] } }));
    sim.advance(15_000);
    const w = getPod(sim, 'env')!.status!.containerStatuses![0]!.state.waiting;
    expect(w).toEqual({ reason: 'CreateContainerConfigError', message: "couldn't find key db in ConfigMap default/app-config" });
    expect(eventsFor(sim, 'env')).toContain("Warning Failed: Error: couldn't find key db in ConfigMap default/app-config");
  });
});
