/**
 * etcd's zap JSON lines, and the raft messages an election or a lost leader produces on each
 * member. Callers and texts are etcd v3.6.8's and go.etcd.io/raft v3.6.0's (raft.go, node.go),
 * which etcd logs through its zap adapter with `"logger":"raft"`.
 */
import type { ComponentId } from '../core/ids';
import type { ComponentBase } from '../core/component';
import type { World } from '../world';
import { dateOf, micros } from './klog';
import { subMicros, writeLine } from './process-log';

type Level = 'info' | 'warn' | 'error';

const RAFT = 'v3@v3.6.0';

function ts(at: number, sub: number): string {
  return `${dateOf(at)}T${micros(at, sub)}Z`;
}

export function zap(w: World, c: ComponentBase, level: Level, caller: string, msg: string, fields: Record<string, unknown> = {}, logger?: string): void {
  const sub = subMicros(c, w.now);
  if (sub === undefined) return;
  const head: Record<string, unknown> = { level, ts: ts(w.now, sub) };
  if (logger) head['logger'] = logger;
  writeLine(c, w.now, JSON.stringify({ ...head, caller, msg, ...fields }));
}

function raft(w: World, c: ComponentBase, level: Level, file: string, msg: string): void {
  zap(w, c, level, `${RAFT}/${file}`, msg, {}, 'raft');
}

export function memberIdOf(w: World, id: ComponentId | undefined): string {
  return w.etcd.members.find((m) => m.name === id)?.memberId ?? '0';
}

function liveMembers(w: World): ComponentBase[] {
  return w.etcd.members.map((m) => w.components.get(m.name)).filter((m): m is NonNullable<typeof m> => !!m?.running);
}

/** The winner's campaign (pre-vote, vote, leader) and every other live member following it. */
export function logElection(w: World, leader: ComponentId, term: number): void {
  const me = memberIdOf(w, leader);
  const voters = liveMembers(w);
  for (const c of voters) {
    if (c.id !== leader) continue;
    raft(w, c, 'info', 'raft.go:988', `${me} is starting a new election at term ${term - 1}`);
    raft(w, c, 'info', 'raft.go:930', `${me} became pre-candidate at term ${term - 1}`);
    raft(w, c, 'info', 'raft.go:1077', `${me} received MsgPreVoteResp from ${me} at term ${term - 1}`);
    raft(w, c, 'info', 'raft.go:912', `${me} became candidate at term ${term}`);
    raft(w, c, 'info', 'raft.go:1077', `${me} received MsgVoteResp from ${me} at term ${term}`);
    if (voters.length > 1) raft(w, c, 'info', 'raft.go:1693', `${me} has received ${voters.length} MsgVoteResp votes and 0 vote rejections`);
    raft(w, c, 'info', 'raft.go:970', `${me} became leader at term ${term}`);
    raft(w, c, 'info', 'node.go:370', `raft.node: ${me} elected leader ${me} at term ${term}`);
  }
  for (const c of voters) {
    if (c.id === leader) continue;
    const id = memberIdOf(w, c.id);
    raft(w, c, 'info', 'raft.go:897', `${id} became follower at term ${term}`);
    raft(w, c, 'info', 'node.go:370', `raft.node: ${id} elected leader ${me} at term ${term}`);
  }
}

/** Live members noticing the leader is gone; a leader that stepped down (check-quorum) says why first. */
export function logLostLeader(w: World, leader: ComponentId, steppedDown: boolean): void {
  const lead = memberIdOf(w, leader);
  const term = w.etcd.term;
  for (const c of liveMembers(w)) {
    const id = memberIdOf(w, c.id);
    if (c.id === leader && steppedDown) {
      raft(w, c, 'warn', 'raft.go:1275', `${id} stepped down to follower since quorum is not active`);
      raft(w, c, 'info', 'raft.go:897', `${id} became follower at term ${term}`);
    }
    raft(w, c, 'info', 'node.go:376', `raft.node: ${id} lost leader ${lead} at term ${term}`);
  }
}

/** What a member prints as it comes up: its command line, raft, then serving clients. */
export function logEtcdStart(w: World, c: ComponentBase, argv: readonly string[], ip: string): void {
  zap(w, c, 'info', 'etcdmain/etcd.go:64', 'Running: ', { args: argv });
  const leader = w.etcd.leader;
  const id = memberIdOf(w, c.id);
  if (leader === c.id) logElection(w, c.id, w.etcd.term);
  else if (leader !== undefined && w.components.get(leader)?.running) {
    raft(w, c, 'info', 'raft.go:897', `${id} became follower at term ${w.etcd.term}`);
    raft(w, c, 'info', 'node.go:370', `raft.node: ${id} elected leader ${memberIdOf(w, leader)} at term ${w.etcd.term}`);
  }
  if (leader !== undefined) {
    zap(w, c, 'info', 'etcdserver/server.go:1820', 'published local member to cluster through raft', {
      'local-member-id': id,
      'local-member-attributes': `{Name:${c.host} ClientURLs:[https://${ip}:2379]}`,
      'cluster-id': clusterId(w),
      'publish-timeout': '7s',
    });
  }
  zap(w, c, 'info', 'embed/serve.go:138', 'ready to serve client requests');
  zap(w, c, 'info', 'embed/serve.go:283', 'serving client traffic securely', { traffic: 'grpc+http', address: '127.0.0.1:2379' });
  zap(w, c, 'info', 'embed/serve.go:283', 'serving client traffic securely', { traffic: 'grpc+http', address: `${ip}:2379` });
}

/** A cluster id derived from the member ids (etcd hashes them too), 16 hex digits. */
export function clusterId(w: World): string {
  let h = 0x811c9dc5;
  let l = 0x01000193;
  for (const ch of w.etcd.members.map((m) => m.memberId).join(',')) {
    h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    l = Math.imul(l ^ ch.charCodeAt(0), 0x811c9dc5) >>> 0;
  }
  return (h.toString(16).padStart(8, '0') + l.toString(16).padStart(8, '0')).replace(/^0+/, '');
}
