/**
 * The Pod's Connecter subresources (pkg/registry/core/pod/rest/subresources.go) where no stream
 * is served: `exec`, `attach` and `portforward` asked without an upgrade (kubectl get --raw, a
 * plain POST), and `proxy`. Each first locates its target as upstream's
 * Connect does — ExecLocation / AttachLocation (the Pod, its container, its node),
 * PortForwardLocation (the Pod, its node), ResourceLocation for proxy (the Pod, a port, its IP) —
 * so a missing Pod or container is the same Status as ever; then:
 * - a plain request to an upgradeable one: UpgradeAwareHandler's `400 Upgrade request required`;
 * - `proxy` (podProxy): proxy-transport.ts dials `podIP:port` and relays the app's answer, or the
 *   proxy transport's 503. A Service's proxy is service-proxy.ts's.
 * The upgraded exec, attach and portforward are kubelet-proxy.ts's podExec, podAttach and podPortForward.
 */
import type { ComponentId } from '../core/ids';
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
import { dialPort, proxyTo, splitSchemeNamePort, type ProxyAnswer, type ProxyRequest } from './proxy-transport';
import { badRequest, type StatusError } from './status';

/** The subresources served by Connect rather than by a store. */
export type ConnectSubresource = 'exec' | 'attach' | 'portforward' | 'proxy';

/** exec, attach and portforward stream over an upgraded connection (GET and POST); proxy carries any method. */
export const UPGRADEABLE: ReadonlySet<string> = new Set(['exec', 'attach', 'portforward']);

export function isConnect(sub: string | undefined): sub is ConnectSubresource {
  return sub === 'proxy' || (sub !== undefined && UPGRADEABLE.has(sub));
}

function names(list: { name: string }[] | undefined): string {
  return (list ?? []).map((c) => c.name).join(' ');
}

/** streamLocation's container check: the default when there is one, or its BadRequest. */
function containerError(pod: Pod, name: string, wanted: string | undefined): StatusError | undefined {
  if (wanted) {
    const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? []), ...(pod.spec.ephemeralContainers ?? [])];
    return all.some((c) => c.name === wanted) ? undefined : badRequest(`container ${wanted} is not valid for pod ${name}`);
  }
  if (pod.spec.containers.length === 1) return undefined;
  if (pod.spec.containers.length === 0) return badRequest(`a container name must be specified for pod ${name}`);
  let msg = `a container name must be specified for pod ${name}, choose one of: [${names(pod.spec.containers)}]`;
  if ((pod.spec.initContainers ?? []).length) msg += ` or one of the init containers: [${names(pod.spec.initContainers)}]`;
  return badRequest(msg);
}

export interface ConnectRequest {
  subresource: ConnectSubresource;
  namespace: string;
  /** The URL's name: for proxy `[scheme:]name[:port]`. */
  name: string;
  container?: string;
}

function podAt(w: World, namespace: string, name: string): Pod | undefined {
  return w.etcd.kv.get('pods')?.get(`pods/${namespace}/${name}`) as Pod | undefined;
}

function podNotFound(name: string): StatusError {
  return { code: 404, reason: 'NotFound', message: `pods "${name}" not found` };
}

/** The port a URL without one reaches: the first declared container port (ResourceLocation), else the scheme's. */
function defaultPort(pod: Pod, scheme: string): number {
  const declared = pod.spec.containers.find((c) => (c.ports ?? []).length > 0)?.ports?.[0]?.containerPort;
  // net/http dials a URL without a port on the scheme's (80 for http).
  return declared ?? (scheme === 'https' ? 443 : 80);
}

/** Connect's answer where no stream is served, for exec, attach and portforward: always a Status error. */
export function connectRefusal(w: World, req: ConnectRequest): StatusError {
  const pod = podAt(w, req.namespace, req.name);
  if (!pod) return podNotFound(req.name);
  if (req.subresource !== 'portforward') {
    const bad = containerError(pod, req.name, req.container);
    if (bad) return bad;
  }
  const node = pod.spec.nodeName;
  if (!node) return badRequest(`pod ${req.name} does not have a host assigned`);
  // An upgraded POST is kubelet-proxy.ts's; what comes here is a plain request (UpgradeAwareHandler).
  return badRequest('Upgrade request required');
}

/**
 * ResourceLocation (pkg/registry/core/pod/strategy.go: `name`, `name:port`, `scheme:name:port`;
 * no port: the first declared; proxyutil.IsProxyableIP on the Pod's IP), then ProxyREST.Connect:
 * kube-apiserver dials the Pod from its own machine and relays what the app answers.
 */
export function podProxy(w: World, serverId: ComponentId, req: ProxyRequest): ProxyAnswer | StatusError {
  const id = splitSchemeNamePort(req.name);
  if (!id) return badRequest(`invalid pod request ${JSON.stringify(req.name)}`);
  const pod = podAt(w, req.namespace, id.name);
  if (!pod) return podNotFound(id.name);
  const ip = pod.status?.podIP ?? '';
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip) || ip.startsWith('127.') || ip.startsWith('169.254.') || ip === '0.0.0.0') return badRequest('address not allowed');
  const port = id.port === '' ? defaultPort(pod, id.scheme) : dialPort(id.port);
  return proxyTo(w, serverId, { resource: 'pods', scheme: id.scheme, ip, port }, req);
}
