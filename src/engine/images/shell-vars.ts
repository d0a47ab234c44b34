/**
 * The variables a container's shell sets itself as it starts, and the ones it computes each time
 * they are read (`$RANDOM`, `$SECONDS`, `$LINENO`, `$BASHPID`). Recorded on this machine with
 * `env -i` (bash 5.2.15, dash 0.5.12, BusyBox 1.35) and interactively under script(1):
 *  - bash: BASH (argv[0], or where $PATH finds it), BASH_VERSION, the array BASH_VERSINFO,
 *    HOSTTYPE, MACHTYPE, OSTYPE, SHLVL (one more than it was given, exported), PPID, UID, EUID,
 *    HOSTNAME when the environment has none; PS4 `+ `, OPTERR and OPTIND 1, and interactively
 *    PS1 `\s-\v\$ ` and PS2. Every shell sets IFS (space, tab, newline).
 *    RANDOM, SECONDS, LINENO, BASHPID are computed.
 *  - dash: PS1 (`# ` for root, else `$ `), PS2, PS4, OPTIND, PPID; no SHLVL, RANDOM, SECONDS,
 *    UID, and Debian's dash leaves LINENO empty.
 *  - BusyBox ash: PS1 `\w \$ `, PS2, PS4, OPTIND, PPID, SHLVL (exported); RANDOM (its own
 *    generator, shell/random.c) and LINENO (one less than the line in a `-c` script, the line
 *    read in an interactive shell) are computed; no SECONDS or UID.
 * An unseeded `$RANDOM` starts from the simulation's seed, the shell's PID and the time it
 * started (deterministic; the real shells use the PID and the clock).
 *
 * LINENO is the line of the source a simple command was parsed from — where it ends in bash,
 * where it starts in BusyBox (commands.ts). Approximate: a `$(…)`'s own lines count from its
 * start; bash's numbering inside functions typed at an interactive shell is not followed; read
 * in a compound command's words it is the last simple command's. BASHPID is `$$` (a
 * subshell's own PID is not modelled).
 */
import { nextRandom, seedRandom, type RandomState } from '../../k8s/bash-random';
import { releaseFrom } from './os-release';
import { debianRelease } from './debian-release';
import { stat } from './fs';
import type { Dialect, Machine, RunContext } from './machine';
import type { BashArray } from '../../k8s/bash-arrays';

/** BusyBox's `$RANDOM` generator state (shell/random.h random_t): Galois LFSR, LCG and xorshift-64. */
export interface BusyBoxRandom {
  lfsr: number;
  lcg: number;
  x: number;
  y: number;
}

/** What a shell computes on each read; a name `unset` removes becomes a plain variable (bash, ash). */
export interface ShellSpecials {
  random?: { k: 'bash'; s: RandomState } | { k: 'busybox'; s: BusyBoxRandom };
  /** `$SECONDS`: `base` plus the whole seconds since `from` (ms). */
  seconds?: { from: number; base: number };
  /** `$LINENO` of the script's first line (bash's `-c` 1, BusyBox's 0, an interactive shell's the line it read). */
  lineno?: number;
  /** bash's `$BASHPID`. */
  bashpid?: true;
}

/** INIT_RANDOM_T(rnd, t ? t : 1, t) as BusyBox ash's `RANDOM=t` does (change_random). */
function busyboxSeed(t: number): BusyBoxRandom {
  const v = t >>> 0;
  return { lfsr: (v || 1) | 0, x: v || 1, lcg: v, y: v };
}

/** BusyBox 1.35 shell/random.c next_random, masked to bash's range (recorded: `RANDOM=1` gives 9882 31274 32415 17757). */
function busyboxNext(r: BusyBoxRandom): number {
  r.lcg = (Math.imul(1664525, r.lcg) + 1013904223) >>> 0;
  let t = (r.lfsr << 1) >>> 0;
  if (r.lfsr < 0) t = (t ^ 0x8000000b) >>> 0;
  r.lfsr = t | 0;
  do {
    t = (r.x ^ (r.x << 2)) >>> 0;
    r.x = r.y;
    r.y = (r.y ^ (r.y >>> 3) ^ t ^ (t >>> 7)) >>> 0;
  } while (r.y === 0 && r.x <= 2);
  return ((r.lfsr >>> 0) - r.lcg + r.y) & 0x7fff;
}

