/**
 * What kube-apiserver and kubeadm create on a fresh cluster: the four system namespaces, the
 * `kubernetes` Service and its endpoints, the default StorageClass and the CSIDriver of the cluster's CSI driver
 * (installed with the driver), the system
 * PriorityClasses (the `scheduling/bootstrap-system-priority-classes` post-start hook), API Priority
 * and Fairness's FlowSchemas and priority levels (apf-config.ts), the
 * extension-apiserver-authentication ConfigMap (cluster-authentication-trust.ts), the Local
 * APIServices of the built-in group/versions (autoregister.ts), and on
 * the very first start kubeadm's addons (kube-proxy, CoreDNS; see kubeadm-addons.ts).
 */
import type { ComponentId } from '../core/ids';
import type { KObject, ServiceCIDR } from '../../k8s/types';
import { DEFAULT_SERVICE_CIDR_NAME, SERVICE_CIDR } from './ipallocator';
import type { World } from '../world';
import { APISERVER_USER } from './auth';
import { handleRequest, lbAddress, type ApiRequest, type ApiResponse } from './handler';
import { consumerPass, producerPass } from './apf-config';
import { storedObject } from './storage';
import { kubeadmAddons } from './kubeadm-addons';
import { bootstrapTokenSecret, kubeadmUploads, KUBEADM_TOKEN_TTL_MS } from './kubeadm-uploads';
import { BOOTSTRAP_TOKEN_NAMESPACE, TOKEN_CHARS } from '../../k8s/bootstrap-token';
import { randomString, seedRng } from '../core/rng';
import type { SimMillis } from '../../k8s/units';
import { clusterCaPem, frontProxyCaPem, KUBERNETES_SERVICE_IP } from './cluster-ca';
import { extensionApiserverAuthentication } from './cluster-authentication-trust';
import { builtinApiServices } from './autoregister';
import { clusterCidrFor } from '../topology/pod-network';
import { cloudControllerManagerObjects } from './cloud-bootstrap';
import { seedIdentityLeases } from './identity-lease';
import { rbacBootstrapObjects, seedRbacObjects } from './rbac-bootstrap';
import { cniPluginOf } from '../node/cni-plugin';
import { SYSTEM_PRIORITY_CLASSES } from './admission/priority-classes';
import { withRng, withRngStream } from '../runtime';
import { cloneData } from '../core/clone';
import { rfc3339 } from '../../k8s/time';

export { APISERVER_USER };
export const CSI_DRIVER = 'hostpath.csi.k8s.io';

function ensure(w: World, server: ComponentId, resource: string, ns: string | undefined, obj: KObject): void {
  if (storedObject(w, resource, ns, obj.metadata.name!)) return;
  const req = { verb: 'create' as const, resource, body: obj, user: APISERVER_USER, from: server };
  handleRequest(w, server, ns ? { ...req, namespace: ns } : req);
}

/** Seeds the stream the CSIDriver object draws its uid from (mixed with the world's seed). */
const CSI_DRIVER_STREAM = 0xc51_d71;

/**
 * csi-driver-host-path's csi-hostpath-driverinfo.yaml, applied with the driver: no attacher
 * (kubelet mounts without a VolumeAttachment), Pod info on mount, persistent and inline volumes.
 */
const CSI_DRIVER_OBJECT = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'CSIDriver',
  metadata: {
    name: CSI_DRIVER,
    labels: {
      'app.kubernetes.io/component': 'csi-driver',
      'app.kubernetes.io/instance': CSI_DRIVER,
      'app.kubernetes.io/name': CSI_DRIVER,
      'app.kubernetes.io/part-of': 'csi-driver-host-path',
    },
  },
  spec: {
    attachRequired: false,
    podInfoOnMount: true,
    volumeLifecycleModes: ['Persistent', 'Ephemeral'],
    storageCapacity: false,
    fsGroupPolicy: 'File',
    requiresRepublish: false,
    seLinuxMount: false,
  },
};

/** Seeds the stream the system PriorityClasses draw their uids from (mixed with the world's seed). */
const PRIORITY_CLASS_STREAM = 0x5c_9c1a;

/**
 * Runs `fn` with the world's PRNG swapped for `rng`: objects that a newer release creates at
 * boot must not shift every name and uid drawn after them, so the same seed keeps its cluster.
 */
