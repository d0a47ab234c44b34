/**
 * registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10's start-up scripts, as programs: the image is
 * kow3ns/kubernetes-zookeeper's docker/ (Ubuntu 16.04, openjdk-8-jre-headless, ZooKeeper 3.4.10
 * under /opt/zookeeper, its scripts/ copied to /opt/zookeeper/bin and linked into /usr/bin).
 *
 * - `start-zookeeper [--opt=value …]` (scripts/start-zookeeper): parses the options (getopts with
 *   `-` as an option: `--name=value` only), takes the ordinal from `hostname -s` and the domain
 *   from `hostname -d`, writes zoo.cfg (and copies it to stderr), java.env and log4j.properties
 *   ("Creating ZooKeeper log4j configuration" on stdout), makes the data dirs, writes myid once
 *   (only with more than one server), then `exec zkServer.sh start-foreground`. Its zoo.cfg keeps
 *   the script's spelling `autopurge.purgeInteval` (so ZooKeeper never reads a purge interval) and
 *   `minSessionTimeout= 4000` when defaulted (`${MIN_SESSION_TIMEOUT:- $((TICK_TIME*2))}`).
 * - `zkServer.sh start-foreground` (ZooKeeper 3.4.10's bin/zkServer.sh through zkEnv.sh, with
 *   ZOOBINDIR /usr/bin): "ZooKeeper JMX enabled by default" and "Using config: …" on stderr, then
 *   `exec java … QuorumPeerMain /usr/bin/../etc/zookeeper/zoo.cfg` — the argv `ps` shows, as in
 *   published `ps -elf` transcripts of this image (JVMFLAGS from java.env: `-Xmx512M -Xms512M`).
 *
 * Approximate: the scripts are not files a shell reads (`cat /usr/bin/start-zookeeper` shows a
 * stand-in); `-h` prints no usage; unknown options exit 1 with the script's message.
 */

export interface ZkServerAddr {
  id: number;
  host: string;
  serverPort: number;
  electionPort: number;
}

/** What start-zookeeper writes to zoo.cfg, as ZooKeeper reads it back. */
export interface ZkConfig {
  clientPort: number;
  dataDir: string;
  dataLogDir: string;
  tickTime: number;
  initLimit: number;
  syncLimit: number;
  maxClientCnxns: number;
  minSessionTimeout: number;
  maxSessionTimeout: number;
  snapRetainCount: number;
  servers: ZkServerAddr[];
}

interface StartOptions {
  servers: number;
  dataDir: string;
  dataLogDir: string;
  logDir: string;
  confDir: string;
  clientPort: string;
  electionPort: string;
  serverPort: string;
  tickTime: string;
  initLimit: string;
  syncLimit: string;
  heap: string;
  maxClientCnxns: string;
  snapRetainCount: string;
  purgeInterval: string;
  maxSessionTimeout?: string;
  minSessionTimeout?: string;
  logLevel: string;
}

/** The script's defaults (its variable block). */
const DEFAULTS: StartOptions = {
  servers: 1,
  dataDir: '/var/lib/zookeeper/data',
  dataLogDir: '/var/lib/zookeeper/log',
  logDir: '/var/log/zookeeper',
  confDir: '/opt/zookeeper/conf',
  clientPort: '2181',
  electionPort: '3888',
  serverPort: '2888',
  tickTime: '2000',
  initLimit: '10',
  syncLimit: '5',
  heap: '2G',
  maxClientCnxns: '60',
  snapRetainCount: '3',
  purgeInterval: '0',
  logLevel: 'INFO',
};

const KEYS: Record<string, keyof StartOptions> = {
  servers: 'servers',
  data_dir: 'dataDir',
  data_log_dir: 'dataLogDir',
  log_dir: 'logDir',
  conf_dir: 'confDir',
  client_port: 'clientPort',
  election_port: 'electionPort',
  server_port: 'serverPort',
  tick_time: 'tickTime',
  init_limit: 'initLimit',
  sync_limit: 'syncLimit',
  heap: 'heap',
  max_client_cnxns: 'maxClientCnxns',
  snap_retain_count: 'snapRetainCount',
  purge_interval: 'purgeInterval',
  max_session_timeout: 'maxSessionTimeout',
  min_session_timeout: 'minSessionTimeout',
  log_level: 'logLevel',
};

