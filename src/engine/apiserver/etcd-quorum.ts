/** What kube-apiserver's etcd health checks (/healthz's etcd, ComponentStatus etcd-0) ask. */
import { quorumSize } from '../etcd/etcd';
import type { EtcdMemberState } from '../etcd/member';
import type { World } from '../world';

/** Whether etcd can commit: a majority of its members are running. */
export function etcdHasQuorum(w: World): boolean {
  const live = w.etcd.members.filter((m) => (w.components.get(m.name) as EtcdMemberState | undefined)?.running).length;
  return live >= quorumSize(w.etcd);
}
