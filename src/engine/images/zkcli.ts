/**
 * zkCli.sh of ZooKeeper 3.4.10 with a command (`zkCli.sh create /hello world`, `zkCli.sh get
 * /hello`): ZooKeeperMain prints `Connecting to <server>`, the client's log4j lines on stdout
 * (Environment@100's client environment, ZooKeeper@438, ClientCnxn$SendThread@1032/@876/@1299 —
 * recorded from 3.4.10 transcripts), its watcher's `WATCHER::` / `WatchedEvent
 * state:SyncConnected type:None path:null` (each println'd after a newline), then the command's
 * output: `Created /hello`, get's data and printStat, ls's Java list, errors on stderr (`Node does
 * not exist: /x`, `Node already exists: /x`, `Node not empty: /x`). Options: `-server host:port`
 * (default localhost:2181), `-timeout ms` (30000). The server is reached through the container's
 * network (container-net.ts).
 *
 * Approximate: with no command (the interactive shell) it prints the usage and exits; a server
 * that refuses, or one without a quorum, ends it with the ConnectionLoss exception's first line
 * (a real client retries and logs each attempt until its command times out); JVM and session
 * timing are fixed offsets.
 */
import type { NetTool } from './net-tools';
import type { ToolEnv } from './tool-types';
import { KERNEL_RELEASE } from '../node/kernel';
import { printStat, zkLine, type ZkOp } from './zookeeper-server';
import { hostsFile } from './tools-getent';

const USAGE = `ZooKeeper -server host:port cmd args
\tstat path [watch]
\tset path data [version]
\tls path [watch]
\tdelquota [-n|-b] path
\tls2 path [watch]
\tsetAcl path acl
\tsetquota -n|-b val path
\thistory 
\tredo cmdno
\tprintwatches on|off
\tdelete path [version]
\tsync path
\tlistquota path
\trmr path
\tget path [watch]
\tcreate [-s] [-e] path data acl
\taddauth scheme auth
\tquit 
\tgetAcl path
\tclose 
\tconnect host:port
`;

/** The image's JVM (Ubuntu 16.04's openjdk-8 of mid-2017). */
const JAVA_VERSION = '1.8.0_131';

/** The command's words → one op, or undefined (usage). */
function opOf(words: string[]): ZkOp | undefined {
  const [cmd, ...rest] = words;
  const args = rest.filter((a) => a !== '-s' && a !== '-e');
  switch (cmd) {
    case 'create':
      return args.length >= 2 ? { op: 'create', path: args[0]!, data: args[1]! } : undefined;
    case 'get':
      return rest.length >= 1 ? { op: 'get', path: rest[0]! } : undefined;
    case 'set':
      return rest.length >= 2 ? { op: 'set', path: rest[0]!, data: rest[1]! } : undefined;
    case 'delete':
      return rest.length >= 1 ? { op: 'delete', path: rest[0]! } : undefined;
    case 'ls':
      return rest.length >= 1 ? { op: 'ls', path: rest[0]! } : undefined;
    case 'stat':
      return rest.length >= 1 ? { op: 'stat', path: rest[0]! } : undefined;
    default:
      return undefined;
  }
}

