/**
 * What the kubelet's secure port answers once a request is authenticated and authorized
 * (pkg/kubelet/server/server.go): `/healthz` (with its ping, log and syncloop checks), `/pods`
 * (the Pods the kubelet holds, encodePods' v1 PodList), `/configz`, `/stats/summary`,
 * `/metrics/resource` and `/metrics` (metrics.ts). The same handler serves a client in the
 * cluster and kube-apiserver's `nodes/<name>/proxy/…`.
 *
 * Approximate: the kubelet's other handlers (/metrics/cadvisor, /metrics/probes,
 * /logs/, /runningpods/, /checkpoint/, /debug/…) are not simulated and answer as a path nothing
 * serves: net/http's `404 page not found`.
 */
import type { Pod } from '../../k8s/types';
import { listBody } from '../../k8s/wire-json';
import { resourceInfo } from '../../k8s/resources';
import { serveResourceMetrics } from '../node/resource-metrics';
import { statsSummary } from '../node/stats-summary';
import type { World } from '../world';
import { configzBody } from './configz';
import type { KubeletState } from './state';
import { isMirrorPod, MIRROR_ANNOTATION } from './static-pods';
import { kubeletMetrics } from './metrics';
import { PROMETHEUS_TEXT, writeExposition } from '../metrics/exposition';

export interface KubeletReply {
  status: number;
  body: string;
  contentType: string;
}

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';

const NOT_FOUND: KubeletReply = { status: 404, body: '404 page not found\n', contentType: TEXT };
/** go-restful's answer to a method its route does not take. */
const NOT_ALLOWED: KubeletReply = { status: 405, body: '405: Method Not Allowed', contentType: TEXT };

/** healthz.InstallHandler(PingHealthz, LogHealthz, NamedCheck("syncloop")): all pass while the kubelet runs. */
const HEALTH_CHECKS = ['ping', 'log', 'syncloop'];

function healthz(path: string, query: string): KubeletReply {
  const check = path.slice('/healthz'.length).replace(/^\//, '');
  if (check !== '') return HEALTH_CHECKS.includes(check) ? { status: 200, body: 'ok', contentType: TEXT } : NOT_FOUND;
  const verbose = query.split('&').some((p) => p === 'verbose' || p.startsWith('verbose='));
  if (!verbose) return { status: 200, body: 'ok', contentType: TEXT };
  return { status: 200, body: `${HEALTH_CHECKS.map((c) => `[+]${c} ok\n`).join('')}healthz check passed\n`, contentType: TEXT };
}

/**
 * The pod manager's Pods: every Pod bound here that the kubelet has not seen deleted, as its
 * newest copy (with its own status writes), and each static Pod as the file source made it —
 * the manifest's Pod with the config hash as its UID, not the mirror kube-apiserver holds.
 */
function podManagerPods(self: KubeletState): Pod[] {
  const out: Pod[] = [];
  for (const wk of self.workers.values()) if (!wk.deleted) out.push(wk.pod);
  for (const obj of self.informers['pods']?.cache.values() ?? []) {
    const mirror = obj as Pod;
    // A learner's static Pod is its worker's Pod (the file source's) already.
    if (!isMirrorPod(mirror) || self.workers.has(mirror.metadata.annotations?.[MIRROR_ANNOTATION] ?? '')) continue;
    const pod = structuredClone(mirror);
    const hash = pod.metadata.annotations?.[MIRROR_ANNOTATION] ?? '';
    delete pod.metadata.annotations?.[MIRROR_ANNOTATION];
    for (const k of ['resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'ownerReferences'] as const) delete pod.metadata[k];
    pod.metadata.uid = hash;
    out.push(pod);
  }
  // A Go map's order is random; a fixed order keeps the simulation reproducible.
  return out.sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
}

/** One request to the running kubelet `self`, past its authentication and authorization. */
export function kubeletPathReply(w: World, self: KubeletState, method: string, path: string, query: string): KubeletReply {
  const read = method === 'GET' || method === 'HEAD';
  if (path === '/healthz' || path.startsWith('/healthz/')) return healthz(path, query);
  if (path === '/configz') return { status: 200, body: configzBody(w, self.host), contentType: JSON_TYPE };
  if (path === '/pods' || path === '/pods/') {
    if (!read) return NOT_ALLOWED;
    return { status: 200, body: listBody(resourceInfo('pods')!, podManagerPods(self), undefined), contentType: JSON_TYPE };
  }
  if (path === '/stats/summary') {
    if (!read) return NOT_ALLOWED;
    return { status: 200, body: statsSummary(w, self, w.now), contentType: JSON_TYPE };
  }
  if (path === '/metrics/resource') {
    const res = serveResourceMetrics(w, self, { path: 'metrics/resource', at: w.now });
    return res.ok ? { status: 200, body: res.text, contentType: PROMETHEUS_TEXT } : { status: 500, body: res.message, contentType: TEXT };
  }
  if (path === '/metrics') return { status: 200, body: writeExposition(kubeletMetrics(w, self)), contentType: PROMETHEUS_TEXT };
  return NOT_FOUND;
}
