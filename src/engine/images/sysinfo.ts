/**
 * What a machine's kernel says about its resources, and what a container's cgroup says about its
 * limits: /proc/meminfo, /proc/cpuinfo, /proc/uptime, /proc/loadavg, and the cgroup v2 files at
 * /sys/fs/cgroup (memory.max, memory.current, cpu.max, cpu.weight). The classic lesson: inside a
 * container /proc is the NODE's (free, nproc, /proc/meminfo show the machine), the limits live
 * only in the cgroup files.
 *
 * The numbers come from the Node's modelled capacity (topology: status.capacity cpu, memory and
 * ephemeral-storage), so they agree with `kubectl describe node`: MemTotal is capacity memory
 * (cAdvisor reads MemTotal), the processors are capacity cpu, the root filesystem's size is
 * capacity ephemeral-storage (the kubelet statfs'es it). "Used" memory is the machine's working
 * set (node/machine-facts.ts: its containers plus its daemons, what `kubectl top node` shows):
 * free's used column (procps: MemTotal - MemAvailable; BusyBox: total - free - buff/cache) is it.
 *
 * Formats: /proc/meminfo as Linux 6.x's show_val_kb writes it (name padded to 16, value %8lu, " kB";
 * the field list recorded from a 6.x kernel on this machine), /proc/cpuinfo as arch/x86's
 * show_cpuinfo, one block per CPU, the model recorded on this machine (an AMD EPYC cloud VM).
 *
 * Approximate: the split of what is not "used" into free, buffers, page cache and reclaimable slab
 * is fixed fractions of MemTotal; the rarely read meminfo fields are derived from those; the load
 * average is a constant idle machine's; the machine booted shortly before the cluster's first
 * moment and is never rebooted.
 */
import type { BaseFs, FsLayer, MountedVolume } from './fs';
import { utf8Length } from '../../k8s/utf8';

export interface MachineFacts {
  /** Logical CPUs (the Node's capacity cpu). */
  cpus: number;
  /** MemTotal in KiB (the Node's capacity memory). */
  memTotalKib: number;
  /** The machine's working set, bytes: every container plus the node's daemons. */
  memUsedBytes: number;
  /** The root filesystem's size and use, KiB (capacity ephemeral-storage). */
  diskKib: number;
  diskUsedKib: number;
  /** Simulated ms at which the machine booted. */
  bootedAt: number;
}

/** A container's cgroup v2 settings, as the kubelet asked the runtime for them. */
export interface CgroupFacts {
  /** memory.max: resources.limits.memory in bytes, unset: `max`. */
  memoryMax?: number;
  /** resources.limits.cpu in millicores, unset: `max 100000` in cpu.max. */
  cpuLimitMillicores?: number;
  /** resources.requests.cpu in millicores (0 when none). */
  cpuRequestMillicores: number;
}

/** The machine a tool runs on, and the cgroup it runs in (absent on the node itself). */
export interface SystemView {
  machine: MachineFacts;
  cgroup?: CgroupFacts;
  /** memory.current: the container's usage at simulated `at`, bytes. */
  memoryCurrent?(at: number): number;
  /** What `df` lists: the machine's filesystems, or the container's overlay root and mounts. */
  mounts: DfRow[];
  /** Sessions in utmp (uptime's users): the learner's ssh login on a node; none in a container. */
  users?: number;
}

/** One filesystem as df sees it (statfs of `target`), sizes in KiB. */
export interface DfRow {
  source: string;
  fstype: string;
  target: string;
  sizeKib: number;
  usedKib: number;
  availKib: number;
}

/** The kernel's MemTotal fractions for what is not in use (see the header: approximate). */
const SPLIT = { buffers: 0.0075, cached: 0.21, sreclaimable: 0.018, sunreclaim: 0.006, shmem: 0.0035 } as const;

export interface MemoryNumbers {
  total: number;
  free: number;
  available: number;
  buffers: number;
  cached: number;
  sreclaimable: number;
  shmem: number;
  swapTotal: number;
  swapFree: number;
}

/** The /proc/meminfo numbers (KiB) for a machine. */
export function memoryNumbers(m: MachineFacts): MemoryNumbers {
  const total = m.memTotalKib;
  const f = (x: number): number => Math.round(total * x);
  const used = Math.min(Math.ceil(m.memUsedBytes / 1024), total);
  const buffers = f(SPLIT.buffers);
  const cached = f(SPLIT.cached);
  const sreclaimable = f(SPLIT.sreclaimable);
  const free = Math.max(0, total - used - buffers - cached - sreclaimable);
  // Kubernetes nodes run without swap (the kubelet's default failSwapOn).
  return { total, free, available: total - used, buffers, cached, sreclaimable, shmem: f(SPLIT.shmem), swapTotal: 0, swapFree: 0 };
}

