import type { Behaviour } from '../behaviour';
import { markComponentChanged } from '../runtime';

/**
 * An etcd member. Quorum and leadership are evaluated at commit time (apiserver/storage.ts);
 * losing the leader only clears it here so the next write triggers an election.
 */
export const etcdBehaviour: Behaviour<'etcd'> = {
  start() {},
  stop(w, self) {
    if (w.etcd.leader === self.id) {
      w.etcd.leader = undefined;
      for (const m of w.etcd.members) markComponentChanged(w, m.name);
    }
  },
};
