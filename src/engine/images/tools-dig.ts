/**
 * dig (BIND 9.18) asking the Pod's nameserver, as bind-tools installs it (netshoot, agnhost).
 * Recorded from Debian's DiG 9.18.49 against a server answering the way CoreDNS does
 * (plugin/kubernetes: `aa` set, no `ra`, TTL 30, the zone's SOA `ns.dns.<zone>.
 * hostmaster.<zone>. <serial> 7200 1800 86400 30` with an NXDOMAIN or an empty answer;
 * request/request.go SizeAndDo and edns0.go: the query's OPT record, its COOKIE echoed; replies
 * not compressed, as CoreDNS only compresses a UDP reply over 1480 bytes), and `forward` for other
 * names (an upstream's `ra`, the root's SOA on NXDOMAIN): the full answer with the `.local`
 * mDNS warning, `+short`, `+noall +answer`, NXDOMAIN, an empty AAAA answer, three timeouts
 * (exit 9), and an invalid option. Refused (kube-proxy's REJECT while kube-dns has no endpoint:
 * ICMP port unreachable on its connected socket) each try fails at once with `connection
 * refused`, the same three lines and exit 9 within milliseconds (recorded against a closed port
 * 53). The banner's `; (1 server found)` is printgreeting's count of the servers resolved so far:
 * only an `@server` before the name has been (recorded: `dig x @S` prints none).
 *
 * dig does not use the search list unless told to (`+search`): `dig web` asks for `web.` and
 * gets the root's NXDOMAIN, the classic surprise next to `nslookup web`. Approximate: the SOA
 * serial (CoreDNS's last change) is the query time, a forwarded reply's COOKIE is shown echoed,
 * only A and AAAA are answered, a `@server` other than the Pod's nameserver never answers.
 */
import type { DnsReply, Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tools';
import { civil, EPOCH_MS } from '../../k8s/time';

const USAGE = 'Usage:  dig [@global-server] [domain] [q-type] [q-class] {q-opt}\n            {global-d-opt} host [@local-server] {local-d-opt}\n            [ host [@local-server] {local-d-opt} [...]]\n\nUse "dig -h" (or "dig -h | more") for complete list of options\n';
/** dig's defaults: +time=5, +tries=3, resolv.conf's ndots:5 for +search. */
const TIME_S = 5;
/** One refused try (simulated): the ICMP error comes back from the node itself. */
const REFUSED_MS = 1;
const TRIES = 3;
const NDOTS = 5;
/** The kubernetes plugin's TTL in kubeadm's Corefile (`ttl 30`) and, for forwarded names, an upstream's. */
const CLUSTER_TTL = 30;
const UPSTREAM_TTL = 300;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface DigOptions {
  name: string;
  type: 'A' | 'AAAA';
  server?: string;
  /** `@server` came before the name: printgreeting counts it in the banner. */
  serverFirst: boolean;
  short: boolean;
  search: boolean;
  sections: boolean;
  answer: boolean;
  cmd: boolean;
  timeS: number;
  tries: number;
}

function options(args: string[], env: ToolEnv): DigOptions | ToolResult {
  const o: DigOptions = { name: '', type: 'A', serverFirst: false, short: false, search: false, sections: true, answer: true, cmd: true, timeS: TIME_S, tries: TRIES };
  let named = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('@')) {
      o.server = a.slice(1);
      if (!named) o.serverFirst = true;
    }
    else if (a === '-t') o.type = args[++i]?.toUpperCase() === 'AAAA' ? 'AAAA' : 'A';
    else if (a.startsWith('+')) {
      const [key = '', value] = a.slice(1).split('=');
      const on = !key.startsWith('no');
      const k = on ? key : key.slice(2);
      if (k === 'short') o.short = on;
      else if (k === 'search') o.search = on;
      else if (k === 'all') o.sections = on;
      else if (k === 'answer') o.answer = on;
      else if (k === 'cmd') o.cmd = on;
      else if (k === 'time' && value !== undefined) o.timeS = Math.max(1, Number(value) || TIME_S);
      else if (k === 'tries' && value !== undefined) o.tries = Math.max(1, Number(value) || TRIES);
      else if (k === 'retry' && value !== undefined) o.tries = Math.max(0, Number(value) || 0) + 1;
      else if (!['comments', 'stats', 'question', 'additional', 'authority', 'tcp', 'recurse', 'cookie', 'edns'].includes(k)) {
        env.io.err(`Invalid option: ${a}\n${USAGE}`);
        return { status: 1 };
      }
      // +[no]all sets every display flag, the command-line banner (+cmd) among them.
      if (k === 'all') {
        o.answer = on;
        o.cmd = on;
      }
    } else if (/^(a|aaaa)$/i.test(a) && named) o.type = a.toUpperCase() as 'A' | 'AAAA';
    else if (!named) {
      o.name = a;
      named = true;
    }
  }
  return o;
}