/** The client's log lines up to its session's establishment. */
function clientLog(env: ToolEnv, t0: number, server: string, ip: string, sessionId: string | undefined, timeoutMs: number): string[] {
  const user = env.user?.name ?? 'root';
  const home = env.user?.home ?? '/root';
  // InetAddress.getLocalHost().getCanonicalHostName(): the first name of the host's /etc/hosts line.
  const fqdn = hostsFile(env).find((l) => !l.ip.includes(':') && l.names.includes(env.hostname))?.names[0] ?? env.hostname;
  const envLine = (dt: number, k: string, v: string): string => zkLine(t0 + dt, '', 'INFO', 'main:Environment@100', `Client environment:${k}=${v}`);
  const [host, port] = server.split(':');
  const thread = `main-SendThread(${host}:${port})`;
  const lines = [
    envLine(0, 'zookeeper.version', '3.4.10-39d3a4f269333c922ed3db283be479f9deacaa0f, built on 03/23/2017 10:13 GMT'),
    envLine(3, 'host.name', fqdn),
    envLine(3, 'java.version', JAVA_VERSION),
    envLine(5, 'java.vendor', 'Oracle Corporation'),
    envLine(5, 'java.home', '/usr/lib/jvm/java-8-openjdk-amd64/jre'),
    envLine(5, 'java.class.path', '/usr/bin/../build/classes:/usr/bin/../build/lib/*.jar:/usr/bin/../share/zookeeper/zookeeper-3.4.10.jar:/usr/bin/../share/zookeeper/slf4j-log4j12-1.6.1.jar:/usr/bin/../share/zookeeper/slf4j-api-1.6.1.jar:/usr/bin/../share/zookeeper/netty-3.10.5.Final.jar:/usr/bin/../share/zookeeper/log4j-1.2.16.jar:/usr/bin/../share/zookeeper/jline-0.9.94.jar:/usr/bin/../src/java/lib/*.jar:/usr/bin/../etc/zookeeper:'),
    envLine(5, 'java.library.path', '/usr/java/packages/lib/amd64:/usr/lib/x86_64-linux-gnu/jni:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu:/usr/lib/jni:/lib:/usr/lib'),
    envLine(5, 'java.io.tmpdir', '/tmp'),
    envLine(5, 'java.compiler', '<NA>'),
    envLine(5, 'os.name', 'Linux'),
    envLine(6, 'os.arch', 'amd64'),
    envLine(6, 'os.version', KERNEL_RELEASE),
    envLine(10, 'user.name', user),
    envLine(10, 'user.home', home),
    envLine(10, 'user.dir', env.cwd),
    zkLine(t0 + 13, '', 'INFO', 'main:ZooKeeper@438', `Initiating client connection, connectString=${server} sessionTimeout=${timeoutMs} watcher=org.apache.zookeeper.ZooKeeperMain$MyWatcher@${(0x1c2c22f3 + (t0 % 0xfffff)).toString(16)}`),
    zkLine(t0 + 52, '', 'INFO', `${thread}:ClientCnxn$SendThread@1032`, `Opening socket connection to server ${host}/${ip}:${port}. Will not attempt to authenticate using SASL (unknown error)`),
  ];
  if (sessionId === undefined) return lines;
  lines.push(zkLine(t0 + 153, '', 'INFO', `${thread}:ClientCnxn$SendThread@876`, `Socket connection established to ${host}/${ip}:${port}, initiating session`));
  lines.push(zkLine(t0 + 197, '', 'INFO', `${thread}:ClientCnxn$SendThread@1299`, `Session establishment complete on server ${host}/${ip}:${port}, sessionid = 0x${sessionId}, negotiated timeout = ${timeoutMs}`));
  return lines;
}

/** JVM start-up before main() logs (approximate). */
const JVM_MS = 310;

export const zkCli: NetTool = (args, env, net) => {
  let server = 'localhost:2181';
  let timeoutMs = 30_000;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-server' && args[i + 1] !== undefined) server = args[++i]!;
    else if (a === '-timeout' && args[i + 1] !== undefined) timeoutMs = Number(args[++i]) || timeoutMs;
    else if (a === '-r') continue;
    else words.push(a);
  }
  const t0 = env.clock + JVM_MS;
  env.io.out(`Connecting to ${server}\n`);
  const op = opOf(words);
  if (!op) {
    env.io.out(USAGE);
    return { status: 0, ms: JVM_MS };
  }
  const [host = 'localhost', portText = '2181'] = server.split(':');
  const port = Number(portText) || 2181;
  const r = net.lookup(host);
  const ip = r.kind === 'found' ? r.ips[0]! : host;
  const reply = net.zk?.(host, port, { kind: 'session', ops: [op], from: host === 'localhost' || ip.startsWith('127.') ? '127.0.0.1' : (net.source?.(ip) ?? ip), timeoutMs }) ?? { kind: 'refused' as const };
  if (reply.kind !== 'session') {
    for (const l of clientLog(env, t0, server, ip, undefined, timeoutMs)) env.io.out(`${l}\n`);
    env.io.err(`Exception in thread "main" org.apache.zookeeper.KeeperException$ConnectionLossException: KeeperErrorCode = ConnectionLoss for ${op.path}\n`);
    return { status: 1, ms: JVM_MS + timeoutMs };
  }
  for (const l of clientLog(env, t0, server, ip, reply.sessionId, reply.timeoutMs)) env.io.out(`${l}\n`);
  env.io.out('\nWATCHER::\n\nWatchedEvent state:SyncConnected type:None path:null\n');
  const res = reply.results[0];
  switch (res?.kind) {
    case 'created':
      env.io.out(`Created ${res.path}\n`);
      break;
    case 'data':
      env.io.out(`${res.data}\n${printStat(res.stat)}`);
      break;
    case 'stat':
      env.io.out(printStat(res.stat));
      break;
    case 'children':
      env.io.out(`[${res.children.join(', ')}]\n`);
      break;
    case 'deleted':
    case undefined:
      break;
    case 'error':
      if (res.code === 'BadArguments') env.io.err(`Command failed: java.lang.IllegalArgumentException: Path must start with / character\n`);
      else env.io.err(`${res.code === 'NoNode' ? 'Node does not exist' : res.code === 'NodeExists' ? 'Node already exists' : 'Node not empty'}: ${res.path}\n`);
      break;
  }
  return { status: 0, ms: JVM_MS + 200 };
};
