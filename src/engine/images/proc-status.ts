/**
 * /proc/PID/status for a container's processes (fs/proc/array.c proc_pid_status), what the
 * Security Context page's `cd /proc/1; cat status` reads: the ids and groups the runtime gave
 * the process, and its capability sets as containerd 2.x builds them for CRI:
 * - the default set is containerd's (CRI populateDefaultUnixSpec): CHOWN, DAC_OVERRIDE, FSETID,
 *   FOWNER, MKNOD, NET_RAW, SETGID, SETUID, SETFCAP, SETPCAP, NET_BIND_SERVICE, SYS_CHROOT, KILL,
 *   AUDIT_WRITE — 00000000a80425fb, as the page shows;
 * - capabilities.add/drop as containerd's WithCapabilities reads them: `ALL` first (every
 *   capability the kernel knows, 0 … CAP_CHECKPOINT_RESTORE = 40 on 6.8), then each name with
 *   `CAP_` put before it (so `CAP_SYS_TIME` names nothing); privileged: every capability;
 * - inheritable and ambient are empty (containerd ≥ 1.6.18, CVE-2022-24769); a process that is not
 *   uid 0 keeps its bounding set but execve clears its permitted and effective sets;
 * - NoNewPrivs is allowPrivilegeEscalation: false; Seccomp 2 with one filter under a
 *   RuntimeDefault or Localhost profile, else 0 (the kubelet's SeccompDefault is off).
 * Line set and layout: this machine's Linux 6.18 /proc/self/status less `Kthread:` (added after
 * the nodes' 6.8).
 * Approximate: memory lines are split from ps's VSZ/RSS by fixed shares; context switches are 0,
 * Threads 1 (Go programs have several); Speculation lines are this machine's CPU's; the reading
 * program's own /proc entry and an exec's shells are not listed (no /proc/self).
 */
import type { BaseFs } from './fs';
import type { Proc } from './proc-model';
import type { ContainerSecurity, UserNamespace } from './types';

/** include/uapi/linux/capability.h, bit by bit, without the CAP_ prefix. */
const CAP_NAMES = [
  'CHOWN', 'DAC_OVERRIDE', 'DAC_READ_SEARCH', 'FOWNER', 'FSETID', 'KILL', 'SETGID', 'SETUID', 'SETPCAP', 'LINUX_IMMUTABLE',
  'NET_BIND_SERVICE', 'NET_BROADCAST', 'NET_ADMIN', 'NET_RAW', 'IPC_LOCK', 'IPC_OWNER', 'SYS_MODULE', 'SYS_RAWIO', 'SYS_CHROOT', 'SYS_PTRACE',
  'SYS_PACCT', 'SYS_ADMIN', 'SYS_BOOT', 'SYS_NICE', 'SYS_RESOURCE', 'SYS_TIME', 'SYS_TTY_CONFIG', 'MKNOD', 'LEASE', 'AUDIT_WRITE',
  'AUDIT_CONTROL', 'SETFCAP', 'MAC_OVERRIDE', 'MAC_ADMIN', 'SYSLOG', 'WAKE_ALARM', 'BLOCK_SUSPEND', 'AUDIT_READ', 'PERFMON', 'BPF',
  'CHECKPOINT_RESTORE',
] as const;

const CONTAINERD_DEFAULT = ['CHOWN', 'DAC_OVERRIDE', 'FSETID', 'FOWNER', 'MKNOD', 'NET_RAW', 'SETGID', 'SETUID', 'SETFCAP', 'SETPCAP', 'NET_BIND_SERVICE', 'SYS_CHROOT', 'KILL', 'AUDIT_WRITE'];

const bit = (name: string): bigint | undefined => {
  const i = (CAP_NAMES as readonly string[]).indexOf(name);
  return i < 0 ? undefined : 1n << BigInt(i);
};
const ALL_CAPS = (1n << BigInt(CAP_NAMES.length)) - 1n;

/** The container's bounding (and, for root, permitted and effective) set. */
export function capabilityMask(sec: ContainerSecurity | undefined): bigint {
  if (sec?.privileged) return ALL_CAPS;
  let mask = CONTAINERD_DEFAULT.reduce((m, n) => m | (bit(n) ?? 0n), 0n);
  const add = sec?.capAdd ?? [];
  const drop = sec?.capDrop ?? [];
  if (add.includes('ALL')) mask = ALL_CAPS;
  if (drop.includes('ALL')) mask = 0n;
  for (const c of add) if (c.toUpperCase() !== 'ALL') mask |= bit(c.toUpperCase()) ?? 0n;
  for (const c of drop) if (c.toUpperCase() !== 'ALL') mask &= ~(bit(c.toUpperCase()) ?? 0n);
  return mask;
}

