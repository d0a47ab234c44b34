/**
 * A container's processes as its own PID namespace holds them: PID 1 (the image's main program,
 * with the title it writes over its argv — nginx's `nginx: master process …`; or its shell, and
 * the program that shell waits on now, `sleep 5` in a loop), the workers the real program forks
 * (nginx: `worker_processes auto`, one per CPU of the node, as user nginx), the apps a script
 * started, and an exec's own processes (its shell, a pipeline's other stages, then the command)
 * with their parents. BusyBox ash and bash exec a `-c` script's only command in their place (no
 * shell process); dash stays its parent. Users come from the image's /etc/passwd (uid → name), its
 * USER, securityContext.runAsUser, or nginx's `user nginx;` (uid 101 in both nginx images).
 *
 * Approximate: PIDs are deterministic and plausible, not the kernel's — nginx's workers follow
 * the entrypoint scripts' children (29, 30, …), other processes are numbered 40 + the apps and
 * programs the container has started; every interactive shell is on pts/0;
 * a pipeline's other stages are shown with their words as written (unexpanded).
 */
import { appAlive, memoryAt, type AppRun } from './app';
import { nginxWorkers } from './app-signals';
import type { Machine, RunContext } from './machine';
import { nextProcPid, pid1ShellOf, shellChain } from './shell-chain';
import { stat } from './fs';
import { resolveUser, rowsOf } from './image-user';
import { commOf, passwdUsers, proc, type Proc } from './proc-model';
import type { ProcCreds } from './proc-status';
import type { RunUser } from './tool-types';
import type { ViSave } from './types';

/** How an exec reaches the container (node/exec.ts, node/attach.ts). */
export interface ExecSession {
  /** `kubectl exec -it … -- sh`: the learner's shell, as typed, on the exec's terminal. */
  interactive?: string[];
  /** An attach (`kubectl run -it`, `kubectl attach`): the line runs in PID 1, the shell on the container's terminal. */
  attached?: boolean;
  /** `kubectl exec -it POD -- CMD` (not a shell the session keeps): CMD's stdin, stdout and stderr are the exec's terminal. */
  tty?: boolean;
  /** With `tty`: the terminal's Ctrl+C at this simulated time, SIGINT to CMD (sigint.ts). */
  interruptAt?: number;
  /** In the node's PID namespace (hostPID): the container's shim, parent of its PID 1 and of what an exec starts. */
  shim?: number;
  /**
   * A line typed at an interactive shell that outlives it (tty-shell.ts): the shell started as
   * `argv`, or the open one with `pid` (1: PID 1's, under an attach).
   */
  shell?: { argv: string[]; pid?: number; interruptAt?: number; probe?: boolean };
  /** The page editor's Save or Quit of a file `vi` opened on this stream's terminal (tools-vi.ts viSave). */
  viSave?: ViSave;
  /** The client's terminal shows the page's editor: a `vi` on the terminal opens it (tools-vi.ts). */
  editor?: true;
  /**
   * With `tty`: the client's terminal stays open for typed lines (the page's): a command that
   * waits at its own prompt (redis-cli) keeps the session, and the next lines go to it as `shell`'s do.
   */
  keepsTerminal?: boolean;
  /** The exec's terminal width, as the client's resize stream set it (ToolEnv.columns). */
  columns?: number;
  /**
   * An attach's first input to a container whose PID 1 is a program reading its stdin itself
   * (process.ts stdinProgram): the program starts there as PID 1, and the lines that follow go
   * to it as `shell` with pid 1.
   */
  pid1Program?: true;
}

/** uid 101 is `nginx` in the nginx images (their Dockerfiles' useradd/adduser -u 101). */
const NGINX_UID = 101;

function users(m: Machine, ctx: RunContext): Map<number, string> {
  const f = stat(m.fs, ctx.base, '/etc/passwd');
  const u = f.kind === 'file' ? passwdUsers(f.content) : new Map<number, string>();
  if (!u.has(0)) u.set(0, 'root');
  if (ctx.image.repository.endsWith('/nginx') && !u.has(NGINX_UID)) u.set(NGINX_UID, 'nginx');
  return u;
}

const nameOf = (u: Map<number, string>, uid: number): string => u.get(uid) ?? String(uid);

/**
 * The user containerd gives the container (CRI containerSpecOpts): securityContext.runAsUser,
 * else the image config's User, resolved over the image's own /etc/passwd and /etc/group.
 */
