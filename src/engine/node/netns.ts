/**
 * The network namespaces `ip` reads, built from the world when it runs (nothing is stored per
 * Pod): a Pod's (lo + the eth0 end of its veth pair, the routes its CNI plugin added) and a
 * node's (lo, eth0 on the machines' 10.0.0.0/16, the plugin's devices, the host end of one veth
 * per running Pod sandbox, and the routes to every node's podCIDR). What each plugin makes, from
 * its source:
 * - kindnet chains the reference ptp plugin (containernetworking/plugins plugins/main/ptp/ptp.go):
 *   the Pod's eth0 holds `IP/24` with routes `default via .1`, `<podCIDR> via .1 src IP` and
 *   `.1 dev eth0 scope link src IP` (setupContainerVeth); the host end holds the gateway as
 *   `.1/32` and a `scope host` route to the Pod (setupHostVeth); kindnetd adds
 *   `<podCIDR> via <node IP>` for every other node.
 * - flannel (vxlan backend) delegates to the bridge plugin: Pods hang off `cni0` (`.1/24`),
 *   `flannel.1` holds `<subnet>.0/32`, other nodes' ranges go `via <subnet>.0 dev flannel.1
 *   onlink`; a Pod routes the cluster network and the default via cni0's address; MTU 1450.
 * - Calico (IPIP): Pods get `IP/32` and route everything via the link-local 169.254.1.1 that the
 *   host's `cali…` end (MAC ee:ee:ee:ee:ee:ee) answers; other nodes' blocks go `via <node IP>
 *   dev tunl0 proto bird onlink`; its own block is a `blackhole`; MTU 1480.
 * Veths: CNI plugins ≥ v1.6.0 leave the kernel's txqueuelen (1000) on both ends (commit 3a49cff1
 * "Fix txqueuelen being accidentally set to zero"); Calico's veths and flannel's VXLAN device
 * are made with a zero LinkAttrs (TxQLen 0 is sent), which `ip` does not print. Names and MACs
 * are derived from the sandbox id (the kernel and `ip.RandomVethName` draw them at random); the
 * host end's ifindex counts the node's live sandboxes in creation order, which pairs it with the
 * Pod's `eth0@ifN`.
 */
import type { Pod, Node } from '../../k8s/types';
import { nodePodUID } from '../../k8s/mirror-pod';
import { intToIpv4, ipv4ToInt, parseCidr } from '../../k8s/ipv4';
import type { NetAddr, NetLink, NetNeighbour, NetNs, NetRoute } from '../images/netns-types';
import { ipFor, loopbackLink, type NamedNetns } from '../images/tools-ip';
import { imageDefinition, resolveImage } from '../images/catalog';
import { clusterCidrFor } from '../topology/pod-network';
import type { CniPlugin } from '../topology/topology';
import type { World } from '../world';
import { cniOf } from './cni';
import { agentId } from '../core/ids';
import type { SandboxRecord } from './runtime-state';

/** The machines' network (topology.ts hands out 10.0.x.y) and its router, which the laptop (10.0.0.1) sits behind. */
const MACHINE_PREFIX = 16;
const MACHINE_GATEWAY = '10.0.0.1';

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A stable locally administered unicast MAC for `seed` (eth_random_addr's shape). */
function macFor(seed: string): string {
  const a = fnv(seed);
  const b = fnv(`${seed}/mac`);
  const bytes = [((a >>> 24) & 0xfe) | 0x02, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255];
  return bytes.map((x) => x.toString(16).padStart(2, '0')).join(':');
}

/** The EUI-64 link-local address the kernel derives from a MAC (addr_gen_mode eui64), compressed as inet_ntop does. */
export function linkLocal(mac: string): string {
  const b = mac.split(':').map((x) => parseInt(x, 16));
  const groups = [0xfe80, 0, 0, 0, ((b[0]! ^ 2) << 8) | b[1]!, (b[2]! << 8) | 0xff, 0xfe00 | b[3]!, (b[4]! << 8) | b[5]!];
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len && j - i >= 2) best = { at: i, len: j - i };
    i = j;
  }
  const hex = (g: number[]): string => g.map((x) => x.toString(16)).join(':');
  if (best.at < 0) return hex(groups);
  return `${hex(groups.slice(0, best.at))}::${hex(groups.slice(best.at + best.len))}`;
}

