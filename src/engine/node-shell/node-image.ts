/**
 * The node's operating system as the interpreter sees an image (images/catalog-types.ts): Ubuntu
 * 24.04, the kubelet's osImage (files.ts' release files), whose userland is ubuntu:24.04's (dash
 * as /bin/sh, bash, GNU coreutils, merged /usr: images/userland-files.ts) plus what a server
 * install and kubeadm's packages add — procps, sudo, iproute2, openssl, lsb-release, systemd's
 * journalctl and systemctl, iptables and nftables, conntrack (kubeadm's preflight requires it), cri-tools' crictl, kubeadm, kubelet and
 * kubectl — as program files where Debian's packages put them (node-programs.ts runs them) —
 * and curl (the containers' curl, as Ubuntu 24.04 builds it, over node-net.ts).
 *
 * Approximate: the program files are stand-ins (`ls -l` shows their mode, not their real size);
 * the rest of a server install (snapd, cloud-init, vim …) is not there.
 */
import { imageDefinition, type ImageDefinition } from '../images/catalog';
import type { BaseMeta } from '../images/fs';

/** Where Ubuntu's packages install the node's own programs (`dpkg -L`): cri-tools and pkgs.k8s.io's debs in /usr/bin. */
export const NODE_PROGRAM_PATHS: Readonly<Record<string, string>> = {
  crictl: '/usr/bin/crictl',
  kubeadm: '/usr/bin/kubeadm',
  kubelet: '/usr/bin/kubelet',
  kubectl: '/usr/bin/kubectl',
  journalctl: '/usr/bin/journalctl',
  systemctl: '/usr/bin/systemctl',
  'iptables-save': '/usr/sbin/iptables-save',
  nft: '/usr/sbin/nft',
  conntrack: '/usr/sbin/conntrack',
  ip: '/usr/bin/ip',
  lsb_release: '/usr/bin/lsb_release',
  openssl: '/usr/bin/openssl',
  sudo: '/usr/bin/sudo',
  ss: '/usr/bin/ss',
};

/**
 * bind9-dnsutils (dig, nslookup) and bind9-host (host): Ubuntu server's standard seed installs
 * them (ubuntu-standard), so a node has BIND's tools, not BusyBox's nslookup (tools-dig.ts,
 * tools-host.ts). Inferred from Ubuntu's server documentation ("very often these tools will be
 * installed already"), not from a package list of the 24.04 server image.
 */
const BIND_PATHS = ['/usr/bin/dig', '/usr/bin/nslookup', '/usr/bin/host'];

/**
 * What dig's banner says on a node: bind9-dnsutils' version as Ubuntu builds it (upstream, the
 * package revision, `-Ubuntu`, as Debian's says `9.18.49-1~deb12u3-Debian`). noble-updates'
 * 1:9.18.39-0ubuntu0.24.04.7, the newest packages.ubuntu.com listed for 24.04.
 */
const BIND_VERSION = '9.18.39-0ubuntu0.24.04.7-Ubuntu';

/** curl (Ubuntu 24.04's 8.5.0, curl-builds.ts `noble`): a server install has it, kubeadm's install steps use it. */
const CURL_PATH = '/usr/bin/curl';

let cached: ImageDefinition | undefined;

export function nodeImage(): ImageDefinition {
  if (cached) return cached;
  const ubuntu = imageDefinition('docker.io/library/ubuntu:24.04');
  const files: Record<string, string> = {};
  const meta: Record<string, BaseMeta> = {};
  for (const path of [...Object.values(NODE_PROGRAM_PATHS), CURL_PATH, ...BIND_PATHS]) {
    files[path] = '\x7fELF';
    // sudo is setuid root (the sudo package's /usr/bin/sudo, mode 4755).
    meta[path] = { mode: path === '/usr/bin/sudo' ? 0o4755 : 0o755 };
  }
  cached = {
    image: {
      ...ubuntu.image,
      userland: { ...ubuntu.image.userland, procps: true, net: { ...ubuntu.image.userland.net, bind: true } },
      workingDir: '/root',
      files: { ...(ubuntu.image.files ?? {}), ...files },
      meta: { ...(ubuntu.image.meta ?? {}), ...meta },
      binaries: { ...ubuntu.image.binaries, [CURL_PATH]: { kind: 'program', program: 'curl' } },
      curl: 'noble',
      bindVersion: BIND_VERSION,
    },
    tag: ubuntu.tag,
  };
  return cached;
}