/** Seeds the stream the `kubernetes` Endpoints and EndpointSlice draw their uids from. */
const KUBERNETES_ENDPOINTS_STREAM = 0xe9d_501;

/**
 * The `kubernetes` Service's endpoints, which the apiservers keep themselves
 * (pkg/controlplane/reconcilers, the endpoints adapter): every kube-apiserver's address on 6443,
 * as v1 Endpoints marked skip-mirror and as an EndpointSlice of the same name.
 */
function kubernetesEndpoints(w: World, server: ComponentId): void {
  const ips = [...w.components.values()]
    .filter((c) => c.kind === 'kube-apiserver')
    .map((c) => w.machineSpecs.get(c.host)?.ip)
    .filter((ip): ip is string => !!ip)
    .sort();
  const port = { name: 'https', port: 6443, protocol: 'TCP' };
  ensure(w, server, 'endpoints', 'default', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: ips.map((ip) => ({ ip })), ports: [port] }],
  } as KObject);
  ensure(w, server, 'endpointslices', 'default', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: [port],
  } as KObject);
}

/** Seeds the stream the default ServiceCIDR draws its uid from. */
const SERVICE_CIDR_STREAM = 0x5e7_c1d;

/**
 * kube-apiserver's default ServiceCIDR controller (defaultservicecidr): the `kubernetes`
 * ServiceCIDR from `--service-cluster-ip-range`, created if missing, then marked Ready when it
 * has no Ready condition and its range matches the flag. Before it exists no ClusterIP can be
 * allocated, so it comes before the `kubernetes` Service.
 */
function defaultServiceCIDR(w: World, server: ComponentId): void {
  ensure(w, server, 'servicecidrs', undefined, { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: DEFAULT_SERVICE_CIDR_NAME }, spec: { cidrs: [SERVICE_CIDR] } } as KObject);
  const sc = storedObject(w, 'servicecidrs', undefined, DEFAULT_SERVICE_CIDR_NAME) as ServiceCIDR | undefined;
  if (!sc || sc.metadata.deletionTimestamp || sc.spec?.cidrs?.join() !== SERVICE_CIDR || sc.status?.conditions?.some((c) => c.type === 'Ready' && c.status !== 'Unknown')) return;
  const ready = { type: 'Ready', status: 'True', lastTransitionTime: rfc3339(w.now), reason: '', message: 'Kubernetes default Service CIDR is ready' } as const;
  handleRequest(w, server, {
    verb: 'update',
    resource: 'servicecidrs',
    subresource: 'status',
    name: DEFAULT_SERVICE_CIDR_NAME,
    body: { ...sc, status: { conditions: [ready] } } as KObject,
    fieldManager: 'kubernetes-service-cidr-controller',
    user: APISERVER_USER,
    from: server,
  });
}

