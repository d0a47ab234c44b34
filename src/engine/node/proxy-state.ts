import type { ComponentBase } from '../core/component';
import type { InformerState } from '../client/types';

// kube-proxy's modes are shared with `sim topology` and the page (src/k8s/cluster-options.ts).
export { PROXY_MODES } from '../../k8s/cluster-options';
export type { ProxyMode } from '../../k8s/cluster-options';

/** One programmed rule: traffic to a Service port, and the ready endpoints it is spread over. */
export interface ProxyRule {
  /** `namespace/name` of the Service. */
  service: string;
  portName: string;
  protocol: string;
  clusterIP: string;
  port: number;
  nodePort?: number;
  /** `ip:port` of every ready endpoint, sorted. Empty: the rule REJECTs. */
  endpoints: string[];
  /** status.loadBalancer.ingress IPs: traffic to them on `port` takes the external path too. */
  loadBalancerIPs?: string[];
  /**
   * externalTrafficPolicy Local: traffic from outside the cluster to the node port or a load
   * balancer address goes only to `localEndpoints` (this node's), with its source kept, and is
   * dropped when there are none (the KUBE-EXT chain's `has no local endpoints` DROP).
   */
  externalLocal?: true;
  /** The ready endpoints on this kube-proxy's node, sorted (set with externalLocal). */
  localEndpoints?: string[];
}

/** kube-proxy on one node: its informers and the Service rules it last programmed. */
export interface KubeProxyState extends ComponentBase {
  kind: 'kube-proxy';
  informers: Record<string, InformerState>;
  /** `clusterIP:port/PROTOCOL` → rule (the KUBE-SERVICES chain); NodePorts under `nodeport:<port>/PROTOCOL`. */
  rules: Record<string, ProxyRule>;
  /** When rules were last synced, and whether a sync is waiting for minSyncPeriod. */
  lastSyncAt: number | undefined;
  syncPending: boolean;
  syncs: number;
}
