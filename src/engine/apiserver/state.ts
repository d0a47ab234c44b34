import type { ComponentBase } from '../core/component';

/** One kube-apiserver process. Stateless by design: everything it serves lives in etcd. */
export interface ApiServerState extends ComponentBase {
  kind: 'kube-apiserver';
  /** `10.0.0.10:6443` */
  address: string;
  requestsServed: number;
}