const V6_LINK = (mac: string): NetAddr => ({ family: 6, local: linkLocal(mac), prefix: 64, scope: 'link' });

const loopback = loopbackLink;

/** Calico's IPIP module puts a `tunl0` fallback device in every namespace; only the host's is up. */
function tunl0(index: number, up: boolean, addr?: string): NetLink {
  return {
    index,
    name: 'tunl0',
    link: 0,
    flags: up ? ['NOARP', 'UP', 'LOWER_UP'] : ['NOARP'],
    mtu: 1480,
    qdisc: up ? 'noqueue' : 'noop',
    state: up ? 'UNKNOWN' : 'DOWN',
    qlen: 1000,
    type: 'ipip',
    mac: '0.0.0.0',
    brd: '0.0.0.0',
    addrs: addr ? [{ family: 4, local: addr, prefix: 32, scope: 'global' }] : [],
  };
}

const VETH_FLAGS = ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'];

function mtuOf(plugin: CniPlugin): number {
  return plugin === 'flannel' ? 1450 : plugin === 'calico' ? 1480 : 1500;
}

/** The Pod's eth0 index: 2 after lo, 3 where Calico's tunl0 took 2. */
function podEthIndex(plugin: CniPlugin): number {
  return plugin === 'calico' ? 3 : 2;
}

/** The veth's host end as the plugin names it: `veth` + 8 hex (ip.RandomVethName), Calico's `cali` + 11 hex. */
function hostVethName(plugin: CniPlugin, sb: SandboxRecord): string {
  if (plugin === 'calico') return `cali${(fnv(`${sb.podNamespace}.${sb.podName}`).toString(16).padStart(8, '0') + fnv(sb.podName).toString(16).padStart(8, '0')).slice(0, 11)}`;
  return `veth${fnv(sb.id).toString(16).padStart(8, '0')}`;
}

interface NodeView {
  plugin: CniPlugin;
  subnet?: string;
  ip: string;
  /** Live sandboxes with a Pod IP, in creation order, each with its host end's ifindex. */
  veths: { sb: SandboxRecord; index: number }[];
  /** The indexes of the plugin's own devices (flannel.1 and cni0, Calico's tunl0). */
  devices: number;
}

function nodeView(w: World, node: string): NodeView {
  const cni = cniOf(w, node);
  const plugin = cni?.plugin ?? 'kindnet';
  const subnet = cni?.subnet;
  const devices = !subnet ? 0 : plugin === 'flannel' ? 2 : plugin === 'calico' ? 1 : 0;
  const first = 3 + devices;
  const veths: NodeView['veths'] = [];
  // The runtime's state read directly: cri.ts imports this module for StartContainer.
  const rt = w.components.get(agentId('container-runtime', node));
  for (const sb of rt?.kind === 'container-runtime' ? rt.sandboxes.values() : []) {
    if (sb.state !== 'SANDBOX_READY' || sb.hostNetwork || !sb.ip) continue;
    veths.push({ sb, index: first + veths.length });
  }
  return { plugin, ...(subnet ? { subnet } : {}), ip: w.machineSpecs.get(node)?.ip ?? '', veths, devices };
}

/** `.1` of a /24 (the gateway host-local leaves out), `.0`, and the broadcast. */
function subnetAddrs(subnet: string): { base: string; gw: string; brd: string; bits: number } {
  const c = parseCidr(subnet) ?? { base: 0, bits: 24 };
  return { base: intToIpv4(c.base), gw: intToIpv4(c.base + 1), brd: intToIpv4(c.base + 2 ** (32 - c.bits) - 1), bits: c.bits };
}

