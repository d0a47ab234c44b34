/**
 * `ip` (address, link, route, neigh; `-4` `-6` `-0` `-f`, `-o`, `-br`) over a NetNs (netns-types.ts),
 * in two dialects: iproute2 6.1 (Debian hosts: the node's shell, `chroot /host`) and BusyBox's
 * applet (busybox images). The formats follow iproute2 v6.1.0 ip/ipaddress.c print_linkinfo /
 * print_addrinfo, ip/iproute.c print_route and BusyBox 1_36_1 networking/libiproute/ipaddress.c /
 * iproute.c, and were recorded from `/usr/sbin/ip` (iproute2-6.1.0) and BusyBox v1.35.0 on this
 * machine (tools-ip.test.ts quotes them). What the two differ in, by their source:
 * - iproute2 prints `@if7` only with IFLA_LINK_NETNSID and then ` link-netnsid 0`; BusyBox
 *   names the peer with ll_index_to_name (`if7` for an index it does not know) and, finding no
 *   flags for it, appends `,M-DOWN` to the flags.
 * - BusyBox built against glibc (the busybox image) has no IFF_DORMANT, so it prints no
 *   `state`, and never `group`/`mode`; its routes put ` src`/` metric` after two spaces and
 *   print no `proto`.
 * About 550 lines: one command whose objects share its option parsing, its two dialects' switches
 * and its error texts.
 * Changing anything (`addr add`, `link set`, `route add`) in a container lacks CAP_NET_ADMIN:
 * the kernel's EPERM as each prints it (iproute2 lib/libnetlink.c rtnl_talk_error, exit 2;
 * BusyBox bb_simple_perror_msg("RTNETLINK answers"), ipaddr_modify returns 2).
 */
import type { NetAddr, NetLink, NetNs, NetRoute } from './netns-types';
import type { Tool } from './tool-types';
import type { Userland } from './catalog-types';
import { intToIpv4, ipv4ToInt } from '../../k8s/ipv4';
import { bestRoute, routeSource } from './route-lookup';
import { optionWords } from '../../k8s/getopt';

export type IpDialect = 'iproute2' | 'busybox';

export interface IpIo {
  out(text: string): void;
  err(text: string): void;
}

export interface IpOptions {
  dialect: IpDialect;
  /** Whether a change may be made (root on the node) or is refused (a container without CAP_NET_ADMIN). */
  netAdmin: boolean;
  /** BusyBox built against musl (Alpine) has IFF_DORMANT, so its print_linkinfo prints `state`. */
  muslState?: boolean;
  /** The named namespaces under /var/run/netns (`ip netns`): the node's Pod sandboxes. Unset: none are mounted. */
  namespaces?: () => NamedNetns[];
}

/** A namespace the runtime pinned under /var/run/netns, with the id this namespace knows it by. */
export interface NamedNetns {
  name: string;
  id: number;
  ns: () => NetNs;
}

/** iproute2 lib/utils.c matches(): `prefix` abbreviates `word` (an empty prefix matches anything). */
const abbrev = (prefix: string, word: string): boolean => word.startsWith(prefix);

const IPROUTE2_USAGE = `Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }
       ip [ -force ] -batch filename
where  OBJECT := { address | addrlabel | amt | fou | help | ila | ioam | l2tp |
                   link | macsec | maddress | monitor | mptcp | mroute | mrule |
                   neighbor | neighbour | netconf | netns | nexthop | ntable |
                   ntbl | route | rule | sr | tap | tcpmetrics |
                   token | tunnel | tuntap | vrf | xfrm }
       OPTIONS := { -V[ersion] | -s[tatistics] | -d[etails] | -r[esolve] |
                    -h[uman-readable] | -iec | -j[son] | -p[retty] |
                    -f[amily] { inet | inet6 | mpls | bridge | link } |
                    -4 | -6 | -M | -B | -0 |
                    -l[oops] { maximum-addr-flush-attempts } | -br[ief] |
                    -o[neline] | -t[imestamp] | -ts[hort] | -b[atch] [filename] |
                    -rc[vbuf] [size] | -n[etns] name | -N[umeric] | -a[ll] |
                    -c[olor]}
`;

