/**
 * A signal reaching an application process (kill, pkill, another container's `kill` in a shared
 * PID namespace). Most applications end with 128 + the signal (their handlers exit; SIGKILL
 * kills). nginx's master reconfigures on SIGHUP (ngx_reconfigure): it starts a new set of workers
 * and the old ones finish gracefully, so `ps` shows new worker PIDs and its log says so; with
 * notice level these are the lines nginx 1.2x prints.
 *
 * Approximate: the old workers' exit lines all come at the signal's instant, in PID order, each
 * worker's three then the master's SIGCHLD pair; SIGIO closes them once.
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
  if (a.name === 'nginx' && sig === 1) {
    reconfigure(m, a, sender, cpus, at);
    return true;
  }
  const code = 128 + sig;
  a.end = { at, code };
  a.killed = { at, code };
  return true;
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
