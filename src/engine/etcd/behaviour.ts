import type { Behaviour } from '../behaviour';
import { markComponentChanged, setTimer } from '../runtime';
import type { World } from '../world';
import { quorumSize } from './etcd';
import type { EtcdMemberState } from './member';
import { logLostLeader } from '../logging/etcd-log';

/** The leader's check-quorum tick (raft's CheckQuorum, on in every etcd server). */
const CHECK_QUORUM = 'check-quorum';

function liveMembers(w: World): number {
  return w.etcd.members.filter((m) => (w.components.get(m.name) as EtcdMemberState | undefined)?.running === true).length;
}

function loseLeader(w: World, steppedDown: boolean): void {
  if (w.etcd.leader !== undefined) logLostLeader(w, w.etcd.leader, steppedDown);
  w.etcd.leader = undefined;
  for (const m of w.etcd.members) markComponentChanged(w, m.name);
}

/**
 * An etcd member. Elections happen at commit time (apiserver/storage.ts): with a quorum but no
 * leader, the next write elects one. Losing leadership happens here: the leader's process
 * stopping, or the leader stepping down once it has not heard from a quorum for an election
 * timeout (check-quorum). With pre-vote (etcd's default) the lone survivors' failed elections do
 * not bump the term, so the term stays where it was until a quorum elects a leader again.
 */
export const etcdBehaviour: Behaviour<'etcd'> = {
  start() {},
  stop(w, self) {
    if (w.etcd.leader === self.id) {
      loseLeader(w, false);
      return;
    }
    const leader = w.etcd.leader === undefined ? undefined : (w.components.get(w.etcd.leader) as EtcdMemberState | undefined);
    if (leader?.running && liveMembers(w) < quorumSize(w.etcd)) setTimer(w, leader, w.timings.etcdElectionTimeout, CHECK_QUORUM);
  },
  onTimer(w, self, name) {
    if (name !== CHECK_QUORUM || w.etcd.leader !== self.id) return;
    if (liveMembers(w) < quorumSize(w.etcd)) loseLeader(w, true);
  },
};
