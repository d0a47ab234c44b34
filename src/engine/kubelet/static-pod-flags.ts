/**
 * Whether a control-plane binary accepts the flags a static Pod manifest gives it. The components
 * parse their command line with cobra over pflag (k8s.io/component-base/cli/run.go): a flag they
 * do not define fails the parse before anything starts, cli.Run prints the usage and then
 * `Error: %v` to stderr, and the process exits 1. pflag's texts are `unknown flag: --foo` and
 * `unknown shorthand flag: 'x' in -x` (recorded from kubectl v1.32 on this machine, whose flags
 * are pflag's too: `kubectl get --foo` → `Error: unknown flag: --foo`).
 *
 * Approximate: a binary's full flag table is hundreds of flags long. A flag counts as known when
 * kubeadm's own manifest passes it, or it is in the short lists below (real flags of v1.36's
 * reference pages, the ones learners and the CKA edit), or it is a logging/global flag; any other
 * real flag would be refused here. etcd's flags are not checked (its parser is not pflag).
 */
import type { StaticPodKind } from './static-pod-manifests';

const GLOBAL = ['help', 'version', 'v', 'vmodule', 'feature-gates', 'log-flush-frequency', 'logging-format', 'log-text-split-stream', 'log-json-split-stream', 'log-text-info-buffer-size', 'log-json-info-buffer-size'];

const SECURE_SERVING = ['bind-address', 'secure-port', 'cert-dir', 'tls-cert-file', 'tls-private-key-file', 'tls-cipher-suites', 'tls-min-version', 'tls-sni-cert-key', 'http2-max-streams-per-connection', 'permit-port-sharing', 'permit-address-sharing'];
const DELEGATED_AUTH = ['authentication-kubeconfig', 'authorization-kubeconfig', 'client-ca-file', 'requestheader-client-ca-file', 'requestheader-allowed-names', 'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers', 'authentication-skip-lookup', 'authentication-tolerate-lookup-failure', 'authorization-always-allow-paths', 'authentication-token-webhook-cache-ttl', 'authorization-webhook-cache-authorized-ttl', 'authorization-webhook-cache-unauthorized-ttl'];
const LEADER_ELECTION = ['leader-elect', 'leader-elect-lease-duration', 'leader-elect-renew-deadline', 'leader-elect-retry-period', 'leader-elect-resource-lock', 'leader-elect-resource-name', 'leader-elect-resource-namespace'];
const CLIENT = ['kubeconfig', 'master', 'kube-api-qps', 'kube-api-burst', 'kube-api-content-type', 'profiling', 'contention-profiling'];