/** `name:` padded to 16 and the value right-aligned in 8, as fs/proc/meminfo.c's show_val_kb. */
function kb(name: string, v: number): string {
  return `${`${name}:`.padEnd(16)}${String(v).padStart(8)} kB\n`;
}

export function procMeminfo(m: MachineFacts): string {
  const n = memoryNumbers(m);
  const total = n.total;
  const f = (x: number): number => Math.round(total * x);
  const anon = Math.max(0, total - n.free - n.buffers - n.cached - n.sreclaimable - f(SPLIT.sunreclaim));
  const activeFile = Math.round((n.cached + n.buffers) * 0.4);
  const inactiveFile = n.cached + n.buffers - activeFile;
  const activeAnon = Math.round(anon * 0.1);
  const inactiveAnon = anon - activeAnon + n.shmem;
  const rows: [string, number][] = [
    ['MemTotal', total], ['MemFree', n.free], ['MemAvailable', n.available], ['Buffers', n.buffers], ['Cached', n.cached], ['SwapCached', 0],
    ['Active', activeAnon + activeFile], ['Inactive', inactiveAnon + inactiveFile], ['Active(anon)', activeAnon], ['Inactive(anon)', inactiveAnon],
    ['Active(file)', activeFile], ['Inactive(file)', inactiveFile], ['Unevictable', 0], ['Mlocked', 0], ['SwapTotal', n.swapTotal], ['SwapFree', n.swapFree],
    ['Zswap', 0], ['Zswapped', 0], ['Dirty', 124], ['Writeback', 0], ['AnonPages', anon], ['Mapped', f(0.028)], ['Shmem', n.shmem],
    ['KReclaimable', n.sreclaimable], ['Slab', n.sreclaimable + f(SPLIT.sunreclaim)], ['SReclaimable', n.sreclaimable], ['SUnreclaim', f(SPLIT.sunreclaim)],
    ['KernelStack', f(0.0012)], ['PageTables', f(0.0016)], ['SecPageTables', 0], ['NFS_Unstable', 0], ['Bounce', 0], ['WritebackTmp', 0],
    ['CommitLimit', Math.floor(total / 2)], ['Committed_AS', anon * 2], ['VmallocTotal', 34359738367], ['VmallocUsed', f(0.0035)], ['VmallocChunk', 0],
    ['Percpu', m.cpus * 1024], ['HardwareCorrupted', 0], ['AnonHugePages', 0], ['ShmemHugePages', 0], ['ShmemPmdMapped', 0], ['FileHugePages', 0], ['FilePmdMapped', 0],
  ];
  let out = rows.map(([k, v]) => kb(k, v)).join('');
  for (const k of ['HugePages_Total', 'HugePages_Free', 'HugePages_Rsvd', 'HugePages_Surp']) out += `${`${k}:`.padEnd(16)}${'0'.padStart(8)}\n`;
  out += kb('Hugepagesize', 2048) + kb('Hugetlb', 0);
  const direct1g = Math.floor(total / 1048576) * 1048576;
  out += kb('DirectMap4k', 206_840) + kb('DirectMap2M', total + 262_144 - direct1g - 206_840) + kb('DirectMap1G', direct1g);
  return out;
}

/** One CPU's block as arch/x86/kernel/cpu/proc.c prints it: this machine's (see the header), renumbered. */
function cpuBlock(i: number, cpus: number): string {
  return [
    `processor\t: ${i}`, 'vendor_id\t: AuthenticAMD', 'cpu family\t: 26', 'model\t\t: 2', 'model name\t: AMD EPYC', 'stepping\t: 1', 'microcode\t: 0x1000065',
    'cpu MHz\t\t: 2596.120', 'cache size\t: 1024 KB', 'physical id\t: 0', `siblings\t: ${cpus}`, `core id\t\t: ${i}`, `cpu cores\t: ${cpus}`,
    `apicid\t\t: ${i}`, `initial apicid\t: ${i}`, 'fpu\t\t: yes', 'fpu_exception\t: yes', 'cpuid level\t: 28', 'wp\t\t: yes',
    'flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid extd_apicid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand hypervisor lahf_lm cmp_legacy cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw topoext cpuid_fault vmmcall fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves avx_vnni avx512_bf16 clzero xsaveerptr arat avx512vbmi umip avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid fsrm avx512_vp2intersect',
    'bugs\t\t: sysret_ss_attrs null_seg spectre_v1 spectre_v2 spec_store_bypass srso spectre_v2_user', 'bogomips\t: 5192.24', 'TLB size\t: 192 4K pages', 'clflush size\t: 64', 'cache_alignment\t: 64',
    'address sizes\t: 48 bits physical, 48 bits virtual', 'power management:', '', '',
  ].join('\n');
}

