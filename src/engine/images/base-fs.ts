/**
 * The read-only image layer of a container's filesystem: the catalog's files for the image plus
 * what the kubelet/runtime put into every container (/etc/hosts, /etc/resolv.conf, /etc/hostname,
 * the service account namespace, /dev/termination-log), the image's and runc's symbolic links,
 * and `ls -l`'s metadata (modes, stand-in sizes, the image's build time). Rebuilt from inputs,
 * never stored (the image's part is shared by every container of the image).
 */
import { parseTimestamp } from '../../k8s/time';
import type { ImageDefinition } from './catalog';
import type { BaseFs, BaseMeta } from './fs';
import { distroFiles, distroLinks, distroOf } from './os-release';
import { imageAccounts, imageFileFamily, userlandFiles } from './userland-files';

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
  /** The Pod's DNS domain (kubelet managedHostsFileContent: `IP\tHOST.DOMAIN\tHOST`). */
  hostDomain?: string;
  podIP: string;
  namespace: string;
}

/** The files the runtime writes into every container, whatever the image. */
const POD_FILES = ['/etc/hostname', '/etc/hosts', '/etc/resolv.conf', '/var/run/secrets/kubernetes.io/serviceaccount/namespace', '/dev/termination-log', '/dev/null'] as const;
const IS_POD_FILE = new Set<string>(POD_FILES);

/**
 * What every container of an image shares: the image's files and binaries (a pod file of the
 * same path hides them), every path's directories, and the paths in listing order (the image's
 * files, then the pod files it lacks, then its binaries). Kept per image definition — only the
 * pod files' contents differ between containers, and a big cluster starts thousands.
 */
interface ImageLayer {
  files: Record<string, string>;
  dirs: Set<string>;
  links: Record<string, string>;
  /** `ls -l`'s metadata: the userland's program files', then the image's own. */
  meta: Record<string, BaseMeta>;
  /** Directory → the names in it (files, links, directories), in listing order. */
  children: Map<string, ReadonlySet<string>>;
}

/**
 * The links runc makes in every container's /dev (libcontainer/rootfs_linux.go: setupDevSymlinks,
 * and /dev/ptmx for the devpts mount). Their targets under /proc are not modelled: reading one
 * is the reader's own stdio (tools-files.ts `cat`), a redirection to one is (output.ts).
 */
const RUNTIME_LINKS: Record<string, string> = { '/dev/fd': '/proc/self/fd', '/dev/stdin': '/proc/self/fd/0', '/dev/stdout': '/proc/self/fd/1', '/dev/stderr': '/proc/self/fd/2', '/dev/core': '/proc/kcore', '/dev/ptmx': 'pts/ptmx' };

/** Default image time when the catalog gives none. Approximate: not any real image's date. */
const DEFAULT_BUILT = '2025-08-01T00:00:00Z';
const LAYERS = new WeakMap<ImageDefinition, ImageLayer>();

function imageLayer(def: ImageDefinition): ImageLayer {
  let layer = LAYERS.get(def);
  if (layer) return layer;
  const distro = distroOf(def.image.repository, def.tag.version, def.tag.debian, def.tag.alpine);
  // The userland's programs and accounts first: the image's own files and links replace them.
  const family = imageFileFamily(def);
  const programs = userlandFiles(family, def.image.userland);
  const accounts = imageAccounts(def, family);
  const files: Record<string, string> = { ...programs.files, ...(distro ? distroFiles(distro) : {}), ...(accounts?.files ?? {}), ...(def.image.files ?? {}), ...(def.tag.files ?? {}) };
  for (const p of POD_FILES) files[p] = '';
  // A tag without the image's curl (nginx before 1.17.10, perl:slim) has no file for it either.
  for (const [bin, b] of Object.entries(def.image.binaries)) if (!(def.tag.curl === 'none' && b.kind === 'program' && b.program === 'curl')) files[bin] ??= '\x7fELF';
  const links: Record<string, string> = { ...RUNTIME_LINKS, ...programs.links, ...(distro ? distroLinks(distro) : {}), ...(def.image.links ?? {}) };
  // A file the image puts where the userland has a link (its own /usr/bin/curl) replaces the link.
  for (const p of [...Object.keys(def.image.files ?? {}), ...Object.keys(def.image.binaries)]) if (Object.hasOwn(programs.links, p) && !Object.hasOwn(def.image.links ?? {}, p)) delete links[p];
  for (const l of Object.keys(links)) delete files[l];
  const keys = [...Object.keys(files), ...Object.keys(links)];
  const dirs = new Set([...(def.image.rootDirs ?? STANDARD_DIRS), ...(def.image.dirs ?? []), ...programs.dirs, ...(accounts?.dirs ?? [])]);
  for (const f of [...keys, ...dirs]) {
    for (let d = f.slice(0, f.lastIndexOf('/')); d.length > 0; d = d.slice(0, d.lastIndexOf('/'))) dirs.add(d);
  }
  if (def.image.workingDir) dirs.add(def.image.workingDir);
  for (const l of Object.keys(links)) dirs.delete(l);
  const children = new Map<string, Set<string>>();
  for (const p of [...keys, ...dirs]) {
    if (p === '/') continue;
    const at = p.lastIndexOf('/');
    const parent = p.slice(0, at) || '/';
    let names = children.get(parent);
    if (!names) children.set(parent, (names = new Set()));
    names.add(p.slice(at + 1));
  }
  for (const p of POD_FILES) delete files[p];
  layer = { files, dirs, links, meta: { ...programs.meta, ...(accounts?.meta ?? {}), ...(def.image.meta ?? {}) }, children };
  LAYERS.set(def, layer);
  return layer;
}

