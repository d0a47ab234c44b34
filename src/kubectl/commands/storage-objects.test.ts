/**
 * storage.k8s.io/v1 VolumeAttachment, CSIStorageCapacity and VolumeAttributesClass: served and
 * validated as kube-apiserver does, printed with printers.go's columns. None exists until created:
 * the cluster's CSI driver needs no attacher and tracks no capacity.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const OBJECTS = `apiVersion: storage.k8s.io/v1
kind: VolumeAttributesClass
metadata:
  name: silver
driverName: hostpath.csi.k8s.io
parameters:
  iops: "3000"
---
apiVersion: storage.k8s.io/v1
kind: VolumeAttachment
metadata:
  name: csi-123
spec:
  attacher: hostpath.csi.k8s.io
  nodeName: node-1
  source:
    persistentVolumeName: pv-1
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata:
  name: cap-1
storageClassName: standard
capacity: 10Gi
`;

describe('storage.k8s.io objects no component writes', () => {
  it('lists none at first, then prints what was created with upstream columns', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl get volumeattachments').all).toBe('No resources found\n');
    expect(kubectl(sim, 'kubectl get csistoragecapacities').all).toBe('No resources found in default namespace.\n');
    expect(kubectl(sim, 'kubectl apply -f -', { stdin: OBJECTS }).all).toBe(
      'volumeattributesclass.storage.k8s.io/silver created\nvolumeattachment.storage.k8s.io/csi-123 created\ncsistoragecapacity.storage.k8s.io/cap-1 created\n',
    );
    expect(kubectl(sim, 'kubectl get vac').all).toBe('NAME     DRIVERNAME            AGE\nsilver   hostpath.csi.k8s.io   0s\n');
    expect(kubectl(sim, 'kubectl get volumeattachments').all).toBe('NAME      ATTACHER              PV     NODE     ATTACHED   AGE\ncsi-123   hostpath.csi.k8s.io   pv-1   node-1   false      0s\n');
    expect(kubectl(sim, 'kubectl get csistoragecapacities').all).toBe('NAME    STORAGECLASSNAME   CAPACITY\ncap-1   standard           10Gi\n');
    expect(kubectl(sim, 'kubectl describe vac silver').stdout).toMatch(/\nDriverName: {2}hostpath\.csi\.k8s\.io\nParameters: {2}iops=3000\nEvents: {6}<none>\n$/);
    const rows = kubectl(sim, 'kubectl api-resources --api-group=storage.k8s.io').stdout.split('\n');
    expect(rows).toContain('csistoragecapacities                   storage.k8s.io/v1   true         CSIStorageCapacity');
    expect(rows).toContain('volumeattributesclasses   vac          storage.k8s.io/v1   false        VolumeAttributesClass');
  });

  it('refuses invalid objects and changes to what is fixed once created', () => {
    const sim = new Simulation({ seed: 1 });
    const bad = 'apiVersion: storage.k8s.io/v1\nkind: VolumeAttachment\nmetadata:\n  name: bad\nspec:\n  attacher: ""\n  nodeName: node-1\n  source: {}\n';
    expect(kubectl(sim, 'kubectl create -f -', { stdin: bad }).all).toBe(
      'The VolumeAttachment "bad" is invalid: \n* spec.attacher: Required value\n* spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName\n',
    );
    const noParams = 'apiVersion: storage.k8s.io/v1\nkind: VolumeAttributesClass\nmetadata:\n  name: gold\ndriverName: Bad Driver\n';
    expect(kubectl(sim, 'kubectl create -f -', { stdin: noParams }).all).toBe(
      `The VolumeAttributesClass "gold" is invalid: \n* driverName: Invalid value: "bad driver": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\n* parameters: Required value: must contain at least one key/value pair\n`,
    );
    expect(kubectl(sim, 'kubectl apply -f -', { stdin: OBJECTS }).code).toBe(0);
    expect(kubectl(sim, `kubectl patch vac silver --type merge -p '{"parameters":{"iops":"1"}}'`).all).toBe('The VolumeAttributesClass "silver" is invalid: parameters: Forbidden: updates to parameters are forbidden.\n');
    expect(kubectl(sim, `kubectl patch volumeattachment csi-123 --type merge -p '{"spec":{"nodeName":"node-2"}}'`).all).toBe(
      'The VolumeAttachment "csi-123" is invalid: spec: Invalid value: {"attacher":"hostpath.csi.k8s.io","nodeName":"node-2","source":{"persistentVolumeName":"pv-1"}}: field is immutable\n',
    );
    expect(kubectl(sim, `kubectl patch csistoragecapacity cap-1 --type merge -p '{"storageClassName":"fast"}'`).all).toBe('The CSIStorageCapacity "cap-1" is invalid: storageClassName: Invalid value: "fast": field is immutable\n');
  });
});
