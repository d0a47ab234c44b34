/**
 * What applications print: startup banners per log style (nginx notices, httpd AH00558, Redis'
 * oO0OoO0OoO0Oo, Go slog JSON), lines a behaviour prints over time (crash messages, job output,
 * leak/retry lines), and access-log lines for requests (nginx/httpd log probe hits).
 */
import type { AppRun } from './app';
import type { LogStyle } from './catalog-types';
import { clfTime, httpdTime, isoMillis, redisTime, slashTime, spaceTime } from './clock';
import type { LogLine } from './types';

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

/** Lines a server prints when it starts (`at` = start) and when it is up (`listenAt`). */
export function serverBanner(run: AppRun, style: LogStyle): LogLine[] {
  const s = run.startedAt;
  const up = run.listenAt;
  const port = run.listen[0]?.port ?? 0;
  switch (style) {
    case 'nginx': {
      // The images log `notice` level only since 1.19 (docker-entrypoint.sh era).
      if (!versionAtLeast(run.version, 1, 19)) return [];
      const n = (text: string): LogLine => line(up, `${slashTime(up)} [notice] 1#1: ${text}`, 'stderr');
      return [
        n('using the "epoll" event method'),
        n(`nginx/${run.version}`),
        n('built by gcc 12.2.0 (Debian 12.2.0-14) '),
        n('OS: Linux 6.8.0-71-generic'),
        n('getrlimit(RLIMIT_NOFILE): 1048576:1048576'),
        n('start worker processes'),
        n('start worker process 29'),
        n('start worker process 30'),
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
    case 'redis': {
      const r = (at: number, role: string, text: string): LogLine => line(at, `1:${role} ${redisTime(at)} ${text}`);
      return [
        r(s, 'C', '* oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'),
        r(s, 'C', `* Redis version=${run.version}, bits=64, commit=00000000, modified=0, pid=1, just started`),
        r(s, 'C', '# Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf'),
        r(up, 'M', '* monotonic clock: POSIX clock_gettime'),
        r(up, 'M', `* Running mode=standalone, port=${port}.`),
        r(up, 'M', '* Server initialized'),
        r(up, 'M', '* Ready to accept connections tcp'),
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
    case 'agnhost':
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
}

/** Access-log (and nginx error-log) lines for one request, in the app's format. */
export function accessLines(run: AppRun, style: LogStyle, hit: Hit): LogLine[] {
  const req = `"GET ${hit.path} HTTP/1.1"`;
  if (style === 'nginx') {
    const out: LogLine[] = [];
    if (hit.status === 404) {
      out.push(line(hit.at, `${slashTime(hit.at)} [error] 29#29: *${(hit.at % 997) + 1} open() "${run.docroot ?? '/usr/share/nginx/html'}${hit.path}" failed (2: No such file or directory), client: ${hit.clientIP}, server: localhost, request: "GET ${hit.path} HTTP/1.1", host: "${run.podIP}:${run.listen[0]?.port ?? 80}"`, 'stderr'));
    }
    out.push(line(hit.at, `${hit.clientIP} - - [${clfTime(hit.at)}] ${req} ${hit.status} ${hit.bytes} "-" "${hit.userAgent}" "-"`));
    return out;
  }
  if (style === 'httpd') return [line(hit.at, `${hit.clientIP} - - [${clfTime(hit.at)}] ${req} ${hit.status} ${hit.bytes}`)];
  return [];
}