export function procCpuinfo(m: MachineFacts): string {
  let out = '';
  for (let i = 0; i < m.cpus; i++) out += cpuBlock(i, m.cpus);
  return out;
}

/** /proc/uptime: seconds up and idle seconds summed over CPUs, two decimals each. */
export function procUptime(m: MachineFacts, at: number): string {
  const up = Math.max(0, at - m.bootedAt) / 1000;
  return `${up.toFixed(2)} ${(up * m.cpus * 0.97).toFixed(2)}\n`;
}

/** A quiet machine's load average (approximate: constant). */
export const LOADAVG = { one: 0.08, five: 0.05, fifteen: 0.01 } as const;

/**
 * The kubelet's cpu shares for a request (pkg/kubelet/cm/helpers_linux.go MilliCPUToShares:
 * milliCPU*1024/1000, at least MinShares 2, at most MaxShares 262144), and the cgroup v2 weight
 * runc writes for them (libcontainer/cgroups ConvertCPUSharesToCgroupV2Value, runc ≤ 1.3:
 * 1 + ((shares-2)*9999)/262142). runc 1.4 and crun 1.23 switched to a log-quadratic mapping
 * (kubernetes#131216); the containerd 2.1 nodes modelled here ship runc 1.3.
 */
export function cpuWeight(requestMillicores: number): number {
  const shares = requestMillicores === 0 ? 2 : Math.min(262144, Math.max(2, Math.floor((requestMillicores * 1024) / 1000)));
  return 1 + Math.floor(((shares - 2) * 9999) / 262142);
}

/** cpu.max: the CFS quota for the limit over the kubelet's 100ms period (MilliCPUToQuota, at least 1000us), or `max`. */
export function cpuMax(limitMillicores: number | undefined): string {
  if (limitMillicores === undefined || limitMillicores === 0) return 'max 100000\n';
  return `${Math.max(1000, Math.floor((limitMillicores * 100000) / 1000))} 100000\n`;
}

const CGROUP_DIR = '/sys/fs/cgroup';

/** A file the kernel serves for this view at simulated `at`, or undefined. */
export function systemFile(v: SystemView, path: string, at: number): string | undefined {
  switch (path) {
    case '/proc/meminfo':
      return procMeminfo(v.machine);
    case '/proc/cpuinfo':
      return procCpuinfo(v.machine);
    case '/proc/uptime':
      return procUptime(v.machine, at);
    case '/proc/loadavg':
      return `${LOADAVG.one.toFixed(2)} ${LOADAVG.five.toFixed(2)} ${LOADAVG.fifteen.toFixed(2)} 1/${180 + v.machine.cpus * 12} ${4000 + Math.floor((at - v.machine.bootedAt) / 1000)}\n`;
  }
  const cg = v.cgroup;
  if (!cg || !path.startsWith(`${CGROUP_DIR}/`)) return undefined;
  switch (path.slice(CGROUP_DIR.length + 1)) {
    case 'memory.max':
      return cg.memoryMax === undefined ? 'max\n' : `${cg.memoryMax}\n`;
    case 'memory.current':
      return `${v.memoryCurrent ? v.memoryCurrent(at) : 0}\n`;
    case 'cpu.max':
      return cpuMax(cg.cpuLimitMillicores);
    case 'cpu.weight':
      return `${cpuWeight(cg.cpuRequestMillicores)}\n`;
    default:
      return undefined;
  }
}

const CGROUP_FILES = ['cpu.max', 'cpu.weight', 'memory.current', 'memory.max'];

/** The read-only layer with the kernel's files over `base`, read at the clock `at` gives. */
export function withSystem(base: BaseFs, v: SystemView, at: () => number): BaseFs {
  const cgroup = v.cgroup !== undefined;
  return {
    ...base,
    file: (p) => systemFile(v, p, at()) ?? base.file(p),
    isDir: (p) => (cgroup && (p === '/sys/fs' || p === CGROUP_DIR)) || base.isDir(p),
    list: (dir) => {
      const own = dir === '/proc' ? ['cpuinfo', 'loadavg', 'meminfo', 'uptime'] : cgroup && dir === CGROUP_DIR ? CGROUP_FILES : cgroup && dir === '/sys/fs' ? ['cgroup'] : cgroup && dir === '/sys' ? ['fs'] : [];
      return own.length ? [...new Set([...base.list(dir), ...own])] : base.list(dir);
    },
  };
}

