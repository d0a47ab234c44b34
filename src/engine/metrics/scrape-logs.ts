/**
 * What metrics-server v0.8.0 logs when its scrapes fail: per scrape (at its start, then every
 * --metric-resolution, the moments metrics-server.ts reads), one klog error per node from
 * pkg/scraper/scraper.go:149, `klog.ErrorS(err, "Failed to scrape node", "node", klog.KObj(node))`.
 *
 * Without --kubelet-insecure-tls the client verifies the kubelet's self-signed serving certificate
 * (kubelet/server-port.ts: its names are the node's hostname, no IP SANs) against the node's
 * InternalIP (--kubelet-preferred-address-types=InternalIP,…): Go's x509.Certificate.Verify checks
 * the host before the chain, so the error is HostnameError's "x509: cannot validate certificate
 * for IP because it doesn't contain any IP SANs", wrapped by crypto/tls as "tls: failed to verify
 * certificate: %w" and by net/http's url.Error as `Get "URL": …`. A kubelet that cannot be reached
 * fails with its dial error first.
 * Approximate: the startup banner, the V(1) scrape summaries and server.go:192's "Failed probe"
 * lines (one per readiness probe) are not modelled; same-scrape lines carry distinct microseconds
 * in node order (upstream scrapes nodes concurrently, in no fixed order).
 */
import { klogHeader, structured } from '../logging/klog';
import { dialKubelet } from '../apiserver/kubelet-proxy';
import type { ContainerRecord } from '../node/runtime-state';
import type { LogLine } from '../images/types';
import type { Node } from '../../k8s/types';
import type { World } from '../world';
import { kubeletInsecureTls } from './flags';
import { resolutionOf } from './metrics-server';

/** Scrapes kept in the log at most (older ones are beyond any tail a learner reads). */
const MAX_SCRAPES = 40;

function internalIP(w: World, node: string): string | undefined {
  const n = w.etcd.kv.get('nodes')?.get(`nodes/${node}`) as Node | undefined;
  return n?.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
}

function isMetricsServer(c: ContainerRecord): boolean {
  return /(^|\/)metrics-server$/.test(c.imageRef.replace(/[:@][^/]*$/, ''));
}

/** The scrape errors a metrics-server container has logged up to `until` (none for another image). */
export function scrapeErrorLines(w: World, c: ContainerRecord, until: number): LogLine[] {
  if (!isMetricsServer(c) || c.startedAt === undefined) return [];
  const argv = [...(c.config.command ?? []), ...(c.config.args ?? [])];
  const insecure = kubeletInsecureTls(argv);
  const resolution = resolutionOf(c);
  const count = Math.floor((until - c.startedAt) / resolution) + 1;
  if (count < 1) return [];
  const nodes = [...w.machines].sort();
  const out: LogLine[] = [];
  for (let k = Math.max(0, count - MAX_SCRAPES); k < count; k++) {
    const at = c.startedAt + k * resolution;
    nodes.forEach((node, i) => {
      const ip = internalIP(w, node);
      if (ip === undefined) return;
      const res = dialKubelet(w, node, { path: 'metrics/resource', at }, at);
      const err = !res.ok ? res.message : insecure ? undefined : `Get "https://${ip}:10250/metrics/resource": tls: failed to verify certificate: x509: cannot validate certificate for ${ip} because it doesn't contain any IP SANs`;
      if (err === undefined) return;
      out.push({ at, stream: 'stderr', text: `${klogHeader('E', at, 100 + i * 37)}scraper.go:149] ${structured('Failed to scrape node', [['err', err], ['node', node]])}` });
    });
  }
  return out;
}
