/**
 * The static Pod manifests kubeadm writes to /etc/kubernetes/manifests on a control-plane
 * machine (cmd/kubeadm/app/phases/controlplane and etcd), abbreviated to the flags a learner
 * recognises. The kubelet turns each into a mirror Pod; the processes themselves are the
 * simulation's components, so nothing here is ever run through the CRI.
 */
import type { Container, Pod, Probe, Volume, VolumeMount } from '../../k8s/types';
import { GIT_VERSION } from '../../k8s/version';
import type { ComponentKind } from '../core/component';

export const K8S_VERSION = GIT_VERSION;
export const ETCD_IMAGE = 'registry.k8s.io/etcd:3.6.8-0';

export type StaticPodKind = Extract<ComponentKind, 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler'>;
export const STATIC_POD_KINDS: readonly StaticPodKind[] = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];

export function isStaticPodKind(kind: ComponentKind): kind is StaticPodKind {
  return (STATIC_POD_KINDS as readonly string[]).includes(kind);
}

export interface ManifestInput {
  kind: StaticPodKind;
  node: string;
  ip: string;
  /** `name=https://ip:2380` for every etcd member (the initial cluster). */
  etcdInitialCluster: string;
  /** Client URLs of every etcd member, for kube-apiserver's --etcd-servers. */
  etcdServers: string;
  /** Flags the cluster was configured with beyond kubeadm's defaults (`--leader-elect-lease-duration=5s`). */
  extraFlags?: readonly string[];
}

/** kubeadm's BuildArgumentListFromMap: the binary, then every `--key=value` sorted by key. */
function withFlags(command: string[], extra: readonly string[] | undefined): string[] {
  if (!extra?.length) return command;
  const key = (f: string): string => f.slice(2).split('=')[0] ?? '';
  const [binary, ...flags] = command;
  const merged = [...flags.filter((f) => !extra.some((e) => key(e) === key(f))), ...extra].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return [binary ?? '', ...merged];
}

function probe(host: string, path: string, port: number, failureThreshold: number, scheme: 'HTTP' | 'HTTPS' = 'HTTPS', periodSeconds = 10): Probe {
  return { failureThreshold, httpGet: { host, path, port, scheme }, initialDelaySeconds: 10, periodSeconds, timeoutSeconds: 15 };
}

function hostPaths(entries: [name: string, path: string, type: string, readOnly: boolean][]): { volumes: Volume[]; mounts: VolumeMount[] } {
  return {
    volumes: entries.map(([name, path, type]) => ({ name, hostPath: { path, type } })),
    mounts: entries.map(([name, path, , readOnly]) => (readOnly ? { name, mountPath: path, readOnly: true } : { name, mountPath: path })),
  };
}

const CA_CERTS: [string, string, string, boolean][] = [
  ['ca-certs', '/etc/ssl/certs', 'DirectoryOrCreate', true],
  ['k8s-certs', '/etc/kubernetes/pki', 'DirectoryOrCreate', true],
];

function container(name: string, image: string, command: string[], cpu: string, extra: Partial<Container>): Container {
  return {
    name,
    image,
    imagePullPolicy: 'IfNotPresent',
    command,
    resources: { requests: { cpu, ...(name === 'etcd' ? { memory: '100Mi' } : {}) } },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    ...extra,
  };
}

function etcdContainer(m: ManifestInput): { c: Container; v: Volume[] } {
  const hp = hostPaths([
    ['etcd-data', '/var/lib/etcd', 'DirectoryOrCreate', false],
    ['etcd-certs', '/etc/kubernetes/pki/etcd', 'DirectoryOrCreate', false],
  ]);
  const command = [
    'etcd',
    `--advertise-client-urls=https://${m.ip}:2379`,
    '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
    '--client-cert-auth=true',
    '--data-dir=/var/lib/etcd',
    '--feature-gates=InitialCorruptCheck=true',
    `--initial-advertise-peer-urls=https://${m.ip}:2380`,
    `--initial-cluster=${m.etcdInitialCluster}`,
    '--key-file=/etc/kubernetes/pki/etcd/server.key',
    `--listen-client-urls=https://127.0.0.1:2379,https://${m.ip}:2379`,
    '--listen-metrics-urls=http://127.0.0.1:2381',
    `--listen-peer-urls=https://${m.ip}:2380`,
    `--name=${m.node}`,
    '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
    '--peer-client-cert-auth=true',
    '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
    '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
    '--snapshot-count=10000',
    '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
  ];
  const c = container('etcd', ETCD_IMAGE, command, '100m', {
    livenessProbe: probe('127.0.0.1', '/livez', 2381, 8, 'HTTP'),
    readinessProbe: probe('127.0.0.1', '/readyz', 2381, 3, 'HTTP', 1),
    startupProbe: probe('127.0.0.1', '/readyz', 2381, 24, 'HTTP'),
    volumeMounts: hp.mounts,
  });
  return { c, v: hp.volumes };
}

