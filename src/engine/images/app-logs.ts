/**
 * What applications print: startup banners per log style (nginx notices, httpd AH00558, Redis'
 * oO0OoO0OoO0Oo, Go slog JSON), lines a behaviour prints over time (crash messages, job output,
 * leak/retry lines), and access-log lines for requests (nginx/httpd log probe hits).
 */
import type { AppRun } from './app';
import type { LogStyle } from './catalog-types';
import { apache2Access, apache2Banner } from './apache2-logs';
import { redis28Banner, replicaOfArgv } from './redis-repl-log';
import { clfTime, httpdTime, isoMillis, pyLogTime, redisTime, slashTime, spaceTime } from './clock';
import { nginxBuiltBy } from './nginx-build';
import type { LogLine } from './types';
import { klogHeader, structured } from '../logging/klog';
import { KERNEL_RELEASE } from '../node/kernel';
import { fnv1a } from '../../k8s/sha256';
import { pythonErrorMessage } from './python';

/**
 * CoreDNS's build line per release (`linux/amd64, <go>, <commit>`), from real start-up logs;
 * a release not listed prints none rather than an invented one.
 */
const COREDNS_BUILDS: Record<string, string> = {
  '1.14.2': 'go1.26.1, dd1df4f',
  '1.12.1': 'go1.24.1, 707c7c1',
  '1.11.3': 'go1.21.11, a6338e9',
};

/** The reload plugin's SHA-512 of kubeadm's default Corefile (the one the addon installs). */
const KUBEADM_COREFILE_SHA512 = '591cf328cccc12bc490481273e738df59329c62c0b729d94e8b61db9961c2fa5f046dd37f1cf888b953814040d180f52594972691cd6ff41be96639138a43908';

/**
 * kube-proxy's start-up in iptables mode, as v1.34.0 prints it (klog; offsets in ms from the
 * start are those of a real start). nf_conntrack_max is 32768 per CPU with a 131072 floor. In
 * nftables mode (its config file's `mode: nftables`) server_linux.go names the other proxier, and
 * the iptables proxier's route_localnet notice is not printed.
 */
function kubeProxyBanner(run: AppRun, mode: 'iptables' | 'nftables'): LogLine[] {
  const at = [0, 400, 500, 501, 590, 592, 690, 690, 695, 726, 726, 727, 727, 727, 727, 727, 727, 727, 727, 828, 828, 828];
  const lines = [
    ['I', 'server_linux.go:53', structured(`Using ${mode} proxy`)],
    ['I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', 'node informer cache']])],
    ['I', 'shared_informer.go:356', structured('Caches are synced', [['controller', 'node informer cache']])],
    ['I', 'server.go:219', structured('Successfully retrieved NodeIPs', [['NodeIPs', [run.podIP]]])],
    ['I', 'conntrack.go:60', structured('Setting nf_conntrack_max', [['nfConntrackMax', 131072]])],
    [
      'E',
      'server.go:256',
      structured('Kube-proxy configuration may be incomplete or incorrect', [['err', 'nodePortAddresses is unset; NodePort connections will be accepted on all local IPs. Consider using `--nodeport-addresses primary`']]),
    ],
    ['I', 'server.go:265', structured('kube-proxy running in dual-stack mode', [['primary ipFamily', 'IPv4']])],
    ['I', 'server_linux.go:132', structured(`Using ${mode} Proxier`)],
    [
      'I',
      'proxier.go:242',
      structured(
        'Setting route_localnet=1 to allow node-ports on localhost; to change this either disable iptables.localhostNodePorts (--iptables-localhost-nodeports) or set nodePortAddresses (--nodeport-addresses) to filter loopback addresses',
        [['ipFamily', 'IPv4']],
      ),
    ],
    ['I', 'server.go:527', structured('Version info', [['version', run.version]])],
    ['I', 'server.go:529', structured('Golang settings', [['GOGC', ''], ['GOMAXPROCS', ''], ['GOTRACEBACK', '']])],
    ['I', 'config.go:200', structured('Starting service config controller')],
    ['I', 'config.go:403', structured('Starting serviceCIDR config controller')],
    ['I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', 'service config']])],
    ['I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', 'serviceCIDR config']])],
    ['I', 'config.go:106', structured('Starting endpoint slice config controller')],
    ['I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', 'endpoint slice config']])],
    ['I', 'config.go:309', structured('Starting node config controller')],
    ['I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', 'node config']])],
    ['I', 'shared_informer.go:356', structured('Caches are synced', [['controller', 'node config']])],
    ['I', 'shared_informer.go:356', structured('Caches are synced', [['controller', 'service config']])],
    ['I', 'shared_informer.go:356', structured('Caches are synced', [['controller', 'endpoint slice config']])],
  ] as const;
  let sub = 0;
  const shown = mode === 'iptables' ? lines : lines.filter(([, caller]) => caller !== 'proxier.go:242');
  return shown.map(([sev, caller, msg], i) => {
    const t = run.startedAt + (at[i] ?? 0);
    // Rising within a millisecond, as in the process logs (logging/process-log.ts).
    sub = i > 0 && at[i] === at[i - 1] ? Math.min(999, sub + 3 + ((i * 7919) % 41)) : (i * 7919 + 211) % 500;
    return line(t, `${klogHeader(sev, t, sub)}${caller}] ${msg}`, 'stderr');
  });
}

