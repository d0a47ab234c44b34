/**
 * Starting an app a command runs (an image's server, a daemon, PID 1's program): its run record
 * (app.ts startApp) with the Pod's identity and limits, its start-up banner (kube-proxy's mode
 * read from its mounted KubeProxyConfiguration), and a redis-server's key space loaded from its RDB.
 */
import { startApp, type AppRun } from './app';
import { serverBanner } from './app-logs';
import { stat, writeFile } from './fs';
import type { Machine, RunContext } from './machine';
import type { AppStart } from './programs';
import { bootRedis } from './redis-persist';
import type { RedisConfig } from './redis-config';
import type { LogLine } from './types';

/** kube-proxy reads its mode from the KubeProxyConfiguration its ConfigMap mounts. */
function kubeProxyMode(m: Machine, ctx: RunContext): 'iptables' | 'nftables' {
  const conf = stat(m.fs, ctx.base, '/var/lib/kube-proxy/config.conf');
  return conf.kind === 'file' && /^mode: nftables$/m.test(conf.content) ? 'nftables' : 'iptables';
}

function appBanner(m: Machine, ctx: RunContext, start: AppStart, r: AppRun): LogLine[] {
  const lines = 'server' in r.behaviour ? serverBanner(r, start.style, start.style === 'kube-proxy' ? kubeProxyMode(m, ctx) : 'iptables', ctx.cpus) : [];
  for (const [dt, stream, text] of start.banner ?? []) lines.push({ at: r.startedAt + dt, stream, text });
  return lines.sort((a, b) => a.at - b.at);
}

export function launch(m: Machine, ctx: RunContext, start: AppStart, daemon: boolean) {
  const asPid1 = (m.dialect === null || m.pid1Next) && !daemon && !m.apps.some((a) => a.pid === 1);
  m.pid1Next = false;
  const run = startApp({
    ...(ctx.pidBase ? { pidBase: ctx.pidBase } : {}),
    name: start.name,
    version: start.version,
    behaviour: start.behaviour,
    argv: start.argv,
    startedAt: m.clock,
    pid: asPid1 ? 1 : m.nextPid++,
    seed: ctx.seed + m.apps.length * 7919,
    declaredPorts: ctx.declaredPorts,
    restartCount: ctx.restartCount,
    hostname: ctx.hostname,
    podIP: ctx.podIP,
    ...(ctx.memoryLimitBytes !== undefined ? { memoryLimitBytes: ctx.memoryLimitBytes } : {}),
    ...(start.docroot !== undefined ? { docroot: start.docroot } : {}),
    ...(start.listing ? { listing: true as const } : {}),
    // A forecast's copy is read for its exit and listen times only (process.ts), never for its
    // logs, so its apps skip rendering the banner; the process itself renders it when it runs.
    ...(ctx.lookahead ? {} : { banner: (r: AppRun) => appBanner(m, ctx, start, r) }),
  });
  if (start.redis) bootRedisApp(m, ctx, run, start.redis);
  if (start.zk) run.zk = start.zk;
  // A thread spins on one core at most; the node has `cpus` of them.
  if (start.busyMillicores) run.busyMillicores = Math.min(start.busyMillicores, (ctx.cpus ?? 1) * 1000);
  m.apps.push(run);
  return run;
}

/**
 * A redis-server's key space, loaded from its RDB: the load lines go before `Ready to accept
 * connections`; a file that is no RDB ends the server there instead (exit 1, never listening).
 */
function bootRedisApp(m: Machine, ctx: RunContext, run: AppRun, config: RedisConfig): void {
  const read = (path: string): string | undefined => {
    const f = stat(m.fs, ctx.base, path);
    return f.kind === 'file' ? f.content : undefined;
  };
  const argv0 = run.argv[0] ?? 'redis-server';
  const executable = argv0.startsWith('/') ? argv0 : `${m.cwd === '/' ? '' : m.cwd}/${argv0}`;
  const write = (path: string, content: string, at: number): void => writeFile(m.fs, ctx.base, path, content, false, at);
  const boot = bootRedis(run, config, { read, write }, `${ctx.seed}:${run.startedAt}:${run.pid}`, executable);
  run.redis = boot.server;
  const ready = run.banner.findIndex((l) => l.text.includes('Ready to accept connections'));
  if (boot.fatal) {
    if (ready >= 0) run.banner.splice(ready, 1);
    run.end = { at: run.listenAt + 1, code: 1 };
    run.listen = [];
  }
  run.banner.splice(ready >= 0 ? ready : run.banner.length, 0, ...boot.lines);
}

