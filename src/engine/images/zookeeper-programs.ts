/**
 * The kubernetes-zookeeper image's programs as the interpreter runs them (zookeeper-config.ts
 * says what each does and where that comes from): `start-zookeeper` writes its files and execs
 * `zkServer.sh start-foreground`, which execs the JVM — the ZooKeeper server app (AppRun.zk),
 * listening on the client port and, in an ensemble, on its election and quorum ports.
 */
import type { RunningBehaviour } from './app';
import type { Outcome, ProgramContext } from './programs';
import { parseZooCfg, readJavaEnv, serverArgv, startZookeeper, ZK_CFG } from './zookeeper-config';
import { bootZkFiles, zkBanner, type ZkServer } from './zookeeper-server';

const MiB = 1024 * 1024;
/** From exec to the client port bound (the JVM's start and the config's parse: the banner's last line). */
const LISTEN_MS = 370;

/** The Pod's short name and domain as `hostname -s` / `hostname -d` print them (/etc/hosts' line for the host). */
function hostAndDomain(pc: ProgramContext): { host: string; domain: string } {
  const host = (pc.hostname ?? pc.env['HOSTNAME'] ?? 'localhost').split('.')[0]!;
  for (const line of (pc.read?.('/etc/hosts') ?? '').split('\n')) {
    const names = line.replace(/#.*/, '').trim().split(/\s+/).slice(1);
    if (!line.includes(':') && names.includes(host)) {
      const fqdn = names[0]!;
      const dot = fqdn.indexOf('.');
      return { host, domain: dot < 0 ? '' : fqdn.slice(dot + 1) };
    }
  }
  return { host, domain: '' };
}

export function startZookeeperProgram(argv: string[], pc: ProgramContext): Outcome {
  const { host, domain } = hostAndDomain(pc);
  const r = startZookeeper(argv.slice(1), host, domain);
  if (r.k === 'fail') {
    if (r.stdout) pc.io.out(r.stdout);
    if (r.stderr) pc.io.err(r.stderr);
    return { k: 'done', status: r.status };
  }
  const st = r.start;
  // create_config (zoo.cfg, then `cat $CONFIG_FILE >&2`), create_jvm_props, create_log_props, create_data_dirs.
  pc.save?.(st.files[0]!.path, st.files[0]!.content);
  pc.io.err(st.stderr);
  pc.save?.(st.files[1]!.path, st.files[1]!.content);
  pc.io.out(st.stdout);
  pc.save?.(st.files[2]!.path, st.files[2]!.content);
  for (const d of st.dirs) pc.mkdirs?.(d);
  if (st.myid && pc.read?.(st.myid.path) === undefined) pc.save?.(st.myid.path, st.myid.content);
  return { k: 'exec', argv: ['zkServer.sh', 'start-foreground'], errFirst: true };
}

/** zkServer.sh: `start-foreground` execs the server; other verbs are not modelled (approximate: they print its usage). */
export function zkServerSh(argv: string[], pc: ProgramContext): Outcome {
  pc.io.err('ZooKeeper JMX enabled by default\n');
  pc.io.err(`Using config: ${ZK_CFG}\n`);
  if (argv[1] !== 'start-foreground') {
    pc.io.out(`Usage: ${argv[0] ?? 'zkServer.sh'} {start|start-foreground|stop|restart|status|upgrade|print-cmd}\n`);
    return { k: 'done', status: 1 };
  }
  const cfgText = pc.read?.('/usr/etc/zookeeper/zoo.cfg');
  const javaEnv = readJavaEnv(pc.read?.('/usr/etc/zookeeper/java.env'));
  const args = serverArgv(javaEnv.logDir, javaEnv.heap);
  if (cfgText === undefined) {
    const behaviour: RunningBehaviour = { kind: 'crash', afterMs: 300, exitCode: 1, stdout: ['Invalid config, exiting abnormally'], stderr: [] };
    return { k: 'app', start: { name: 'java', version: pc.version, behaviour, argv: args, style: 'silent' } };
  }
  const config = parseZooCfg(cfgText);
  const myidText = pc.read?.(`${config.dataDir}/myid`);
  const myid = config.servers.length > 0 ? Number((myidText ?? '').trim()) || 0 : 0;
  let seed = 0;
  for (const ch of `${pc.hostname ?? ''}:${pc.clock}`) seed = (Math.imul(seed ^ ch.charCodeAt(0), 0x01000193) >>> 0) % 1_000_003;
  const zk: ZkServer = { config, myid, boot: pc.clock, cnxns: 0, sessions: 0, portBase: seed };
  const io = {
    read: (p: string) => pc.read?.(p),
    list: (d: string) => pc.list?.(d) ?? [],
    write: (p: string, c: string) => pc.save?.(p, c),
    log: () => undefined,
  };
  bootZkFiles(zk, io);
  const self = config.servers.find((a) => a.id === myid);
  const listen = [{ port: config.clientPort, protocol: 'tcp' as const }, ...(self ? [{ port: self.electionPort, protocol: 'tcp' as const }, { port: self.serverPort, protocol: 'tcp' as const }] : [])];
  const behaviour: RunningBehaviour = { kind: 'serve', server: { listen, startupMs: LISTEN_MS, routes: {}, notFound: { status: 404, body: '' }, logStyle: 'silent', memoryBytes: 96 * MiB } };
  const banner = zkBanner(zk, pc.clock).map((l): [number, 'stdout' | 'stderr', string] => [l.at - pc.clock, l.stream, l.text]);
  return { k: 'app', start: { name: 'java', version: pc.version, behaviour, argv: args, style: 'silent', banner, zk } };
}
