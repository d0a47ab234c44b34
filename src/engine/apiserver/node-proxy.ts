/**
 * nodes/proxy: `/api/v1/nodes/[scheme:]<name>[:<port>]/proxy/<path>`, how a learner looks inside a
 * kubelet (`kubectl get --raw /api/v1/nodes/<node>/proxy/configz`). ProxyREST.Connect
 * (pkg/registry/core/node/rest/proxy.go) asks ResourceLocation (pkg/registry/core/node/strategy.go)
 * where the node is: NodeConnectionInfoGetter (pkg/kubelet/client/kubelet_client.go) reads the Node,
 * takes its first address of the preferred types (kubeadm's --kubelet-preferred-address-types,
 * InternalIP,ExternalIP,Hostname) and the port its kubelet reported
 * (status.daemonEndpoints.kubeletEndpoint.Port, 10250 when unset). No port, or that port: the
 * kubelet transport — HTTPS with kubeadm's apiserver-kubelet-client certificate, which the kubelet
 * authenticates and authorizes for the fine-grained `nodes/<subresource>` itself. Another port:
 * the plain proxy transport to that port of the node. Either way proxy-transport.ts dials from
 * kube-apiserver's machine and relays the answer, or its `503 error trying to reach service`.
 *
 * kube-apiserver authorizes only `nodes/proxy` (the method's verb); KubeletFineGrainedAuthz
 * (on by default since 1.33) is the kubelet's business, not the apiserver's.
 */
import type { ComponentId } from '../core/ids';
import { resourceInfo } from '../../k8s/resources';
import type { Node } from '../../k8s/types';
import type { World } from '../world';
import { dialPort, proxyTo, splitSchemeNamePort, type ProxyAnswer, type ProxyRequest } from './proxy-transport';
import { badRequest, notFound, type StatusError } from './status';
import { storedObject } from './storage';

/** kubeadm's --kubelet-preferred-address-types (the apiserver's own default puts Hostname first). */
const PREFERRED_ADDRESS_TYPES = ['InternalIP', 'ExternalIP', 'Hostname'];

/** KubeletConfig's default port, used when the Node reports none. */
const DEFAULT_KUBELET_PORT = 10250;

/** The subject of kubeadm's apiserver-kubelet-client certificate (O=kubeadm:cluster-admins since 1.29). */
const KUBELET_CLIENT_CERT = { commonName: 'kube-apiserver-kubelet-client', organizations: ['kubeadm:cluster-admins'] };

/** nodeutil.GetPreferredNodeAddress: the first address of the first preferred type that has one. */
function preferredAddress(node: Node): string | StatusError {
  const addresses = node.status?.addresses ?? [];
  for (const type of PREFERRED_ADDRESS_TYPES) {
    const found = addresses.find((a) => a.type === type);
    if (found) return found.address;
  }
  // NoMatchError is no API status: the handler answers it as a 500 with no reason.
  return { code: 500, reason: '', message: `no preferred addresses found; known addresses: [${addresses.map((a) => `{${a.type} ${a.address}}`).join(' ')}]` };
}

/** isProxyableHostname: every address the host resolves to must be global unicast. */
function proxyable(ip: string): boolean {
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a !== 0 && a !== 127 && !(a === 169 && b === 254) && a < 224;
}

export function nodeProxy(w: World, serverId: ComponentId, req: ProxyRequest): ProxyAnswer | StatusError {
  const id = splitSchemeNamePort(req.name);
  if (!id) return badRequest(`invalid node request ${JSON.stringify(req.name)}`);
  const node = storedObject(w, 'nodes', undefined, id.name) as Node | undefined;
  if (!node) return notFound(resourceInfo('nodes')!, id.name);
  const host = preferredAddress(node);
  if (typeof host !== 'string') return host;
  if (!proxyable(host)) return badRequest('address not allowed');
  const reported = node.status?.daemonEndpoints?.kubeletEndpoint.Port ?? 0;
  const kubeletPort = reported > 0 ? reported : DEFAULT_KUBELET_PORT;
  if (id.port === '' || id.port === String(kubeletPort)) {
    return proxyTo(w, serverId, { resource: 'nodes', scheme: 'https', ip: host, port: kubeletPort, certificate: KUBELET_CLIENT_CERT }, req);
  }
  // Another port of the node, through the plain proxy transport with the scheme asked for.
  return proxyTo(w, serverId, { resource: 'nodes', scheme: id.scheme || 'http', ip: host, port: dialPort(id.port) }, req);
}
