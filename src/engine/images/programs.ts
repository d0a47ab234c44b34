/**
 * Argument-sensitive programs (nginx -g, agnhost liveness, perl -e, stress --vm-bytes, postgres
 * without a password…): each turns argv into an Outcome — finish now/after a while, block
 * forever, start an application (foreground or daemonised), or exec another argv. Just over 400
 * lines: one switch over the programs, each a short function; a program with more to it has its
 * own module (etcdctl.ts, python.ts).
 */
import type { AppRun, RunningBehaviour } from './app';
import { appAlive } from './app';
import type { LogStyle, ProgramName } from './catalog-types';
import { httpdServer, httpServer, nginxServer, tcpServer } from './catalog-data';
import { klogTime, pgTime, redisTime, slashTime } from './clock';
import { nginxBuiltBy } from './nginx-build';
import { piDigits } from './pi';
import type { Io } from './tools';
import type { NetworkView } from './types';
import { etcdctl } from './etcdctl';
import { redisConfig, type RedisConfig } from './redis-config';
import { python3 } from './python';
import { go, node, notSimulated, npm, pip, ruby } from './lang-tools';
import { mysqld } from './mysql-server';
import { mysqladmin, ncat, xbstream, xtrabackup } from './xtrabackup-tools';
import { wordpressEntrypoint } from './wordpress-entrypoint';
import type { ZkServer } from './zookeeper-server';
import { startZookeeperProgram, zkServerSh } from './zookeeper-programs';

export interface AppStart {
  name: string;
  version: string;
  behaviour: RunningBehaviour;
  argv: string[];
  style: LogStyle;
  docroot?: string;
  /** Serves its docroot as python's http.server does (listings, its 404 page: python.ts). */
  listing?: true;
  /** Extra banner lines [offset ms from start, stream, text]. */
  banner?: [number, 'stdout' | 'stderr', string][];
  /** A redis-server: the configuration its argv gives (redis-persist.ts); it gets a key space. */
  redis?: RedisConfig;
  /** A ZooKeeper server (zookeeper-server.ts): its myid and config. */
  zk?: ZkServer;
  /** Threads that spin forever (stress's CPU hogs): millicores it would burn with no limit. */
  busyMillicores?: number;
}

export type Outcome =
  /** Finished with `status` after `ms`; `late`: its output appears at the end (a computation). */
  | { k: 'done'; status: number; ms?: number; late?: boolean }
  | { k: 'block' }
  /** Becomes an application; `daemon`: it forks into the background and the command returns 0. */
  | { k: 'app'; start: AppStart; daemon?: boolean }
  /**
   * Replaces itself with another command (docker-entrypoint.sh → `exec "$@"`); `errFirst`: what it
   * wrote to stderr came before its stdout (start-zookeeper's zoo.cfg, then its log4j line).
   */
  | { k: 'exec'; argv: string[]; errFirst?: true };

export interface ProgramContext {
  io: Io;
  env: Record<string, string>;
  /** The image tag's application version (`1.27.5`). */
  version: string;
  clock: number;
  apps: AppRun[];
  /** The tag's behaviour override when this binary is the image's main program. */
  override?: RunningBehaviour;
  /** What the exec that runs this program can reach (etcdctl's cluster). */
  net?: NetworkView;
  /** The shell's working directory when it ran the program. */
  cwd?: string;
  /** The image's C library is musl (Alpine): the platform `ruby -v` names. */
  musl?: true;
  /** The container's files (a program's config file: redis-server's). */
  read?: (path: string) => string | undefined;
  /** Sends a signal to the container's application `pid` from `sender` (nginx -s; app-signals.ts). */
  signal?: (pid: number, sig: number, sender: number) => boolean;
  /** What is at `path` in the container (links followed): an entrypoint's `[ -e … ]`, `[ -d … ]`. */
  kind?: (path: string) => 'file' | 'dir' | 'none';
  /**
   * Creates a file with `content`, or a directory when `content` is undefined, as the process
   * `who` (uid, gid): a file it makes in a volume is theirs (an entrypoint's first-start copy).
   */
  write?: (path: string, content: string | undefined, who: readonly [number, number]) => void;
  /** Writes a file as the process's user, making missing directories on the way (start-zookeeper's files). */
  save?: (path: string, content: string) => void;
  /** `mkdir -p` as the process's user. */
  mkdirs?: (path: string) => void;
  /** The names in a directory. */
  list?: (dir: string) => string[];
  /** The kernel's hostname (`hostname`). */
  hostname?: string;
}