function broadcast(ip: string, bits: number): string {
  const n = ipv4ToInt(ip) ?? 0;
  const size = 2 ** (32 - bits);
  return intToIpv4(Math.floor(n / size) * size + size - 1);
}

/** Routes in the order the kernel's FIB dump gives them: by destination, shorter prefixes first. */
function sortRoutes(routes: NetRoute[]): NetRoute[] {
  const key = (r: NetRoute): [number, number] => {
    if (r.dst === 'default') return [0, 0];
    const c = parseCidr(r.dst.includes('/') ? r.dst : `${r.dst}/32`);
    return c ? [c.base, c.bits] : [0, 0];
  };
  return routes
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => (a.r.family === 6 ? 1 : 0) - (b.r.family === 6 ? 1 : 0) || a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.i - b.i)
    .map((x) => x.r);
}

/** A node's namespace: what `ip` shows on the machine, and in a hostNetwork Pod on it. */
export function nodeNetns(w: World, node: string): NetNs {
  const v = nodeView(w, node);
  const ethMac = macFor(`node/${node}`);
  const links: NetLink[] = [
    loopback(),
    {
      index: 2,
      name: 'eth0',
      flags: [...VETH_FLAGS],
      mtu: 1500,
      qdisc: 'fq_codel',
      state: 'UP',
      qlen: 1000,
      type: 'ether',
      mac: ethMac,
      brd: 'ff:ff:ff:ff:ff:ff',
      addrs: [{ family: 4, local: v.ip, prefix: MACHINE_PREFIX, brd: broadcast(v.ip, MACHINE_PREFIX), scope: 'global' }, V6_LINK(ethMac)],
    },
  ];
  const netBase = intToIpv4(Math.floor((ipv4ToInt(v.ip) ?? 0) / 2 ** 16) * 2 ** 16);
  const routes: NetRoute[] = [
    { dst: 'default', via: MACHINE_GATEWAY, dev: 'eth0', proto: 'static' },
    { dst: `${netBase}/${MACHINE_PREFIX}`, dev: 'eth0', proto: 'kernel', scope: 'link', src: v.ip },
  ];
  const sub = v.subnet ? subnetAddrs(v.subnet) : undefined;
  const mtu = mtuOf(v.plugin);
  if (sub && v.plugin === 'flannel') {
    const vxMac = macFor(`flannel.1/${node}`);
    const brMac = macFor(`cni0/${node}`);
    const attached = v.veths.length > 0;
    links.push(
      { index: 3, name: 'flannel.1', flags: [...VETH_FLAGS], mtu, qdisc: 'noqueue', state: 'UNKNOWN', qlen: 0, type: 'ether', mac: vxMac, brd: 'ff:ff:ff:ff:ff:ff', addrs: [{ family: 4, local: sub.base, prefix: 32, scope: 'global' }, V6_LINK(vxMac)] },
      // A bridge with no port up has no carrier: NO-CARRIER, state DOWN, its route `linkdown`.
      { index: 4, name: 'cni0', flags: attached ? [...VETH_FLAGS] : ['BROADCAST', 'MULTICAST', 'UP'], mtu, qdisc: 'noqueue', state: attached ? 'UP' : 'DOWN', qlen: 1000, type: 'ether', mac: brMac, brd: 'ff:ff:ff:ff:ff:ff', addrs: [{ family: 4, local: sub.gw, prefix: sub.bits, brd: sub.brd, scope: 'global' }, V6_LINK(brMac)] },
    );
    routes.push({ dst: v.subnet!, dev: 'cni0', proto: 'kernel', scope: 'link', src: sub.gw, ...(attached ? {} : { linkdown: true as const }) });
  }
  if (sub && v.plugin === 'calico') {
    links.push(tunl0(3, true, sub.gw));
    routes.push({ type: 'blackhole', dst: v.subnet!, proto: 'bird' });
  }
  for (const { sb, index } of v.veths) {
    const name = hostVethName(v.plugin, sb);
    const mac = v.plugin === 'calico' ? 'ee:ee:ee:ee:ee:ee' : macFor(`host/${sb.id}`);
    const addrs: NetAddr[] = v.plugin === 'kindnet' && sub ? [{ family: 4, local: sub.gw, prefix: 32, scope: 'global' }] : [];
    addrs.push(V6_LINK(mac));
    links.push({
      index,
      name,
      link: podEthIndex(v.plugin),
      netnsid: index - (3 + v.devices),
      flags: [...VETH_FLAGS],
      mtu,
      qdisc: 'noqueue',
      ...(v.plugin === 'flannel' ? { master: 'cni0' } : {}),
      state: 'UP',
      qlen: v.plugin === 'calico' ? 0 : 1000,
      type: 'ether',
      mac,
      brd: 'ff:ff:ff:ff:ff:ff',
      addrs,
    });
    if (v.plugin === 'kindnet') routes.push({ dst: sb.ip, dev: name, scope: 'host' });
    if (v.plugin === 'calico') routes.push({ dst: sb.ip, dev: name, scope: 'link' });
  }
  // The other nodes' ranges, as the plugin's agent learns them from their Node objects.
  for (const obj of w.etcd.kv.get('nodes')?.values() ?? []) {
    const n = obj as Node;
    const cidr = n.spec?.podCIDR;
    const ip = w.machineSpecs.get(n.metadata.name ?? '')?.ip;
    if (n.metadata.name === node || !cidr || !ip) continue;
    if (v.plugin === 'kindnet') routes.push({ dst: cidr, via: ip, dev: 'eth0' });
    else if (v.plugin === 'flannel') routes.push({ dst: cidr, via: subnetAddrs(cidr).base, dev: 'flannel.1', onlink: true });
    else routes.push({ dst: cidr, via: ip, dev: 'tunl0', proto: 'bird', onlink: true });
  }
  for (const l of links) if (l.addrs.some((a) => a.family === 6 && a.scope === 'link')) routes.push({ dst: 'fe80::/64', dev: l.name, proto: 'kernel', family: 6 });
  // The machines it talks to all the time (the apiserver, the kubelets, etcd peers).
  const neighbours: NetNeighbour[] = [{ ip: MACHINE_GATEWAY, dev: 'eth0', mac: macFor('gateway'), state: 'REACHABLE' }];
  for (const [name, spec] of w.machineSpecs) if (name !== node) neighbours.push({ ip: spec.ip, dev: 'eth0', mac: macFor(`node/${name}`), state: 'REACHABLE' });
  return { links, routes: sortRoutes(routes), neighbours };
}

