/**
 * etcdctl v3.6 in the etcd image: `member list`, `endpoint health|status [--cluster]`, `get`,
 * `snapshot save`, `version`, with the simple and table writers. The cluster it talks to is the
 * caller's EtcdClientView (the engine's etcd, reached from the etcd static Pod's host network);
 * without one, nothing listens on 2379. Connecting follows the real client: kubeadm's etcd
 * serves TLS only and demands a client certificate, so a call without `--cacert/--cert/--key`
 * (or with a plain endpoint) fails the handshake and the client retries until the 5 s command
 * timeout: a zap warning, then `Error: context deadline exceeded`. Output texts are etcdctl's
 * (etcdctl/ctlv3/command/printer*.go, ep_command.go, snapshot_command.go).
 */
import { goDurationMicros } from '../../k8s/time';
import { humanBytes } from '../etcd/humanize';
import { renderTable } from './tablewriter';
import { COMMAND_TIMEOUT_MS, parse, Run, VERSION, type Outcome } from './etcdctl-client';
import type { Io } from './tool-types';
import type { EtcdClientView, EtcdStatusView } from './types';

/** Real etcdctl 3.6 commands this model does not run (writes would bypass kube-apiserver anyway). */
const UNMODELLED = new Set(['put', 'del', 'txn', 'compaction', 'watch', 'lease', 'alarm', 'defrag', 'move-leader', 'downgrade', 'check', 'lock', 'elect', 'make-mirror', 'auth', 'user', 'role', 'member', 'endpoint']);

function memberList(r: Run): Outcome {
  const member = r.anyMember('/etcdserverpb.Cluster/MemberList');
  if (member === undefined) return r.fail('context deadline exceeded');
  // MemberList is linearizable by default: it needs the leader's ReadIndex.
  if (r.flag('consistency') !== 's' && r.view().linearizableMicros(member) === undefined) {
    r.timedOut(r.endpoints()[0] ?? '', '/etcdserverpb.Cluster/MemberList', 'context deadline exceeded');
    return r.fail('context deadline exceeded');
  }
  const rows = r.view().memberList().map((m) => [m.id, 'started', m.name, m.peerURLs.join(','), m.clientURLs.join(','), String(m.isLearner)]);
  if (r.writer() === 'table') r.out(renderTable(['ID', 'Status', 'Name', 'Peer Addrs', 'Client Addrs', 'Is Learner'], rows));
  else for (const row of rows) r.out(`${row.join(', ')}\n`);
  return r.done(0);
}

/** `--cluster`: the client URLs of every member, from a member list through the given endpoints. */
function targets(r: Run): string[] | Outcome {
  if (!r.bool('cluster')) return r.endpoints();
  const member = r.anyMember('/etcdserverpb.Cluster/MemberList');
  if (member === undefined) return r.fail('failed to fetch endpoints from etcd cluster member list: context deadline exceeded');
  return r.view().memberList().flatMap((m) => m.clientURLs);
}

interface Health {
  ep: string;
  ok: boolean;
  tookMicros: number;
  error: string;
}

function endpointHealth(r: Run): Outcome {
  const eps = targets(r);
  if (!Array.isArray(eps)) return eps;
  const list: Health[] = [];
  const start = r.now();
  for (const ep of eps) {
    const c = r.connect(ep);
    const us = 'member' in c ? r.view().linearizableMicros(c.member) : undefined;
    if (us !== undefined) list.push({ ep, ok: true, tookMicros: us, error: '' });
    else {
      r.timedOut(ep, '/etcdserverpb.KV/Range', 'error' in c ? c.error : 'context deadline exceeded');
      r.setNow(start);
      list.push({ ep, ok: false, tookMicros: COMMAND_TIMEOUT_MS * 1000 + 1183, error: 'context deadline exceeded' });
    }
  }
  // The checks run in parallel and report as they finish.
  list.sort((a, b) => a.tookMicros - b.tookMicros);
  r.advance(Math.ceil(Math.max(0, ...list.map((h) => h.tookMicros)) / 1000));
  if (r.writer() === 'table') r.out(renderTable(['endpoint', 'health', 'took', 'error'], list.map((h) => [h.ep, String(h.ok), goDurationMicros(h.tookMicros), h.error])));
  else {
    for (const h of list) {
      if (h.ok) r.out(`${h.ep} is healthy: successfully committed proposal: took = ${goDurationMicros(h.tookMicros)}\n`);
      else r.err(`${h.ep} is unhealthy: failed to commit proposal: ${h.error}\n`);
    }
  }
  return list.some((h) => !h.ok) ? r.fail('unhealthy cluster') : r.done(0);
}