const MiB = 1024 * 1024;
const done = (status: number, ms = 0): Outcome => ({ k: 'done', status, ms });
const basename = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

/** `--flag=v` or `--flag v` / `-flag v` (Go flag style accepts one or two dashes). */
function opt(argv: string[], ...names: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    for (const n of names) {
      if (a === n) return argv[i + 1];
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

/** `250M`, `100Mi`, `1G`, `512k` → bytes (stress and k8s quantity suffixes). */
function bytes(text: string | undefined): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kKmMgG]i?)?[bB]?$/.exec(text ?? '');
  if (!m) return 0;
  const unit = (m[2] ?? '').toLowerCase()[0];
  return Math.round(Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? MiB : unit === 'g' ? 1024 * MiB : 1));
}

function running(apps: AppRun[], name: string, t: number): AppRun | undefined {
  return apps.find((a) => a.name === name && appAlive(a, t));
}

/** `nginx -s WORD`: the signal each word sends (ngx_signals). */
const NGINX_SIGNALS: Readonly<Record<string, number>> = { stop: 15, quit: 3, reopen: 10, reload: 1 };

function nginx(argv: string[], pc: ProgramContext): Outcome {
  const v = pc.version;
  const t = pc.clock;
  if (argv.includes('-v')) {
    pc.io.err(`nginx version: nginx/${v}\n`);
    return done(0);
  }
  if (argv.includes('-V')) {
    const built = nginxBuiltBy(v);
    pc.io.err(`nginx version: nginx/${v}\n${built.gcc}\n${built.openssl}\nTLS SNI support enabled\nconfigure arguments: --prefix=/etc/nginx --sbin-path=/usr/sbin/nginx --conf-path=/etc/nginx/nginx.conf\n`);
    return done(0);
  }
  if (argv.includes('-t')) {
    pc.io.err('nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful\n');
    return done(0, 30);
  }
  const signal = opt(argv, '-s');
  if (signal !== undefined) {
    pc.io.err(`${slashTime(t)} [notice] 45#45: signal process started\n`);
    const master = running(pc.apps, 'nginx', t);
    if (!master) {
      pc.io.err(`${slashTime(t)} [error] 45#45: open() "/run/nginx.pid" failed (2: No such file or directory)\n`);
      return done(1);
    }
    // ngx_signal_process: the master named in /run/nginx.pid gets the signal the word names.
    const sig = NGINX_SIGNALS[signal];
    if (sig !== undefined) pc.signal?.(master.pid, sig, 45);
    return done(0, 10);
  }
  if (running(pc.apps, 'nginx', t)) {
    const e = `nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)\n`;
    pc.io.err(`${e.repeat(5)}nginx: [emerg] still could not bind()\n`);
    return done(1, 2500);
  }
  const daemon = !(opt(argv, '-g') ?? '').replace(/\s+/g, ' ').includes('daemon off');
  const behaviour = pc.override ?? { kind: 'serve', server: nginxServer(v) };
  return { k: 'app', start: { name: 'nginx', version: v, behaviour, argv, style: 'nginx', docroot: '/usr/share/nginx/html' }, daemon };
}

function httpd(argv: string[], pc: ProgramContext): Outcome {
  if (argv.includes('-v')) {
    pc.io.out(`Server version: Apache/${pc.version} (Unix)\nServer built:   Jul 23 2025 00:41:04\n`);
    return done(0);
  }
  const foreground = basename(argv[0] ?? '') === 'httpd-foreground' || argv.includes('FOREGROUND');
  const behaviour = pc.override ?? { kind: 'serve', server: httpdServer() };
  return { k: 'app', start: { name: 'httpd', version: pc.version, behaviour, argv, style: 'httpd', docroot: '/usr/local/apache2/htdocs' }, daemon: !foreground };
}

function redisServer(argv: string[], pc: ProgramContext): Outcome {
  if (argv.includes('--version') || argv.includes('-v')) {
    pc.io.out(`Redis server v=${pc.version} sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=a29ae2a4da2e6e6f\n`);
    return done(0);
  }
  const conf = redisConfig(argv, pc.cwd ?? '/data', pc.read);
  if (!conf.ok) {
    // loadServerConfig fails before initServer sets the server's PID: the line is a child's (`C`).
    const behaviour: RunningBehaviour = { kind: 'crash', afterMs: 2, exitCode: 1, stdout: [`1:C ${redisTime(pc.clock)} # ${conf.error}`], stderr: [] };
    return { k: 'app', start: { name: 'redis-server', version: pc.version, behaviour, argv, style: 'redis' } };
  }
  const redis = conf.config;
  const behaviour = pc.override ?? { kind: 'serve', server: { ...tcpServer(redis.port, 3 * MiB, 'redis', 60) } };
  return { k: 'app', start: { name: 'redis-server', version: pc.version, behaviour, argv, style: 'redis', redis } };
}

