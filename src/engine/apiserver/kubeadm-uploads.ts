/**
 * What `kubeadm init` stores in the cluster besides its addons, so that `kubectl get cm -A` reads
 * as a kubeadm cluster's does:
 *   - phase upload-config (cmd/kubeadm/app/phases/uploadconfig): the ClusterConfiguration in
 *     kube-system/kubeadm-config (key `ClusterConfiguration`) and the cluster-wide
 *     KubeletConfiguration in kube-system/kubelet-config (key `kubelet`), which `kubeadm join`
 *     reads back;
 *   - phase bootstrap-token (cmd/kubeadm/app/phases/bootstraptoken/clusterinfo): the public
 *     kube-public/cluster-info, a kubeconfig with the cluster CA and the API endpoint under a
 *     cluster named "" and nothing else, which joining nodes read anonymously. Its
 *     `jws-kubeconfig-<token-id>` signatures are absent: this cluster keeps no bootstrap tokens
 *     (as one whose 24 h tokens have expired and been cleaned up).
 * Applied once, on the first boot, like the addons.
 */
import type { ConfigMap } from '../../k8s/types';
import { base64Encode } from '../../k8s/base64';
import { GIT_VERSION } from '../../k8s/version';
import { KUBELET_CONFIG } from '../kubelet/config-file';

export interface KubeadmCluster {
  /** host:port of the API endpoint kubeconfigs use: the one apiserver, or the HA load balancer. */
  endpoint: string;
  /** Whether the endpoint is a load balancer kubeadm was given as controlPlaneEndpoint. */
  ha: boolean;
  podSubnet: string;
  caPem: string;
}

/** v1beta4 ClusterConfiguration as kubeadm marshals it: the fields a plain `kubeadm init` sets, sorted. */
function clusterConfiguration(c: KubeadmCluster): string {
  return `apiServer: {}
apiVersion: kubeadm.k8s.io/v1beta4
caCertificateValidityPeriod: 87600h0m0s
certificateValidityPeriod: 8760h0m0s
certificatesDir: /etc/kubernetes/pki
clusterName: kubernetes
${c.ha ? `controlPlaneEndpoint: ${c.endpoint}\n` : ''}controllerManager: {}
dns: {}
encryptionAlgorithm: RSA-2048
etcd:
  local:
    dataDir: /var/lib/etcd
imageRepository: registry.k8s.io
kind: ClusterConfiguration
kubernetesVersion: ${GIT_VERSION}
networking:
  dnsDomain: cluster.local
  podSubnet: ${c.podSubnet}
  serviceSubnet: 10.96.0.0/12
proxy: {}
scheduler: {}
`;
}

/** clientcmd.Write of a Config holding only the cluster "": empty collections print as null. */
function clusterInfoKubeconfig(c: KubeadmCluster): string {
  return `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ${base64Encode(c.caPem)}
    server: https://${c.endpoint}
  name: ""
contexts: null
current-context: ""
kind: Config
preferences: {}
users: null
`;
}

function configMap(namespace: string, name: string, data: Record<string, string>): ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data };
}

/** The ConfigMaps, in the order kubeadm's phases create them. */
export function kubeadmUploads(c: KubeadmCluster): ConfigMap[] {
  return [
    configMap('kube-system', 'kubeadm-config', { ClusterConfiguration: clusterConfiguration(c) }),
    configMap('kube-system', 'kubelet-config', { kubelet: KUBELET_CONFIG }),
    configMap('kube-public', 'cluster-info', { kubeconfig: clusterInfoKubeconfig(c) }),
  ];
}