const BUSYBOX_USAGE = `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.

Usage: ip [OPTIONS] address|route|link|tunnel|neigh|rule [ARGS]

OPTIONS := -f[amily] inet|inet6|link | -o[neline]

ip addr add|del IFADDR dev IFACE | show|flush [dev IFACE] [to PREFIX]
ip route list|flush|add|del|change|append|replace|test ROUTE
ip link set IFACE [up|down] [arp on|off] [multicast on|off]
\t[promisc on|off] [mtu NUM] [name NAME] [qlen NUM] [address MAC]
\t[master IFACE | nomaster] [netns PID]
ip tunnel add|change|del|show [NAME]
\t[mode ipip|gre|sit] [remote ADDR] [local ADDR] [ttl TTL]
ip neigh show|flush [to PREFIX] [dev DEV] [nud STATE]
ip rule [list] | add|del SELECTOR ACTION
`;

interface Filter {
  family: 0 | 4 | 6 | 'link';
  oneline: boolean;
  brief: boolean;
}

interface Run {
  ns: NetNs;
  o: IpOptions;
  io: IpIo;
  f: Filter;
}

const bb = (r: Run): boolean => r.o.dialect === 'busybox';

/** The `ip` command: its exit status. */
export function ipCommand(args: string[], ns: NetNs, o: IpOptions, io: IpIo): number {
  const f: Filter = { family: 0, oneline: false, brief: false };
  const usage = (): number => {
    io.err(o.dialect === 'busybox' ? BUSYBOX_USAGE : IPROUTE2_USAGE);
    return o.dialect === 'busybox' ? 1 : 255;
  };
  // ip.c's main: one option a word (`-4`, `-family inet`, `--oneline`), up to `--` or the first object.
  const walked = optionWords(args, 'option', (a, next): number | undefined => {
    const opt = a.startsWith('--') ? a.slice(1) : a;
    if (opt === '-4') f.family = 4;
    else if (opt === '-6') f.family = 6;
    else if (opt === '-0') f.family = 'link';
    else if (opt.length > 1 && abbrev(opt, '-family')) {
      const fam = next();
      if (fam === undefined) return usage();
      if (fam === 'inet') f.family = 4;
      else if (fam === 'inet6') f.family = 6;
      else if (fam === 'link') f.family = 'link';
      else if (o.dialect === 'busybox') {
        io.err(`ip: invalid argument '${fam}' to 'family'\n`);
        return 1;
      } else return usage();
    } else if (opt.length > 1 && abbrev(opt, '-oneline')) f.oneline = true;
    else if (o.dialect === 'iproute2' && opt.length > 2 && abbrev(opt, '-brief')) f.brief = true;
    else if (o.dialect === 'iproute2' && opt.length > 1 && abbrev(opt, '-Version')) {
      io.out('ip utility, iproute2-6.1.0, libbpf 1.1.2\n');
      return 0;
    }
    else if (o.dialect === 'iproute2' && (['-r', '-N', '-c', '-h'].includes(opt) || (opt.length > 2 && (abbrev(opt, '-resolve') || abbrev(opt, '-Numeric') || abbrev(opt, '-color'))))) return undefined;
    else if (o.dialect === 'iproute2' && (opt.length > 1 && (abbrev(opt, '-json') || abbrev(opt, '-stats') || abbrev(opt, '-details')))) {
      // Real options whose output this model does not draw (counters, link details, JSON).
      io.err(`ip: ${a} is not supported in this simulation (try ip addr, ip -br a, ip route, ip link)\n`);
      return 255;
    } else {
      if (o.dialect === 'busybox') return usage();
      io.err(`Option "${a}" is unknown, try "ip -help".\n`);
      return 255;
    }
    return undefined;
  });
  if (walked.k === 'stopped') return walked.value;
  const i = walked.operands;
  const object = args[i];
  if (object === undefined) return usage();
  const rest = args.slice(i + 1);
  const r: Run = { ns, o, io, f };
  if (o.dialect === 'busybox') {
    // BusyBox ip.c: index_in_substrings over its applet's objects (abbreviations allowed).
    const objs = ['address', 'route', 'link', 'tunnel', 'neigh', 'rule'];
    const k = objs.findIndex((w) => abbrev(object, w));
    if (k < 0 || object === '') return usage();
    return [address, route, link, tunnelOrRule, neigh, tunnelOrRule][k]!(r, rest);
  }
  // iproute2 ip.c cmds[] in its order: the first object the argument abbreviates.
  const table: [string, (r: Run, a: string[]) => number][] = [
    ['address', address],
    ['addrlabel', notDrawn],
    ['maddress', notDrawn],
    ['route', route],
    ['rule', notDrawn],
    ['neighbor', neigh],
    ['neighbour', neigh],
    ['ntable', notDrawn],
    ['ntbl', notDrawn],
    ['link', link],
    ['netns', netns],
    ['help', () => usage()],
  ];
  const hit = table.find(([w]) => abbrev(object, w));
  if (!hit) {
    io.err(`Object "${object}" is unknown, try "ip help".\n`);
    return 1;
  }
  return hit[1](r, rest);
}