/** What start-zookeeper decided: the files it writes, what it prints, and the server it execs. */
export interface ZkStart {
  files: { path: string; content: string }[];
  dirs: string[];
  /** myid, written only when the file is not there yet. */
  myid?: { path: string; content: string };
  stdout: string;
  stderr: string;
  heap: string;
  confDir: string;
  logDir: string;
}

export type ZkStartResult = { k: 'start'; start: ZkStart } | { k: 'fail'; stderr: string; stdout: string; status: number };

/** start-zookeeper's argv (after its name), the Pod's short hostname and its domain (`hostname -d`). */
export function startZookeeper(args: readonly string[], host: string, domain: string): ZkStartResult {
  const o: StartOptions = { ...DEFAULTS };
  for (const a of args) {
    const m = /^--([^=]*)(?:=(.*))?$/.exec(a);
    if (!m) continue;
    const key = KEYS[m[1]!];
    if (!key || m[2] === undefined) return { k: 'fail', stdout: '', stderr: `Unknown option --${a.slice(2)}\n`, status: 1 };
    const v = m[2].slice(m[2].lastIndexOf('=') + 1);
    if (key === 'servers') o.servers = Number(v) || 0;
    else o[key] = v;
  }
  const hm = /^(.*)-([0-9]+)$/.exec(host);
  if (!hm) return { k: 'fail', stdout: 'Kubernetes-zookeeper: Failed to parse name and ordinal of Pod\n', stderr: '', status: 1 };
  const name = hm[1]!;
  const myId = Number(hm[2]) + 1;
  const tick = Number(o.tickTime) || 0;
  const min = o.minSessionTimeout ?? ` ${tick * 2}`;
  const max = o.maxSessionTimeout ?? ` ${tick * 20}`;
  const lines = [
    '#This file was autogenerated DO NOT EDIT',
    `clientPort=${o.clientPort}`,
    `dataDir=${o.dataDir}`,
    `dataLogDir=${o.dataLogDir}`,
    `tickTime=${o.tickTime}`,
    `initLimit=${o.initLimit}`,
    `syncLimit=${o.syncLimit}`,
    `maxClientCnxns=${o.maxClientCnxns}`,
    `minSessionTimeout=${min}`,
    `maxSessionTimeout=${max}`,
    `autopurge.snapRetainCount=${o.snapRetainCount}`,
    `autopurge.purgeInteval=${o.purgeInterval}`,
  ];
  if (o.servers > 1) for (let i = 1; i <= o.servers; i++) lines.push(`server.${i}=${name}-${i - 1}.${domain}:${o.serverPort}:${o.electionPort}`);
  const zooCfg = `${lines.join('\n')}\n`;
  const log4j = [
    'zookeeper.root.logger=CONSOLE',
    `zookeeper.console.threshold=${o.logLevel}`,
    'log4j.rootLogger=${zookeeper.root.logger}',
    'log4j.appender.CONSOLE=org.apache.log4j.ConsoleAppender',
    'log4j.appender.CONSOLE.Threshold=${zookeeper.console.threshold}',
    'log4j.appender.CONSOLE.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.CONSOLE.layout.ConversionPattern=%d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n',
  ];
  return {
    k: 'start',
    start: {
      files: [
        { path: `${o.confDir}/zoo.cfg`, content: zooCfg },
        { path: `${o.confDir}/java.env`, content: `ZOO_LOG_DIR=${o.logDir}\nJVMFLAGS="-Xmx${o.heap} -Xms${o.heap}"\n` },
        { path: `${o.confDir}/log4j.properties`, content: `${log4j.join('\n')}\n` },
      ],
      dirs: [o.dataDir, o.dataLogDir, o.logDir],
      ...(o.servers > 1 ? { myid: { path: `${o.dataDir}/myid`, content: `${myId}\n` } } : {}),
      stdout: 'Creating ZooKeeper log4j configuration\n',
      stderr: zooCfg,
      heap: o.heap,
      confDir: o.confDir,
      logDir: o.logDir,
    },
  };
}

