/**
 * What an installed package leaves behind in a container, shared by apk (tools-apk.ts), apt
 * (tools-apt.ts) and `$PATH` lookup (resolve.ts): each package's programs are written into the
 * container's writable layer (a restart starts from the image again, as a new container does),
 * and a program found there runs the classroom's implementation of that tool.
 *
 * The honest table — a program a package installs runs as:
 * | command  | from (apk / apt)                     | runs                                    |
 * |----------|--------------------------------------|-----------------------------------------|
 * | curl     | curl / curl                          | curl.ts                                 |
 * | dig, host, nslookup | bind-tools / dnsutils (bind9-host) | tools-dig.ts, tools-host.ts (BIND 9.18) |
 * | ping     | iputils / iputils-ping               | iputils ping (tools-ping.ts)            |
 * | nc       | netcat-openbsd / netcat-openbsd      | OpenBSD nc (tools-nc.ts)                |
 * | jq       | jq / jq                              | tools-jq.ts                             |
 * | ip       | iproute2 / iproute2                  | iproute2's ip (tools-ip.ts)             |
 * | ps, pgrep | procps / procps                     | procps' (tools-ps.ts, tools-pgrep.ts)   |
 * | free, uptime | procps / procps                  | procps' (tools-sysinfo.ts)              |
 * | bash     | bash / (already there)               | the bash interpreter                    |
 * Anything else a package installs (vim, git, python3, tcpdump, wget, nano, less, openssl) is on
 * disk and in `command -v`, but is not simulated: running it says so on stderr and exits 126.
 */
import type { BaseFs, FsLayer } from './fs';
import { stat, writeFile } from './fs';
import { TOOLS, type Tool } from './tools';
import { ipFor } from './tools-ip';
import { jq } from './tools-jq';
import { envWith } from './tool-types';

/** What `$PATH` finds for an installed program (a subset of resolve.ts's Resolved). */
export type InstalledCommand = { k: 'net'; name: string } | { k: 'tool'; tool: Tool } | { k: 'shell'; dialect: 'bash' };

const ELF = '\x7fELF';
const BIN_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

const SIMULATED: Record<string, () => InstalledCommand | undefined> = {
  curl: () => ({ k: 'net', name: 'curl' }),
  dig: () => ({ k: 'net', name: 'dig' }),
  host: () => ({ k: 'net', name: 'host' }),
  nslookup: () => ({ k: 'net', name: 'nslookup-bind' }),
  ping: () => ({ k: 'net', name: 'ping-iputils' }),
  nc: () => ({ k: 'net', name: 'nc-openbsd' }),
  jq: () => ({ k: 'tool', tool: jq }),
  ip: () => {
    const tool = ipFor({ shell: 'ash', tools: 'busybox', bash: false, ip: 'iproute2' });
    return tool ? { k: 'tool', tool } : undefined;
  },
  ps: () => {
    // procps' ps, not BusyBox's applet: the PID TTY TIME CMD table whatever the image's userland.
    const ps = TOOLS.get('ps');
    return ps ? { k: 'tool', tool: (args, env) => ps(args, envWith(env, { flavour: 'coreutils' })) } : undefined;
  },
  // procps' free, uptime, pgrep and pkill, not BusyBox's applets.
  free: () => procps('free'),
  uptime: () => procps('uptime'),
  pgrep: () => procps('pgrep'),
  pkill: () => procps('pkill'),
  bash: () => ({ k: 'shell', dialect: 'bash' }),
};

function procps(name: string): InstalledCommand | undefined {
  const tool = TOOLS.get(name);
  return tool ? { k: 'tool', tool: (args, env) => tool(args, envWith(env, { flavour: 'coreutils' })) } : undefined;
}

/** Runs a program the classroom does not simulate (its package installed it all the same). */
const notSimulated =
  (name: string): Tool =>
  (_args, env) => {
    env.io.err(`${name}: installed, but not simulated in this classroom\n`);
    return { status: 126 };
  };

/**
 * The program a package put at `name` on `$PATH` (or at the path `name`), if one is in the
 * container's writable layer: only packages write there, so the image's own files never match.
 */
export function installedCommand(fs: FsLayer, name: string): InstalledCommand | undefined {
  const paths = name.includes('/') ? [name] : BIN_DIRS.map((d) => `${d}/${name}`);
  for (const p of paths) {
    const content = fs.files[p];
    if (typeof content !== 'string' || !content.startsWith(ELF)) continue;
    const base = p.slice(p.lastIndexOf('/') + 1);
    const made = Object.hasOwn(SIMULATED, base) ? SIMULATED[base]!() : undefined;
    return made ?? { k: 'tool', tool: notSimulated(base) };
  }
  return undefined;
}

/** Where a package put `name` on `$PATH` (`command -v`), if one did. */
export function installedPath(fs: FsLayer, name: string): string | undefined {
  return BIN_DIRS.map((d) => `${d}/${name}`).find((p) => fs.files[p]?.startsWith(ELF));
}

/** Puts a package's programs on disk: `/usr/bin/<name>` (`/bin/bash`, as both distros ship it). */
export function installPrograms(fs: FsLayer, base: BaseFs, programs: readonly string[]): void {
  for (const p of programs) writeFile(fs, base, p === 'bash' ? '/bin/bash' : `/usr/bin/${p}`, `${ELF}\x02\x01\x01`, false);
}

/** A file's content through the overlay ('' when absent). */
export function readText(fs: FsLayer, base: BaseFs, path: string): string {
  const s = stat(fs, base, path);
  return s.kind === 'file' ? s.content : '';
}

/** apt's SizeToStr (apt-pkg/contrib/strutl.cc): powers of 1000, 3–4 significant digits. `unit` follows. */
export function sizeToStr(bytes: number): string {
  const ext = ['', 'k', 'M', 'G', 'T'];
  let a = bytes;
  for (let i = 0; i < ext.length; i++) {
    if (a < 100 && i !== 0) return `${a.toFixed(1)} ${ext[i]}`;
    if (a < 10000) return `${a.toFixed(0)} ${ext[i]}`;
    a /= 1000;
  }
  return `${a.toFixed(0)} T`;
}