function notDrawn(r: Run): number {
  r.io.err('ip: only address, link, route, neigh and netns list/exec are modelled in this simulation\n');
  return 255;
}

function tunnelOrRule(r: Run): number {
  return notDrawn(r);
}

/** What a change does: refused without CAP_NET_ADMIN (EPERM); with it (root on the node, a NET_ADMIN container) not modelled. */
function change(r: Run): number {
  if (!r.o.netAdmin) {
    r.io.err(bb(r) ? 'ip: RTNETLINK answers: Operation not permitted\n' : 'RTNETLINK answers: Operation not permitted\n');
    return 2;
  }
  r.io.err('ip: this simulation does not change the network (its links and routes are what the CNI plugin made)\n');
  return 2;
}

function unknownCommand(r: Run, word: string, object: string): number {
  if (bb(r)) {
    r.io.err(`ip: invalid argument '${word}' to 'ip'\n`);
    return object === 'link' ? 2 : 1;
  }
  r.io.err(`Command "${word}" is unknown, try "ip ${object} help".\n`);
  return 255;
}

const MUTATIONS = ['add', 'change', 'replace', 'delete', 'del', 'flush', 'set', 'append', 'prepend', 'test'];

/** A change's verb (`add`, `del`, `set`, `flush`, …), as the object's command table abbreviates it. */
const isChange = (sub: string): boolean => MUTATIONS.some((m) => sub === m || (sub.length > 1 && abbrev(sub, m)));

/** `[show|list] [dev] NAME`: after the verb a bare word is the device (ipaddr_list, iplink_list). */
function showArgs(r: Run, object: 'address' | 'link', args: string[]): { dev?: string } | number {
  let k = 0;
  const sub = args[0];
  if (sub !== undefined) {
    if (abbrev(sub, 'show') || abbrev(sub, 'list') || abbrev(sub, 'lst')) k = 1;
    else if (isChange(sub)) return change(r);
    else return unknownCommand(r, sub, object);
  }
  let dev: string | undefined;
  for (; k < args.length; k++) {
    const a = args[k]!;
    if (a === 'dev') {
      dev = args[++k];
      if (dev === undefined) {
        // BusyBox networking/libiproute/utils.c incomplete_command(); iproute2's NEXT_ARG (recorded).
        r.io.err(bb(r) ? 'ip: command line is not complete, try "help"\n' : 'Command line is not complete. Try option "help"\n');
        return bb(r) ? 1 : 255;
      }
    } else if (a === 'up') continue;
    else dev = a;
  }
  if (dev !== undefined && !r.ns.links.some((l) => l.name === dev)) {
    if (bb(r)) {
      r.io.err(`ip: can't find device '${dev}'\n`);
      return object === 'link' ? 2 : 1;
    }
    r.io.err(`Device "${dev}" does not exist.\n`);
    return 1;
  }
  return dev === undefined ? {} : { dev };
}

/**
 * What follows the name. With IFLA_LINK_NETNSID iproute2 prints `@if<N>` (lib/ll_map.c
 * ll_idx_n2a only formats the number). Otherwise the peer index is looked up among this
 * namespace's links (ll_index_to_name) and M-DOWN is set when what it finds is not UP: always so
 * in BusyBox, and in iproute2 under `-6`, whose link dump (the kernel's inet6_fill_ifinfo) carries
 * IFLA_LINK but no netnsid. So a node's veth seen that way is `vethX@eth0` when its peer's index
 * is the host eth0's.
 */