function agnhost(argv: string[], pc: ProgramContext): Outcome {
  const sub = argv[1];
  const v = pc.version;
  const start = (behaviour: RunningBehaviour, banner: AppStart['banner'] = []): Outcome => ({ k: 'app', start: { name: 'agnhost', version: v, behaviour, argv, style: 'agnhost', banner } });
  switch (sub) {
    case 'liveness':
      return start({ kind: 'liveness-failure', server: httpServer(8080, { '/healthz': { status: 200, body: 'ok' } }, { status: 404, body: '404 page not found\n' }, 40, 8 * MiB), path: '/healthz', afterMs: 10_000, failBody: 'agnhost-seconds' });
    case 'netexec': {
      const port = Number(opt(argv, '--http-port', '-http-port') ?? 8080) || 8080;
      const udp = Number(opt(argv, '--udp-port', '-udp-port') ?? 8081) || 8081;
      const routes = { '/': { status: 200, body: 'NOW: {now}' }, '/hostname': { status: 200, body: '{hostname}' }, '/healthz': { status: 200, body: '' }, '/clientip': { status: 200, body: '10.244.0.1:48712' }, '/echo': { status: 200, body: '' } };
      const k = (text: string): [number, 'stderr', string] => [40, 'stderr', `I${klogTime(pc.clock + 40)}       1 log.go:245] ${text}`];
      return start({ kind: 'serve', server: httpServer(port, routes, { status: 404, body: '404 page not found\n' }, 40, 10 * MiB) }, [k(`Started HTTP server on port ${port}`), k(`Started UDP server on port  ${udp}`)]);
    }
    case 'serve-hostname': {
      const port = Number(opt(argv, '--port', '-port') ?? 9376) || 9376;
      return start({ kind: 'serve', server: { ...httpServer(port, {}, { status: 200, body: '{hostname}' }, 40, 6 * MiB), logStyle: 'serve-hostname' } }, [[40, 'stderr', `${slashTime(pc.clock + 40)} Serving on port ${port}.`]]);
    }
    case 'webhook': {
      const port = Number(opt(argv, '--port', '-port') ?? 443) || 443;
      const server = { ...httpServer(port, {}, { status: 404, body: '404 page not found\n' }, 40, 10 * MiB), listen: [{ port, protocol: 'https' as const }] };
      return start({ kind: 'admission-webhook', server, certFile: opt(argv, '--tls-cert-file', '-tls-cert-file') ?? '', sidecarImage: opt(argv, '--sidecar-image', '-sidecar-image') ?? '' });
    }
    case 'test-webserver':
      return start({ kind: 'serve', server: httpServer(80, { '/': { status: 200, body: 'Hello World!\n' } }, { status: 404, body: '404 page not found\n' }, 40, 6 * MiB) });
    case 'pause':
      // pause.go prints `Paused` and waits for a signal; SIGTERM ends it with os.Exit(2) at once
      // (resources.ts SHUTDOWN.agnhost), so deleting the DNS-debugging Pod does not take its grace period.
      return start({ kind: 'sleep-forever', memoryBytes: 4 * MiB, logs: [] }, [[0, 'stdout', 'Paused']]);
    case undefined:
    case '--help':
    case 'help':
      pc.io.out(`agnhost is a testing utility for Kubernetes e2e tests\n\nUsage:\n  app [command]\n\nAvailable Commands:\n  liveness        Starts a http server that becomes unhealthy after 10 seconds\n  netexec         Creates HTTP(S), UDP, and (optionally) SCTP servers with various endpoints\n  pause           Pauses the execution\n  serve-hostname  Serves the hostname\n  test-webserver  Creates a test webserver.\n  webhook         Starts a HTTP server, useful for testing MutatingAdmissionWebhook and ValidatingAdmissionWebhook\n\nUse "app [command] --help" for more information about a command.\n`);
      return done(0, 5);
    default:
      pc.io.err(`Error: unknown command "${sub}" for "app"\nRun 'app --help' for usage.\n`);
      return done(1, 5);
  }
}