/** A file of the image itself (its /etc/passwd, as containerd reads it from the rootfs), without a container's. */
export function imageFile(def: ImageDefinition, path: string): string | undefined {
  const { files } = imageLayer(def);
  return Object.hasOwn(files, path) ? files[path] : undefined;
}

export function buildBaseFs(def: ImageDefinition, o: BaseFsInput): BaseFs {
  const { files, dirs, links, meta, children } = imageLayer(def);
  const built = parseTimestamp(def.image.built ?? DEFAULT_BUILT);
  const own: Record<(typeof POD_FILES)[number], string> = {
    '/etc/hostname': `${o.hostname}\n`,
    '/etc/hosts': `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${o.podIP}\t${o.hostDomain ? `${o.hostname}.${o.hostDomain}\t` : ''}${o.hostname}\n`,
    // containerd writes the kubelet's DNSConfig in this order (search, nameserver, options).
    '/etc/resolv.conf': `search ${searchList(o.namespace).join(' ')}\nnameserver ${CLUSTER_DNS}\noptions ndots:5\n`,
    '/var/run/secrets/kubernetes.io/serviceaccount/namespace': o.namespace,
    '/dev/termination-log': '',
    '/dev/null': '',
  };
  return {
    file: (path) => (IS_POD_FILE.has(path) ? own[path as (typeof POD_FILES)[number]] : files[path]),
    isDir: (path) => dirs.has(path),
    link: (path) => (Object.hasOwn(links, path) ? links[path] : undefined),
    // The kubelet's files are as old as the Pod: unknown here, so `ls` shows them as of now.
    meta: (path): BaseMeta => ({ ...(IS_POD_FILE.has(path) || Object.hasOwn(RUNTIME_LINKS, path) ? {} : { mtime: built }), ...(Object.hasOwn(meta, path) ? meta[path] : {}) }),
    // A copy: the caller may sort or filter it.
    list: (dir) => [...(children.get(dir) ?? [])],
  };
}

/** An Ubuntu machine's top directories, and the ones kubeadm and the kubelet make. */
const NODE_DIRS = ['/', '/bin', '/boot', '/dev', '/etc', '/etc/cni', '/etc/cni/net.d', '/etc/kubernetes', '/etc/kubernetes/manifests', '/home', '/lib', '/lib64', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/var', '/var/lib', '/var/lib/kubelet'];

/**
 * What kubeadm writes for root alone (0600): kubeconfig files (clientcmd.WriteToFile), static Pod
 * manifests (staticpod.WriteStaticPodToDisk) and private keys (keyutil.WriteKey); certificates
 * are 0644 (certutil.WriteCert), like the rest.
 */
const PRIVATE_NODE_FILE = /^\/etc\/kubernetes\/(?:[^/]+\.conf|manifests\/[^/]+\.yaml|pki\/(?:.+\/)?[^/]+\.key)$/;

/** A node's files (node-shell/files.ts) as a read-only layer; every parent of a file is a directory. */
export function nodeBaseFs(files: Record<string, string>, links: Readonly<Record<string, string>> = {}): BaseFs {
  const dirs = new Set<string>(NODE_DIRS);
  for (const p of Object.keys(files)) for (let i = p.indexOf('/', 1); i > 0; i = p.indexOf('/', i + 1)) dirs.add(p.slice(0, i));
  return {
    file: (p) => (Object.hasOwn(files, p) ? files[p] : undefined),
    isDir: (p) => dirs.has(p),
    link: (p) => (Object.hasOwn(links, p) ? links[p] : undefined),
    meta: (p) => (PRIVATE_NODE_FILE.test(p) ? { mode: 0o600 } : undefined),
    list: (dir) => {
      const prefix = dir === '/' ? '/' : `${dir}/`;
      const names = new Set<string>();
      for (const p of [...Object.keys(files), ...Object.keys(links), ...dirs]) if (p.startsWith(prefix) && p !== dir) names.add(p.slice(prefix.length).split('/')[0]!);
      return [...names].filter(Boolean).sort();
    },
  };
}

/** What the runtime adds to a container and a machine's own disk does not have (the pod files but /dev/null, the service account's directory). */
function containerOnly(p: string): boolean {
  return (IS_POD_FILE.has(p) && p !== '/dev/null') || p === '/var/run/secrets' || p.startsWith('/var/run/secrets/');
}

/**
 * An image's root as a machine's system disk (a node's Ubuntu: node-shell/host-fs.ts): its
 * userland's programs, accounts, release files and links, without what a runtime puts into every
 * container (the pod files, the service account's directory).
 */
export function systemBaseFs(def: ImageDefinition): BaseFs {
  const { files, dirs, links, meta, children } = imageLayer(def);
  const built = parseTimestamp(def.image.built ?? DEFAULT_BUILT);
  return {
    file: (path) => (containerOnly(path) ? undefined : path === '/dev/null' ? '' : files[path]),
    isDir: (path) => dirs.has(path) && !containerOnly(path),
    link: (path) => (Object.hasOwn(links, path) ? links[path] : undefined),
    meta: (path): BaseMeta => ({ ...(Object.hasOwn(RUNTIME_LINKS, path) ? {} : { mtime: built }), ...(Object.hasOwn(meta, path) ? meta[path] : {}) }),
    list: (dir) => [...(children.get(dir) ?? [])].filter((name) => !containerOnly(dir === '/' ? `/${name}` : `${dir}/${name}`)),
  };
}
