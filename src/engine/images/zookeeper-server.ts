/**
 * A ZooKeeper 3.4.10 server (QuorumPeerMain) of an ensemble, as the kubernetes-zookeeper image
 * runs it: its log lines (log4j's CONSOLE layout `%d{ISO8601} [myid:%X{myid}] - %-5p
 * [%t:%C{1}@%L] - %m%n` from start-zookeeper's log4j.properties), the four-letter words on its
 * client port (`ruok` → `imok`, what zookeeper-ready asks), and a quorum-backed data tree.
 *
 * The ensemble. Each server's durable state is on its data volume, as ZooKeeper keeps it:
 * `<dataDir>/myid`, `<dataDir>/version-2/currentEpoch` and `acceptedEpoch` (the number, no newline:
 * QuorumPeer.writeLongToFile) and the transaction log `<dataLogDir>/version-2/log.<first zxid>`;
 * the tree is the log replayed. What a server holds in memory (the leader it follows, the epoch
 * of that leadership) lives and dies with the process. A client's request is served by the
 * server it connected to, which first reaches its peers at their zoo.cfg names through the
 * cluster's DNS and network (the headless Service publishes a Pod's name once it is Ready):
 *
 * - fewer than a majority of the servers answer: no quorum, the request is not served;
 * - the leader some member follows is still up (same server, same process): that leadership and
 *   epoch stand; members not following it sync from it (they adopt its log, DIFF/SNAP);
 * - no member follows a live leader: an election — the member with the highest last zxid, then
 *   the highest myid (FastLeaderElection's order), leads the epoch one past every member's
 *   acceptedEpoch, and the others sync from it.
 *
 * A write takes the next zxid of the epoch (`epoch << 32 | counter`) and is applied on every
 * member that answered (the quorum's ack). Sessions are transactions too: createSession when a
 * client connects; zkCli.sh run with a command exits without closing its session (its client
 * threads are daemons), so the session expires `negotiated timeout` later, which the leader
 * logs as a closeSession transaction (applied when the ensemble next commits).
 *
 * Approximate: elections happen when a request needs the ensemble, not when servers start (no
 * election lines in the logs); a leader is "up" when the serving member reaches it, so a member
 * that cannot resolve the leader's name yet (its Pod only just Ready) elects a new one with the
 * members it does reach, where a real one would stay LOOKING and refuse the client (no
 * election lines in the logs; only lines recorded from ZooKeeper 3.4.9/3.4.10 logs are printed:
 * the start-up's first lines, and per connection Accepted socket connection / Processing ruok
 * command / Unable to read additional data / Closed socket connection); the transaction log is a
 * text file of this simulation (ZooKeeper's is binary jute records), and no snapshots are taken
 * beyond the empty `snapshot.0` of a first start; watches, ACLs other than world:anyone, and
 * ephemeral/sequential znodes are not modelled.
 */
import { wall } from './clock';
import { EPOCH_MS } from '../../k8s/time';
import type { LogLine } from './types';
import type { ZkConfig, ZkServerAddr } from './zookeeper-config';

/** A server's process state (on its AppRun): plain data. */
export interface ZkServer {
  config: ZkConfig;
  myid: number;
  /** When this process started: a leader is identified by its myid and this. */
  boot: number;
  /** The leadership this process follows (or holds), once the ensemble has formed around it. */
  leader?: ZkLeader;
  /** Connections accepted so far (the next client's ephemeral port and CommandThread number). */
  cnxns: number;
  /** Sessions it has created (SessionTrackerImpl's nextSessionId counts on from its first). */
  sessions: number;
  /** A start-dependent offset for ephemeral ports. */
  portBase: number;
}

export interface ZkLeader {
  id: number;
  boot: number;
  epoch: number;
}

/** What one member tells another about itself (the election's notification, plus its log). */
export interface ZkPeerState {
  id: number;
  boot: number;
  acceptedEpoch: number;
  lastZxid: number;
  leader?: ZkLeader;
  log: string;
}

/** The client operations zkCli.sh sends. */
export type ZkOp =
  | { op: 'create'; path: string; data: string }
  | { op: 'get'; path: string }
  | { op: 'set'; path: string; data: string }
  | { op: 'delete'; path: string }
  | { op: 'ls'; path: string }
  | { op: 'stat'; path: string };