const KNOWN: Readonly<Record<Exclude<StaticPodKind, 'etcd'>, readonly string[]>> = {
  'kube-apiserver': [
    ...SECURE_SERVING,
    'advertise-address', 'allow-privileged', 'anonymous-auth', 'api-audiences', 'apiserver-count', 'audit-log-compress', 'audit-log-format', 'audit-log-maxage', 'audit-log-maxbackup',
    'audit-log-maxsize', 'audit-log-mode', 'audit-log-path', 'audit-policy-file', 'audit-webhook-config-file', 'audit-webhook-mode', 'authentication-config', 'authorization-config',
    'authorization-mode', 'authorization-policy-file', 'authorization-webhook-config-file', 'client-ca-file', 'cloud-provider', 'cors-allowed-origins', 'default-not-ready-toleration-seconds',
    'default-unreachable-toleration-seconds', 'delete-collection-workers', 'disable-admission-plugins', 'egress-selector-config-file', 'enable-admission-plugins', 'enable-aggregator-routing',
    'enable-bootstrap-token-auth', 'enable-garbage-collector', 'enable-priority-and-fairness', 'encryption-provider-config', 'encryption-provider-config-automatic-reload', 'endpoint-reconciler-type',
    'etcd-cafile', 'etcd-certfile', 'etcd-compaction-interval', 'etcd-count-metric-poll-period', 'etcd-keyfile', 'etcd-prefix', 'etcd-servers', 'etcd-servers-overrides', 'event-ttl',
    'external-hostname', 'goaway-chance', 'kubelet-certificate-authority', 'kubelet-client-certificate', 'kubelet-client-key', 'kubelet-port', 'kubelet-preferred-address-types', 'kubelet-timeout',
    'livez-grace-period', 'max-connection-bytes-per-sec', 'max-mutating-requests-inflight', 'max-requests-inflight', 'min-request-timeout', 'oidc-ca-file', 'oidc-client-id', 'oidc-groups-claim',
    'oidc-groups-prefix', 'oidc-issuer-url', 'oidc-required-claim', 'oidc-signing-algs', 'oidc-username-claim', 'oidc-username-prefix', 'proxy-client-cert-file', 'proxy-client-key-file',
    'request-timeout', 'requestheader-allowed-names', 'requestheader-client-ca-file', 'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers',
    'runtime-config', 'service-account-extend-token-expiration', 'service-account-issuer', 'service-account-jwks-uri', 'service-account-key-file', 'service-account-lookup',
    'service-account-max-token-expiration', 'service-account-signing-key-file', 'service-cluster-ip-range', 'service-node-port-range', 'shutdown-delay-duration', 'shutdown-send-retry-after',
    'storage-backend', 'storage-media-type', 'strict-transport-security-directives', 'token-auth-file', 'watch-cache', 'watch-cache-sizes', 'profiling', 'admission-control-config-file',
  ],
  'kube-controller-manager': [
    ...SECURE_SERVING, ...DELEGATED_AUTH, ...LEADER_ELECTION, ...CLIENT,
    'allocate-node-cidrs', 'attach-detach-reconcile-sync-period', 'cloud-config', 'cloud-provider', 'cluster-cidr', 'cluster-name', 'cluster-signing-cert-file', 'cluster-signing-duration',
    'cluster-signing-key-file', 'concurrent-deployment-syncs', 'concurrent-endpoint-syncs', 'concurrent-gc-syncs', 'concurrent-namespace-syncs', 'concurrent-replicaset-syncs',
    'concurrent-service-syncs', 'concurrent-statefulset-syncs', 'configure-cloud-routes', 'controller-start-interval', 'controllers', 'disable-attach-detach-reconcile-sync',
    'enable-garbage-collector', 'horizontal-pod-autoscaler-sync-period', 'large-cluster-size-threshold', 'min-resync-period', 'node-cidr-mask-size', 'node-cidr-mask-size-ipv4',
    'node-cidr-mask-size-ipv6', 'node-eviction-rate', 'node-monitor-grace-period', 'node-monitor-period', 'node-startup-grace-period', 'pv-recycler-pod-template-filepath-hostpath',
    'root-ca-file', 'secondary-node-eviction-rate', 'service-account-private-key-file', 'service-cluster-ip-range', 'terminated-pod-gc-threshold', 'unhealthy-zone-threshold',
    'use-service-account-credentials',
  ],
  'kube-scheduler': [...SECURE_SERVING, ...DELEGATED_AUTH, ...LEADER_ELECTION, ...CLIENT, 'config', 'write-config-to', 'pod-max-in-unschedulable-pods-duration', 'show-hidden-metrics-for-version'],
};

/**
 * The flag error the binary stops on, as pflag words it, or undefined when every flag is one it
 * knows. `given` is the container's command and args after the binary; `kubeadm` the flags the
 * generated manifest passes.
 */
export function unknownFlag(kind: StaticPodKind, given: readonly string[], kubeadm: readonly string[]): string | undefined {
  if (kind === 'etcd') return undefined;
  const known = new Set([...GLOBAL, ...KNOWN[kind], ...kubeadm.filter((f) => f.startsWith('--')).map((f) => f.slice(2).split('=')[0]!)]);
  for (const a of given) {
    if (a === '--') break;
    if (a.startsWith('--')) {
      // pflag (with WordSepNormalizeFunc) reads `--a_b` as `--a-b`.
      const name = a.slice(2).split('=')[0]!.replace(/_/g, '-');
      if (!known.has(name)) return `unknown flag: --${a.slice(2).split('=')[0]}`;
    } else if (a.startsWith('-') && a.length > 1) {
      // The components define no shorthands but -h (help) and -v (klog's verbosity).
      const c = a[1]!;
      if (c !== 'h' && c !== 'v') return `unknown shorthand flag: '${c}' in ${a}`;
    }
  }
  return undefined;
}
