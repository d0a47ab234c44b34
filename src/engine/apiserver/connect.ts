/**
 * The Pod's Connecter subresources (pkg/registry/core/pod/rest/subresources.go) where no stream
 * is served: `exec`, `attach` and `portforward` asked without an upgrade (kubectl get --raw, a
 * plain POST), `portforward` upgraded, and `proxy`. Each first locates its target as upstream's
 * Connect does — ExecLocation / AttachLocation (the Pod, its container, its node),
 * PortForwardLocation (the Pod, its node), ResourceLocation for proxy (the Pod, a port, its IP) —
 * so a missing Pod or container is the same Status as ever; then:
 * - a plain request to an upgradeable one: UpgradeAwareHandler's `400 Upgrade request required`;
 * - an upgraded `portforward`: the stream is not simulated (no local listener can reach a
 *   simulated Pod), so it is refused with the Status kube-apiserver gives when the kubelet
 *   cannot be dialled;
 * - `proxy`: no request is carried to the Pod, refused with the proxy transport's Status for an
 *   address that does not answer.
 * The upgraded exec and attach are kubelet-proxy.ts's podExec and podAttach.
 */
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
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
  /** The request carried an Upgrade header (kubectl's exec, attach, port-forward). */
  upgraded: boolean;
}

/** Connect's answer where no stream is served: always a Status error. */
export function connectRefusal(w: World, req: ConnectRequest): StatusError {
  const pods = w.etcd.kv.get('pods');
  if (req.subresource === 'proxy') return proxyRefusal(pods, req);
  const pod = pods?.get(`pods/${req.namespace}/${req.name}`) as Pod | undefined;
  if (!pod) return { code: 404, reason: 'NotFound', message: `pods "${req.name}" not found` };
  if (req.subresource !== 'portforward') {
    const bad = containerError(pod, req.name, req.container);
    if (bad) return bad;
  }
  const node = pod.spec.nodeName;
  if (!node) return badRequest(`pod ${req.name} does not have a host assigned`);
  if (!req.upgraded) return badRequest('Upgrade request required');
  const hostIP = w.machineSpecs.get(node)?.ip ?? node;
  return { code: 500, reason: '', message: `error dialing backend: dial tcp ${hostIP}:10250: connect: connection refused` };
}

/** ResourceLocation (`name`, `name:port`, `scheme:name:port`; no port: the first declared), then the transport's dial error. */
function proxyRefusal(pods: Map<string, unknown> | undefined, req: ConnectRequest): StatusError {
  // utilnet.SplitSchemeNamePort: a name, and a scheme of "", http or https.
  const parts = req.name.split(':');
  const [scheme, name, port] = parts.length === 3 ? [parts[0]!, parts[1]!, parts[2]!] : ['', parts[0]!, parts[1] ?? ''];
  if (parts.length > 3 || name === '' || !['', 'http', 'https'].includes(scheme)) return badRequest(`invalid pod request ${JSON.stringify(req.name)}`);
  const pod = pods?.get(`pods/${req.namespace}/${name}`) as Pod | undefined;
  if (!pod) return { code: 404, reason: 'NotFound', message: `pods "${name}" not found` };
  const declared = pod.spec.containers.find((c) => (c.ports ?? []).length > 0)?.ports?.[0]?.containerPort;
  const ip = pod.status?.podIP ?? '';
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip) || ip.startsWith('127.') || ip === '0.0.0.0') return badRequest('address not allowed');
  // net/http dials a URL without a port on the scheme's (80 for http).
  const target = `${ip}:${port || (declared !== undefined ? String(declared) : scheme === 'https' ? '443' : '80')}`;
  return { code: 500, reason: '', message: `error trying to reach service: dial tcp ${target}: connect: connection refused` };
}