/** A deterministic 32-bit start for an unseeded generator. */
function startSeed(seed: number, pid: number, at: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const v of [pid, at]) h = (Math.imul(h ^ (v >>> 0), 0x85ebca6b) + 0x165667b1) >>> 0;
  return h;
}

/** The bash a Debian, Ubuntu or Alpine image ships (Debian 12's 5.2.15-2+b7, Ubuntu 24.04's 5.2.21-2ubuntu4, 22.04's 5.1-6ubuntu1, Alpine's apk bash 5.2.37-r0). */
function bashBuild(ctx: RunContext, m: Machine): { version: [string, string, string, string, string]; machtype: string; ostype: string; usrMerged: boolean } {
  const f = stat(m.fs, ctx.base, '/etc/os-release');
  const d = releaseFrom(f.kind === 'file' ? f.content : undefined, ctx.image.userland.tools === 'busybox' ? 'alpine' : 'debian');
  if (d.id === 'alpine') return { version: ['5', '2', '37', '1', 'release'], machtype: 'x86_64-alpine-linux-musl', ostype: 'linux-musl', usrMerged: false };
  if (d.id === 'ubuntu' && d.release === '22.04') return { version: ['5', '1', '16', '1', 'release'], machtype: 'x86_64-pc-linux-gnu', ostype: 'linux-gnu', usrMerged: true };
  if (d.id === 'ubuntu') return { version: ['5', '2', '21', '1', 'release'], machtype: 'x86_64-pc-linux-gnu', ostype: 'linux-gnu', usrMerged: true };
  // Debian's bash is its release's (debian-release.ts, which `bash --version` prints too): 5.2.15(1)-release on bookworm, 5.2.37 on trixie.
  const v = /^(\d+)\.(\d+)\.(\d+)\((\d+)\)-(\w+)$/.exec(debianRelease(d.codename).bash.version)!;
  return { version: [v[1]!, v[2]!, v[3]!, v[4]!, v[5]!], machtype: 'x86_64-pc-linux-gnu', ostype: 'linux-gnu', usrMerged: true };
}

/** `$BASH_VERSION` of the image's bash: `5.2.15(1)-release`. */
export function shellBashVersion(ctx: RunContext, m: Machine): string {
  const v = bashBuild(ctx, m).version;
  return `${v[0]}.${v[1]}.${v[2]}(${v[3]})-${v[4]}`;
}

export interface ShellStart {
  dialect: Dialect;
  /** argv[0] as the shell was started. */
  argv0: string;
  /** Its environment (SHLVL and HOSTNAME are read from it). */
  env: Record<string, string>;
  pid: number;
  ppid: number;
  uid: number;
  interactive: boolean;
}

/** What a shell adds to its variables as it starts (exported: the names it exports itself), and what it computes. */
export function shellStartVars(m: Machine, ctx: RunContext, s: ShellStart): { vars: Record<string, string>; exported: string[]; arrays: Record<string, BashArray>; specials: ShellSpecials } {
  const vars: Record<string, string> = {};
  const arrays: Record<string, string[]> = {};
  const exported: string[] = [];
  const specials: ShellSpecials = {};
  const shlvl = (): void => {
    // One more than the environment's (a number below 0 counts as 0).
    const n = Number.parseInt(s.env.SHLVL ?? '0', 10);
    vars.SHLVL = String((Number.isFinite(n) && n > 0 ? n : 0) + 1);
    exported.push('SHLVL');
  };
  const seed = startSeed(ctx.seed, s.pid, m.clock);
  // Every shell sets IFS to space, tab and newline (recorded: `set` lists it in all three).
  vars.IFS = ' \t\n';
  switch (s.dialect) {
    case 'bash': {
      const b = bashBuild(ctx, m);
      vars.BASH = s.argv0.includes('/') ? s.argv0 : b.usrMerged ? `/usr/bin/${s.argv0}` : `/bin/${s.argv0}`;
      vars.BASH_VERSION = `${b.version[0]}.${b.version[1]}.${b.version[2]}(${b.version[3]})-${b.version[4]}`;
      arrays.BASH_VERSINFO = [...b.version, b.machtype];
      vars.HOSTTYPE = 'x86_64';
      vars.MACHTYPE = b.machtype;
      vars.OSTYPE = b.ostype;
      shlvl();
      vars.PPID = String(s.ppid);
      vars.UID = String(s.uid);
      vars.EUID = String(s.uid);
      if (s.env.HOSTNAME === undefined) vars.HOSTNAME = ctx.hostname;
      vars.PS4 = '+ ';
      vars.OPTERR = '1';
      vars.OPTIND = '1';
      if (s.interactive) {
        vars.PS1 = '\\s-\\v\\$ ';
        vars.PS2 = '> ';
      }
      specials.random = { k: 'bash', s: seedRandom(BigInt(seed)) };
      specials.seconds = { from: m.clock, base: 0 };
      specials.lineno = 1;
      specials.bashpid = true;
      break;
    }
    case 'dash':
      vars.PS1 = s.uid === 0 ? '# ' : '$ ';
      vars.PS2 = '> ';
      vars.PS4 = '+ ';
      vars.OPTIND = '1';
      vars.PPID = String(s.ppid);
      break;
    case 'ash':
      vars.PS1 = '\\w \\$ ';
      vars.PS2 = '> ';
      vars.PS4 = '+ ';
      vars.OPTIND = '1';
      vars.PPID = String(s.ppid);
      shlvl();
      specials.random = { k: 'busybox', s: busyboxSeed(seed) };
      specials.lineno = s.interactive ? 1 : 0;
      break;
  }
  return { vars, exported, arrays, specials };
}