function peerOf(r: Run, l: NetLink, v6: boolean): { at: string; down: boolean } {
  if (l.link === undefined) return { at: '', down: false };
  if (l.link === 0) return { at: '@NONE', down: false };
  if (!bb(r) && !v6 && l.netnsid !== undefined) return { at: `@if${l.link}`, down: false };
  const local = r.ns.links.find((x) => x.index === l.link);
  return { at: `@${local?.name ?? `if${l.link}`}`, down: !local?.flags.includes('UP') };
}

function flagsText(r: Run, l: NetLink, v6 = false): string {
  const list = [...l.flags];
  // An UP link without carrier: print_link_flags puts NO-CARRIER first.
  if (l.flags.includes('UP') && !l.flags.includes('LOWER_UP')) list.unshift('NO-CARRIER');
  if (peerOf(r, l, v6).down) list.push('M-DOWN');
  return `<${list.join(',')}> `;
}

/**
 * The link's first line. Recorded: `ip -6 addr` drops `qdisc` and `group` (iproute2) or `qdisc`
 * (BusyBox); `ip link` adds iproute2's `mode DEFAULT`.
 */
function linkHeader(r: Run, l: NetLink, link: boolean): string {
  const v6 = r.f.family === 6 && !link;
  let s = `${l.index}: ${l.name}${peerOf(r, l, v6).at}: ${flagsText(r, l, v6)}mtu ${l.mtu} `;
  if (!v6) s += `qdisc ${l.qdisc} `;
  if (l.master && !v6) s += `master ${l.master} `;
  if (bb(r) && r.o.muslState) s += `state ${l.state} `;
  if (!bb(r)) {
    s += `state ${l.state} `;
    if (link) s += 'mode DEFAULT ';
    if (!v6) s += 'group default ';
  }
  if (l.qlen) s += `qlen ${l.qlen}`;
  return s;
}

function linkLine(r: Run, l: NetLink): string {
  let s = `    link/${l.type} ${l.mac} brd ${l.brd}`;
  if (!bb(r) && l.netnsid !== undefined) s += ` link-netnsid ${l.netnsid}`;
  return s;
}

function addrText(a: NetAddr): string {
  return `${a.local}/${a.prefix}`;
}

function addrLines(r: Run, l: NetLink, a: NetAddr): string[] {
  const fam = a.family === 4 ? 'inet' : 'inet6';
  let s = `    ${fam} ${addrText(a)} `;
  if (a.brd) s += `brd ${a.brd} `;
  s += `scope ${a.scope} `;
  if (a.family === 4) s += l.name;
  return [s, '       valid_lft forever preferred_lft forever'];
}

function familyOf(r: Run): (a: NetAddr) => boolean {
  return (a) => r.f.family === 0 || r.f.family === a.family;
}

function address(r: Run, args: string[]): number {
  const show = showArgs(r, 'address', args);
  if (typeof show === 'number') return show;
  const links = r.ns.links.filter((l) => show.dev === undefined || l.name === show.dev);
  const sep = r.f.oneline ? '\\' : '\n';
  let out = '';
  for (const l of links) {
    const addrs = l.addrs.filter(familyOf(r));
    if (r.f.brief) {
      if ((r.f.family === 4 || r.f.family === 6) && addrs.length === 0) continue;
      out += briefName(r, l) + `${l.state.padEnd(14)} ` + addrs.map((a) => `${addrText(a)} `).join('') + '\n';
      continue;
    }
    if (r.f.family === 'link') {
      out += `${linkHeader(r, l, false)}\n${linkLine(r, l)}\n`;
      continue;
    }
    if (r.f.oneline) {
      // print_addrinfo under -o: `index: name` then each address on its own line.
      for (const a of addrs) {
        const [first, life] = addrLines(r, l, a);
        out += `${l.index}: ${l.name}${first}${sep}${life}\n`;
      }
      continue;
    }
    if ((r.f.family === 4 || r.f.family === 6) && addrs.length === 0) continue;
    out += `${linkHeader(r, l, false)}\n`;
    if (r.f.family === 0) out += `${linkLine(r, l)}\n`;
    for (const a of addrs) out += `${addrLines(r, l, a).join('\n')}\n`;
  }
  r.io.out(out);
  return 0;
}

/** print_linkinfo_brief: the name (with `@peer`) padded to 16, then the state padded to 14. */
function briefName(r: Run, l: NetLink): string {
  return `${`${l.name}${peerOf(r, l, r.f.family === 6).at}`.padEnd(16)} `;
}