const hex16 = (n: bigint): string => n.toString(16).padStart(16, '0');
/** `name:` then a tab and the value right-aligned in 8, then ` kB` (task_mem's seq_put_decimal_ull_width). */
const kb = (name: string, v: number): string => `${name}:\t${String(Math.round(v)).padStart(8)} kB`;

/** Who a process is to the kernel: its ids and groups (the container's credentials, or a worker's own uid). */
export interface ProcCreds {
  uid: number;
  gid: number;
  groups: readonly number[];
}

/** What the status file needs beyond the process: its credentials, the container's security settings, the node's size. */
export interface StatusView {
  creds: (p: Proc) => ProcCreds;
  security?: ContainerSecurity;
  cpus: number;
  memTotalKb: number;
  /** The Pod's own user namespace (`hostUsers: false`); unset: the host's. */
  userns?: UserNamespace;
}

/** The initial user namespace's inode (PROC_USER_INIT_INO): what every process outside another one reads. */
const INIT_USER_NS = 4026531837;

/** /proc/PID/uid_map and gid_map (`%10u %10u %10u`): the whole id space, or the Pod's 65536 from its host id. */
function idMap(userns: UserNamespace | undefined): string {
  const col = (n: number): string => String(n).padStart(10);
  return userns ? `${col(0)} ${col(userns.hostId)} ${col(65536)}\n` : `${col(0)} ${col(0)} ${col(4294967295)}\n`;
}

/** /proc/PID/ns/user's link: the namespace's inode. */
function userNsLink(userns: UserNamespace | undefined): string {
  return `user:[${userns?.inode ?? INIT_USER_NS}]`;
}

/** /proc/self's user namespace files over `base`, where no /proc/PID is modelled (a node's shell: the initial namespace). */
export function withSelfUserNamespace(base: BaseFs, userns?: UserNamespace): BaseFs {
  return {
    ...base,
    file: (path) => (path === '/proc/self/uid_map' || path === '/proc/self/gid_map' ? idMap(userns) : base.file(path)),
    link: (path) => (path === '/proc/self/ns/user' ? userNsLink(userns) : base.link?.(path)),
    isDir: (path) => path === '/proc/self' || path === '/proc/self/ns' || base.isDir(path),
  };
}

export function procStatus(p: Proc, v: StatusView): string {
  const c = v.creds(p);
  const bounding = capabilityMask(v.security);
  const held = c.uid === 0 ? bounding : 0n;
  const nnp = v.security?.noNewPrivs ? 1 : 0;
  const seccomp = v.security?.seccomp ? 2 : 0;
  const ids = (n: number): string => `${n}\t${n}\t${n}\t${n}`;
  const rss = p.rssKb;
  const words = Array.from({ length: 32 }, (_, i) => (i === 31 ? '00000001' : '00000000')).join(',');
  const cpuMask = ((1n << BigInt(Math.max(1, v.cpus))) - 1n).toString(16);
  return [
    `Name:\t${p.comm}`,
    'Umask:\t0022',
    `State:\t${p.stat.startsWith('R') ? 'R (running)' : 'S (sleeping)'}`,
    `Tgid:\t${p.pid}`,
    'Ngid:\t0',
    `Pid:\t${p.pid}`,
    `PPid:\t${p.ppid}`,
    'TracerPid:\t0',
    `Uid:\t${ids(c.uid)}`,
    `Gid:\t${ids(c.gid)}`,
    'FDSize:\t64',
    // task_state: each group, space-separated, then a trailing space "that shouldn't have been added".
    `Groups:\t${c.groups.join(' ')} `,
    `NStgid:\t${p.pid}`,
    `NSpid:\t${p.pid}`,
    `NSpgid:\t${p.pid}`,
    `NSsid:\t${p.pid}`,
    kb('VmPeak', p.vszKb),
    kb('VmSize', p.vszKb),
    kb('VmLck', 0),
    kb('VmPin', 0),
    kb('VmHWM', rss),
    kb('VmRSS', rss),
    kb('RssAnon', Math.floor(rss / 4)),
    kb('RssFile', rss - Math.floor(rss / 4)),
    kb('RssShmem', 0),
    kb('VmData', Math.max(4, Math.floor(p.vszKb / 8))),
    kb('VmStk', 132),
    kb('VmExe', Math.max(4, Math.floor(p.vszKb / 4))),
    kb('VmLib', Math.max(4, Math.floor(p.vszKb / 4))),
    kb('VmPTE', 44),
    kb('VmSwap', 0),
    kb('HugetlbPages', 0),
    'CoreDumping:\t0',
    'THP_enabled:\t1',
    'untag_mask:\t0xffffffffffffffff',
    'Threads:\t1',
    // The pending-signal limit is the kernel's initial RLIMIT_SIGPENDING: max_threads / 2, a page in 256 KiB.
    `SigQ:\t0/${Math.floor(v.memTotalKb / 256)}`,
    `SigPnd:\t${hex16(0n)}`,
    `ShdPnd:\t${hex16(0n)}`,
    `SigBlk:\t${hex16(0n)}`,
    `SigIgn:\t${hex16(0n)}`,
    `SigCgt:\t${hex16(0n)}`,
    `CapInh:\t${hex16(0n)}`,
    `CapPrm:\t${hex16(held)}`,
    `CapEff:\t${hex16(held)}`,
    `CapBnd:\t${hex16(bounding)}`,
    `CapAmb:\t${hex16(0n)}`,
    `NoNewPrivs:\t${nnp}`,
    `Seccomp:\t${seccomp}`,
    `Seccomp_filters:\t${seccomp ? 1 : 0}`,
    'Speculation_Store_Bypass:\tvulnerable',
    'SpeculationIndirectBranch:\talways enabled',
    `Cpus_allowed:\t${cpuMask}`,
    `Cpus_allowed_list:\t${v.cpus > 1 ? `0-${v.cpus - 1}` : '0'}`,
    `Mems_allowed:\t${words}`,
    'Mems_allowed_list:\t0',
    'voluntary_ctxt_switches:\t0',
    'nonvoluntary_ctxt_switches:\t0',
    '',
  ].join('\n');
}

