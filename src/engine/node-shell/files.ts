/**
 * A node's own files, as a read-only BaseFs the shell's file tools read: the CNI config the
 * cluster's plugin wrote (once the node has a podCIDR), kubeadm's static Pod manifests on a
 * control-plane machine, the kubelet's KubeletConfiguration and crictl's config. Built from the
 * World on each command, never stored.
 */
import { toYaml } from '../../k8s/printers/yaml';
import type { ComponentId } from '../core/ids';
import { nodeBaseFs } from '../images/base-fs';
import { KUBELET_CONFIG } from '../kubelet/config-file';
import { staticPodManifest, STATIC_POD_KINDS } from '../kubelet/static-pod-manifests';
import { AUDIT_POLICY_YAML, auditLogFile } from '../apiserver/audit';
import { kubeadmNodeFiles } from './kubeadm-files';
import { staticPodExtraFlags } from '../topology/options';
import type { CniState } from '../node/cni-state';
import { agentId } from '../core/ids';
import { factsOf } from '../node/runtime-impl';
import type { World } from '../world';
import { distroFiles, type Distro } from '../images/os-release';

const NODE_DISTRO: Distro = { id: 'ubuntu', release: '24.04', codename: 'noble' };
/** Ubuntu 24.04.3's /etc/lsb-release (base-files 13ubuntu10.3). */
const NODE_LSB_RELEASE = 'DISTRIB_ID=Ubuntu\nDISTRIB_RELEASE=24.04\nDISTRIB_CODENAME=noble\nDISTRIB_DESCRIPTION="Ubuntu 24.04.3 LTS"\n';

/** systemd-resolved's stub listener, the only nameserver in an Ubuntu machine's /etc/resolv.conf. */
export const RESOLVED_STUB = '127.0.0.53';

/**
 * /run/systemd/resolve/stub-resolv.conf as systemd 255 (Ubuntu 24.04) writes it
 * (resolved-resolv-conf.c write_stub_resolv_conf_contents) for a link with no search domain:
 * `search .`, so glibc appends nothing — a node's resolver knows no cluster.local. Inferred
 * from systemd's source and Ubuntu machines, not recorded on a 24.04 node.
 */
const STUB_RESOLV_CONF = `# This is /run/systemd/resolve/stub-resolv.conf managed by man:systemd-resolved(8).
# Do not edit.
#
# This file might be symlinked as /etc/resolv.conf. If you're looking at
# /etc/resolv.conf and seeing this text, you have followed the symlink.
#
# This is a dynamic resolv.conf file for connecting local clients to the
# internal DNS stub resolver of systemd-resolved. This file lists all
# configured search domains.
#
# Run "resolvectl status" to see details about the uplink DNS servers
# currently in use.
#
# Third party programs should typically not access this file directly, but only
# through the symlink at /etc/resolv.conf. To manage man:resolv.conf(5) in a
# different way, replace this symlink by a static file or a different symlink.
#
# See man:systemd-resolved.service(8) for details about the supported modes of
# operation for /etc/resolv.conf.

nameserver ${RESOLVED_STUB}
options edns0 trust-ad
search .
`;

/**
 * /run/systemd/resolve/resolv.conf: the uplink's server (the lab network's gateway, netns.ts),
 * which kubeadm points the kubelet's resolvConf at when systemd-resolved runs, so Pods' upstream
 * is never the stub.
 */
const UPLINK_RESOLV_CONF = `# This is /run/systemd/resolve/resolv.conf managed by man:systemd-resolved(8).
# Do not edit.
#
# This file might be symlinked as /etc/resolv.conf. If you're looking at
# /etc/resolv.conf and seeing this text, you have followed the symlink.
#
# This is a dynamic resolv.conf file for connecting local clients directly to
# all known uplink DNS servers. This file lists all configured search domains.
#
# Third party programs should typically not access this file directly, but only
# through the symlink at /etc/resolv.conf. To manage man:resolv.conf(5) in a
# different way, replace this symlink by a static file or a different symlink.
#
# See man:systemd-resolved.service(8) for details about the supported modes of
# operation for /etc/resolv.conf.

nameserver 10.0.0.1
search .
`;