function imageAccount(ctx: RunContext) {
  const passwd = rowsOf(ctx.base.file('/etc/passwd'));
  const group = rowsOf(ctx.base.file('/etc/group'));
  return resolveUser(ctx.runAsUser !== undefined ? String(ctx.runAsUser) : (ctx.image.user ?? ''), passwd, group);
}

/** The uid the container's processes run as: securityContext.runAsUser, else the image's USER, else root. */
const uidOf = (ctx: RunContext): number => imageAccount(ctx).uid;

/** The title a program writes over its argv, where the real one does. */
function titleOf(a: AppRun): string {
  if (a.name === 'nginx') return `nginx: master process ${a.argv.join(' ')}`;
  return a.argv.join(' ');
}

/** PID 1's and its apps' processes, without an exec's. */
export function containerProcs(m: Machine, ctx: RunContext, now = m.clock): Proc[] {
  const u = users(m, ctx);
  const uid = uidOf(ctx);
  const busybox = ctx.image.userland.tools === 'busybox';
  const alive = m.apps.filter((a) => a.startedAt <= now && appAlive(a, now));
  const started = ctx.startedAt ?? 0;
  const out: Proc[] = [];
  const pid1 = alive.find((a) => a.pid === 1);
  const onTty = ctx.tty === true || ctx.session?.attached === true;
  const tty = onTty ? 'pts/0' : '?';
  // PID 1's shell (its first `sh -c` frame), and the program that shell waits on now, if any.
  const shell = pid1ShellOf(m);
  const r = m.running;
  const child = shell && r && r.from <= now && now < r.until ? r : undefined;
  if (pid1) out.push(appProc(pid1, 0, uid, nameOf(u, uid), busybox, now, 'Ss'));
  else if (child && shell?.replaced) {
    // BusyBox ash and bash exec'd their only command: PID 1 is that program.
    out.push(proc({ pid: 1, ppid: 0, uid, user: nameOf(u, uid), comm: commOf(child.argv[0] ?? 'sh'), args: child.argv.join(' '), startedAt: child.from, stat: onTty ? 'Ss+' : 'Ss', tty }, busybox));
  } else {
    const argv = ctx.argv;
    // A script's comm is its own name (the kernel names the task after the file execve was given).
    out.push(proc({ pid: 1, ppid: 0, uid, user: nameOf(u, uid), comm: commOf(argv[0] ?? 'sh'), args: (ctx.scriptArgv ?? argv).join(' '), startedAt: started, stat: onTty ? 'Ss+' : 'Ss', tty }, busybox));
    if (child) out.push(proc({ pid: child.pid, ppid: 1, uid, user: nameOf(u, uid), comm: commOf(child.argv[0] ?? 'sh'), args: child.argv.join(' '), startedAt: child.from, stat: onTty ? 'S+' : 'S', tty }, busybox));
  }
  for (const a of alive) if (a.pid !== 1) out.push(appProc(a, 1, uid, nameOf(u, uid), busybox, now, 'S'));
  // Interactive shells open in the container (tty-shell.ts), each waiting at its prompt — but the
  // one running this line, which execProcs lists as the line's parent.
  for (const sh of m.ttyShells ?? []) {
    if (sh.pid === 1 || sh.pid === ctx.session?.shell?.pid) continue;
    // A program its line waits on at its own prompt holds the foreground of the terminal (`+`), not the shell (a program session is that program).
    const fg = sh.program ? undefined : sh.pending?.read.proc;
    out.push(proc({ pid: sh.pid, ppid: 0, uid, user: nameOf(u, uid), comm: commOf(sh.argv[0] ?? 'sh'), args: sh.argv.join(' '), startedAt: sh.startedAt, stat: fg ? 'Ss' : 'Ss+', tty: 'pts/0' }, busybox));
    if (fg) out.push(proc({ pid: fg.pid, ppid: sh.pid, uid, user: nameOf(u, uid), comm: commOf(fg.argv[0] ?? ''), args: fg.argv.join(' '), startedAt: fg.from, stat: 'S+', tty: 'pts/0' }, busybox));
  }
  const nginx = alive.find((a) => a.name === 'nginx');
  if (nginx) {
    for (const pid of nginxWorkers(nginx, ctx.cpus)) {
      out.push(proc({ pid, ppid: nginx.pid, uid: NGINX_UID, user: nameOf(u, NGINX_UID), comm: 'nginx', args: 'nginx: worker process', titled: true, startedAt: nginx.startedAt, stat: 'S', rssKb: 2876, vszKb: 11868 }));
    }
  }
  return out.sort((a, b) => a.pid - b.pid);
}