function link(r: Run, args: string[]): number {
  const show = showArgs(r, 'link', args);
  if (typeof show === 'number') return show;
  let out = '';
  for (const l of r.ns.links) {
    if (show.dev !== undefined && l.name !== show.dev) continue;
    if (r.f.brief) {
      out += `${briefName(r, l)}${l.state.padEnd(14)} ${l.mac} ${flagsText(r, l)}\n`;
      continue;
    }
    const header = linkHeader(r, l, true);
    out += r.f.oneline ? `${header}\\${linkLine(r, l)}\n` : `${header}\n${linkLine(r, l)}\n`;
  }
  r.io.out(out);
  return 0;
}

function routeText(r: Run, rt: NetRoute): string {
  let s = rt.type ? `${rt.type} ` : '';
  s += `${rt.dst} `;
  if (rt.via) s += `via ${rt.via} `;
  if (rt.dev) s += `dev ${rt.dev} `;
  if (bb(r)) {
    if (rt.scope) s += `scope ${rt.scope} `;
    if (rt.src) s += ` src ${rt.src} `;
    if (rt.family === 6) s += ' metric 256 ';
  } else {
    if (rt.proto) s += `proto ${rt.proto} `;
    if (rt.scope) s += `scope ${rt.scope} `;
    if (rt.src) s += `src ${rt.src} `;
    if (rt.family === 6) s += 'metric 256 ';
  }
  if (rt.onlink) s += 'onlink ';
  if (rt.linkdown && !bb(r)) s += 'linkdown ';
  if (rt.family === 6 && !bb(r)) s += 'pref medium';
  return s;
}

function route(r: Run, args: string[]): number {
  const sub = args[0];
  if (sub !== undefined && abbrev(sub, 'get') && sub.length > 0) return routeGet(r, args.slice(1));
  if (sub !== undefined && !(abbrev(sub, 'show') || abbrev(sub, 'list'))) {
    if (isChange(sub)) return change(r);
    return unknownCommand(r, sub, 'route');
  }
  const six = r.f.family === 6;
  let out = '';
  for (const rt of r.ns.routes) if ((rt.family === 6) === six) out += `${routeText(r, rt)}\n`;
  if (six && bb(r)) {
    // BusyBox dumps the local table's multicast route of each IPv6 link too.
    for (const l of r.ns.links) if (l.addrs.some((a) => a.family === 6 && a.scope === 'link')) out += `multicast ff00::/8 dev ${l.name}  metric 256 \n`;
  }
  r.io.out(out);
  return 0;
}

/** The route the kernel picks for `dst`: a local address, else the longest matching prefix. */
function routeGet(r: Run, args: string[]): number {
  const dst = args.find((a) => a !== 'to');
  if (dst === undefined) {
    r.io.err(bb(r) ? 'ip: need at least destination address\n' : 'need at least a destination address\n');
    return 1;
  }
  const n = ipv4ToInt(dst);
  if (n === undefined) {
    if (bb(r)) {
      r.io.err('ip: need at least destination address\n');
      return 1;
    }
    r.io.err(`Error: any valid prefix is expected rather than "${dst}".\n`);
    return 1;
  }
  const addr = intToIpv4(n);
  const sp = bb(r) ? ' ' : '';
  const tail = bb(r) ? '' : 'uid 0 ';
  const local = r.ns.links.find((l) => l.addrs.some((a) => a.family === 4 && a.local === addr));
  if (local || (n >>> 24) === 127) {
    r.io.out(`local ${addr} dev lo ${sp}src ${addr} ${tail}\n${bb(r) ? '' : '    cache <local> \n'}`);
    return 0;
  }
  const best = bestRoute(r.ns, n);
  if (!best || best.type === 'blackhole') {
    if (best) {
      r.io.err(bb(r) ? 'ip: RTNETLINK answers: Invalid argument\n' : 'RTNETLINK answers: Invalid argument\n');
      return 2;
    }
    r.io.err(bb(r) ? 'ip: RTNETLINK answers: Network is unreachable\n' : 'RTNETLINK answers: Network is unreachable\n');
    return 2;
  }
  const rt = best;
  const src = routeSource(r.ns, rt);
  let s = `${addr} `;
  if (rt.via) s += `via ${rt.via} `;
  s += `dev ${rt.dev} `;
  if (src) s += `${sp}src ${src} `;
  s += tail;
  r.io.out(`${s}\n${bb(r) ? '' : '    cache \n'}`);
  return 0;
}