/** The node's links over its generated files: /etc/resolv.conf is systemd-resolved's stub file. */
export const NODE_LINKS: Readonly<Record<string, string>> = { '/etc/resolv.conf': '../run/systemd/resolve/stub-resolv.conf' };

/** Ubuntu's installer's /etc/hosts (netcfg): the machine's name on 127.0.1.1. Inferred, not recorded. */
function etcHosts(node: string): string {
  return `127.0.0.1 localhost\n127.0.1.1 ${node}\n\n# The following lines are desirable for IPv6 capable hosts\n::1     ip6-localhost ip6-loopback\nfe00::0 ip6-localnet\nff00::0 ip6-mcastprefix\nff02::1 ip6-allnodes\nff02::2 ip6-allrouters\n`;
}

/** kindnet's template (cmd/kindnetd/cni.go), whitespace and all. */
function kindnetConflist(subnet: string): string {
  return `
{
\t"cniVersion": "0.3.1",
\t"name": "kindnet",
\t"plugins": [
\t{
\t\t"type": "ptp",
\t\t"ipMasq": false,
\t\t"ipam": {
\t\t\t"type": "host-local",
\t\t\t"dataDir": "/run/cni-ipam-state",
\t\t\t"routes": [
\t\t\t\t
\t\t\t\t
\t\t\t\t{ "dst": "0.0.0.0/0" }
\t\t\t],
\t\t\t"ranges": [
\t\t\t\t
\t\t\t\t
\t\t\t\t[ { "subnet": "${subnet}" } ]
\t\t\t]
\t\t}
\t\t,
\t\t"mtu": 1500
\t\t
\t},
\t{
\t\t"type": "portmap",
\t\t"capabilities": {
\t\t\t"portMappings": true
\t\t}
\t}
\t]
}
`;
}

/** kube-flannel.yml's cni-conf.json, copied in by its install-cni init container. */
const FLANNEL_CONFLIST = `{
  "name": "cbr0",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "flannel",
      "delegate": {
        "hairpinMode": true,
        "isDefaultGateway": true
      }
    },
    {
      "type": "portmap",
      "capabilities": {
        "portMappings": true
      }
    }
  ]
}
`;

/** What calico-node's install-cni writes (calico-ipam hands out addresses from the cluster's pool). */
function calicoConflist(node: string): string {
  return `{
  "name": "k8s-pod-network",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "calico",
      "log_level": "info",
      "log_file_path": "/var/log/calico/cni/cni.log",
      "datastore_type": "kubernetes",
      "nodename": "${node}",
      "mtu": 0,
      "ipam": {
          "type": "calico-ipam"
      },
      "policy": {
          "type": "k8s"
      },
      "kubernetes": {
          "kubeconfig": "/etc/cni/net.d/calico-kubeconfig"
      }
    },
    {
      "type": "portmap",
      "snat": true,
      "capabilities": {"portMappings": true}
    },
    {
      "type": "bandwidth",
      "capabilities": {"bandwidth": true}
    }
  ]
}`;
}

/** The files the node's CNI plugin has written to /etc/cni/net.d (nothing before it has a podCIDR). */
function cniFiles(cni: CniState | undefined, node: string): Record<string, string> {
  if (!cni?.subnet) return {};
  const plugin = cni.plugin ?? 'kindnet';
  switch (plugin) {
    case 'kindnet':
      return { '/etc/cni/net.d/10-kindnet.conflist': kindnetConflist(cni.subnet) };
    case 'flannel':
      return { '/etc/cni/net.d/10-flannel.conflist': FLANNEL_CONFLIST };
    case 'calico':
      return { '/etc/cni/net.d/10-calico.conflist': calicoConflist(node), '/etc/cni/net.d/calico-kubeconfig': '# Kubeconfig file for Calico CNI plugin. Installed by calico/node.\napiVersion: v1\nkind: Config\n' };
    default: {
      const never: never = plugin;
      return never;
    }
  }
}