/** /proc/PID (a directory) and its status file for each process `procs` lists at read time, over `base`. */
export function withProcPids(base: BaseFs, procs: () => readonly Proc[], v: StatusView): BaseFs {
  const pidOf = (path: string): { pid: number; rest: string } | undefined => {
    const m = /^\/proc\/(\d+)(\/.*)?$/.exec(path);
    return m ? { pid: Number(m[1]), rest: m[2] ?? '' } : undefined;
  };
  // What is the same for every process of the container, /proc/self's included: the user namespace.
  const own = (path: string): string | undefined => {
    const m = /^\/proc\/(?:self|\d+)(\/.*)$/.exec(path);
    if (m && m[0].startsWith('/proc/self') === false && !find(Number(/\d+/.exec(path)![0]))) return undefined;
    return m?.[1];
  };
  const find = (pid: number): Proc | undefined => procs().find((p) => p.pid === pid);
  // /proc/PID/root of another container's process (a shared PID namespace): the path inside its files.
  const inRoot = (at: { pid: number; rest: string } | undefined): { fs: BaseFs; path: string } | undefined => {
    if (!at || (at.rest !== '/root' && !at.rest.startsWith('/root/'))) return undefined;
    const root = find(at.pid)?.root;
    return root ? { fs: root(), path: at.rest.slice('/root'.length) || '/' } : undefined;
  };
  return {
    ...base,
    file: (path) => {
      const at = pidOf(path);
      if (at?.rest === '/status') {
        const p = find(at.pid);
        if (p) return procStatus(p, v);
      }
      const r = inRoot(at);
      if (r) return r.fs.file(r.path);
      const rest = own(path);
      if (rest === '/uid_map' || rest === '/gid_map') return idMap(v.userns);
      return base.file(path);
    },
    link: (path) => (own(path) === '/ns/user' ? userNsLink(v.userns) : base.link?.(path)),
    isDir: (path) => {
      const at = pidOf(path);
      if (at?.rest === '' && find(at.pid)) return true;
      const r = inRoot(at);
      if (r) return r.fs.isDir(r.path);
      if (path === '/proc/self' || own(path) === '/ns') return true;
      return base.isDir(path);
    },
    list: (dir) => {
      if (dir === '/proc') return [...new Set([...procs().map((p) => String(p.pid)), ...base.list(dir)])];
      const at = pidOf(dir);
      if (at?.rest === '' && find(at.pid)) return find(at.pid)?.root ? ['root', 'status'] : ['status'];
      const r = inRoot(at);
      if (r) return r.fs.list(r.path);
      return base.list(dir);
    },
  };
}
