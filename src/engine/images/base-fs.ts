/**
 * The read-only image layer of a container's filesystem: the catalog's files for the image plus
 * what the kubelet/runtime put into every container (/etc/hosts, /etc/resolv.conf, /etc/hostname,
 * the service account namespace, /dev/termination-log). Rebuilt from inputs, never stored.
 */
import type { ImageDefinition } from './catalog';
import type { BaseFs } from './fs';

const STANDARD_DIRS = ['/', '/bin', '/dev', '/etc', '/home', '/proc', '/root', '/sys', '/tmp', '/usr', '/usr/bin', '/usr/local', '/usr/local/bin', '/usr/sbin', '/usr/share', '/var', '/var/log', '/var/run', '/run', '/lib', '/sbin', '/opt', '/mnt', '/srv'];

/**
 * The kubelet's clusterDNS as kubeadm configures it: the tenth address of the Service CIDR, where
 * kube-dns's ClusterIP is pinned (apiserver/kubeadm-addons.ts).
 */
export const CLUSTER_DNS = '10.96.0.10';

/** The search list the kubelet writes for a Pod with dnsPolicy ClusterFirst. */
export function searchList(namespace: string): string[] {
  return [`${namespace}.svc.cluster.local`, 'svc.cluster.local', 'cluster.local'];
}

export interface BaseFsInput {
  hostname: string;
  podIP: string;
  namespace: string;
}

export function buildBaseFs(def: ImageDefinition, o: BaseFsInput): BaseFs {
  const files: Record<string, string> = {
    ...(def.image.files ?? {}),
    '/etc/hostname': `${o.hostname}\n`,
    '/etc/hosts': `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${o.podIP}\t${o.hostname}\n`,
    // containerd writes the kubelet's DNSConfig in this order (search, nameserver, options).
    '/etc/resolv.conf': `search ${searchList(o.namespace).join(' ')}\nnameserver ${CLUSTER_DNS}\noptions ndots:5\n`,
    '/var/run/secrets/kubernetes.io/serviceaccount/namespace': o.namespace,
    '/dev/termination-log': '',
    '/dev/null': '',
  };
  for (const bin of Object.keys(def.image.binaries)) files[bin] ??= '\x7fELF';
  const dirs = new Set(STANDARD_DIRS);
  for (const f of Object.keys(files)) {
    for (let d = f.slice(0, f.lastIndexOf('/')); d.length > 0; d = d.slice(0, d.lastIndexOf('/'))) dirs.add(d);
  }
  if (def.image.workingDir) dirs.add(def.image.workingDir);
  return {
    file: (path) => files[path],
    isDir: (path) => dirs.has(path),
    list: (dir) => {
      const prefix = dir === '/' ? '/' : `${dir}/`;
      const names = new Set<string>();
      for (const p of [...Object.keys(files), ...dirs]) {
        if (p.startsWith(prefix) && p !== dir) {
          const name = p.slice(prefix.length).split('/')[0];
          if (name) names.add(name);
        }
      }
      return [...names];
    },
  };
}
