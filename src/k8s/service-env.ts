/**
 * The Service-link environment variables the kubelet gives a container (pkg/kubelet/envvars
 * FromServices, kubelet_pods.go getServiceEnvVarMap): for each Service with a ClusterIP,
 * `{NAME}_SERVICE_HOST`, `{NAME}_SERVICE_PORT` (the first port), `{NAME}_SERVICE_PORT_{PORTNAME}`
 * for named ports, and Docker's link variables (`{NAME}_PORT`, `{NAME}_PORT_{port}_{PROTO}` and its
 * `_PROTO`, `_PORT`, `_ADDR`). The `kubernetes` Service of `default` is always included, even with
 * `enableServiceLinks: false`; the Pod's own namespace's Services only with it (the default).
 * A Service created after the Pod started is not in its environment: only DNS finds it.
 */
import type { Service } from './types';

/** The kubelet's masterServices: the Services every Pod gets, from the default namespace. */
const MASTER_SERVICES = new Set(['kubernetes']);

function envName(s: string): string {
  return s.replace(/-/g, '_').toUpperCase();
}

function hasClusterIP(s: Service): boolean {
  const ip = s.spec?.clusterIP;
  return ip !== undefined && ip !== '' && ip !== 'None';
}

/** envvars.FromServices for one Service, in upstream's order. */
export function serviceLinkVars(s: Service): [string, string][] {
  const ip = s.spec?.clusterIP ?? '';
  const ports = s.spec?.ports ?? [];
  const prefix = envName(s.metadata.name ?? '');
  const out: [string, string][] = [[`${prefix}_SERVICE_HOST`, ip]];
  if (ports.length === 0) return out;
  out.push([`${prefix}_SERVICE_PORT`, String(ports[0]!.port)]);
  for (const p of ports) if (p.name) out.push([`${prefix}_SERVICE_PORT_${envName(p.name)}`, String(p.port)]);
  ports.forEach((p, i) => {
    const proto = (p.protocol || 'TCP').toUpperCase();
    const url = `${proto.toLowerCase()}://${ip}:${p.port}`;
    if (i === 0) out.push([`${prefix}_PORT`, url]);
    const pp = `${prefix}_PORT_${p.port}_${proto}`;
    out.push([pp, url], [`${pp}_PROTO`, proto.toLowerCase()], [`${pp}_PORT`, String(p.port)], [`${pp}_ADDR`, ip]);
  });
  return out;
}

/**
 * getServiceEnvVarMap: the variables for a Pod in `namespace`. Upstream ranges over a Go map, so
 * the Services' order is not defined; here `kubernetes` comes first, then the rest by name.
 */
export function serviceEnv(services: Iterable<Service>, namespace: string, enableServiceLinks: boolean): [string, string][] {
  const picked = new Map<string, Service>();
  for (const s of services) {
    if (!hasClusterIP(s)) continue;
    const name = s.metadata.name ?? '';
    if (s.metadata.namespace === 'default' && MASTER_SERVICES.has(name)) {
      if (!picked.has(name)) picked.set(name, s);
    } else if (s.metadata.namespace === namespace && enableServiceLinks) picked.set(name, s);
  }
  const names = [...picked.keys()].sort((a, b) => (MASTER_SERVICES.has(a) ? -1 : MASTER_SERVICES.has(b) ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return names.flatMap((n) => serviceLinkVars(picked.get(n)!));
}