const line = (at: number, text: string, stream: LogLine['stream'] = 'stdout'): LogLine => ({ at, stream, text });

/** Catalog log templates: `{time}` in the app's own style, `{isotime}` as Go's JSON loggers print it. */
export function renderTemplate(run: Pick<AppRun, 'version' | 'hostname'>, style: LogStyle, text: string, at: number): string {
  const time = style === 'go-slog' ? isoMillis(at) : style === 'redis' ? redisTime(at) : spaceTime(at);
  return text
    .replace(/\{isotime\}/g, isoMillis(at))
    .replace(/\{time\}/g, time)
    .replace(/\{version\}/g, run.version)
    .replace(/\{hostname\}/g, run.hostname);
}

function versionAtLeast(v: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = v.split('.').map((x) => Number.parseInt(x, 10));
  return a > major || (a === major && b >= minor);
}

/**
 * nginx logs `notice` lines (start-up, `signal 15 (SIGTERM) received`): the official images'
 * nginx.conf sets `error_log … notice` since 1.19 (docker-entrypoint.sh era); older ones and a
 * stock nginx.conf log from `warn`/`error` up.
 */
export function nginxLogsNotices(run: Pick<AppRun, 'version'>, style: LogStyle): boolean {
  return style === 'nginx' && versionAtLeast(run.version, 1, 19);
}

/**
 * nginx's workers: `worker_processes auto` starts one per CPU the node has, numbered from 29 when
 * the master is the container's PID 1 (the entrypoint's scripts used the PIDs before). What `ps`
 * lists and what the master logs as it starts them.
 */
export function nginxWorkerPids(cpus: number | undefined, masterPid: number): number[] {
  const first = 29 + (masterPid === 1 ? 0 : masterPid);
  return Array.from({ length: Math.max(1, cpus ?? 1) }, (_, i) => first + i);
}

