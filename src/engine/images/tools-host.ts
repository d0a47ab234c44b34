/**
 * BIND's `host` and `nslookup` (bind-tools, which netshoot and agnhost install over BusyBox's
 * nslookup), asking the Pod's nameserver. Recorded from Debian's BIND 9.18.49 against a server
 * answering as CoreDNS does (tools-dig.ts says how): both walk resolv.conf's search list under
 * ndots:5, so `web.default.svc.cluster.local` (four dots) is tried under every search domain
 * first. nslookup says `;; Got recursion not available from <server>` for every authoritative
 * (cluster.local) reply — CoreDNS's kubernetes plugin sets no `ra` — before its answer, and once
 * more for the empty AAAA reply after it; host prints only the addresses. Timeouts: nslookup
 * tries three times, host twice, 5 s each (dig's default). Refused (kube-proxy's REJECT, or an
 * endpoint Pod with nothing on 53): the same tries, each `connection refused` at once, and the
 * same exit 1 (recorded against a closed port 53: nslookup three lines, host two, within ms).
 * Approximate: the public hosts have no AAAA or MX records here.
 */
import type { DnsExchange, DnsReply, Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tools';

const HOST_USAGE = 'Usage: host [-aCdilrTvVw] [-c class] [-N ndots] [-t type] [-W time]\n            [-R number] [-m flag] [-p port] hostname [server]\n       -a is equivalent to -v -t ANY\n       -A is like -a but omits RRSIG, NSEC, NSEC3\n       -c specifies query class for non-IN data\n       -C compares SOA records on authoritative nameservers\n       -d is equivalent to -v\n       -l lists all hosts in a domain, using AXFR\n       -m set memory debugging flag (trace|record|usage)\n       -N changes the number of dots allowed before root lookup is done\n       -p specifies the port on the server to query\n       -r disables recursive processing\n       -R specifies number of retries for UDP packets\n       -s a SERVFAIL response should stop query\n       -t specifies the query type\n       -T enables TCP/IP mode\n       -U enables UDP mode\n       -v enables verbose output\n       -V print version number and exit\n       -w specifies to wait forever for a reply\n       -W specifies how long to wait for a reply\n       -4 use IPv4 query transport only\n       -6 use IPv6 query transport only\n';
const NDOTS = 5;
const TIMEOUT_MS = 5_000;
/** One refused try (simulated): the ICMP error comes back from the node itself. */
const REFUSED_MS = 1;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** CoreDNS answers cluster.local itself (aa); everything else it forwards — as a reply that says so tells. */
function authoritative(fqdn: string, reply?: DnsReply): boolean {
  return reply?.authoritative ?? (fqdn === 'cluster.local' || fqdn.endsWith('.cluster.local'));
}

/** The server a query goes to: resolv.conf's nameserver, or the one named on the command line. */
interface Server {
  ip: string;
  query(names: string[]): DnsExchange<DnsReply[]>;
}

function serverOf(net: Net, named: string | undefined): Server {
  if (named === undefined || named === net.nameserver) return { ip: net.nameserver, query: (n) => net.query(n) };
  return { ip: named, query: (n) => net.queryAt?.(named, n) ?? { kind: 'timeout' } };
}

/** Why the tries at a server all failed. */
type NoReply = 'refused' | 'timeout';

interface Walk {
  /** Every name asked and its reply, in order. */
  tried: { fqdn: string; reply: DnsReply }[];
  /** Set when the last name asked got no reply: the walk ends there. */
  failed?: NoReply;
}

/** The search-list walk: a name with fewer than ndots dots under each domain first, NXDOMAIN moves on. */
function walk(net: Net, name: string, server: Server): Walk {
  const bare = name.replace(/\.$/, '');
  const dots = bare.split('.').length - 1;
  const suffixed = net.search.map((s) => `${bare}.${s}`);
  const candidates = name.endsWith('.') ? [bare] : dots >= NDOTS ? [bare, ...suffixed] : [...suffixed, bare];
  const tried: Walk['tried'] = [];
  for (const fqdn of candidates) {
    const r = server.query([fqdn]);
    if (r.kind !== 'answered') return { tried, failed: r.kind };
    const reply = r.answer[0]!;
    tried.push({ fqdn, reply });
    if (reply.rcode !== 'NXDOMAIN') break;
  }
  return { tried };
}

function arpa(ip: string): string {
  return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
}

function unreached(env: ToolEnv, server: Server, why: NoReply, tries: number, trailer: string): ToolResult {
  const tryMs = why === 'refused' ? REFUSED_MS : TIMEOUT_MS;
  for (let t = 1; t <= tries; t++) {
    env.io.at?.(t * tryMs);
    env.io.out(`;; communications error to ${server.ip}#53: ${why === 'refused' ? 'connection refused' : 'timed out'}\n`);
  }
  env.io.out(`;; no servers could be reached\n${trailer}`);
  return { status: 1, ms: tries * tryMs };
}

/** BIND host: `NAME has address IP`, `Host NAME not found: 3(NXDOMAIN)`, a PTR for an address. */
export function host(args: string[], env: ToolEnv, net: Net): ToolResult {
  const [name, named] = args.filter((a) => !a.startsWith('-'));
  const server = serverOf(net, named);
  if (name === undefined) {
    env.io.err(HOST_USAGE);
    return { status: 1 };
  }
  if (IPV4.test(name)) {
    const back = net.reverse(name);
    if (back.kind !== 'answered') return unreached(env, server, back.kind, 2, '');
    const rev = back.answer;
    env.io.out(rev === null ? `Host ${arpa(name)}. not found: 3(NXDOMAIN)\n` : `${arpa(name)} domain name pointer ${rev}.\n`);
    return { status: rev === null ? 1 : 0, ms: 1 };
  }
  const w = walk(net, name, server);
  if (w.failed) return unreached(env, server, w.failed, 2, '');
  const last = w.tried[w.tried.length - 1]!;
  if (last.reply.rcode === 'NXDOMAIN') {
    env.io.out(`Host ${name} not found: 3(NXDOMAIN)\n`);
    return { status: 1, ms: w.tried.length };
  }
  // host.c names a server given on the command line before its answer.
  const using = named === undefined ? '' : `Using domain server:\nName: ${named}\nAddress: ${server.ip}#53\nAliases: \n\n`;
  env.io.out(using + last.reply.ips.map((ip) => `${last.fqdn} has address ${ip}\n`).join(''));
  return { status: 0, ms: w.tried.length + 2 };
}

/** BIND nslookup: the server, the answer (Non-authoritative for forwarded names), the AAAA query after it. */
export function nslookupBind(args: string[], env: ToolEnv, net: Net): ToolResult {
  const [name, named] = args.filter((a) => !a.startsWith('-'));
  const server = serverOf(net, named);
  const onlyA = args.some((a) => /^-(type|query|querytype)=a$/i.test(a));
  if (name === undefined) {
    // Without a name it is interactive: it reads names from stdin (not modelled: none come).
    return { status: 0, block: true };
  }
  const recursion = `;; Got recursion not available from ${server.ip}\n`;
  const header = `Server:\t\t${server.ip}\nAddress:\t${server.ip}#53\n\n`;
  if (IPV4.test(name)) {
    const back = net.reverse(name);
    if (back.kind !== 'answered') return unreached(env, server, back.kind, 3, '\n');
    const rev = back.answer;
    env.io.out(rev === null ? `** server can't find ${arpa(name)}: NXDOMAIN\n\n` : `${arpa(name)}\tname = ${rev}.\n\n`);
    return { status: rev === null ? 1 : 0, ms: 1 };
  }
  const w = walk(net, name, server);
  let out = '';
  for (const t of w.tried) if (authoritative(t.fqdn, t.reply)) out += recursion;
  if (w.failed) {
    env.io.out(out);
    return unreached(env, server, w.failed, 3, '\n');
  }
  const last = w.tried[w.tried.length - 1]!;
  if (last.reply.rcode === 'NXDOMAIN') {
    env.io.out(`${out}${header}** server can't find ${name}: NXDOMAIN\n\n`);
    return { status: 1, ms: w.tried.length };
  }
  out += header;
  if (!authoritative(last.fqdn, last.reply)) out += 'Non-authoritative answer:\n';
  out += last.reply.ips.map((ip) => `Name:\t${last.fqdn}\nAddress: ${ip}\n`).join('');
  // The AAAA query for the name found: CoreDNS has none for a cluster name (an empty, authoritative reply).
  if (!onlyA && authoritative(last.fqdn, last.reply)) out += recursion;
  env.io.out(`${out}\n`);
  return { status: 0, ms: w.tried.length + 1 };
}
