/**
 * A ZooKeeper server as a running app (AppRun.zk): which of its ports a connection reached and
 * what that port speaks — four-letter words and client sessions on the client port, the
 * ensemble's messages on the election port (zookeeper-server.ts). Shared by a connection from
 * inside its own container (container-net.ts) and one from the cluster (process.ts serveZk).
 */
import { appAlive, type AppRun } from './app';
import { fourLetterWord, servePeer, serveSession, type ZkIo, type ZkPeers, type ZkReply, type ZkRequest } from './zookeeper-server';

export function zkExchange(run: AppRun, port: number, req: ZkRequest, now: number, io: ZkIo, peers: ZkPeers): ZkReply {
  const s = run.zk;
  if (!s || !appAlive(run, now) || now < run.listenAt) return { kind: 'refused' };
  const c = s.config;
  const self = c.servers.find((a) => a.id === s.myid);
  if (port === c.clientPort) {
    if (req.kind === '4lw') return fourLetterWord(s, req.word, req.from, now, io);
    if (req.kind === 'session') return serveSession(s, io, peers, req, now);
    return { kind: 'refused' };
  }
  if (self && port === self.electionPort && (req.kind === 'peer-state' || req.kind === 'peer-adopt')) return servePeer(s, io, req);
  return { kind: 'refused' };
}

/** The ports a server listens on: the client port, and in an ensemble its election and quorum ports. */
export function zkPorts(run: AppRun): number[] {
  const s = run.zk;
  if (!s) return [];
  const self = s.config.servers.find((a) => a.id === s.myid);
  return self ? [s.config.clientPort, self.electionPort, self.serverPort] : [s.config.clientPort];
}

