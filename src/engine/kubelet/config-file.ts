/**
 * /var/lib/kubelet/config.yaml as kubeadm writes it on every node (its KubeletConfiguration
 * component config, durations it leaves to the kubelet's defaults printed as 0s). The node's
 * shell shows this file; the kubelet's /configz (configz.ts) reads the same values back, with the
 * kubelet's defaults filled in, so the two cannot drift.
 */
import { ZERO_LOGGING_CONFIG } from '../../k8s/component-config';

/** The file's staticPodPath: where kubeadm writes the control plane's manifests and the kubelet reads them. */
export const STATIC_POD_PATH = '/etc/kubernetes/manifests';

export const KUBELET_CONFIG = `apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
containerRuntimeEndpoint: ""
cpuManagerReconcilePeriod: 0s
crashLoopBackOff: {}
evictionPressureTransitionPeriod: 0s
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageMaximumGCAge: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
${ZERO_LOGGING_CONFIG}
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: ${STATIC_POD_PATH}
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
`;