function appProc(a: AppRun, ppid: number, uid: number, user: string, busybox: boolean, now: number, st: string): Proc {
  const p = proc({ pid: a.pid, ppid, uid, user, comm: commOf(a.argv[0] ?? a.name), args: titleOf(a), startedAt: a.startedAt, stat: st }, busybox && a.name !== 'nginx');
  const rss = Math.round(memoryAt(a, now) / 1024);
  const titled = a.name === 'nginx' ? { titled: true } : {};
  return rss > 0 ? { ...p, ...titled, rssKb: rss, vszKb: Math.max(p.vszKb, rss + 4096) } : { ...p, ...titled };
}

/**
 * The exec's own processes at the moment `tool` runs: the shells between the runtime and it
 * (each the parent of the next; one that exec'd its only command is that command), the tool's
 * pipeline siblings, then the tool itself, running. PIDs are the ones they were started with
 * (machine.ts nextProcPid), shifted by `base` (peers' PIDs, if any).
 */
export function execProcs(m: Machine, ctx: RunContext, tool: string[], uid: number, user: string, base: number): Proc[] {
  const busybox = ctx.image.userland.tools === 'busybox';
  const session = ctx.session;
  const out: Proc[] = [];
  let chain = shellChain(m);
  let parent = session?.shim ?? 0;
  // An attach's line runs in PID 1 itself; the main process's own first shell is PID 1 too.
  if (session?.attached || !ctx.exec) {
    chain = chain.slice(1);
    parent = 1 + base;
  }
  const onTty = session?.interactive !== undefined || session?.attached === true || session?.shell !== undefined || session?.tty === true;
  const tty = onTty ? 'pts/0' : '?';
  let toolPid = nextProcPid(m) - 1 + base;
  chain.forEach((sh, i) => {
    const last = i === chain.length - 1;
    const interactive = i === 0 ? session?.interactive : undefined;
    // The shell exec'd the tool: the tool holds its PID (and a sibling-less place).
    if (sh.replaced && !interactive && last && !m.pipeline) {
      toolPid = sh.pid + base;
      return;
    }
    const shown = interactive ?? sh.argv;
    out.push(proc({ pid: sh.pid + base, ppid: parent, uid, user, comm: commOf(shown[0] ?? 'sh'), args: shown.join(' '), startedAt: sh.startedAt ?? m.clock, stat: onTty ? 'Ss' : 'S', tty }, busybox));
    parent = sh.pid + base;
  });
  const stages = m.pipeline;
  stages?.stages.forEach((argv, i) => {
    if (i === stages.index || argv.length === 0) return;
    out.push(proc({ pid: toolPid + i - stages.index, ppid: parent, uid, user, comm: commOf(argv[0]!), args: argv.join(' '), startedAt: m.clock, stat: onTty ? 'S+' : 'S', tty }, busybox));
  });
  out.push(proc({ pid: toolPid, ppid: parent, uid, user, comm: commOf(tool[0] ?? 'ps'), args: tool.join(' '), startedAt: m.clock, stat: onTty ? 'R+' : 'R', tty }, busybox));
  return out;
}

/** What this container's PIDs are shifted by in a shared namespace: the Pod's, fixed at its start, or past its peers' (a target's). */
export function pidBase(ctx: RunContext): number {
  if (ctx.pidBase !== undefined) return ctx.pidBase;
  const peers = ctx.pidPeers ?? [];
  return peers.length ? Math.max(...peers.map((p) => p.pid)) + 5 : 0;
}

/** What `ps` in this container sees: its peers (a shared namespace's), its own processes, then the exec's. */
export function visibleProcs(m: Machine, ctx: RunContext, tool: string[]): Proc[] {
  const u = users(m, ctx);
  const uid = uidOf(ctx);
  return [...namespaceProcs(m, ctx), ...execProcs(m, ctx, tool, uid, nameOf(u, uid), pidBase(ctx))];
}

