/**
 * `kubeadm init phase addon all`: the kube-proxy DaemonSet and CoreDNS (Deployment + the
 * `kube-dns` Service at 10.96.0.10), with the ServiceAccounts and ConfigMaps they mount, as
 * cmd/kubeadm/app/phases/addons writes them. Applied once, when the cluster is first
 * bootstrapped — a learner who deletes them later does not get them back (nor would kubeadm).
 */
import { ZERO_LOGGING_CONFIG } from '../../k8s/component-config';
import type { ConfigMap, DaemonSet, Deployment, KObject, Service, ServiceAccount } from '../../k8s/types';
import { GIT_VERSION } from '../../k8s/version';
import type { ProxyMode } from '../node/proxy-state';
import { KUBEADM_POD_SUBNET } from '../topology/pod-network';

const PROXY_IMAGE = `registry.k8s.io/kube-proxy:${GIT_VERSION}`;
const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.14.2';
export const KUBE_DNS_IP = '10.96.0.10';

/**
 * kubeadm's kube-proxy config, as `kubeadm init` marshals its KubeProxyConfiguration
 * (kubeproxy.config.k8s.io/v1alpha1, k8s.io/kube-proxy v0.36 types.go): every field without
 * `omitempty` printed, keys sorted, nothing defaulted — kube-proxy applies its own defaults when it
 * reads the file, so a zero here (`syncPeriod: 0s`, `mode` aside) means "kube-proxy's default".
 * kubeadm sets the bind address, the kubeconfig path and the Pod CIDR; this cluster's kubeadm
 * configuration also names the mode (iptables, or nftables with `--proxy-mode nftables`).
 */
function kubeProxyConf(mode: ProxyMode, clusterCidr: string): string {
  return `apiVersion: kubeproxy.config.k8s.io/v1alpha1
bindAddress: 0.0.0.0
bindAddressHardFail: false
clientConnection:
  acceptContentTypes: ""
  burst: 0
  contentType: ""
  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf
  qps: 0
clusterCIDR: ${clusterCidr}
configSyncPeriod: 0s
conntrack:
  maxPerCore: null
  min: null
  tcpBeLiberal: false
  tcpCloseWaitTimeout: null
  tcpEstablishedTimeout: null
  udpStreamTimeout: 0s
  udpTimeout: 0s
detectLocal:
  bridgeInterface: ""
  interfaceNamePrefix: ""
detectLocalMode: ""
enableProfiling: false
healthzBindAddress: ""
hostnameOverride: ""
iptables:
  localhostNodePorts: null
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
ipvs:
  excludeCIDRs: null
  minSyncPeriod: 0s
  scheduler: ""
  strictARP: false
  syncPeriod: 0s
  tcpFinTimeout: 0s
  tcpTimeout: 0s
  udpTimeout: 0s
kind: KubeProxyConfiguration
${ZERO_LOGGING_CONFIG}
metricsBindAddress: ""
mode: ${mode}
nftables:
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
nodePortAddresses: null
oomScoreAdj: null
portRange: ""
showHiddenMetricsForVersion: ""
winkernel:
  enableDSR: false
  forwardHealthCheckVip: false
  networkName: ""
  rootHnsEndpointName: ""
  sourceVip: ""`;
}

/**
 * The kubeconfig kube-proxy reads (KubeProxyConfigMap19): the in-cluster CA and token files, and
 * the control plane's endpoint. Both keys are `|-` blocks in kubeadm's template: no final newline.
 */
function kubeProxyKubeconfig(server: string): string {
  return `apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt
    server: ${server}
  name: default
contexts:
- context:
    cluster: default
    namespace: default
    user: default
  name: default
current-context: default
users:
- name: default
  user:
    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token`;
}

const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

function serviceAccount(name: string): ServiceAccount {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'kube-system' } };
}