export function bootstrapObjects(w: World, server: ComponentId): void {
  const firstBoot = !storedObject(w, 'namespaces', undefined, 'kube-system');
  // The policy comes first: every request after it, these creates included, is authorized by it.
  if (firstBoot) {
    seedRbacObjects(w);
    seedIdentityLeases(w);
  }
  else for (const { resource, obj } of rbacBootstrapObjects(cniPluginOf(w))) ensure(w, server, resource, obj.metadata.namespace, obj);
  for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
    ensure(w, server, 'namespaces', undefined, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }
  withRngStream(w, SERVICE_CIDR_STREAM, () => defaultServiceCIDR(w, server));
  // The kubernetes Service controller asks for the range's first address by name.
  ensure(w, server, 'services', 'default', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { type: 'ClusterIP', clusterIP: KUBERNETES_SERVICE_IP, ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }] },
  });
  withRngStream(w, KUBERNETES_ENDPOINTS_STREAM, () => kubernetesEndpoints(w, server));
  ensure(w, server, 'storageclasses', undefined, {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: CSI_DRIVER,
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
  });
  withRngStream(w, PRIORITY_CLASS_STREAM, () => {
    for (const pc of SYSTEM_PRIORITY_CLASSES) ensure(w, server, 'priorityclasses', undefined, cloneData(pc));
  });
  withRngStream(w, CSI_DRIVER_STREAM, () => ensure(w, server, 'csidrivers', undefined, cloneData(CSI_DRIVER_OBJECT)));
  // The priority-and-fairness-config-producer post-start hook's first pass, then the consumer's conditions.
  const loopback = (req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse => handleRequest(w, server, { ...req, user: APISERVER_USER, from: server });
  producerPass(w, loopback);
  consumerPass(w, loopback);
  // kube-apiserver's legacytokentracking controller: the day it began tracking legacy tokens.
  withRngStream(w, LEGACY_TOKEN_TRACKING_STREAM, () =>
    ensure(w, server, 'configmaps', 'kube-system', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-apiserver-legacy-service-account-token-tracking', namespace: 'kube-system' },
      data: { since: rfc3339(w.now).slice(0, 10) },
    } as KObject),
  );
  // The autoregister controller's start-up sync: a Local APIService per built-in group/version.
  withRngStream(w, AUTOREGISTER_STREAM, () => {
    for (const api of builtinApiServices()) ensure(w, server, 'apiservices', undefined, api);
  });
  withRngStream(w, AUTHENTICATION_TRUST_STREAM, () =>
    ensure(w, server, 'configmaps', 'kube-system', extensionApiserverAuthentication({ clientCaPem: clusterCaPem(w), frontProxyCaPem: frontProxyCaPem(w) })),
  );
  if (firstBoot) {
    const endpoint = lbAddress(w);
    for (const [resource, obj] of kubeadmAddons(endpoint, w.cluster?.proxyMode, clusterCidrFor(w.machines.length))) ensure(w, server, resource, 'kube-system', obj);
    const uploads = kubeadmUploads({ endpoint, ha: w.apiServers.length > 1, podSubnet: clusterCidrFor(w.machines.length), caPem: clusterCaPem(w) });
    // kube-public/cluster-info comes last, in phase bootstrap-token after the token's Secret: one
    // stream for the ConfigMaps, its own for the token, so neither moves the other's draws.
    const clusterInfo = uploads.pop()!;
    const uploadsRng = seedRng(w.seed ^ KUBEADM_UPLOADS_STREAM);
    const inUploads = (fn: () => void): void => withRng(w, uploadsRng, fn);
    inUploads(() => {
      for (const cm of uploads) ensure(w, server, 'configmaps', cm.metadata.namespace, cm);
    });
    // GenerateBootstrapToken's id and secret, and the Secret holding them.
    withRngStream(w, BOOTSTRAP_TOKEN_STREAM, () => {
      const id = randomString(w.rng, 6, TOKEN_CHARS);
      ensure(w, server, 'secrets', BOOTSTRAP_TOKEN_NAMESPACE, bootstrapTokenSecret(id, randomString(w.rng, 16, TOKEN_CHARS), rfc3339((w.now + KUBEADM_TOKEN_TTL_MS) as SimMillis)));
    });
    inUploads(() => ensure(w, server, 'configmaps', clusterInfo.metadata.namespace, clusterInfo));
  }
  // Only a cluster with a cloud provider has them, from a stream of their own.
  if (w.cluster?.cloudProvider) {
    withRngStream(w, CLOUD_STREAM, () => {
      for (const { resource, obj } of cloudControllerManagerObjects()) ensure(w, server, resource, obj.metadata.namespace, obj);
    });
  }
}

/** Seeds the stream `kubeadm init`'s bootstrap token and its Secret's uid are drawn from. */
const BOOTSTRAP_TOKEN_STREAM = 0xb0_075;
/** Seeds the streams the kubeadm-uploaded ConfigMaps and the legacy-token-tracking one draw their uids from. */
const KUBEADM_UPLOADS_STREAM = 0xcad_c0f;
const LEGACY_TOKEN_TRACKING_STREAM = 0x1e9_ac7;
/** Seeds the stream kube-system/extension-apiserver-authentication draws its uid from. */
const AUTHENTICATION_TRUST_STREAM = 0xa07_7c5;
/** Seeds the stream the built-in Local APIServices draw their uids from. */
const AUTOREGISTER_STREAM = 0xa9_9e6;

/** Seeds the stream cloud-controller-manager's RBAC objects draw their uids from. */
const CLOUD_STREAM = 0xc10_ad;
