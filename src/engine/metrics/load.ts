/**
 * `sim load <svc> --rps N`: a steady stream of requests to a Service from outside its Pods,
 * entering through every powered-on node's kube-proxy rules (as from a load balancer spread over
 * the nodes). iptables' random match shares a node's part evenly over the ready endpoints its
 * rules list, so each Pod behind the Service serves its share and its CPU rises by its image's
 * cost per request. The shares are recomputed when the load changes and after every kube-proxy
 * sync that changed rules (a scaled-up Deployment's new Pods take traffic once they are Ready
 * and programmed, the old ones' share falls).
 */
import type { ComponentId } from '../core/ids';
import type { KubeProxyState } from '../node/proxy-state';
import type { ContainerRecord, RuntimeState } from '../node/runtime-state';
import type { World } from '../world';
import { cpuNanosAt, rpsAt } from './cpu';
import type { TrafficState } from './state';

/** Checkpoints older than this are folded away (metrics-server reads at most two resolutions back). */
const KEEP_MS = 10 * 60_000;

function runtimes(w: World): RuntimeState[] {
  const out: RuntimeState[] = [];
  for (const m of w.machines) {
    const c = w.components.get(`container-runtime/${m}` as ComponentId);
    if (c?.kind === 'container-runtime') out.push(c);
  }
  return out;
}

/** The running container that serves `ip:port`: the one declaring the port, else the Pod's first. */
function containerAt(w: World, ip: string, port: number): ContainerRecord | undefined {
  for (const rt of runtimes(w)) {
    for (const sb of rt.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY' || sb.hostNetwork || sb.ip !== ip) continue;
      const running = [...rt.containers.values()].filter((c) => c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING' && c.process);
      return running.find((c) => Object.values(c.config.ports).includes(port)) ?? running[0];
    }
  }
  return undefined;
}

/** Requests per second each container receives under the current loads and rules. */
function shares(w: World, t: TrafficState): Map<string, number> {
  const out = new Map<string, number>();
  const entries = w.machines.filter((m) => !w.faults.has(`node/${m}`));
  for (const [svc, load] of Object.entries(t.loads)) {
    if (load.rps <= 0 || entries.length === 0) continue;
    for (const node of entries) {
      const proxy = w.components.get(`kube-proxy/${node}` as ComponentId) as KubeProxyState | undefined;
      // A Service's first port (by rule key) carries the load; its NodePort entry is the same rule.
      const rule = proxy?.kind === 'kube-proxy' ? Object.keys(proxy.rules).sort().map((k) => proxy.rules[k]!).find((r) => r.service === svc) : undefined;
      if (!rule || rule.endpoints.length === 0) continue;
      const each = load.rps / entries.length / rule.endpoints.length;
      for (const ep of rule.endpoints) {
        const [ip = '', port = '0'] = ep.split(':');
        const c = containerAt(w, ip, Number(port));
        if (c) out.set(c.id, (out.get(c.id) ?? 0) + each);
      }
    }
  }
  return out;
}

function allContainers(w: World): Map<string, ContainerRecord> {
  const out = new Map<string, ContainerRecord>();
  for (const rt of runtimes(w)) for (const c of rt.containers.values()) out.set(c.id, c);
  return out;
}

/** Re-shares every load at `w.now`, writing a checkpoint for each container whose rate changed. */
export function rebalanceLoad(w: World): void {
  const t = w.traffic;
  if (!t) return;
  const now = w.now;
  const next = shares(w, t);
  const containers = allContainers(w);
  for (const id of Object.keys(t.cpu)) if (!containers.has(id)) delete t.cpu[id];
  for (const [id, c] of containers) {
    const rps = next.get(id) ?? 0;
    if (rps === rpsAt(w, c, now) || c.state !== 'CONTAINER_RUNNING') continue;
    const nanos = cpuNanosAt(w, c, now);
    const list = (t.cpu[id] ??= []);
    list.push({ at: now, nanos, rps });
    while (list.length > 2 && list[1]!.at < now - KEEP_MS) list.shift();
  }
}

/** Sets (rps > 0) or stops (0) the load on `namespace/name`. */
export function setServiceLoad(w: World, service: string, rps: number): void {
  const t = (w.traffic ??= { loads: {}, cpu: {} });
  if (rps > 0) t.loads[service] = { rps, since: w.now };
  else delete t.loads[service];
  rebalanceLoad(w);
}

export function serviceLoads(w: World): { service: string; rps: number; since: number }[] {
  return Object.entries(w.traffic?.loads ?? {})
    .map(([service, l]) => ({ service, rps: l.rps, since: l.since }))
    .sort((a, b) => a.service.localeCompare(b.service));
}
