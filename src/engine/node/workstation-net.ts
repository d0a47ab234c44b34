/**
 * What the learner's laptop (10.0.0.1, routed to the machines' network, apiserver/audit.ts)
 * reaches with curl at the `$ ` prompt: the same curl as in a Pod (images/curl.ts), another Net.
 *
 * - Where a dial leads is workstation-dial.ts's rule, the one kubectl's dials use: kube-apiserver
 *   (an instance's address or the HA load balancer's) — served by its real secure port
 *   (apiserver/https.ts: TLS with the cluster CA, authentication, RBAC, the handler); another
 *   port of a machine refuses; an address no machine holds (Pod IPs, ClusterIPs) is not routed
 *   there, so the SYN goes unanswered and curl times out.
 * - A node's other ports are what that node's kernel does with the packet: its kube-proxy rules
 *   (a NodePort DNATed to one endpoint, drawn as `sim curl` draws it, possibly on another node;
 *   stale while that kube-proxy is stopped), else its host listeners (the kubelet's 10250) or a
 *   refusal (node/traffic.ts, the `proxy` hop on the trace).
 * - A cloud load balancer's address (`--cloud-provider sim`, node/cloud-lb.ts) on one of its
 *   Service's ports: the packet goes as it is to a backend node, whose kube-proxy rules for that
 *   address take it on; it leaves the laptop from 10.0.0.1 (what an externalTrafficPolicy Local
 *   endpoint sees as its client, node/traffic.ts).
 * - A powered-off machine, or one `sim fail network/<node>` cut off, never answers.
 * - Names: the laptop's resolver knows the public test hosts and localhost, never a cluster name.
 *
 * - The laptop's own addresses (127.0.0.0/8, localhost): what the prompt's programs listen on
 *   (`kubectl port-forward`, `kubectl proxy`: `local`), else refused.
 *
 * Approximate: the request is served at the moment curl starts; the time it waits (a timeout)
 * passes afterwards.
 */
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import { INTERNET } from '../images/catalog-data';
import { handshake } from '../images/tls';
import { publicReply, replyHead } from '../images/internet';
import type { DnsReply, Net, NetAnswer, Resolution } from '../images/net-tools';
import type { HttpAnswer, HttpRequest } from '../images/types';
import { dialFromWorkstation } from '../apiserver/workstation-dial';
import { apiServers, lbAddress } from '../apiserver/handler';
import { machineCutOff } from './cut-off';
import { serveApiServerPort } from '../apiserver/https';
import type { ApiServerState } from '../apiserver/state';
import { machineAt } from './host-listeners';
import { httpGet } from './traffic';
import { WORKSTATION } from '../topology/build';
import { WORKSTATION_IP } from '../apiserver/audit';
import { forwardFromBalancer } from './cloud-lb';

/** systemd-resolved's stub, a laptop's resolv.conf nameserver. */
const STUB_RESOLVER = '127.0.0.53';
/** The trace's name for the learner's machine (its only process there is kubectl). */
const LAPTOP: ComponentId = 'kubectl' as ComponentId;
/** What one lookup costs the laptop's resolver (simulated). */
const DNS_MS = 1;

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * A program on the laptop that listens (kubectl port-forward, kubectl proxy): its answer to a
 * connection to `ip:port`, or undefined when nothing listens there.
 */
export type LocalListener = (ip: string, port: number, req: HttpRequest) => NetAnswer | undefined;

function lookup(name: string): Resolution {
  const bare = name.replace(/\.$/, '').toLowerCase();
  if (bare === 'localhost') return { kind: 'found', fqdn: 'localhost', ips: ['127.0.0.1'], ms: 0 };
  if (IPV4.test(bare)) return { kind: 'found', fqdn: bare, ips: [bare], ms: 0 };
  const pub = Object.hasOwn(INTERNET, bare) ? INTERNET[bare] : undefined;
  return pub ? { kind: 'found', fqdn: bare, ips: [pub.ip], ms: DNS_MS } : { kind: 'nxdomain', ms: DNS_MS };
}

function answerOf(ip: string, a: HttpAnswer): NetAnswer {
  if (a.tlsFailure) return { kind: 'tls-failed', ip, failure: a.tlsFailure };
  return { kind: 'reply', ip, status: a.status, body: a.body, ...(a.head ? { head: a.head } : {}), ...(a.contentType !== undefined ? { contentType: a.contentType } : {}) };
}