/** zoo.cfg as QuorumPeerConfig reads it (`key=value`, trimmed values; server.N=host:port:port). */
export function parseZooCfg(text: string): ZkConfig {
  const kv = new Map<string, string>();
  const servers: ZkServerAddr[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const i = line.indexOf('=');
    if (i < 0) continue;
    const key = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    const s = /^server\.(\d+)$/.exec(key);
    if (s) {
      const [host = '', sp = '2888', ep = '3888'] = value.split(':');
      servers.push({ id: Number(s[1]), host, serverPort: Number(sp), electionPort: Number(ep) });
    } else kv.set(key, value);
  }
  const num = (k: string, d: number): number => {
    const v = kv.get(k);
    return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : d;
  };
  const tickTime = num('tickTime', 3000);
  return {
    clientPort: num('clientPort', 2181),
    dataDir: kv.get('dataDir') ?? '/tmp/zookeeper',
    dataLogDir: kv.get('dataLogDir') ?? kv.get('dataDir') ?? '/tmp/zookeeper',
    tickTime,
    initLimit: num('initLimit', 10),
    syncLimit: num('syncLimit', 5),
    maxClientCnxns: num('maxClientCnxns', 60),
    minSessionTimeout: num('minSessionTimeout', tickTime * 2),
    maxSessionTimeout: num('maxSessionTimeout', tickTime * 20),
    snapRetainCount: num('autopurge.snapRetainCount', 3),
    servers: servers.sort((a, b) => a.id - b.id),
  };
}

/** zkEnv.sh's CLASSPATH with ZOOBINDIR /usr/bin (the /usr/bin links) and ZOOCFGDIR /usr/bin/../etc/zookeeper. */
export const ZK_CLASSPATH =
  '/usr/bin/../build/classes:/usr/bin/../build/lib/*.jar:/usr/bin/../share/zookeeper/zookeeper-3.4.10.jar:/usr/bin/../share/zookeeper/slf4j-log4j12-1.6.1.jar:/usr/bin/../share/zookeeper/slf4j-api-1.6.1.jar:/usr/bin/../share/zookeeper/netty-3.10.5.Final.jar:/usr/bin/../share/zookeeper/log4j-1.2.16.jar:/usr/bin/../share/zookeeper/jline-0.9.94.jar:/usr/bin/../src/java/lib/*.jar:/usr/bin/../etc/zookeeper:';

export const ZK_JAVA = '/usr/lib/jvm/java-8-openjdk-amd64/bin/java';
export const ZK_CFG = '/usr/bin/../etc/zookeeper/zoo.cfg';

/** The server's argv as zkServer.sh start-foreground execs it (java.env's JVMFLAGS read). */
export function serverArgv(logDir: string, heap: string): string[] {
  return [
    ZK_JAVA,
    `-Dzookeeper.log.dir=${logDir}`,
    '-Dzookeeper.root.logger=INFO,CONSOLE',
    '-cp',
    ZK_CLASSPATH,
    `-Xmx${heap}`,
    `-Xms${heap}`,
    '-Dcom.sun.management.jmxremote',
    '-Dcom.sun.management.jmxremote.local.only=false',
    'org.apache.zookeeper.server.quorum.QuorumPeerMain',
    ZK_CFG,
  ];
}

/** java.env's values back (zkEnv.sh sources it): the log dir and the heap of `-Xmx`. */
export function readJavaEnv(text: string | undefined): { logDir: string; heap: string } {
  const logDir = /^ZOO_LOG_DIR=(.*)$/m.exec(text ?? '')?.[1] ?? '.';
  const heap = /-Xmx(\S+?)[\s"]/.exec(text ?? '')?.[1] ?? '';
  return { logDir, heap };
}
