/**
 * services/proxy: `/api/v1/namespaces/<ns>/services/[https:]<name>[:<port>]/proxy/<path>`, what
 * `kubectl proxy` users open. ProxyREST.Connect (pkg/registry/core/service/proxy.go) asks the
 * Service storage's ResourceLocation (pkg/registry/core/service/storage/storage.go) for one ready
 * endpoint of the named port, then proxies to it as pods/proxy does (proxy-transport.ts): straight
 * to `podIP:targetPort` from kube-apiserver's machine, not through the ClusterIP and kube-proxy.
 *
 * ResourceLocation reads the v1 Endpoints object, as kube-apiserver 1.36 does (its move to
 * EndpointSlices, kubernetes#134860, came after), and draws its random starting subset and
 * address from the world's seeded PRNG where upstream calls rand.Intn, at the same points, so
 * a run stays reproducible and repeated requests spread over the ready Pods as upstream's do.
 */
import type { ComponentId } from '../core/ids';
import { nextInt } from '../core/rng';
import { resourceInfo } from '../../k8s/resources';
import type { EndpointAddress, Endpoints, Pod, Service } from '../../k8s/types';
import type { World } from '../world';
import { proxyTo, splitSchemeNamePort, type ProxyAnswer, type ProxyRequest } from './proxy-transport';
import { badRequest, notFound, type StatusError } from './status';
import { storedObject } from './storage';

function unavailable(message: string): StatusError {
  return { code: 503, reason: 'ServiceUnavailable', message };
}

/** strconv.ParseInt(s, 10, 64): a sign is allowed, nothing else but digits. */
function parsePortNumber(s: string): number | undefined {
  return /^[+-]?[0-9]{1,18}$/.test(s) ? Number(s) : undefined;
}

export function serviceProxy(w: World, serverId: ComponentId, req: ProxyRequest): ProxyAnswer | StatusError {
  // Allow ID as "svcname", "svcname:port", or "scheme:svcname:port".
  const id = splitSchemeNamePort(req.name);
  if (!id) return badRequest(`invalid service request ${JSON.stringify(req.name)}`);
  let portName = id.port;
  // A port number names the Service port that declares it: the Endpoints carry that port's name.
  const number = parsePortNumber(id.port);
  if (number !== undefined) {
    const svc = storedObject(w, 'services', req.namespace, id.name) as Service | undefined;
    if (!svc) return notFound(resourceInfo('services')!, id.name);
    const declared = (svc.spec.ports ?? []).find((p) => p.port === number);
    if (!declared) return unavailable(`no service port ${number} found for service ${JSON.stringify(id.name)}`);
    portName = declared.name ?? '';
  }
  const eps = storedObject(w, 'endpoints', req.namespace, id.name) as Endpoints | undefined;
  if (!eps) return notFound(resourceInfo('endpoints')!, id.name);
  const subsets = eps.subsets ?? [];
  if (subsets.length === 0) return unavailable(`no endpoints available for service ${JSON.stringify(id.name)}`);
  // Pick a random subset to start searching from, then one with the port, then a random address in it.
  const subsetSeed = nextInt(w.rng, 0, subsets.length - 1);
  for (let i = 0; i < subsets.length; i++) {
    const ss = subsets[(subsetSeed + i) % subsets.length]!;
    const addresses = ss.addresses ?? [];
    if (addresses.length === 0) continue;
    for (const port of ss.ports ?? []) {
      if ((port.name ?? '') !== portName) continue;
      const addressSeed = nextInt(w.rng, 0, addresses.length - 1);
      for (let t = 0; t < addresses.length; t++) {
        const addr = addresses[(addressSeed + t) % addresses.length]!;
        if (!validAddress(w, req.namespace, addr)) continue;
        return proxyTo(w, serverId, { resource: 'services', scheme: id.scheme, ip: addr.ip, port: port.port }, req);
      }
    }
  }
  return unavailable(`no endpoints available for service ${JSON.stringify(req.name)}`);
}

/** isValidAddress: the address names a Pod in the Service's namespace that still holds that IP. */
function validAddress(w: World, namespace: string, addr: EndpointAddress): boolean {
  const ref = addr.targetRef;
  if (!ref || ref.namespace !== namespace) return false;
  const pod = storedObject(w, 'pods', namespace, ref.name) as Pod | undefined;
  return (pod?.status?.podIPs ?? []).some((p) => p.ip === addr.ip);
}
