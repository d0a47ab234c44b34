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