function kubeProxyDaemonSet(): DaemonSet {
  const labels = { 'k8s-app': 'kube-proxy' };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels },
    spec: {
      selector: { matchLabels: labels },
      updateStrategy: { type: 'RollingUpdate' },
      template: {
        metadata: { labels },
        spec: {
          containers: [
            {
              name: 'kube-proxy',
              image: PROXY_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
              // kubeadm's manifest (phases/addons/proxy): kube-proxy writes the node's iptables and sysctls.
              securityContext: { privileged: true },
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
              volumeMounts: [
                { name: 'kube-proxy', mountPath: '/var/lib/kube-proxy' },
                { name: 'xtables-lock', mountPath: '/run/xtables.lock' },
                { name: 'lib-modules', mountPath: '/lib/modules', readOnly: true },
              ],
            },
          ],
          hostNetwork: true,
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-node-critical',
          serviceAccountName: 'kube-proxy',
          tolerations: [{ operator: 'Exists' }],
          volumes: [
            { name: 'kube-proxy', configMap: { name: 'kube-proxy' } },
            { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            { name: 'lib-modules', hostPath: { path: '/lib/modules', type: '' } },
          ],
        },
      },
    },
  };
}

function corednsDeployment(): Deployment {
  const labels = { 'k8s-app': 'kube-dns' };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'coredns', namespace: 'kube-system', labels },
    spec: {
      replicas: 2,
      selector: { matchLabels: labels },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      template: {
        metadata: { labels },
        spec: {
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                { weight: 100, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] }, topologyKey: 'kubernetes.io/hostname' } },
              ],
            },
          },
          containers: [
            {
              name: 'coredns',
              image: COREDNS_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              args: ['-conf', '/etc/coredns/Corefile'],
              ports: [
                { containerPort: 53, name: 'dns', protocol: 'UDP' },
                { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
                { containerPort: 8080, name: 'liveness-probe', protocol: 'TCP' },
                { containerPort: 8181, name: 'readiness-probe', protocol: 'TCP' },
              ],
              resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
              livenessProbe: { httpGet: { path: '/health', port: 'liveness-probe', scheme: 'HTTP' }, initialDelaySeconds: 60, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 5 },
              readinessProbe: { httpGet: { path: '/ready', port: 'readiness-probe', scheme: 'HTTP' } },
              volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
            },
          ],
          dnsPolicy: 'Default',
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-cluster-critical',
          serviceAccountName: 'coredns',
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
          ],
          volumes: [{ name: 'config-volume', configMap: { name: 'coredns' } }],
        },
      },
    },
  };
}

function kubeDnsService(): Service {
  const labels = { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' };
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kube-dns', namespace: 'kube-system', labels, annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' } },
    spec: {
      clusterIP: KUBE_DNS_IP,
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      selector: { 'k8s-app': 'kube-dns' },
    },
  };
}

function configMap(name: string, data: Record<string, string>, labels?: Record<string, string>): ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'kube-system', ...(labels ? { labels } : {}) }, data };
}

/**
 * In the order kubeadm applies them: CoreDNS first, then kube-proxy. [resource, object] pairs.
 * `endpoint` is the API endpoint (host:port) kube-proxy's kubeconfig names.
 */
export function kubeadmAddons(endpoint: string, proxyMode: ProxyMode = 'iptables', clusterCidr = KUBEADM_POD_SUBNET): [string, KObject][] {
  return [
    ['configmaps', configMap('coredns', { Corefile: COREFILE })],
    ['deployments', corednsDeployment()],
    ['services', kubeDnsService()],
    ['serviceaccounts', serviceAccount('coredns')],
    ['configmaps', configMap('kube-proxy', { 'config.conf': kubeProxyConf(proxyMode, clusterCidr), 'kubeconfig.conf': kubeProxyKubeconfig(`https://${endpoint}`) }, { app: 'kube-proxy' })],
    ['daemonsets', kubeProxyDaemonSet()],
    ['serviceaccounts', serviceAccount('kube-proxy')],
  ];
}
