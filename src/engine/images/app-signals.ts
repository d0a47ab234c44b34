/**
 * A signal reaching an application process (kill, pkill, `nginx -s`, another container's `kill`
 * in a shared PID namespace). Most applications end with 128 + the signal (their handlers exit;
 * SIGKILL kills). nginx's master handles its own (ngx_signals): on SIGHUP it reconfigures
 * (ngx_reconfigure), starting a new set of workers while the old ones finish gracefully, so `ps`
 * shows new worker PIDs and its log says so; SIGQUIT, SIGTERM and SIGINT make it exit 0, SIGUSR1
 * reopen its logs. With notice level these are the lines nginx 1.2x prints.
 *
 * Approximate: the old workers' exit lines all come at the signal's instant, in PID order, each
 * worker's three then the master's SIGCHLD pair; SIGIO closes them once. On exit only the
 * master's signal notice and `exit` are logged (not its workers').
 */
import { appAlive, type AppRun } from './app';
import { nginxWorkerPids } from './app-logs';
import { slashTime } from './clock';
import type { Machine } from './machine';

/** The workers an nginx master runs now (container PIDs): its start's, or its last reload's. */
export function nginxWorkers(a: AppRun, cpus: number | undefined): number[] {
  return a.workers ?? nginxWorkerPids(cpus, a.pid);
}

/**
 * Delivers `sig` at `at` to the container's application `pid` (the container's own numbering);
 * `sender` is the PID, as the namespace numbers it, the receiver sees it from (nginx logs it).
 * False when no live application has that PID.
 */
export function signalApp(m: Machine, pid: number, sig: number, sender: number, cpus: number | undefined, at = m.clock): boolean {
  const a = m.apps.find((x) => x.pid === pid && appAlive(x, at));
  if (!a) return false;
  if (sig === 0) return true;
  if (a.name === 'nginx' && NGINX_HANDLES[sig]) {
    nginxSignal(m, a, sig, sender, cpus, at);
    return true;
  }
  const code = 128 + sig;
  a.end = { at, code };
  a.killed = { at, code };
  return true;
}

/** The signals nginx's master handles (ngx_signals) and what its notice says: the rest kill it. */
const NGINX_HANDLES: Readonly<Record<number, string>> = {
  1: 'signal 1 (SIGHUP) received from %s, reconfiguring',
  2: 'signal 2 (SIGINT) received from %s, exiting',
  3: 'signal 3 (SIGQUIT) received from %s, shutting down',
  10: 'signal 10 (SIGUSR1) received from %s, reopening logs',
  15: 'signal 15 (SIGTERM) received from %s, exiting',
};

function nginxSignal(m: Machine, a: AppRun, sig: number, sender: number, cpus: number | undefined, at: number): void {
  const master = a.pid + (a.pidBase ?? 0);
  const notice = (text: string) => ({ at, stream: 'stderr' as const, text: `${slashTime(at)} [notice] ${master}#${master}: ${text}` });
  if (sig === 1) return reconfigure(m, a, sender, cpus, at);
  a.banner.push(notice(NGINX_HANDLES[sig]!.replace('%s', String(sender))));
  if (sig === 10) {
    a.banner.push(notice('reopening logs'));
    return;
  }
  // It stops its workers and exits 0 (gracefully on SIGQUIT, at once on SIGTERM/SIGINT).
  a.banner.push(notice('exit'));
  a.end = { at, code: 0 };
  a.killed = { at, code: 0 };
}

function reconfigure(m: Machine, a: AppRun, sender: number, cpus: number | undefined, at: number): void {
  const base = a.pidBase ?? 0;
  const master = a.pid + base;
  const old = nginxWorkers(a, cpus);
  // The kernel hands the new workers the next PIDs: after the old ones and the sender's.
  const first = Math.max(m.nextPid, ...old.map((w) => w + 1), sender - base + 1);
  const fresh = old.map((_, i) => first + i);
  m.nextPid = first + fresh.length;
  a.workers = fresh;
  const line = (who: number, text: string) => ({ at, stream: 'stderr' as const, text: `${slashTime(at)} [notice] ${who}#${who}: ${text}` });
  a.banner.push(
    line(master, `signal 1 (SIGHUP) received from ${sender}, reconfiguring`),
    line(master, 'reconfiguring'),
    line(master, 'using the "epoll" event method'),
    line(master, 'start worker processes'),
    ...fresh.map((w) => line(master, `start worker process ${w + base}`)),
  );
  for (const w of old) a.banner.push(line(w + base, 'gracefully shutting down'), line(w + base, 'exiting'), line(w + base, 'exit'));
  for (const w of old) a.banner.push(line(master, `signal 17 (SIGCHLD) received from ${w + base}`), line(master, `worker process ${w + base} exited with code 0`));
  a.banner.push(line(master, 'signal 29 (SIGIO) received'));
}