export interface ZkStat {
  czxid: number;
  ctime: number;
  mzxid: number;
  mtime: number;
  pzxid: number;
  cversion: number;
  version: number;
  aversion: number;
  ephemeralOwner: number;
  dataLength: number;
  numChildren: number;
}

export type ZkResult =
  | { kind: 'created'; path: string }
  | { kind: 'data'; data: string; stat: ZkStat }
  | { kind: 'stat'; stat: ZkStat }
  | { kind: 'children'; children: string[] }
  | { kind: 'deleted' }
  | { kind: 'error'; code: 'NoNode' | 'NodeExists' | 'NotEmpty' | 'BadArguments'; path: string };

/** What a connection to a ZooKeeper server carries: a four-letter word, a client's session, or a peer's message. */
export type ZkRequest =
  | { kind: '4lw'; word: string; from: string }
  | { kind: 'session'; ops: ZkOp[]; from: string; timeoutMs: number }
  | { kind: 'peer-state' }
  | { kind: 'peer-adopt'; leader: ZkLeader; log: string };

export type ZkReply =
  | { kind: 'text'; text: string }
  | { kind: 'session'; sessionId: string; timeoutMs: number; results: ZkResult[] }
  /** The server is up but not serving clients: no quorum. */
  | { kind: 'not-serving' }
  | { kind: 'peer'; state: ZkPeerState }
  | { kind: 'ok' }
  | { kind: 'refused' }
  | { kind: 'timeout' };

/** The server's files and log, as the process that runs it reads and writes them. */
export interface ZkIo {
  read(path: string): string | undefined;
  /** The names in a directory ([] when there is none). */
  list(dir: string): string[];
  write(path: string, content: string): void;
  log(lines: LogLine[]): void;
}

/** Another member, reached through the cluster (its zoo.cfg name resolved by the Pod's resolver). */
export type ZkPeers = (addr: ZkServerAddr, req: ZkRequest) => ZkReply;

// ---------------------------------------------------------------------------------------------
// Log lines
// ---------------------------------------------------------------------------------------------