/** A computed variable's value as read now, or undefined when `name` is not one this shell computes. */
export function specialValue(m: Machine, name: string): string | undefined {
  const sp = m.specials;
  if (!sp) return undefined;
  switch (name) {
    case 'RANDOM': {
      const r = sp.random;
      if (!r) return undefined;
      if (r.k === 'busybox') return String(busyboxNext(r.s));
      const n = nextRandom(r.s);
      r.s = n.state;
      return String(n.value);
    }
    case 'SECONDS':
      return sp.seconds ? String(sp.seconds.base + Math.floor((m.clock - sp.seconds.from) / 1000)) : undefined;
    case 'LINENO':
      // The script's first line counts as `lineno`; the command being run is on line cmdLine of it.
      return sp.lineno === undefined ? undefined : String(sp.lineno + (m.cmdLine ?? 1) - 1);
    case 'BASHPID':
      return sp.bashpid ? String(m.selfPid ?? 1) : undefined;
    default:
      return undefined;
  }
}

/**
 * `NAME=value` on a computed variable: RANDOM is seeded (bash reads the value as arithmetic, where
 * this reads an integer; BusyBox as strtoul), SECONDS counts on from the value. True when handled.
 */
export function assignSpecial(m: Machine, name: string, value: string): boolean {
  const sp = m.specials;
  if (!sp) return false;
  const n = Number.parseInt(value, 10);
  const int = Number.isFinite(n) ? n : 0;
  if (name === 'RANDOM' && sp.random) {
    m.specials = { ...sp, random: sp.random.k === 'bash' ? { k: 'bash', s: seedRandom(BigInt(int)) } : { k: 'busybox', s: busyboxSeed(int) } };
    return true;
  }
  if (name === 'SECONDS' && sp.seconds) {
    m.specials = { ...sp, seconds: { from: m.clock, base: int } };
    return true;
  }
  return false;
}

/** `unset NAME`: a computed variable becomes a plain one (bash and BusyBox both). */
export function unsetSpecial(m: Machine, name: string): void {
  const sp = m.specials;
  if (!sp) return;
  const key = name === 'RANDOM' ? 'random' : name === 'SECONDS' ? 'seconds' : name === 'LINENO' ? 'lineno' : name === 'BASHPID' ? 'bashpid' : undefined;
  if (key === undefined || sp[key] === undefined) return;
  const next = { ...sp };
  delete next[key];
  m.specials = next;
}

/** A copy that owns its generator state (a subshell draws its own numbers from where the shell was). */
export function copySpecials(sp: ShellSpecials | undefined): ShellSpecials | undefined {
  if (!sp) return undefined;
  return { ...sp, ...(sp.random ? { random: sp.random.k === 'bash' ? { k: 'bash', s: { ...sp.random.s } } : { k: 'busybox', s: { ...sp.random.s } } } : {}), ...(sp.seconds ? { seconds: { ...sp.seconds } } : {}) };
}