function neigh(r: Run, args: string[]): number {
  const sub = args[0];
  if (sub !== undefined && !(abbrev(sub, 'show') || abbrev(sub, 'list'))) {
    if (isChange(sub)) return change(r);
    return unknownCommand(r, sub, 'neigh');
  }
  let out = '';
  for (const n of r.ns.neighbours) {
    if (r.f.family === 6) continue;
    out += bb(r) ? `${n.ip} dev ${n.dev} lladdr ${n.mac} used 0/0/0 probes 1 ${n.state}\n` : `${n.ip} dev ${n.dev} lladdr ${n.mac} ${n.state} \n`;
  }
  r.io.out(out);
  return 0;
}

/** Without a namespace handed in (a process outside any Pod), only lo: the network is wired by the node, not the image. */
const LOOPBACK_ONLY: NetNs = {
  links: [
    {
      index: 1,
      name: 'lo',
      flags: ['LOOPBACK', 'UP', 'LOWER_UP'],
      mtu: 65536,
      qdisc: 'noqueue',
      state: 'UNKNOWN',
      qlen: 1000,
      type: 'loopback',
      mac: '00:00:00:00:00:00',
      brd: '00:00:00:00:00:00',
      addrs: [
        { family: 4, local: '127.0.0.1', prefix: 8, scope: 'host' },
        { family: 6, local: '::1', prefix: 128, scope: 'host' },
      ],
    },
  ],
  routes: [],
  neighbours: [],
};

/** A namespace's loopback device, as every namespace has it. */
export const loopbackLink = (): NetLink => structuredClone(LOOPBACK_ONLY.links[0]!);

/** The image's `ip` (Userland.ip), run in a container: no CAP_NET_ADMIN. Undefined: the image has none. */
export function ipFor(userland: Userland): Tool | undefined {
  const dialect: IpDialect | undefined = userland.ip === 'iproute2' ? 'iproute2' : userland.tools === 'busybox' ? 'busybox' : undefined;
  if (!dialect) return undefined;
  const muslState = dialect === 'busybox' && userland.libc === 'musl';
  return (args, env) => {
    const ns = env.netns?.() ?? LOOPBACK_ONLY;
    return { status: ipCommand(args, ns, { dialect, netAdmin: ns.netAdmin === true, muslState }, env.io) };
  };
}

/**
 * `ip netns [list]` and `ip netns exec NAME ip …` (iproute2 ip/ipnetns.c): the runtime's Pod
 * namespaces as /var/run/netns lists them (netns_list: the name, then ` (id: N)` for the nsid
 * this namespace has for it), and `ip` run inside one. Other programs under `netns exec` are not
 * modelled.
 */
function netns(r: Run, args: string[]): number {
  const all = r.o.namespaces?.() ?? [];
  const sub = args[0];
  if (sub === undefined || abbrev(sub, 'list') || abbrev(sub, 'show') || abbrev(sub, 'lst')) {
    r.io.out(all.map((n) => `${n.name} (id: ${n.id})\n`).join(''));
    return 0;
  }
  if (abbrev(sub, 'exec') && sub.length > 0) {
    const [name, cmd, ...rest] = args.slice(1);
    if (name === undefined) {
      r.io.err('No netns name specified\n');
      return 255;
    }
    if (cmd === undefined) {
      r.io.err('No command specified\n');
      return 255;
    }
    const hit = all.find((n) => n.name === name);
    if (!hit) {
      r.io.err(`Cannot open network namespace "${name}": No such file or directory\n`);
      return 255;
    }
    if (cmd !== 'ip' && !cmd.endsWith('/ip')) {
      r.io.err(`ip: only ip itself runs under ip netns exec in this simulation (not ${cmd})\n`);
      return 1;
    }
    return ipCommand(rest, hit.ns(), r.o, r.io);
  }
  if (isChange(sub) || abbrev(sub, 'attach') || abbrev(sub, 'identify') || abbrev(sub, 'pids') || abbrev(sub, 'monitor')) return notDrawn(r);
  r.io.err(`Command "${sub}" is unknown, try "ip netns help".\n`);
  return 255;
}
