/**
 * Where a request from inside the container goes: its own apps on localhost / the Pod IP, a few
 * public test hosts, cluster DNS names the kubelet published (setClusterDns), and — for kubectl
 * exec only — the caller's NetworkView.
 */
import { appHttp } from './app';
import { INTERNET } from './catalog-data';
import { stat } from './fs';
import type { Machine, RunContext } from './machine';
import type { Net } from './net-tools';
import { own } from '../../k8s/own';

export function network(m: Machine, ctx: RunContext): Net {
  const self = new Set(['localhost', '127.0.0.1', '0.0.0.0', ctx.hostname, ctx.podIP]);
  return {
    fetch(host, port, path) {
      if (self.has(host)) {
        const ip = host === ctx.podIP ? ctx.podIP : '127.0.0.1';
        for (const a of m.apps) {
          const r = appHttp(a, m.clock, port, path, (p) => {
            const f = stat(m.fs, ctx.base, p);
            return f.kind === 'file' ? f.content : f.kind === 'dir' ? 'dir' : undefined;
          });
          if (r.kind === 'reply') return { kind: 'reply', ip, status: r.status, body: r.body, contentType: r.contentType };
          if (r.kind === 'hang') return { kind: 'timeout', ip };
          if (r.kind === 'eof') return { kind: 'reply', ip, status: 0, body: '' };
        }
        return { kind: 'refused', ip };
      }
      const pub = own(INTERNET, host) as (typeof INTERNET)[string] | undefined;
      if (pub) return { kind: 'reply', ip: pub.ip, status: 200, body: pub.body, contentType: 'text/html' };
      const dns = ctx.net?.resolve?.(host) ?? clusterLookup(ctx, host);
      const ip = dns?.ips[0] ?? (/^\d+\.\d+\.\d+\.\d+$/.test(host) ? host : undefined);
      if (ip === undefined) return { kind: 'nxdomain' };
      const answer = ctx.net?.http?.(ip, port, path);
      if (answer === undefined) return { kind: 'refused', ip };
      if (answer === 'timeout') return { kind: 'timeout', ip };
      return { kind: 'reply', ip, status: answer.status, body: answer.body };
    },
    lookup(name) {
      if (name === 'localhost') return { fqdn: 'localhost', ips: ['127.0.0.1'] };
      const pub = own(INTERNET, name) as (typeof INTERNET)[string] | undefined;
      if (pub) return { fqdn: name, ips: [pub.ip] };
      return ctx.net?.resolve?.(name) ?? clusterLookup(ctx, name);
    },
  };
}


/** resolv.conf semantics (ndots:5, search <ns>.svc.cluster.local svc.cluster.local cluster.local). */
export function clusterLookup(ctx: RunContext, name: string): { fqdn: string; ips: string[] } | undefined {
  const dns = ctx.dns;
  if (!dns || name === '') return undefined;
  const bare = name.replace(/\.$/, '');
  const search = [`${ctx.namespace}.svc.cluster.local`, 'svc.cluster.local', 'cluster.local'];
  const candidates = name.endsWith('.') ? [bare] : bare.split('.').length - 1 >= 5 ? [bare, ...search.map((s) => `${bare}.${s}`)] : [...search.map((s) => `${bare}.${s}`), bare];
  for (const fqdn of candidates) {
    const ips = dns[fqdn];
    if (ips && ips.length > 0) return { fqdn, ips };
  }
  return undefined;
}
