/**
 * One process as `ps` reads it from /proc: what every process table in the classroom is made of
 * (a container's own, a shared PID namespace's, a node's). The formatters (tools-ps.ts) only
 * print these; the builders (proc-container.ts, node-shell/processes.ts) decide what runs.
 *
 * Approximate: VSZ and RSS come from a small per-program table of stable figures (sizes seen on
 * amd64 Debian/Alpine images and Ubuntu nodes), or from the app's modelled memory (app.ts
 * memoryAt) for the container's own app; CPU time is 0 for everything (nothing accounts for it
 * per process), so %CPU reads 0.0 and TIME 0:00, as on an idle machine.
 */
import type { BaseFs } from './fs';
export interface Proc {
  pid: number;
  ppid: number;
  uid: number;
  /** The user's name from /etc/passwd, or the number when it has none (`ps` prints the uid). */
  user: string;
  /** /proc/PID/comm: the executable's name (15 characters at most), or what the program set. */
  comm: string;
  /** /proc/PID/cmdline joined by spaces: argv, or the title the program wrote over it; '' for a kernel thread. */
  args: string;
  /** `args` is a title the program wrote (nginx's): one string, not argv words. */
  titled?: boolean;
  /** Simulated ms when it started. */
  startedAt: number;
  vszKb: number;
  rssKb: number;
  /** procps' STAT: state letter and flags (`Ss`, `S`, `R+`, `Ssl`). */
  stat: string;
  /** The controlling terminal (`pts/0`), or `?`. */
  tty: string;
  nice: number;
  /** Another container's process in a shared PID namespace: that container's files (/proc/PID/root). */
  root?: () => BaseFs;
  /** Another container's process in a shared PID namespace: delivers a signal to it (app-signals.ts); false if it is no application. */
  signal?: (sig: number, sender: number) => boolean;
}

/** What the machine under the processes is: %MEM's denominator and the boot time etime/START count from. */
export interface ProcHost {
  memTotalKb: number;
}

/** /proc/PID/comm: the kernel keeps the first 15 bytes of the executable's base name. */
export function commOf(argv0: string): string {
  return argv0.slice(argv0.lastIndexOf('/') + 1).slice(0, 15);
}

/**
 * Stable VSZ/RSS (KiB) for programs the classroom runs, by comm. Figures of the order `ps aux`
 * shows for them on amd64 (BusyBox applets are all one ~1.2 MB static binary); anything not
 * listed gets the generic row.
 */
const SIZES: Record<string, [number, number]> = {
  systemd: [22056, 13312],
  containerd: [1912824, 52480],
  kubelet: [2382684, 88320],
  'containerd-shim': [1238452, 13824],
  pause: [1020, 512],
  sh: [2576, 1536],
  dash: [2576, 1536],
  bash: [4188, 3456],
  ps: [8088, 4016],
  sleep: [2472, 1280],
  nginx: [11404, 7452],
  // The control plane's static Pods (comm is cut to 15 characters: kube-controller).
  etcd: [11744464, 61440],
  'kube-apiserver': [1579064, 319488],
  'kube-controller': [1334548, 110592],
  'kube-scheduler': [1290512, 62464],
};

/** BusyBox's applets share one binary: the same small sizes whatever the applet. */
const BUSYBOX_SIZE: [number, number] = [4392, 1024];

export function sizesOf(comm: string, busybox: boolean): [number, number] {
  if (busybox && comm !== 'nginx') return BUSYBOX_SIZE;
  return SIZES[comm] ?? [6520, 3072];
}

/** One process with its sizes looked up by comm. */
export function proc(p: Omit<Proc, 'vszKb' | 'rssKb' | 'nice' | 'tty'> & Partial<Pick<Proc, 'vszKb' | 'rssKb' | 'nice' | 'tty'>>, busybox = false): Proc {
  const [vsz, rss] = sizesOf(p.comm, busybox);
  return { vszKb: vsz, rssKb: rss, nice: 0, tty: '?', ...p };
}

/** uid → name from an /etc/passwd text (`name:x:uid:gid:…`). */
export function passwdUsers(text: string): Map<number, string> {
  const users = new Map<number, string>();
  for (const line of text.split('\n')) {
    const f = line.split(':');
    if (f.length >= 3 && /^\d+$/.test(f[2]!) && !users.has(Number(f[2]))) users.set(Number(f[2]), f[0]!);
  }
  return users;
}

/** name → uid from an /etc/passwd text. */
export function passwdUid(text: string, name: string): number | undefined {
  for (const [uid, n] of passwdUsers(text)) if (n === name) return uid;
  return undefined;
}

/** A sandbox's pause process: the pause image runs as 65535:65535 (its Dockerfile's USER), which no /etc/passwd names. */
export function pauseProc(pid: number, ppid: number, startedAt: number): Proc {
  return proc({ pid, ppid, uid: 65535, user: '65535', comm: 'pause', args: '/pause', startedAt, stat: 'Ss' });
}