/** Perl one-liners: `-e`/`-le`/`-wle` with print/sleep/exit/die statements and bignum's bpi(N). */
function perl(argv: string[], pc: ProgramContext): Outcome {
  let script: string | undefined;
  let newline = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-de0' || a === '-d') {
      pc.io.err('\nLoading DB routines from perl5db.pl version 1.77\nEditor support available.\n\nEnter h or \'h h\' for help, or \'man perldebug\' for more help.\n\nmain::(-e:1):\t0\n');
      return done(0, 60);
    }
    if (/^-[a-zA-Z]*e$/.test(a)) {
      newline = newline || a.includes('l');
      script = argv[i + 1];
      break;
    }
    if (/^-[a-zA-Z]*l/.test(a) && !a.startsWith('-M')) newline = true;
    if (a === '-v') {
      pc.io.out(`\nThis is perl 5, version ${pc.version.split('.')[1] ?? '40'}, subversion ${pc.version.split('.')[2] ?? '0'} (v${pc.version}) built for x86_64-linux-gnu\n`);
      return done(0);
    }
  }
  if (script === undefined) return done(0, 20);
  let ms = 30;
  let out = '';
  for (const stmt of script.split(';').map((s) => s.trim()).filter(Boolean)) {
    const pi = /^print\s+bpi\(\s*(\d+)\s*\)$/.exec(stmt);
    const str = /^print\s+(?:"([^"]*)"|'([^']*)')$/.exec(stmt);
    const sleep = /^sleep\s*\(?\s*(\d+)\s*\)?$/.exec(stmt);
    const exit = /^exit\s*\(?\s*(\d+)?\s*\)?$/.exec(stmt);
    const die = /^die\s+(?:"([^"]*)"|'([^']*)')$/.exec(stmt);
    if (pi) {
      const n = Math.min(20000, Number(pi[1]));
      out += piDigits(Math.max(1, n)) + (newline ? '\n' : '');
      ms += Math.round((n * n) / 1600);
    } else if (str) out += (str[1] ?? str[2] ?? '').replace(/\\n/g, '\n') + (newline ? '\n' : '');
    else if (sleep) ms += Number(sleep[1]) * 1000;
    else if (exit) {
      pc.io.out(out);
      return { k: 'done', status: Number(exit[1] ?? 0), ms, late: true };
    } else if (die) {
      pc.io.out(out);
      pc.io.err(`${die[1] ?? die[2] ?? 'Died'} at -e line 1.\n`);
      return { k: 'done', status: 255, ms, late: true };
    }
  }
  pc.io.out(out);
  return { k: 'done', status: 0, ms, late: true };
}

/** polinux/stress: `--vm N --vm-bytes X` holds N×X bytes (OOMKilled above the limit). */
function stress(argv: string[], pc: ProgramContext): Outcome {
  if (argv.length <= 1 || argv.includes('--help') || argv.includes('-?')) {
    pc.io.out("`stress' imposes certain types of compute stress on your system\n\nUsage: stress [OPTION [ARG]] ...\n -?, --help         show this help statement\n     --version      show version statement\n -v, --verbose      be verbose\n -q, --quiet        be quiet\n -n, --dry-run      show what would have been done\n -t, --timeout N    timeout after N seconds\n -c, --cpu N        spawn N workers spinning on sqrt()\n -m, --vm N         spawn N workers spinning on malloc()/free()\n     --vm-bytes B   malloc B bytes per vm worker (default is 256MB)\n");
    return done(argv.length <= 1 ? 1 : 0);
  }
  const cpu = Number(opt(argv, '--cpu', '-c') ?? 0);
  const vm = Number(opt(argv, '--vm', '-m') ?? 0);
  const io = Number(opt(argv, '--io', '-i') ?? 0);
  const vmBytes = opt(argv, '--vm-bytes') !== undefined ? bytes(opt(argv, '--vm-bytes')) : 256 * MiB;
  const timeout = Number((opt(argv, '--timeout', '-t') ?? '').replace(/s$/, '')) || 0;
  const dispatch = `stress: info: [1] dispatching hogs: ${cpu} cpu, ${io} io, ${vm} vm, 0 hdd`;
  const memoryBytes = MiB + vm * vmBytes;
  const behaviour: RunningBehaviour = timeout > 0
    ? { kind: 'job', durationMs: timeout * 1000, exitCode: 0, memoryBytes, output: [dispatch, `stress: info: [1] successful run completed in ${timeout}s`] }
    : { kind: 'sleep-forever', memoryBytes, logs: [] };
  // Each --cpu worker spins on sqrt() (the --vm workers mostly sleep under --vm-hang).
  return { k: 'app', start: { name: 'stress', version: pc.version, behaviour, argv, style: 'silent', banner: timeout > 0 ? [] : [[0, 'stdout', dispatch]], ...(cpu > 0 ? { busyMillicores: cpu * 1000 } : {}) } };
}