/** Lines a server prints when it starts (`at` = start) and when it is up (`listenAt`); `cpus` is the node's. */
export function serverBanner(run: AppRun, style: LogStyle, proxyMode: 'iptables' | 'nftables' = 'iptables', cpus?: number): LogLine[] {
  const s = run.startedAt;
  const up = run.listenAt;
  const port = run.listen[0]?.port ?? 0;
  switch (style) {
    case 'nginx-combined':
      return [];
    case 'nginx': {
      if (!nginxLogsNotices(run, style)) return [];
      // Its own PID as getpid() gives it: the namespace's (a shared one puts it past pause's).
      const base = run.pidBase ?? 0;
      const n = (text: string): LogLine => line(up, `${slashTime(up)} [notice] ${run.pid + base}#${run.pid + base}: ${text}`, 'stderr');
      return [
        n('using the "epoll" event method'),
        n(`nginx/${run.version}`),
        n(nginxBuiltBy(run.version).gcc),
        n(`OS: Linux ${KERNEL_RELEASE}`),
        n('getrlimit(RLIMIT_NOFILE): 1048576:1048576'),
        n('start worker processes'),
        ...nginxWorkerPids(cpus, run.pid).map((pid) => n(`start worker process ${pid + base}`)),
      ];
    }
    case 'httpd': {
      const ah = `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${run.podIP}. Set the 'ServerName' directive globally to suppress this message`;
      return [
        line(s, ah, 'stderr'),
        line(s, ah, 'stderr'),
        line(up, `[${httpdTime(up)}] [mpm_event:notice] [pid 1:tid 140233117247368] AH00489: Apache/${run.version} (Unix) configured -- resuming normal operations`, 'stderr'),
        line(up, `[${httpdTime(up)}] [core:notice] [pid 1:tid 140233117247368] AH00094: Command line: 'httpd -D FOREGROUND'`, 'stderr'),
      ];
    }
    case 'apache2':
      return apache2Banner(run);
    case 'redis': {
      if (!versionAtLeast(run.version, 3, 0)) return redis28Banner(run, port);
      const pid = run.pid;
      const r = (at: number, role: string, text: string): LogLine => line(at, `${pid}:${role} ${redisTime(at)} ${text}`);
      // A server started with --replicaof is a replica from its configuration on (`S`).
      const m = replicaOfArgv(run.argv) ? 'S' : 'M';
      // Before 7.2 the start-up's milestones were warnings (`#`); monotonic clock came in 6.2; 7.2
      // names the listener type (server.c of 6.0.5, 6.2.0, 7.0.0, 7.2.0).
      const w = versionAtLeast(run.version, 7, 2) ? '*' : '#';
      const named = run.name === 'redis-server';
      return [
        r(s, 'C', `${w} oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo`),
        r(s, 'C', `${w} Redis version=${run.version}, bits=64, commit=00000000, modified=0, pid=${pid}, just started`),
        // server.c main: the warning only when argv is the program alone (the image's CMD), naming argv[0].
        run.argv.length > 1 && named
          ? r(s, 'C', `${w} Configuration loaded`)
          : r(s, 'C', `# Warning: no config file specified, using the default config. In order to specify a config file use ${named ? run.argv[0] : 'redis-server'} /path/to/redis.conf`),
        ...(versionAtLeast(run.version, 6, 2) ? [r(up, m, '* monotonic clock: POSIX clock_gettime')] : []),
        r(up, m, `* Running mode=standalone, port=${port}.`),
        r(up, m, `${w} Server initialized`),
        r(up, m, versionAtLeast(run.version, 7, 2) ? '* Ready to accept connections tcp' : '* Ready to accept connections'),
      ];
    }
    case 'go-slog':
      return [
        line(s, `{"time":"${isoMillis(s)}","level":"INFO","msg":"starting ${run.name}","version":"${run.version}"}`),
        line(up, `{"time":"${isoMillis(up)}","level":"INFO","msg":"listening","addr":":${port}"}`),
      ];
    case 'etcd':
      return [
        line(s, `{"level":"info","ts":"${isoMillis(s)}","caller":"etcdmain/etcd.go:73","msg":"Running: ","args":${JSON.stringify(run.argv)}}`),
        line(up, `{"level":"info","ts":"${isoMillis(up)}","caller":"embed/serve.go:250","msg":"serving client traffic insecurely; this is strongly discouraged!","traffic":"grpc+http","address":"[::]:${port}"}`),
      ];
    case 'coredns': {
      // CoreDNS prints its server blocks and version on stdout once the Corefile is loaded.
      const build = COREDNS_BUILDS[run.version];
      return [
        line(up, '.:53'),
        line(up, `[INFO] plugin/reload: Running configuration SHA512 = ${KUBEADM_COREFILE_SHA512}`),
        line(up, `CoreDNS-${run.version}`),
        ...(build ? [line(up, `linux/amd64, ${build}`)] : []),
      ];
    }
    case 'kube-proxy':
      return kubeProxyBanner(run, proxyMode);
    case 'hello-app':
      // hello-app's main.go: `log.Printf("Server listening on port %s", port)` before ListenAndServe (stderr).
      return [line(s, `${slashTime(s)} Server listening on port ${port}`, 'stderr')];
    case 'bootcamp':
      // server.js's listen callback: `console.log ("Kubernetes Bootcamp App Started At:",startTime,
      // "| Running On: " ,host, "\n" )`. console.log joins its arguments with spaces (hence two
      // after `On:` and one before the newline argument, which leaves a blank line); node 6 prints
      // a Date as its ISO string.
      return [line(up, `Kubernetes Bootcamp App Started At: ${isoMillis(up)} | Running On:  ${run.hostname} `), line(up, '')];
    case 'hello-go': {
      // app/hello/main.go: log.Println / log.Printf before it listens, on stderr.
      const go = (text: string): LogLine => line(s, `${slashTime(s)} ${text}`, 'stderr');
      return [go('Starting server...'), go('Health service listening on 0.0.0.0:81'), go('HTTP service listening on 0.0.0.0:80')];
    }
    case 'agnhost':
    case 'serve-hostname':
    case 'python-http':
      return [];
    case 'generic':
      return run.listen.map((l) => line(up, `listening on :${l.port}`));
    case 'silent':
      return [];
  }
}