/** The instance a dial to `target` reaches: its own, or the one the load balancer forwards to (a running one). */
function apiServerAt(w: World, target: string): ApiServerState | undefined {
  const servers = apiServers(w);
  if (target !== lbAddress(w) || servers.length === 1) return servers.find((s) => s.address === target);
  return servers.find((s) => s.running && !machineCutOff(w, s.host));
}

/** One request from the laptop to `ip:port`. */
function reach(w: World, ip: string, port: number, req: HttpRequest): NetAnswer {
  const machine = machineAt(w, ip);
  if (machine !== undefined && machineCutOff(w, machine)) return { kind: 'timeout', ip };
  const dial = dialFromWorkstation(w, ip, port);
  if (dial.kind === 'apiserver') {
    const server = apiServerAt(w, `${ip}:${port}`);
    if (!server?.running) return { kind: 'refused', ip };
    return answerOf(ip, serveApiServerPort(w, server, LAPTOP, req));
  }
  let from = machine;
  if (from === undefined) {
    // A cloud load balancer's address: it hands the packet to a backend node as it is.
    const lb = forwardFromBalancer(w, ip, port);
    if (lb.kind === 'no-backend' || (lb.kind === 'no-balancer' && dial.kind === 'timeout')) return { kind: 'timeout', ip };
    // The apiserver's load balancer forwards 6443 alone.
    if (lb.kind === 'no-balancer') return { kind: 'refused', ip };
    from = lb.node;
  }
  const r = httpGet(w, { from, origin: WORKSTATION, originIP: WORKSTATION_IP, host: ip, port, path: req.path, namespace: 'default', request: req });
  switch (r.kind) {
    case 'sent':
      switch (r.reply.kind) {
        case 'answer':
          return { kind: 'reply', ip, status: r.reply.status, body: r.reply.body, ...(r.reply.head ? { head: r.reply.head } : {}), ...(r.reply.contentType !== undefined ? { contentType: r.reply.contentType } : {}) };
        case 'tls-failed':
          return { kind: 'tls-failed', ip, failure: r.reply.failure };
        case 'refused':
          return { kind: 'refused', ip };
        case 'hang':
          return { kind: 'timeout', ip, connected: true };
        case 'no-listener':
        case 'closed':
        case 'dropped':
          return { kind: 'timeout', ip };
        default: {
          const never: never = r.reply;
          return never;
        }
      }
    // A NodePort whose Service has no ready endpoint: iptables REJECTs it.
    case 'no-endpoints':
    case 'no-proxy':
      return { kind: 'refused', ip };
    case 'no-node':
    case 'unknown-host':
    case 'unroutable':
    case 'no-local-endpoint':
      return { kind: 'timeout', ip };
    default: {
      const never: never = r;
      return never;
    }
  }
}

export function workstationNet(w: World, local?: LocalListener): Net {
  return {
    // Approximate: the laptop reaches a cluster address from that network's gateway (`.1`), as
    // a kind or minikube host does; loopback from loopback.
    source: (ip) => (ip.startsWith('127.') ? '127.0.0.1' : ip.replace(/\.\d+$/, '.1')),
    nameserver: STUB_RESOLVER,
    search: [],
    lookup,
    query: (names) => ({
      kind: 'answered',
      answer: names.map((n): DnsReply => {
        const r = lookup(n);
        return r.kind === 'found' ? { rcode: 'NOERROR', ips: r.ips, authoritative: false } : { rcode: 'NXDOMAIN' };
      }),
    }),
    reverse: () => ({ kind: 'answered', answer: null }),
    fetch(host, port, req) {
      const r = lookup(host);
      if (r.kind !== 'found') return { kind: 'unresolved', ms: r.ms };
      const ip = r.ips[0]!;
      if (ip.startsWith('127.')) return local?.(ip, port, req) ?? { kind: 'refused', ip };
      const pub = Object.values(INTERNET).find((h) => h.ip === ip);
      if (pub) {
        const failure = req.tls ? handshake(req.tls, { names: [r.fqdn] }) : undefined;
        if (failure) return { kind: 'tls-failed', ip, failure };
        const page = publicReply(r.fqdn, req.path);
        if (!page) return { kind: 'refused', ip };
        const head = replyHead(page);
        return { kind: 'reply', ip, status: page.status, body: page.body, contentType: page.contentType, ...(head ? { head } : {}) };
      }
      return reach(w, ip, port, req);
    },
  };
}