/** vish/stress (Go): `-cpus N` burns CPU; `-mem-total` grows memory by `-mem-alloc-size` per `-mem-alloc-sleep`. */
function vishStress(argv: string[], pc: ProgramContext): Outcome {
  const total = bytes(opt(argv, '-mem-total', '--mem-total') ?? '0');
  const size = bytes(opt(argv, '-mem-alloc-size', '--mem-alloc-size') ?? '4Ki');
  const sleepMs = Number((opt(argv, '-mem-alloc-sleep', '--mem-alloc-sleep') ?? '1ms').replace(/ms$/, '').replace(/s$/, '000')) || 1;
  const at = pc.clock;
  const k = (dt: number, text: string): [number, 'stderr', string] => [dt, 'stderr', `I${klogTime(at + dt)}       1 main.go:${text}`];
  // main.go: one line per -cpus goroutine copying /dev/zero to /dev/null, then `Allocated` once the
  // last chunk is in (at once for the default "0").
  const cpus = Math.max(0, Math.trunc(Number(opt(argv, '-cpus', '--cpus') ?? 0)) || 0);
  const allocMs = total > 0 && size > 0 ? Math.floor(total / size) * sleepMs : 0;
  const banner: AppStart['banner'] = [
    k(0, `26] Allocating "${opt(argv, '-mem-total') ?? '0'}" memory, in "${opt(argv, '-mem-alloc-size') ?? '4Ki'}" chunks, with a ${opt(argv, '-mem-alloc-sleep') ?? '1ms'} sleep between allocations`),
    ...Array.from({ length: cpus }, () => k(0, '39] Spawning a thread to consume CPU')),
    k(allocMs, `29] Allocated "${opt(argv, '-mem-total') ?? '0'}" memory`),
  ];
  const server = { ...httpServer(0, {}), listen: [], startupMs: 0, memoryBytes: 2 * MiB, logStyle: 'silent' as const };
  const behaviour: RunningBehaviour = total > 0 ? { kind: 'memory-leak', server, bytesPerSecond: (size / sleepMs) * 1000, logEveryMs: 3_600_000, maxBytes: total } : { kind: 'sleep-forever', memoryBytes: 2 * MiB, logs: [] };
  return { k: 'app', start: { name: 'stress', version: pc.version, behaviour, argv, style: 'silent', banner, ...(cpus > 0 ? { busyMillicores: cpus * 1000 } : {}) } };
}

function postgres(argv: string[], pc: ProgramContext): Outcome {
  if (!pc.env.POSTGRES_PASSWORD && pc.env.POSTGRES_HOST_AUTH_METHOD !== 'trust') {
    return {
      k: 'app',
      start: {
        name: 'postgres',
        version: pc.version,
        argv,
        style: 'silent',
        behaviour: {
          kind: 'crash',
          afterMs: 80,
          exitCode: 1,
          stdout: [],
          stderr: [
            'Error: Database is uninitialized and superuser password is not specified.',
            '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
            '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
            '',
            '       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
            '       connections without a password. This is *not* recommended.',
            '',
            '       See PostgreSQL documentation about "trust":',
            '       https://www.postgresql.org/docs/current/auth-trust.html',
          ],
        },
      },
    };
  }
  const up = 2600;
  const lg = (dt: number, text: string): [number, 'stderr', string] => [dt, 'stderr', `${pgTime(pc.clock + dt)} [1] LOG:  ${text}`];
  return {
    k: 'app',
    start: {
      name: 'postgres',
      version: pc.version,
      argv,
      style: 'silent',
      behaviour: { kind: 'serve', server: { ...tcpServer(5432, 40 * MiB, 'silent', up) } },
      banner: [
        [0, 'stdout', 'The files belonging to this database system will be owned by user "postgres".'],
        [0, 'stdout', 'This user must also own the server process.'],
        [2400, 'stdout', 'PostgreSQL init process complete; ready for start up.'],
        lg(up - 10, `starting PostgreSQL ${pc.version} (Debian ${pc.version}-1.pgdg13+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 14.2.0-19) 14.2.0, 64-bit`),
        lg(up - 8, 'listening on IPv4 address "0.0.0.0", port 5432'),
        lg(up, 'database system is ready to accept connections'),
      ],
    },
  };
}