/** Lines the behaviour prints up to `until` (inclusive); `max` bounds periodic output. */
export function behaviourLines(run: AppRun, style: LogStyle, until: number, max: number): LogLine[] {
  const b = run.behaviour;
  const s = run.startedAt;
  const out: LogLine[] = [];
  const push = (at: number, text: string, stream: LogLine['stream'] = 'stdout'): void => {
    if (at <= until) out.push(line(at, renderTemplate(run, style, text, at), stream));
  };
  const periodic = (first: number, every: number, text: (k: number, at: number) => string, stream: LogLine['stream'] = 'stdout'): void => {
    const last = Math.min(until, run.end?.at ?? Infinity, run.oomAt ?? Infinity);
    if (last < first) return;
    const count = Math.floor((last - first) / every) + 1;
    for (let k = Math.max(0, count - max); k < count; k++) push(first + k * every, text(k, first + k * every), stream);
  };
  switch (b.kind) {
    case 'crash':
      b.stdout.forEach((t, i) => push(s + i, t));
      b.stderr.forEach((t) => push(b.afterMs + s - 1, t, 'stderr'));
      break;
    case 'job': {
      const step = b.output.length > 1 ? (b.durationMs - 1) / (b.output.length - 1) : 0;
      b.output.forEach((t, i) => push(s + Math.round(i * step), t));
      break;
    }
    case 'sleep-forever':
      b.logs.forEach((t, i) => push(s + 200 + i * 150, t));
      break;
    case 'memory-leak':
      periodic(run.listenAt + b.logEveryMs, b.logEveryMs, (k, at) =>
        style === 'go-slog'
          ? `{"time":"${isoMillis(at)}","level":"INFO","msg":"cache size","entries":${(k + 1) * 4096},"heap_mib":${Math.round(((at - run.listenAt) / 1000) * (b.bytesPerSecond / 1048576)) + 18}}`
          : `allocated ${Math.round(((at - run.listenAt) / 1000) * (b.bytesPerSecond / 1048576))} MiB`,
      );
      break;
    case 'external-dependency':
      periodic(run.listenAt, b.retryEveryMs, (k, at) =>
        style === 'go-slog'
          ? `{"time":"${isoMillis(at)}","level":"ERROR","msg":"dependency unavailable","dependency":"${b.dependency}","attempt":${k + 1},"error":"${b.error}"}`
          : `error: ${b.dependency}: ${b.error} (attempt ${k + 1})`,
        'stderr',
      );
      break;
    case 'hang':
      if (b.logLine) push(s + b.afterMs, b.logLine, 'stderr');
      break;
    default:
      break;
  }
  return out;
}