export function nodeFiles(w: World, node: string): Record<string, string> {
  const files: Record<string, string> = {};
  const spec = w.machineSpecs.get(node);
  const cni = w.components.get(`cni/${node}` as ComponentId);
  Object.assign(files, cniFiles(cni?.kind === 'cni' ? cni : undefined, node));
  files['/var/lib/kubelet/config.yaml'] = KUBELET_CONFIG;
  // The runtime's state read directly (not through node/cri.ts, which snapshots these files).
  const rt = w.components.get(agentId('container-runtime', node));
  const sock = `unix://${factsOf(rt?.kind === 'container-runtime' ? rt : undefined).socket}`;
  files['/etc/crictl.yaml'] = `runtime-endpoint: ${sock}\nimage-endpoint: ${sock}\ntimeout: 10\n`;
  files['/etc/hostname'] = `${node}\n`;
  files['/etc/hosts'] = etcHosts(node);
  files['/run/systemd/resolve/stub-resolv.conf'] = STUB_RESOLV_CONF;
  files['/run/systemd/resolve/resolv.conf'] = UPLINK_RESOLV_CONF;
  // The machine is Ubuntu 24.04 (the kubelet's osImage; uname's 6.8 kernel): base-files' release files.
  Object.assign(files, distroFiles(NODE_DISTRO), { '/etc/lsb-release': NODE_LSB_RELEASE });
  // kubeadm's PKI and kubeconfigs (kubeadm-files.ts), rendered only when read.
  for (const [p, make] of Object.entries(kubeadmNodeFiles(w, node))) Object.defineProperty(files, p, { enumerable: true, get: make });
  if (spec?.controlPlane) {
    const etcd = [...w.components.values()].filter((c) => c.kind === 'etcd');
    const ipOf = (h: string): string => w.machineSpecs.get(h)?.ip ?? '';
    for (const kind of STATIC_POD_KINDS) {
      const pod = staticPodManifest({ kind, node, ip: spec.ip, etcdInitialCluster: etcd.map((m) => `${m.host}=https://${ipOf(m.host)}:2380`).join(','), etcdServers: 'https://127.0.0.1:2379', extraFlags: staticPodExtraFlags(w.cluster, kind, w.machines.length) });
      // kubeadm names the Pod after the component; the kubelet appends the node's name (config/common.go).
      files[`/etc/kubernetes/manifests/${kind}.yaml`] = toYaml({ ...pod, metadata: { ...pod.metadata, name: kind }, status: {} });
    }
    // kube-apiserver's audit log and policy (apiserver/audit.ts); the log is rendered only when read.
    files['/etc/kubernetes/audit-policy.yaml'] = AUDIT_POLICY_YAML;
    Object.defineProperty(files, '/var/log/kubernetes/audit/audit.log', { enumerable: true, get: () => auditLogFile(w, node) ?? '' });
  }
  return files;
}

/**
 * The node's files as they are now, for a container whose process reads a hostPath mount of the
 * node's `/` on its own (no exec to hand the live view in): rendered-on-read files are left out,
 * but kubeadm's PKI and kubeconfigs, which never change once made, are built for it.
 */
export function nodeFileSnapshot(w: World, node: string): Record<string, string> {
  const out: Record<string, string> = {};
  const kubeadm = kubeadmNodeFiles(w, node);
  for (const [p, d] of Object.entries(Object.getOwnPropertyDescriptors(nodeFiles(w, node)))) {
    if (typeof d.value === 'string') out[p] = d.value;
    else if (Object.hasOwn(kubeadm, p)) out[p] = kubeadm[p]!();
  }
  return out;
}

export { nodeBaseFs };