/** log4j's ISO8601 date: `2016-12-06 19:34:16,236`. */
export function log4jTime(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s},${c.ms}`;
}

/** One CONSOLE line; `myid` is '' before the server has read its myid (and in zkCli.sh). */
export function zkLine(t: number, myid: string, level: 'INFO' | 'WARN' | 'ERROR', where: string, msg: string): string {
  return `${log4jTime(t)} [myid:${myid}] - ${level.padEnd(5)} [${where}] - ${msg}`;
}

const factory = (port: number): string => `NIOServerCxn.Factory:0.0.0.0/0.0.0.0:${port}`;

/**
 * The start-up's first lines (QuorumPeerMain through NIOServerCnxnFactory binding the client
 * port), as ZooKeeper 3.4.9's logs print them; the purge interval is 0 because zoo.cfg spells
 * its key `autopurge.purgeInteval`.
 */
export function zkBanner(s: ZkServer, startedAt: number): LogLine[] {
  const id = String(s.myid);
  const out = (dt: number, myid: string, where: string, msg: string): LogLine => ({ at: startedAt + dt, stream: 'stdout', text: zkLine(startedAt + dt, myid, 'INFO', where, msg) });
  return [
    out(310, '', 'main:QuorumPeerConfig@124', 'Reading configuration from: /usr/bin/../etc/zookeeper/zoo.cfg'),
    out(338, '', 'main:QuorumPeerConfig@352', 'Defaulting to majority quorums'),
    out(340, id, 'main:DatadirCleanupManager@78', `autopurge.snapRetainCount set to ${s.config.snapRetainCount}`),
    out(340, id, 'main:DatadirCleanupManager@79', 'autopurge.purgeInterval set to 0'),
    out(340, id, 'main:DatadirCleanupManager@101', 'Purge task is not scheduled.'),
    out(351, id, 'main:QuorumPeerMain@127', 'Starting quorum peer'),
    out(368, id, 'main:NIOServerCnxnFactory@89', `binding to port 0.0.0.0/0.0.0.0:${s.config.clientPort}`),
  ];
}

/** The next connection's client port on loopback (Linux's ephemeral range, rising). */
function nextPort(s: ZkServer): number {
  s.cnxns++;
  return 32768 + ((s.portBase + s.cnxns * 37 + ((s.cnxns * 7919) % 23)) % 28000);
}

/** A four-letter word on the client port (NIOServerCnxn.checkFourLetterWord); 3.4's ruok answers imok whatever the quorum. */
export function fourLetterWord(s: ZkServer, word: string, from: string, now: number, io: ZkIo): ZkReply {
  const port = nextPort(s);
  const id = String(s.myid);
  const peer = `/${from}:${port}`;
  const f = factory(s.config.clientPort);
  const lines: LogLine[] = [{ at: now, stream: 'stdout', text: zkLine(now, id, 'INFO', `${f}:NIOServerCnxnFactory@192`, `Accepted socket connection from ${peer}`) }];
  const known = word === 'ruok';
  if (known) lines.push({ at: now, stream: 'stdout', text: zkLine(now, id, 'INFO', `${f}:NIOServerCnxn@883`, `Processing ruok command from ${peer}`) });
  const closeAt = now + 1;
  lines.push({ at: closeAt, stream: 'stdout', text: zkLine(closeAt, id, 'INFO', `Thread-${s.cnxns + 1}:NIOServerCnxn@1044`, `Closed socket connection for client ${peer} (no session established for client)`) });
  io.log(lines);
  return { kind: 'text', text: known ? 'imok' : '' };
}

// ---------------------------------------------------------------------------------------------
// Durable state: epochs and the transaction log
// ---------------------------------------------------------------------------------------------

interface Txn {
  zxid: number;
  time: number;
  type: 'createSession' | 'closeSession' | 'create' | 'setData' | 'delete';
  /** The znode path, or the session id (hex) for session transactions. */
  path: string;
  data: string;
  /** createSession: its timeout (ms). */
  timeout?: number;
}

const hex = (n: number): string => `0x${n.toString(16)}`;
const HI = 2 ** 32;
export const epochOf = (zxid: number): number => Math.floor(zxid / HI);

function logDir(c: ZkConfig): string {
  return `${c.dataLogDir}/version-2`;
}

/** The log's file: named after its first transaction, as FileTxnLog names it (the newest one). */
function logPath(c: ZkConfig, io: ZkIo): { path: string; text: string } | undefined {
  const names = io
    .list(logDir(c))
    .filter((n) => /^log\.[0-9a-f]+$/.test(n))
    .sort((a, b) => parseInt(b.slice(4), 16) - parseInt(a.slice(4), 16));
  if (names.length === 0) return undefined;
  const path = `${logDir(c)}/${names[0]!}`;
  return { path, text: io.read(path) ?? '' };
}

function parseLog(text: string): Txn[] {
  const out: Txn[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [zxid, time, type, path, data, timeout] = line.split('\t');
    out.push({ zxid: Number(zxid), time: Number(time), type: type as Txn['type'], path: path ?? '', data: JSON.parse(data ?? '""') as string, ...(timeout ? { timeout: Number(timeout) } : {}) });
  }
  return out;
}

function formatTxn(t: Txn): string {
  return `${t.zxid}\t${t.time}\t${t.type}\t${t.path}\t${JSON.stringify(t.data)}${t.timeout !== undefined ? `\t${t.timeout}` : ''}\n`;
}

function readNumber(io: ZkIo, path: string): number {
  const v = io.read(path);
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v.trim()) : 0;
}

function ownState(s: ZkServer, io: ZkIo): ZkPeerState {
  const log = logPath(s.config, io)?.text ?? '';
  const txns = parseLog(log);
  return {
    id: s.myid,
    boot: s.boot,
    acceptedEpoch: readNumber(io, `${s.config.dataDir}/version-2/acceptedEpoch`),
    lastZxid: txns.length > 0 ? txns[txns.length - 1]!.zxid : 0,
    ...(s.leader ? { leader: s.leader } : {}),
    log,
  };
}

/** Takes the leader's log and epoch (a follower's sync), and follows it. */
function adopt(s: ZkServer, io: ZkIo, leader: ZkLeader, log: string): void {
  const dir = `${s.config.dataDir}/version-2`;
  io.write(`${dir}/acceptedEpoch`, String(leader.epoch));
  io.write(`${dir}/currentEpoch`, String(leader.epoch));
  writeLog(s, io, log);
  s.leader = leader;
}

function writeLog(s: ZkServer, io: ZkIo, log: string): void {
  if (log === '') return;
  const first = parseLog(log)[0]!;
  io.write(`${logDir(s.config)}/log.${first.zxid.toString(16)}`, log);
}

/**
 * At start: QuorumPeer.loadDataBase on a data dir without epochs writes them as 0 and, with no
 * snapshot, FileTxnSnapLog saves `snapshot.0` of the empty tree.
 */
export function bootZkFiles(s: ZkServer, io: ZkIo): void {
  const dir = `${s.config.dataDir}/version-2`;
  if (io.read(`${dir}/currentEpoch`) === undefined) io.write(`${dir}/currentEpoch`, '0');
  if (io.read(`${dir}/acceptedEpoch`) === undefined) io.write(`${dir}/acceptedEpoch`, '0');
  if (io.read(`${dir}/snapshot.0`) === undefined) io.write(`${dir}/snapshot.0`, 'ZKSN');
}

// ---------------------------------------------------------------------------------------------
// The data tree
// ---------------------------------------------------------------------------------------------

interface Znode extends ZkStat {
  data: string;
  children: Set<string>;
}

const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';
const baseOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function freshTree(): Map<string, Znode> {
  const node = (children: string[]): Znode => ({ data: '', children: new Set(children), czxid: 0, ctime: -Infinity, mzxid: 0, mtime: -Infinity, pzxid: 0, cversion: 0, version: 0, aversion: 0, ephemeralOwner: 0, dataLength: 0, numChildren: children.length });
  return new Map([
    ['/', node(['zookeeper'])],
    ['/zookeeper', node(['quota'])],
    ['/zookeeper/quota', node([])],
  ]);
}

/** DataTree.processTxn for the transactions this model writes. */
function apply(tree: Map<string, Znode>, t: Txn): void {
  switch (t.type) {
    case 'create': {
      const parent = tree.get(parentOf(t.path));
      if (!parent || tree.has(t.path)) return;
      tree.set(t.path, { data: t.data, children: new Set(), czxid: t.zxid, ctime: t.time, mzxid: t.zxid, mtime: t.time, pzxid: t.zxid, cversion: 0, version: 0, aversion: 0, ephemeralOwner: 0, dataLength: t.data.length, numChildren: 0 });
      parent.children.add(baseOf(t.path));
      parent.cversion++;
      parent.pzxid = t.zxid;
      parent.numChildren = parent.children.size;
      return;
    }
    case 'setData': {
      const n = tree.get(t.path);
      if (!n) return;
      n.data = t.data;
      n.dataLength = t.data.length;
      n.mzxid = t.zxid;
      n.mtime = t.time;
      n.version++;
      return;
    }
    case 'delete': {
      const parent = tree.get(parentOf(t.path));
      if (!tree.delete(t.path) || !parent) return;
      parent.children.delete(baseOf(t.path));
      parent.cversion++;
      parent.pzxid = t.zxid;
      parent.numChildren = parent.children.size;
      return;
    }
    case 'createSession':
    case 'closeSession':
      return;
  }
}

function treeOf(log: string): Map<string, Znode> {
  const tree = freshTree();
  for (const t of parseLog(log)) apply(tree, t);
  return tree;
}

function statOf(n: Znode): ZkStat {
  return { czxid: n.czxid, ctime: n.ctime, mzxid: n.mzxid, mtime: n.mtime, pzxid: n.pzxid, cversion: n.cversion, version: n.version, aversion: n.aversion, ephemeralOwner: n.ephemeralOwner, dataLength: n.dataLength, numChildren: n.numChildren };
}

/** PathUtils.validatePath's common cases. */
function badPath(path: string): boolean {
  return !path.startsWith('/') || (path.length > 1 && path.endsWith('/')) || path.includes('//');
}

// ---------------------------------------------------------------------------------------------
// Serving a client
// ---------------------------------------------------------------------------------------------

/**
 * The sessions still open at `now`, from the log: each closes `timeout` after it was created
 * (zkCli.sh's sessions are never closed by their client).
 */
function expired(txns: Txn[], now: number): { id: string; at: number }[] {
  const open = new Map<string, number>();
  for (const t of txns) {
    if (t.type === 'createSession') open.set(t.path, t.time + (t.timeout ?? 30_000));
    else if (t.type === 'closeSession') open.delete(t.path);
  }
  return [...open].filter(([, at]) => at <= now).map(([id, at]) => ({ id, at }));
}

/** SessionTrackerImpl.initializeNextSession: (millis << 24 >>> 8) | (myid << 56), then one per session; in hex. */
function sessionId(myid: number, boot: number, n: number): string {
  const ms = BigInt(Math.floor(boot + EPOCH_MS));
  const base = (((ms << 24n) & 0xffffffffffffffffn) >> 8n) | (BigInt(myid) << 56n);
  return (base + BigInt(n)).toString(16);
}

/**
 * One client session on this server: the ensemble is formed (or found) first, then the ops run
 * in order. `peers` reaches the other members.
 */
export function serveSession(s: ZkServer, io: ZkIo, peers: ZkPeers, req: Extract<ZkRequest, { kind: 'session' }>, now: number): ZkReply {
  const me = ownState(s, io);
  const states: ZkPeerState[] = [me];
  const addrs = new Map<number, ZkServerAddr>();
  for (const addr of s.config.servers) {
    if (addr.id === s.myid) continue;
    const r = peers(addr, { kind: 'peer-state' });
    if (r.kind === 'peer') {
      states.push(r.state);
      addrs.set(r.state.id, addr);
    }
  }
  const total = Math.max(1, s.config.servers.length);
  if (states.length < Math.floor(total / 2) + 1) return { kind: 'not-serving' };
  const alive = (l: ZkLeader | undefined): boolean => l !== undefined && states.some((x) => x.id === l.id && x.boot === l.boot);
  let leader = states
    .map((x) => x.leader)
    .filter((l): l is ZkLeader => alive(l))
    .sort((a, b) => b.epoch - a.epoch)[0];
  if (!leader) {
    const chosen = [...states].sort((a, b) => b.lastZxid - a.lastZxid || b.id - a.id)[0]!;
    const epoch = Math.max(...states.map((x) => x.acceptedEpoch), ...states.map((x) => epochOf(x.lastZxid))) + 1;
    leader = { id: chosen.id, boot: chosen.boot, epoch };
  }
  const source = states.find((x) => x.id === leader.id)!;
  let log = source.log;
  const txns = parseLog(log);
  let last = txns.length > 0 ? txns[txns.length - 1]!.zxid : 0;
  const next = (): number => (last = epochOf(last) === leader.epoch ? last + 1 : leader.epoch * HI + 1);
  const commit = (t: Omit<Txn, 'zxid'>): void => {
    const full = { ...t, zxid: next() };
    txns.push(full);
    log += formatTxn(full);
  };
  for (const e of expired(txns, now)) commit({ time: e.at, type: 'closeSession', path: e.id, data: '' });
  const timeoutMs = Math.min(Math.max(req.timeoutMs, s.config.minSessionTimeout), s.config.maxSessionTimeout);
  const sid = sessionId(s.myid, s.boot, s.sessions++);
  commit({ time: now, type: 'createSession', path: sid, data: '', timeout: timeoutMs });
  const tree = treeOf(log);
  const results: ZkResult[] = [];
  for (const op of req.ops) {
    if (badPath(op.path)) {
      results.push({ kind: 'error', code: 'BadArguments', path: op.path });
      continue;
    }
    const n = tree.get(op.path);
    switch (op.op) {
      case 'create': {
        if (n) results.push({ kind: 'error', code: 'NodeExists', path: op.path });
        else if (!tree.has(parentOf(op.path))) results.push({ kind: 'error', code: 'NoNode', path: op.path });
        else {
          commit({ time: now, type: 'create', path: op.path, data: op.data });
          apply(tree, txns[txns.length - 1]!);
          results.push({ kind: 'created', path: op.path });
        }
        break;
      }
      case 'set': {
        if (!n) results.push({ kind: 'error', code: 'NoNode', path: op.path });
        else {
          commit({ time: now, type: 'setData', path: op.path, data: op.data });
          apply(tree, txns[txns.length - 1]!);
          results.push({ kind: 'stat', stat: statOf(n) });
        }
        break;
      }
      case 'delete': {
        if (!n) results.push({ kind: 'error', code: 'NoNode', path: op.path });
        else if (n.children.size > 0) results.push({ kind: 'error', code: 'NotEmpty', path: op.path });
        else {
          commit({ time: now, type: 'delete', path: op.path, data: '' });
          apply(tree, txns[txns.length - 1]!);
          results.push({ kind: 'deleted' });
        }
        break;
      }
      case 'get':
        results.push(n ? { kind: 'data', data: n.data, stat: statOf(n) } : { kind: 'error', code: 'NoNode', path: op.path });
        break;
      case 'stat':
        results.push(n ? { kind: 'stat', stat: statOf(n) } : { kind: 'error', code: 'NoNode', path: op.path });
        break;
      case 'ls':
        results.push(n ? { kind: 'children', children: [...n.children] } : { kind: 'error', code: 'NoNode', path: op.path });
        break;
    }
  }
  // The quorum acks: every member that answered now has the leader's log and follows it.
  for (const st of states) {
    if (st.id === s.myid) adopt(s, io, leader, log);
    else peers(addrs.get(st.id)!, { kind: 'peer-adopt', leader, log });
  }
  const port = nextPort(s);
  const id = String(s.myid);
  const f = factory(s.config.clientPort);
  const peer = `/${req.from}:${port}`;
  const end = now + 180;
  io.log([
    { at: now, stream: 'stdout', text: zkLine(now, id, 'INFO', `${f}:NIOServerCnxnFactory@192`, `Accepted socket connection from ${peer}`) },
    { at: end, stream: 'stdout', text: zkLine(end, id, 'WARN', `${f}:NIOServerCnxn@376`, `Unable to read additional data from client sessionid 0x${sid}, likely client has closed socket`) },
    { at: end, stream: 'stdout', text: zkLine(end, id, 'INFO', `${f}:NIOServerCnxn@1044`, `Closed socket connection for client ${peer} which had sessionid 0x${sid}`) },
  ]);
  return { kind: 'session', sessionId: sid, timeoutMs, results };
}

/** A message from another member of the ensemble, on the election port. */
export function servePeer(s: ZkServer, io: ZkIo, req: Extract<ZkRequest, { kind: 'peer-state' | 'peer-adopt' }>): ZkReply {
  if (req.kind === 'peer-state') return { kind: 'peer', state: ownState(s, io) };
  adopt(s, io, req.leader, req.log);
  return { kind: 'ok' };
}

/** Java's Date.toString in UTC: `Thu Dec 08 15:13:30 UTC 2016`. */
export function javaDate(t: number): string {
  if (!Number.isFinite(t)) return 'Thu Jan 01 00:00:00 UTC 1970';
  const c = wall(t);
  return `${c.wd} ${c.mon} ${c.d} ${c.h}:${c.mi}:${c.s} UTC ${c.y}`;
}

/** ZooKeeperMain.printStat. */
export function printStat(st: ZkStat): string {
  return [
    `cZxid = ${hex(st.czxid)}`,
    `ctime = ${javaDate(st.ctime)}`,
    `mZxid = ${hex(st.mzxid)}`,
    `mtime = ${javaDate(st.mtime)}`,
    `pZxid = ${hex(st.pzxid)}`,
    `cversion = ${st.cversion}`,
    `dataVersion = ${st.version}`,
    `aclVersion = ${st.aversion}`,
    `ephemeralOwner = ${hex(st.ephemeralOwner)}`,
    `dataLength = ${st.dataLength}`,
    `numChildren = ${st.numChildren}`,
  ]
    .map((l) => `${l}\n`)
    .join('');
}