function apiserverContainer(m: ManifestInput): { c: Container; v: Volume[] } {
  // The audit log (apiserver/audit.ts) as kubeadm's auditing guide mounts it: the policy file
  // read-only, the log directory writable.
  const hp = hostPaths([
    ['audit-log', '/var/log/kubernetes/audit', 'DirectoryOrCreate', false],
    ['audit-policy', '/etc/kubernetes/audit-policy.yaml', 'File', true],
    ...CA_CERTS,
  ]);
  const command = [
    'kube-apiserver',
    `--advertise-address=${m.ip}`,
    '--allow-privileged=true',
    '--audit-log-maxage=30',
    '--audit-log-path=/var/log/kubernetes/audit/audit.log',
    '--audit-policy-file=/etc/kubernetes/audit-policy.yaml',
    '--authorization-mode=Node,RBAC',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    '--enable-admission-plugins=NodeRestriction',
    '--enable-bootstrap-token-auth=true',
    '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
    '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
    '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
    `--etcd-servers=${m.etcdServers}`,
    '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
    '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
    '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
    '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
    '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-username-headers=X-Remote-User',
    '--secure-port=6443',
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
    '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
    '--service-cluster-ip-range=10.96.0.0/12',
    '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
    '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
  ];
  const c = container('kube-apiserver', `registry.k8s.io/kube-apiserver:${K8S_VERSION}`, command, '250m', {
    livenessProbe: probe(m.ip, '/livez', 6443, 8),
    readinessProbe: probe(m.ip, '/readyz', 6443, 3, 'HTTPS', 1),
    startupProbe: probe(m.ip, '/livez', 6443, 24),
    volumeMounts: hp.mounts,
  });
  return { c, v: hp.volumes };
}

function controllerManagerContainer(): { c: Container; v: Volume[] } {
  const hp = hostPaths([...CA_CERTS, ['kubeconfig', '/etc/kubernetes/controller-manager.conf', 'FileOrCreate', true]]);
  const command = [
    'kube-controller-manager',
    '--allocate-node-cidrs=true',
    '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--bind-address=127.0.0.1',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    '--cluster-cidr=10.244.0.0/16',
    '--cluster-name=kubernetes',
    '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
    '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
    '--controllers=*,bootstrapsigner,tokencleaner',
    '--kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--leader-elect=true',
    '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
    '--root-ca-file=/etc/kubernetes/pki/ca.crt',
    '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
    '--service-cluster-ip-range=10.96.0.0/12',
    '--use-service-account-credentials=true',
  ];
  const c = container('kube-controller-manager', `registry.k8s.io/kube-controller-manager:${K8S_VERSION}`, command, '200m', {
    livenessProbe: probe('127.0.0.1', '/healthz', 10257, 8),
    startupProbe: probe('127.0.0.1', '/healthz', 10257, 24),
    volumeMounts: hp.mounts,
  });
  return { c, v: hp.volumes };
}

function schedulerContainer(): { c: Container; v: Volume[] } {
  const hp = hostPaths([['kubeconfig', '/etc/kubernetes/scheduler.conf', 'FileOrCreate', true]]);
  const command = [
    'kube-scheduler',
    '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
    '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
    '--bind-address=127.0.0.1',
    '--kubeconfig=/etc/kubernetes/scheduler.conf',
    '--leader-elect=true',
  ];
  const c = container('kube-scheduler', `registry.k8s.io/kube-scheduler:${K8S_VERSION}`, command, '100m', {
    livenessProbe: probe('127.0.0.1', '/livez', 10259, 8),
    readinessProbe: probe('127.0.0.1', '/readyz', 10259, 3, 'HTTPS', 1),
    startupProbe: probe('127.0.0.1', '/livez', 10259, 24),
    volumeMounts: hp.mounts,
  });
  return { c, v: hp.volumes };
}

/** A static Pod's name: the manifest's, suffixed with the node's (as the kubelet names mirror Pods). */
export function staticPodName(kind: StaticPodKind, node: string): string {
  return `${kind}-${node}`;
}

/** The manifest as kubeadm writes it (no nodeName, no mirror annotations: the kubelet adds those). */
export function staticPodManifest(m: ManifestInput): Pod {
  const { c, v } =
    m.kind === 'etcd' ? etcdContainer(m) : m.kind === 'kube-apiserver' ? apiserverContainer(m) : m.kind === 'kube-controller-manager' ? controllerManagerContainer() : schedulerContainer();
  c.command = withFlags(c.command ?? [], m.extraFlags);
  const annotations: Record<string, string> = {};
  if (m.kind === 'etcd') annotations['kubeadm.kubernetes.io/etcd.advertise-client-urls'] = `https://${m.ip}:2379`;
  if (m.kind === 'kube-apiserver') annotations['kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint'] = `${m.ip}:6443`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: staticPodName(m.kind, m.node), namespace: 'kube-system', labels: { component: m.kind, tier: 'control-plane' }, annotations },
    spec: {
      containers: [c],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      hostNetwork: true,
      priorityClassName: 'system-node-critical',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      terminationGracePeriodSeconds: 30,
      tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
      volumes: v,
    },
  };
}