function statusRow(ep: string, s: EtcdStatusView): string[] {
  return [
    ep,
    s.id,
    s.version,
    s.storageVersion,
    humanBytes(s.dbSize),
    humanBytes(s.dbSizeInUse),
    `${Math.trunc(100 - Math.trunc((s.dbSizeInUse * 100) / s.dbSize))}%`,
    humanBytes(s.quota),
    String(s.leader === s.id),
    String(s.isLearner),
    String(s.raftTerm),
    String(s.raftIndex),
    String(s.raftAppliedIndex),
    s.errors.join(', '),
    '',
    'false',
  ];
}

function endpointStatus(r: Run): Outcome {
  const eps = targets(r);
  if (!Array.isArray(eps)) return eps;
  const rows: string[][] = [];
  let failed = false;
  for (const ep of eps) {
    const c = r.connect(ep);
    if ('error' in c) {
      r.timedOut(ep, '/etcdserverpb.Maintenance/Status', c.error);
      r.err(`Failed to get the status of endpoint ${ep} (context deadline exceeded)\n`);
      failed = true;
      continue;
    }
    rows.push(statusRow(ep, r.view().status(c.member)));
  }
  const headers = ['endpoint', 'ID', 'version', 'storage version', 'db size', 'in use', 'percentage not in use', 'quota', 'is leader', 'is learner', 'raft term', 'raft index', 'raft applied index', 'errors', 'downgrade target version', 'downgrade enabled'];
  if (r.writer() === 'table') r.out(renderTable(headers, rows));
  else for (const row of rows) r.out(`${row.join(', ')}\n`);
  return r.done(failed ? 1 : 0);
}

function get(r: Run, args: string[]): Outcome {
  const key = args[0];
  if (key === undefined) return r.fail('get command needs one argument as key and an optional argument as range_end', 128);
  if (r.bool('print-value-only') && r.writer() !== 'simple') return r.fail('print-value-only is only for `--write-out=simple`', 128);
  if (r.bool('count-only')) return r.fail('--count-only is only for `--write-out=fields`', 128);
  if ((r.flag('rev') ?? '0') !== '0') return r.fail('get --rev: this simulation keeps no history, only the latest revision of each key');
  const member = r.anyMember('/etcdserverpb.KV/Range');
  if (member === undefined) return r.fail('context deadline exceeded');
  if (r.flag('consistency') !== 's') {
    const us = r.view().linearizableMicros(member);
    if (us === undefined) {
      r.timedOut(r.endpoints()[0] ?? '', '/etcdserverpb.KV/Range', 'context deadline exceeded');
      return r.fail('context deadline exceeded');
    }
    r.advance(Math.ceil(us / 1000));
  }
  let kvs = r.view().range(member, key, r.bool('prefix')).kvs;
  const limit = Number(r.flag('limit') ?? 0);
  if (limit > 0) kvs = kvs.slice(0, limit);
  if (r.flag('order')?.toUpperCase() === 'DESCEND') kvs = [...kvs].reverse();
  const keysOnly = r.bool('keys-only');
  const valueOnly = r.bool('print-value-only');
  for (const kv of kvs) {
    if (!valueOnly) r.out(`${kv.key}\n`);
    r.out(`${keysOnly ? '' : kv.value}\n`);
  }
  return r.done(0);
}