/** A Pod's own namespace, or undefined when its sandbox holds no network (not running, or hostNetwork). */
export function podNetns(w: World, node: string, pod: Pod): NetNs | undefined {
  // A mirror Pod's sandbox is its static Pod's, by the config hash.
  return sandboxNetns(w, node, (sb) => sb.podUid === nodePodUID(pod));
}

/**
 * What a container's own command sees when it starts (images/types.ts ProcessInput.netns): its
 * sandbox's namespace, or the node's on the host network. Only for images that have `ip`, so
 * other containers carry nothing.
 */
export function startNetns(w: World, node: string, image: string, sb: SandboxRecord | undefined): { netns?: NetNs } {
  if (!sb || !ipFor(imageDefinition(resolveImage(image).ref).image.userland)) return {};
  const ns = sb.hostNetwork ? nodeNetns(w, node) : sandboxNetns(w, node, (x) => x.id === sb.id);
  return ns ? { netns: ns } : {};
}

function sandboxNetns(w: World, node: string, which: (sb: SandboxRecord) => boolean): NetNs | undefined {
  const v = nodeView(w, node);
  const hit = v.veths.filter((x) => which(x.sb)).pop();
  if (!hit || !v.subnet) return undefined;
  const { sb, index } = hit;
  const sub = subnetAddrs(v.subnet);
  const mac = macFor(`pod/${sb.id}`);
  const calico = v.plugin === 'calico';
  const eth: NetLink = {
    index: podEthIndex(v.plugin),
    name: 'eth0',
    link: index,
    netnsid: 0,
    flags: [...VETH_FLAGS],
    mtu: mtuOf(v.plugin),
    qdisc: 'noqueue',
    state: 'UP',
    qlen: calico ? 0 : 1000,
    type: 'ether',
    mac,
    brd: 'ff:ff:ff:ff:ff:ff',
    addrs: [calico ? { family: 4, local: sb.ip, prefix: 32, scope: 'global' } : { family: 4, local: sb.ip, prefix: sub.bits, brd: sub.brd, scope: 'global' }, V6_LINK(mac)],
  };
  const links = calico ? [loopback(), tunl0(2, false), eth] : [loopback(), eth];
  let routes: NetRoute[];
  if (calico) routes = [{ dst: 'default', via: '169.254.1.1', dev: 'eth0' }, { dst: '169.254.1.1', dev: 'eth0', scope: 'link' }];
  else if (v.plugin === 'flannel')
    routes = [
      { dst: 'default', via: sub.gw, dev: 'eth0' },
      { dst: clusterCidrFor(w.machines.length), via: sub.gw, dev: 'eth0' },
      { dst: v.subnet, dev: 'eth0', proto: 'kernel', scope: 'link', src: sb.ip },
    ];
  else
    routes = [
      { dst: 'default', via: sub.gw, dev: 'eth0' },
      { dst: v.subnet, via: sub.gw, dev: 'eth0', src: sb.ip },
      { dst: sub.gw, dev: 'eth0', scope: 'link', src: sb.ip },
    ];
  routes.push({ dst: 'fe80::/64', dev: 'eth0', proto: 'kernel', family: 6 });
  return { links, routes: sortRoutes(routes), neighbours: [] };
}