function etcd(argv: string[], pc: ProgramContext): Outcome {
  const urls = opt(argv, '--listen-client-urls', '-listen-client-urls') ?? 'http://localhost:2379';
  const port = Number(/:(\d+)/.exec(urls.split(',')[0] ?? '')?.[1] ?? 2379) || 2379;
  const server = { ...httpServer(port, { '/health': { status: 200, body: '{"health":"true","reason":""}' }, '/version': { status: 200, body: `{"etcdserver":"${pc.version}","etcdcluster":"3.5.0"}` } }), listen: [{ port, protocol: 'grpc' as const }], logStyle: 'etcd' as const, memoryBytes: 30 * MiB };
  return { k: 'app', start: { name: 'etcd', version: pc.version, behaviour: pc.override ?? { kind: 'serve', server }, argv, style: 'etcd' } };
}

function httpEcho(argv: string[], pc: ProgramContext): Outcome {
  const text = opt(argv, '-text', '--text');
  const listen = opt(argv, '-listen', '--listen') ?? ':5678';
  const port = Number(/:(\d+)$/.exec(listen)?.[1] ?? 5678) || 5678;
  if (text === undefined || text === '') {
    pc.io.err(`${slashTime(pc.clock)} [ERR] Missing -text option!\n`);
    return done(127, 5);
  }
  const server = httpServer(port, {}, { status: 200, body: `${text}\n` }, 30, 3 * MiB);
  return { k: 'app', start: { name: 'http-echo', version: pc.version, behaviour: { kind: 'serve', server }, argv, style: 'silent', banner: [[30, 'stderr', `${slashTime(pc.clock + 30)} [INFO] server is listening on ${listen}`]] } };
}

/** Runs an argument-sensitive program. curl, wget, redis-cli and zkCli.sh are network tools the interpreter binds itself. */
export function runProgram(program: Exclude<ProgramName, 'curl' | 'wget' | 'redis-cli' | 'zkCli.sh' | 'mysql'>, argv: string[], pc: ProgramContext): Outcome {
  switch (program) {
    case 'nginx': return nginx(argv, pc);
    case 'httpd': return httpd(argv, pc);
    case 'redis-server': return redisServer(argv, pc);
    case 'agnhost': return agnhost(argv, pc);
    case 'perl': return perl(argv, pc);
    case 'stress': return stress(argv, pc);
    case 'stress-ng': return vishStress(argv, pc);
    case 'postgres': return postgres(argv, pc);
    case 'mysqld': return mysqld(argv, pc);
    case 'mysqladmin': return mysqladmin(argv, pc);
    case 'ncat': return ncat(argv, pc);
    case 'xbstream': return xbstream(argv, pc);
    case 'xtrabackup': return xtrabackup(argv, pc);
    case 'wordpress-entrypoint': return wordpressEntrypoint(argv, pc);
    case 'etcd': return etcd(argv, pc);
    case 'etcdctl': {
      // Its zap lines (stderr) interleave with its results (stdout); the buffered streams would
      // print all of stdout first, so both go out in the order written, as a terminal shows them.
      const r = etcdctl(argv, { stdin: '', out: (t) => pc.io.out(t), err: (t) => pc.io.out(t) }, pc.net?.etcd, pc.clock);
      return { k: 'done', status: r.status, ms: r.ms, late: true };
    }
    case 'http-echo': return httpEcho(argv, pc);
    case 'python3': return python3(argv, pc);
    case 'pip': return pip(argv, pc);
    case 'node': return node(argv, pc);
    case 'npm': return npm(argv, pc);
    case 'go': return go(argv, pc);
    case 'ruby': return ruby(argv, pc);
    case 'not-simulated': return notSimulated(argv, pc);
    case 'start-zookeeper': return startZookeeperProgram(argv, pc);
    case 'zkServer.sh': return zkServerSh(argv, pc);
  }
}

/** The image's own application binary: its behaviour does not depend on argv. */
export function runApp(path: string, behaviour: RunningBehaviour, argv: string[], pc: ProgramContext): Outcome {
  const b = pc.override ?? behaviour;
  const server = 'server' in b ? b.server : undefined;
  return { k: 'app', start: { name: basename(path), version: pc.version, behaviour: b, argv, style: server?.logStyle ?? 'silent' } };
}

