/**
 * The kubelet's `/configz` (component-base/configz, set by cmd/kubelet's initConfigz): the
 * configuration it runs with, converted to kubelet.config.k8s.io/v1beta1 and written as
 * `{"kubeletconfig":{…}}` by json.Marshal — compact, in the struct's field order, no TypeMeta
 * (apiVersion and kind are empty, so omitted), no trailing newline.
 *
 * The values are kubeadm's config.yaml (config-file.ts, the file the node's shell shows) with
 * SetDefaults_KubeletConfiguration filled in where the file leaves a field zero, the runtime's
 * socket kubeadm passes as --container-runtime-endpoint, the certificate paths the kubelet picks
 * for its self-signed serving certificate, and the periods this simulation's kubelet actually
 * runs on (the world's timings), so what /configz says is what the kubelet does here.
 */
import { parse } from 'yaml';
import { goDuration } from '../../k8s/time';
import { runtimeOf } from '../node/cri';
import { factsOf } from '../node/runtime-impl';
import type { World } from '../world';
import { KUBELET_CONFIG } from './config-file';

/** The parts of config.yaml read back. */
interface ConfigFile {
  staticPodPath?: string;
  rotateCertificates?: boolean;
  authentication?: { anonymous?: { enabled?: boolean }; webhook?: { enabled?: boolean; cacheTTL?: string }; x509?: { clientCAFile?: string } };
  authorization?: { mode?: string; webhook?: { cacheAuthorizedTTL?: string; cacheUnauthorizedTTL?: string } };
  cgroupDriver?: string;
  clusterDNS?: string[];
  clusterDomain?: string;
  healthzBindAddress?: string;
  healthzPort?: number;
  logging?: { verbosity?: number };
}

/** A duration the file gives as 0s (or not at all) takes the kubelet's default. */
function period(file: string | undefined, fallback: string): string {
  return file === undefined || file === '0s' || file === '0' ? fallback : file;
}

/** The v1beta1 KubeletConfiguration this node's kubelet runs with, in Go's field order. */
export function kubeletConfiguration(w: World, node: string): Record<string, unknown> {
  const f = parse(KUBELET_CONFIG) as ConfigFile;
  const t = w.timings;
  return {
    enableServer: true,
    staticPodPath: f.staticPodPath ?? '',
    podLogsDir: '/var/log/pods',
    syncFrequency: goDuration(t.syncFrequency),
    fileCheckFrequency: '20s',
    httpCheckFrequency: '20s',
    address: '0.0.0.0',
    port: 10250,
    tlsCertFile: '/var/lib/kubelet/pki/kubelet.crt',
    tlsPrivateKeyFile: '/var/lib/kubelet/pki/kubelet.key',
    rotateCertificates: f.rotateCertificates ?? false,
    authentication: {
      x509: { clientCAFile: f.authentication?.x509?.clientCAFile ?? '' },
      webhook: { enabled: f.authentication?.webhook?.enabled ?? true, cacheTTL: period(f.authentication?.webhook?.cacheTTL, '2m0s') },
      anonymous: { enabled: f.authentication?.anonymous?.enabled ?? false },
    },
    authorization: {
      mode: f.authorization?.mode ?? 'Webhook',
      webhook: { cacheAuthorizedTTL: period(f.authorization?.webhook?.cacheAuthorizedTTL, '5m0s'), cacheUnauthorizedTTL: period(f.authorization?.webhook?.cacheUnauthorizedTTL, '30s') },
    },
    registryPullQPS: 5,
    registryBurst: 10,
    // Defaulted while KubeletEnsureSecretPulledImages is on (beta, on since 1.35).
    imagePullCredentialsVerificationPolicy: 'NeverVerifyPreloadedImages',
    eventRecordQPS: 50,
    eventBurst: 100,
    enableDebuggingHandlers: true,
    healthzPort: f.healthzPort ?? 10248,
    healthzBindAddress: f.healthzBindAddress ?? '127.0.0.1',
    oomScoreAdj: -999,
    clusterDomain: f.clusterDomain ?? '',
    clusterDNS: f.clusterDNS ?? [],
    streamingConnectionIdleTimeout: '4h0m0s',
    nodeStatusUpdateFrequency: goDuration(t.nodeStatusUpdateFrequency),
    nodeStatusReportFrequency: goDuration(t.nodeStatusReportFrequency),
    nodeLeaseDurationSeconds: t.nodeLeaseDurationSeconds,
    imageMinimumGCAge: '2m0s',
    imageMaximumGCAge: '0s',
    imageGCHighThresholdPercent: 85,
    imageGCLowThresholdPercent: 80,
    volumeStatsAggPeriod: '1m0s',
    cgroupsPerQOS: true,
    cgroupDriver: f.cgroupDriver ?? 'cgroupfs',
    cpuManagerPolicy: 'none',
    cpuManagerReconcilePeriod: '10s',
    memoryManagerPolicy: 'None',
    topologyManagerPolicy: 'none',
    topologyManagerScope: 'container',
    runtimeRequestTimeout: '2m0s',
    hairpinMode: 'promiscuous-bridge',
    maxPods: 110,
    podPidsLimit: -1,
    resolvConf: '/etc/resolv.conf',
    cpuCFSQuota: true,
    cpuCFSQuotaPeriod: '100ms',
    nodeStatusMaxImages: 50,
    maxOpenFiles: 1000000,
    contentType: 'application/vnd.kubernetes.protobuf',
    kubeAPIQPS: 50,
    kubeAPIBurst: 100,
    serializeImagePulls: true,
    // A Go map: encoding/json writes its keys sorted.
    evictionHard: { 'imagefs.available': '15%', 'imagefs.inodesFree': '5%', 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%' },
    evictionPressureTransitionPeriod: '5m0s',
    mergeDefaultEvictionSettings: false,
    enableControllerAttachDetach: true,
    makeIPTablesUtilChains: true,
    iptablesMasqueradeBit: 14,
    iptablesDropBit: 15,
    failSwapOn: true,
    memorySwap: {},
    containerLogMaxSize: '10Mi',
    containerLogMaxFiles: 5,
    containerLogMaxWorkers: 1,
    containerLogMonitorInterval: '10s',
    configMapAndSecretChangeDetectionStrategy: 'Watch',
    enforceNodeAllocatable: ['pods'],
    volumePluginDir: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec/',
    logging: { format: 'text', flushFrequency: '5s', verbosity: f.logging?.verbosity ?? 0, options: { text: { infoBufferSize: '0' }, json: { infoBufferSize: '0' } } },
    enableSystemLogHandler: true,
    enableSystemLogQuery: false,
    shutdownGracePeriod: '0s',
    shutdownGracePeriodCriticalPods: '0s',
    // KubeletCrashLoopBackOffMax (beta, on since 1.35) defaults the cap to the back-off's maximum.
    crashLoopBackOff: { maxContainerRestartPeriod: goDuration(t.crashLoopMax) },
    enableProfilingHandler: true,
    enableDebugFlagsHandler: true,
    seccompDefault: false,
    memoryThrottlingFactor: 0.9,
    registerNode: true,
    localStorageCapacityIsolation: true,
    containerRuntimeEndpoint: `unix://${factsOf(runtimeOf(w, node)).socket}`,
    failCgroupV1: true,
  };
}

/** The body /configz answers: every registered config by name (the kubelet registers one). */
export function configzBody(w: World, node: string): string {
  return JSON.stringify({ kubeletconfig: kubeletConfiguration(w, node) });
}