export interface Hit {
  at: number;
  clientIP: string;
  path: string;
  status: number;
  bytes: number;
  userAgent: string;
  /** How many lines the process had logged before this request: tells same-instant requests apart. */
  seq?: number;
  /** The request's Host header, when the client's request is known (one from the container itself). */
  host?: string;
  /** The request's method (GET when unset): `$request` names it. */
  method?: string;
  /** Requests the server answered before this one (log-buffer.ts countRequest). */
  served?: number;
  /** The response's bytes on the wire, head included, when the app framed the head itself (Apache's %O). */
  sent?: number;
}

/** Access-log (and nginx error-log) lines for one request, in the app's format. */
export function accessLines(run: AppRun, style: LogStyle, hit: Hit): LogLine[] {
  const method = hit.method ?? 'GET';
  const req = `"${method} ${hit.path} HTTP/1.1"`;
  if (style === 'nginx' || style === 'nginx-combined') {
    const out: LogLine[] = [];
    const tail = `client: ${hit.clientIP}, server: localhost, request: ${req}, host: "${hit.host ?? `${run.podIP}:${run.listen[0]?.port ?? 80}`}"`;
    const docroot = run.docroot ?? '/usr/share/nginx/html';
    if (hit.status === 404) out.push(line(hit.at, `${slashTime(hit.at)} [error] 29#29: *${(hit.at % 997) + 1} open() "${docroot}${hit.path}" failed (2: No such file or directory), ${tail}`, 'stderr'));
    // ngx_http_index_module: the index file is missing and autoindex is off.
    if (hit.status === 403) out.push(line(hit.at, `${slashTime(hit.at)} [error] 29#29: *${(hit.at % 997) + 1} directory index of "${docroot}${hit.path}" is forbidden, ${tail}`, 'stderr'));
    // The official images' `main` format ends with "$http_x_forwarded_for"; nginx's own `combined` does not.
    const forwardedFor = style === 'nginx' ? ' "-"' : '';
    out.push(line(hit.at, `${hit.clientIP} - - [${clfTime(hit.at)}] ${req} ${hit.status} ${hit.bytes} "-" "${hit.userAgent}"${forwardedFor}`));
    return out;
  }
  if (style === 'httpd') return [line(hit.at, `${hit.clientIP} - - [${clfTime(hit.at)}] ${req} ${hit.status} ${hit.bytes}`)];
  if (style === 'apache2') return [apache2Access(hit, clfTime(hit.at), req)];
  // serve_hostname.go: `log.Printf("HTTP request from %s", r.RemoteAddr)` on stderr. The client's
  // port is approximate: a stable pick from Linux's ephemeral range (32768–60999), one per request.
  if (style === 'serve-hostname') {
    const port = 32768 + (fnv1a(`${hit.clientIP}>${run.podIP}@${hit.at}#${hit.seq ?? 0}`) % 28232);
    return [line(hit.at, `${slashTime(hit.at)} HTTP request from ${hit.clientIP}:${port}`, 'stderr')];
  }
  // hello-app's main.go hello(): `log.Printf("Serving request: %s", r.URL.Path)`.
  if (style === 'hello-app') return [line(hit.at, `${slashTime(hit.at)} Serving request: ${hit.path}`, 'stderr')];
  if (style === 'bootcamp') {
    // server.js (bootcamp-server-js.ts) logs the request count, the seconds since its listen
    // callback ran and the time now: here both from the simulated clock. A number prints as
    // JavaScript writes it (`446.976`, `7.98`, `12`).
    const uptime = (Math.floor(hit.at) - Math.floor(run.listenAt)) / 1000;
    return [line(hit.at, `Running On: ${run.hostname} | Total Requests: ${(hit.served ?? 0) + 1} | App Uptime: ${uptime} seconds | Log Time: ${isoMillis(hit.at)}`)];
  }
  if (style === 'python-http') {
    // BaseHTTPRequestHandler.log_message on stderr; send_error logs the code first. No size: `-`.
    const at = `${hit.clientIP} - - [${pyLogTime(hit.at)}]`;
    const message = pythonErrorMessage(hit.status, method);
    const out: LogLine[] = message !== undefined ? [line(hit.at, `${at} code ${hit.status}, message ${message}`, 'stderr')] : [];
    out.push(line(hit.at, `${at} ${req} ${hit.status} -`, 'stderr'));
    return out;
  }
  return [];
}