function snapshotSave(r: Run, args: string[]): Outcome {
  if (args.length !== 1) return r.fail('snapshot save expects one argument <filename>', 128);
  const eps = r.endpoints();
  if (eps.length !== 1) return r.fail(`snapshot must be requested to one selected node, not multiple [${eps.join(' ')}]`, 5);
  const path = args[0]!;
  const ep = eps[0]!;
  r.zap('info', 'snapshot/v3_snapshot.go:83', 'created temporary db file', { path: `${path}.part` });
  const c = r.connect(ep);
  if ('error' in c) return r.fail(`rpc error: code = Unavailable desc = connection error: desc = ${JSON.stringify(c.error)}`, 5);
  r.zap('info', `v3@v${VERSION}/maintenance.go:236`, 'opened snapshot stream; downloading', {}, 'client');
  r.zap('info', 'snapshot/v3_snapshot.go:96', 'fetching snapshot', { endpoint: ep });
  const s = r.view().snapshot(c.member, path);
  r.advance(Math.ceil(s.tookMicros / 1000));
  r.zap('info', `v3@v${VERSION}/maintenance.go:302`, 'completed snapshot read; closing', {}, 'client');
  r.zap('info', 'snapshot/v3_snapshot.go:111', 'fetched snapshot', { endpoint: ep, size: humanBytes(s.bytes), took: goDurationMicros(s.tookMicros), 'etcd-version': s.version });
  r.zap('info', 'snapshot/v3_snapshot.go:121', 'saved', { path });
  r.out(`Snapshot saved at ${path}\nServer version ${s.version}\n`);
  return r.done(0);
}

const USAGE = `NAME:
\tetcdctl - A simple command line client for etcd3.

USAGE:
\tetcdctl [flags]

VERSION:
\t${VERSION}

API VERSION:
\t3.6


COMMANDS:
\tendpoint health\tChecks the healthiness of endpoints specified in \`--endpoints\` flag
\tendpoint status\tPrints out the status of endpoints specified in \`--endpoints\` flag
\tget\t\tGets the key or a range of keys
\tmember list\tLists all members in the cluster
\tsnapshot save\tStores an etcd node backend snapshot to a given file
\tversion\t\tPrints the version of etcdctl

OPTIONS:
      --cacert=""\t\t\t\tverify certificates of TLS-enabled secure servers using this CA bundle
      --cert=""\t\t\t\t\tidentify secure client using this TLS certificate file
      --command-timeout=5s\t\t\ttimeout for short running command (excluding dial timeout)
      --endpoints=[127.0.0.1:2379]\t\tgRPC endpoints
      --key=""\t\t\t\t\tidentify secure client using this TLS key file
  -w, --write-out="simple"\t\t\tset the output format (fields, json, protobuf, simple, table)
`;

/** Runs `etcdctl argv…` against `view` at simulated time `clock`. */
export function etcdctl(argv: string[], io: Io, view: EtcdClientView | undefined, clock: number): Outcome {
  const p = parse(argv.slice(1));
  if (typeof p === 'string') {
    io.err(`Error: ${p}\n`);
    return { status: 1, ms: 0 };
  }
  const r = new Run(io, view, p, clock);
  const [cmd, sub, ...rest] = p.words;
  if (cmd === undefined || r.bool('help')) {
    io.out(USAGE);
    return { status: 0, ms: 0 };
  }
  if (cmd === 'version') {
    io.out(`etcdctl version: ${VERSION}\nAPI version: 3.6\n`);
    return { status: 0, ms: 0 };
  }
  if (r.writer() === 'unsupported') return r.fail(`-w ${r.flag('write-out') ?? ''}: this simulation models the simple and table writers only`);
  const missing = r.missingFile();
  // mustClient: a client config that cannot be built is ExitBadArgs.
  if (missing !== undefined) return r.fail(`open ${missing}: no such file or directory`, 128);
  if (cmd === 'member' && sub === 'list') return memberList(r);
  if (cmd === 'endpoint' && sub === 'health') return endpointHealth(r);
  if (cmd === 'endpoint' && sub === 'status') return endpointStatus(r);
  if (cmd === 'get') return get(r, [sub, ...rest].filter((x): x is string => x !== undefined));
  if (cmd === 'snapshot' && sub === 'save') return snapshotSave(r, rest);
  const what = cmd === 'member' || cmd === 'endpoint' || cmd === 'snapshot' ? `${cmd} ${sub ?? ''}`.trim() : cmd;
  if (UNMODELLED.has(cmd)) return r.fail(`etcdctl ${what} is not modelled by this simulation (it models member list, endpoint health|status, get, snapshot save, version)`);
  io.err(`Error: unknown command "${what}" for "etcdctl"\nRun 'etcdctl --help' for usage.\n`);
  return { status: 1, ms: 0 };
}