/** ext4 keeps 5% of the blocks for root (mke2fs -m 5): df's Available leaves them out. */
function disk(source: string, target: string, m: MachineFacts): DfRow {
  const reserved = Math.floor(m.diskKib * 0.05);
  return { source, fstype: 'ext4', target, sizeKib: m.diskKib, usedKib: m.diskUsedKib, availKib: Math.max(0, m.diskKib - m.diskUsedKib - reserved) };
}

function tmpfs(source: string, target: string, sizeKib: number, usedKib = 0): DfRow {
  return { source, fstype: 'tmpfs', target, sizeKib, usedKib, availKib: sizeKib - usedKib };
}

/**
 * An Ubuntu 24.04 cloud machine's filesystems as df lists them: /run (10% of RAM), the root on
 * /dev/root, /dev/shm (half of RAM), /run/lock (5 MiB), /boot and /boot/efi (the cloud image's
 * partitions 16 and 15). Approximate: the per-container overlay, shm and projected-volume tmpfs
 * mounts a real node also lists are left out.
 */
export function nodeMounts(m: MachineFacts): DfRow[] {
  return [
    tmpfs('tmpfs', '/run', Math.floor(m.memTotalKib / 10), 1_184),
    disk('/dev/root', '/', m),
    tmpfs('tmpfs', '/dev/shm', Math.floor(m.memTotalKib / 2)),
    tmpfs('tmpfs', '/run/lock', 5_120),
    { source: '/dev/sda16', fstype: 'ext4', target: '/boot', sizeKib: 901_520, usedKib: 62_000, availKib: 776_100 },
    { source: '/dev/sda15', fstype: 'vfat', target: '/boot/efi', sizeKib: 106_832, usedKib: 6_186, availKib: 100_646 },
  ];
}

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/** tmpfs charges whole pages: what a volume's files hold, KiB. */
function tmpfsUsedKib(layer: FsLayer): number {
  let pages = 0;
  for (const c of Object.values(layer.files)) if (c !== null) pages += Math.ceil(utf8Length(c) / 4096);
  return pages * 4;
}

/**
 * A container's filesystems as df lists them under containerd: the overlay root (the node's disk),
 * a 64 MiB tmpfs /dev, the files the kubelet bind-mounts from the node's disk, the Pod's shm, its
 * volumes (the token's tmpfs is sized to the Pod's memory limit, or the node's memory; an emptyDir
 * of medium Memory is a tmpfs of the size the kubelet mounted it with, its used space its files'
 * pages), and the tmpfs runc masks /proc and /sys paths with. Approximate: other volumes are shown
 * on the node's disk (a Secret's, a downwardAPI's, another projected one's are tmpfs on a real node).
 */
export function containerMounts(m: MachineFacts, memoryLimitBytes: number | undefined, mounts: Readonly<Record<string, MountedVolume>>): DfRow[] {
  const dev = 65_536;
  const half = Math.floor(m.memTotalKib / 2);
  const rows: DfRow[] = [{ ...disk('overlay', '/', m), fstype: 'overlay' }, tmpfs('tmpfs', '/dev', dev)];
  for (const t of ['/etc/hosts', '/dev/termination-log', '/etc/hostname', '/etc/resolv.conf']) rows.push(disk('/dev/root', t, m));
  rows.push(tmpfs('shm', '/dev/shm', dev));
  for (const p of Object.keys(mounts).sort()) {
    const layer = mounts[p]!.layer;
    if (p === SERVICE_ACCOUNT) rows.push(tmpfs('tmpfs', p, memoryLimitBytes !== undefined ? Math.floor(memoryLimitBytes / 1024) : m.memTotalKib, 12));
    else if (layer.sizeBytes !== undefined) rows.push(tmpfs('tmpfs', p, Math.floor(layer.sizeBytes / 1024), tmpfsUsedKib(layer)));
    else rows.push(disk('/dev/root', p, m));
  }
  rows.push(tmpfs('tmpfs', '/proc/acpi', half), tmpfs('tmpfs', '/proc/kcore', dev), tmpfs('tmpfs', '/proc/keys', dev), tmpfs('tmpfs', '/proc/timer_list', dev), tmpfs('tmpfs', '/proc/scsi', half), tmpfs('tmpfs', '/sys/firmware', half));
  return rows;
}

/** Bytes a container's memory-backed emptyDirs hold (shmem, charged to the cgroup of the writer). */
export function tmpfsBytes(mounts: Readonly<Record<string, MountedVolume>> | undefined): number {
  let kib = 0;
  for (const v of Object.values(mounts ?? {})) if (v.layer.sizeBytes !== undefined && !v.subPath) kib += tmpfsUsedKib(v.layer);
  return kib * 1024;
}
