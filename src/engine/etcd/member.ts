import type { ComponentBase } from '../core/component';

/** One etcd member process. Raft leadership is kept in EtcdState so there is one truth. */
export interface EtcdMemberState extends ComponentBase {
  kind: 'etcd';
  /** `https://10.0.0.10:2379` */
  clientURL: string;
}
