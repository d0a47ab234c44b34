/**
 * What kube-apiserver and kubeadm create on a fresh cluster: the four system namespaces, the
 * `kubernetes` Service, the default StorageClass of the cluster's CSI driver, and on the very
 * first start kubeadm's addons (kube-proxy, CoreDNS; see kubeadm-addons.ts).
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import type { World } from '../world';
import type { UserInfo } from './auth';
import { handleRequest } from './handler';
import { storedObject } from './storage';
import { kubeadmAddons } from './kubeadm-addons';

export const APISERVER_USER: UserInfo = { name: 'system:apiserver', groups: ['system:masters', 'system:authenticated'] };
export const CSI_DRIVER = 'hostpath.csi.k8s.io';

function ensure(w: World, server: ComponentId, resource: string, ns: string | undefined, obj: KObject): void {
  if (storedObject(w, resource, ns, obj.metadata.name!)) return;
  const req = { verb: 'create' as const, resource, body: obj, user: APISERVER_USER, from: server };
  handleRequest(w, server, ns ? { ...req, namespace: ns } : req);
}

export function bootstrapObjects(w: World, server: ComponentId): void {
  const firstBoot = !storedObject(w, 'namespaces', undefined, 'kube-system');
  for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
    ensure(w, server, 'namespaces', undefined, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }
  ensure(w, server, 'services', 'default', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { type: 'ClusterIP', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }] },
  });
  ensure(w, server, 'storageclasses', undefined, {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: CSI_DRIVER,
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
  });
  if (firstBoot) for (const [resource, obj] of kubeadmAddons()) ensure(w, server, resource, 'kube-system', obj);
}