/** Whether a container of the Pod may change the network (`privileged`, or NET_ADMIN added: kubectl debug's netadmin and sysadmin profiles). */
function netAdmin(pod: Pod): boolean {
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.ephemeralContainers ?? [])];
  return all.some((c) => {
    const sc = c.securityContext ?? {};
    const caps = sc['capabilities'] as { add?: unknown } | undefined;
    return sc['privileged'] === true || (Array.isArray(caps?.add) && caps.add.includes('NET_ADMIN'));
  });
}

/** What an exec or attach into `pod` supplies for `ip`: its own namespace, or the node's on the host network. */
export function podNetnsView(w: World, node: string, pod: Pod): { netns: () => NetNs } {
  return {
    netns: () => {
      const ns = pod.spec?.hostNetwork ? nodeNetns(w, node) : (podNetns(w, node, pod) ?? { links: [loopback()], routes: [], neighbours: [] });
      return netAdmin(pod) ? { ...ns, netAdmin: true } : ns;
    },
  };
}

/**
 * The Pod namespaces the runtime pinned under /var/run/netns, in creation order (tmpfs lists a
 * directory in creation order since Linux 6.6's stable offsets): containerd's `cni-<uuid>`
 * (pkg/netns: `cni-` + a random UUID), CRI-O's bare UUID (pinns). Each id is the nsid the node's
 * namespace has for it, the `link-netnsid` of its veth. The UUID is derived from the sandbox id.
 */
export function podNamespaces(w: World, node: string): NamedNetns[] {
  const v = nodeView(w, node);
  const rt = w.components.get(agentId('container-runtime', node));
  const crio = rt?.kind === 'container-runtime' && rt.impl === 'cri-o';
  return v.veths.map(({ sb, index }) => {
    const h = sb.id.slice(0, 32).split('');
    h[12] = '4';
    h[16] = ((parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16);
    const uuid = `${h.slice(0, 8).join('')}-${h.slice(8, 12).join('')}-${h.slice(12, 16).join('')}-${h.slice(16, 20).join('')}-${h.slice(20).join('')}`;
    return { name: crio ? uuid : `cni-${uuid}`, id: index - (3 + v.devices), ns: () => sandboxNetns(w, node, (x) => x.id === sb.id) ?? { links: [loopback()], routes: [], neighbours: [] } };
  });
}