/** The wire length of a name (labels with their length bytes and the root's zero). */
function wireLen(name: string): number {
  const labels = name.replace(/\.$/, '').split('.').filter((l) => l !== '');
  return labels.reduce((n, l) => n + l.length + 1, 0) + 1;
}

/** BIND's master-file columns: tabs to the column, one space once past it. */
function column(s: string, col: number): string {
  // The display width so far: a tab moves to the next multiple of 8.
  let width = 0;
  for (const ch of s) width = ch === '\t' ? (Math.floor(width / 8) + 1) * 8 : width + 1;
  if (width >= col) return `${s} `;
  let out = s;
  while (width < col) {
    out += '\t';
    width = (Math.floor(width / 8) + 1) * 8;
  }
  return out;
}

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `;; WHEN:` — ctime's fields in the container's zone (UTC: the images set no TZ). */
function when(unixMs: number): string {
  const c = civil(unixMs);
  return `${DAYS[c.weekday]} ${MONTHS[c.mo - 1]} ${two(c.d)} ${two(c.h)}:${two(c.mi)}:${two(c.s)} UTC ${c.y}`;
}

interface Answer {
  fqdn: string;
  reply: DnsReply;
}

export function dig(args: string[], env: ToolEnv, net: Net, version: string): ToolResult {
  const parsed = options(args, env);
  if ('status' in parsed) return parsed;
  const o = parsed;
  const server = o.server ?? net.nameserver;
  const header = o.cmd && !o.short ? `\n; <<>> DiG ${version} <<>> ${args.join(' ')}\n${o.serverFirst ? '; (1 server found)\n' : ''};; global options: +cmd\n` : '';
  const bare = o.name.replace(/\.$/, '');
  const dots = bare.split('.').length - 1;
  const candidates = o.search && !o.name.endsWith('.') && dots < NDOTS ? [...net.search.map((s) => `${bare}.${s}`), bare] : [bare];
  let found: Answer | undefined;
  for (const fqdn of candidates) {
    const r = (server === net.nameserver ? net.query([fqdn]) : net.queryAt?.(server, [fqdn])) ?? { kind: 'timeout' };
    if (r.kind !== 'answered') {
      // Each try waits +time for a reply, or fails as soon as the ICMP error comes back.
      const tryMs = r.kind === 'refused' ? REFUSED_MS : o.timeS * 1000;
      const why = r.kind === 'refused' ? 'connection refused' : 'timed out';
      for (let t = 1; t <= o.tries; t++) {
        env.io.at?.(t * tryMs);
        env.io.out(`;; communications error to ${server}#53: ${why}\n`);
      }
      env.io.out(`${header};; no servers could be reached\n`);
      return { status: 9, ms: o.tries * tryMs };
    }
    const reply = r.answer[0]!;
    found = { fqdn, reply };
    if (reply.rcode !== 'NXDOMAIN') break;
  }
  const { fqdn, reply } = found!;
  // CoreDNS's own zone, unless the reply says who answered (a node's stub forwards everything).
  const cluster = reply.authoritative ?? (fqdn === 'cluster.local' || fqdn.endsWith('.cluster.local'));
  const ips = reply.rcode === 'NOERROR' && o.type === 'A' ? reply.ips : [];
  const ttl = cluster ? CLUSTER_TTL : UPSTREAM_TTL;
  const queryMs = cluster ? 0 : 2 + (fnv(`${fqdn}@${env.clock}`) % 10);
  if (o.short) {
    env.io.out(ips.map((ip) => `${ip}\n`).join(''));
    return { status: 0, ms: Math.max(1, queryMs) };
  }
  const answers = ips.map((ip) => `${column(column(column(column(`${fqdn}.`, 24) + String(ttl), 32) + 'IN', 40) + o.type, 48)}${ip}\n`);
  if (!o.sections) {
    env.io.out(o.answer ? answers.join('') : '');
    return { status: 0, ms: Math.max(1, queryMs) };
  }
  const clock = env.clock;
  const unixMs = clock + EPOCH_MS;
  const day = civil(unixMs);
  const soa = cluster
    ? { zone: 'cluster.local.', mname: 'ns.dns.cluster.local.', rname: 'hostmaster.cluster.local.', serial: Math.floor(unixMs / 1000), nums: '7200 1800 86400 30', ttl: CLUSTER_TTL }
    : { zone: '.', mname: 'a.root-servers.net.', rname: 'nstld.verisign-grs.com.', serial: Number(`${day.y}${two(day.mo)}${two(day.d)}00`), nums: '1800 900 604800 86400', ttl: 86400 };
  const authority = ips.length === 0 ? [`${column(column(column(column(soa.zone, 24) + String(soa.ttl), 32) + 'IN', 40) + 'SOA', 48)}${soa.mname} ${soa.rname} ${soa.serial} ${soa.nums}\n`] : [];
  const status = reply.rcode;
  const id = fnv(`id:${fqdn}@${clock}`) & 0xffff;
  const cookie = fnv(`cookie:${fqdn}@${clock}`).toString(16).padStart(8, '0') + fnv(`cookie2:${fqdn}@${clock}`).toString(16).padStart(8, '0');
  const question = wireLen(fqdn) + 4;
  const answerBytes = ips.length * (wireLen(fqdn) + 10 + 4);
  const soaBytes = authority.length ? wireLen(soa.zone) + 10 + wireLen(soa.mname) + wireLen(soa.rname) + 20 : 0;
  // Header, question, records uncompressed, and the OPT record with its 8-byte client cookie.
  const size = 12 + question + answerBytes + soaBytes + 23;
  let out = header;
  out += ';; Got answer:\n';
  if (fqdn.endsWith('.local')) out += ';; WARNING: .local is reserved for Multicast DNS\n;; You are currently testing what happens when an mDNS query is leaked to DNS\n';
  out += `;; ->>HEADER<<- opcode: QUERY, status: ${status}, id: ${id}\n`;
  out += `;; flags: qr ${cluster ? 'aa rd' : 'rd ra'}; QUERY: 1, ANSWER: ${ips.length}, AUTHORITY: ${authority.length}, ADDITIONAL: 1\n`;
  if (cluster) out += ';; WARNING: recursion requested but not available\n';
  out += `\n;; OPT PSEUDOSECTION:\n; EDNS: version: 0, flags:; udp: 1232\n; COOKIE: ${cookie} (echoed)\n`;
  out += `;; QUESTION SECTION:\n${column(column(`;${fqdn}.`, 32) + 'IN', 40)}${o.type}\n\n`;
  if (answers.length) out += `;; ANSWER SECTION:\n${answers.join('')}\n`;
  if (authority.length) out += `;; AUTHORITY SECTION:\n${authority.join('')}\n`;
  out += `;; Query time: ${queryMs} msec\n;; SERVER: ${server}#53(${server}) (UDP)\n;; WHEN: ${when(unixMs)}\n;; MSG SIZE  rcvd: ${size}\n\n`;
  env.io.out(out);
  return { status: 0, ms: Math.max(1, queryMs) };
}