/** The namespace's processes but an exec's: its peers (a shared namespace's), then its own. */
export function namespaceProcs(m: Machine, ctx: RunContext): Proc[] {
  const base = pidBase(ctx);
  const outside = ctx.session?.shim ?? 0;
  // ps names a peer's uid from this container's /etc/passwd, not the peer's own.
  const u = ctx.pidPeers?.length ? users(m, ctx) : undefined;
  const peers = u ? ctx.pidPeers!.map((p) => ({ ...p, user: nameOf(u, p.uid) })) : [];
  return [...peers, ...containerProcs(m, ctx).map((p) => ({ ...p, pid: p.pid + base, ppid: p.ppid === 0 ? outside : p.ppid + base }))];
}

/** The caller's uid and terminal, as ps's default selection compares them. */
export function callerOf(ctx: RunContext): { uid: number; tty: string } {
  return { uid: uidOf(ctx), tty: ctx.session?.interactive || ctx.session?.attached || ctx.session?.shell || ctx.session?.tty ? 'pts/0' : '?' };
}

/** The container user's passwd entry, primary gid and group list, as containerd resolves them. */
function accountOf(m: Machine, ctx: RunContext) {
  const { uid: id, gid: imageGid, entry } = imageAccount(ctx);
  const name = entry?.[0] ?? (id === 0 ? 'root' : String(id));
  const gid = ctx.runAsGroup ?? imageGid;
  const groupFile = stat(m.fs, ctx.base, '/etc/group');
  const groupRows = groupFile.kind === 'file' ? rowsOf(groupFile.content).filter((f) => f.length >= 3) : [];
  const groupName = (g: number): string | undefined => (g === 0 ? 'root' : groupRows.find((f) => f[2] === String(g))?.[0]);
  // containerd's additional gids: the primary gid (ensureAdditionalGids), the groups /etc/group lists
  // the user in (WithAdditionalGIDs) unless supplementalGroupsPolicy is Strict, then CRI's
  // supplemental groups; the kernel keeps them sorted.
  const member = entry && !ctx.security?.strictGroups ? groupRows.filter((f) => f[0] !== name && (f[3] ?? '').split(',').includes(name)).map((f) => Number(f[2])) : [];
  const ids = [...new Set([gid, ...member, ...(ctx.supplementalGroups ?? [])])].sort((a, b) => a - b);
  return { id, entry, name, gid, groupName, ids };
}

/** The ids the runtime started the container's process with: uid, primary gid, the sorted group list. */
export function userCreds(m: Machine, ctx: RunContext): ProcCreds {
  const a = accountOf(m, ctx);
  return { uid: a.id, gid: a.gid, groups: a.ids };
}

/** The container's processes' credentials for /proc/PID/status: its user's, or (nginx's workers) a uid of their own with that uid's group. */
export function containerCreds(m: Machine, ctx: RunContext): (p: Proc) => ProcCreds {
  const a = accountOf(m, ctx);
  return (p) => {
    if (p.uid === a.id) return { uid: a.id, gid: a.gid, groups: a.ids };
    const passwd = stat(m.fs, ctx.base, '/etc/passwd');
    const row = passwd.kind === 'file' ? passwd.content.split('\n').map((l) => l.split(':')).find((f) => f.length >= 6 && f[2] === String(p.uid)) : undefined;
    const gid = row ? Number(row[3]) : p.uid;
    return { uid: p.uid, gid, groups: [gid] };
  };
}

/**
 * Who an exec's commands run as (`id`, `whoami`, tar's owner): securityContext.runAsUser, else
 * the image's USER, with its /etc/passwd entry's name, group and home when the image has one
 * (else the bare uid, group 0, home /, as containerd sets them), and every group it is in.
 * Undefined: root.
 */
export function runUser(m: Machine, ctx: RunContext): RunUser | undefined {
  const uid = ctx.runAsUser;
  const regrouped = ctx.runAsGroup !== undefined || (ctx.supplementalGroups?.length ?? 0) > 0;
  if (!regrouped && (uid === 0 || (uid === undefined && !ctx.image.user))) return undefined;
  const { id, entry, name, gid, groupName, ids } = accountOf(m, ctx);
  const group = groupName(gid);
  return {
    uid: id,
    name,
    gid,
    group: group ?? String(gid),
    home: entry?.[5] ?? '/',
    ...(entry || id === 0 ? {} : { unnamed: true as const }),
    ...(group === undefined ? { groupUnnamed: true as const } : {}),
    groups: ids.map((g): [number, string | undefined] => [g, groupName(g)]),
  };
}
