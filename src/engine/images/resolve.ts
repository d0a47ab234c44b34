/**
 * `$PATH` lookup inside an image: which of its binaries, its shell, its userland tools or its
 * network tools a command name means — and containerd's text when the entrypoint is not there.
 */
import type { Binary, Userland } from './catalog-types';
import { ELF } from './file-mode';
import { newLayer, normalizePath, resolveLinks, type FsLayer } from './fs';
import { installedCommand, installedPath } from './packages';
import type { Dialect, RunContext } from './machine';
import { asksVersion, coreutilsVersion, debianUserland, isCoreutilsProgram } from './gnu-version';
import { ok } from './tool-types';
import { TOOLS, type Tool } from './tools';
import { ipFor } from './tools-ip';

const PATH_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
const BUSYBOX_NET = ['wget', 'nslookup', 'nc', 'ping', 'telnet'];
/** procps' programs: a Debian or Ubuntu image without the procps package has none of them (`pidof` is sysvinit-utils'). */
const NOT_IN_COREUTILS = new Set(['ps', 'free', 'uptime', 'pgrep', 'pkill']);
/** BusyBox's applets no Debian package of the images provides (Debian images have no vi at all: debian-files-data.ts). */
const BUSYBOX_ONLY = new Set(['vi', 'time']);

/** Debian's names for a modelled tool: the program an alternatives link names (userland-files.ts). */
const DEBIAN_ALIASES: Readonly<Record<string, string>> = { mawk: 'awk', nawk: 'awk', 'which.debianutils': 'which' };

export type Resolved =
  | { k: 'shell'; dialect: Dialect }
  | { k: 'tool'; tool: Tool }
  | { k: 'net'; name: string }
  | { k: 'binary'; binary: Binary; path: string }
  | { k: 'missing' };

/** The network tool a package installed over BusyBox's (net-tools.ts names them), if the image has one for `b`. */
function installedNet(userland: Userland, b: string): string | undefined {
  const net = userland.net;
  if (!net) return undefined;
  if (net.bind && (b === 'dig' || b === 'host')) return b;
  if (net.bind && b === 'nslookup') return 'nslookup-bind';
  if (net.nc === 'openbsd' && b === 'nc') return 'nc-openbsd';
  if (net.ping === 'iputils' && b === 'ping') return 'ping-iputils';
  return undefined;
}

/** The image's package manager: apk on Alpine, apt-get and apt on Debian and Ubuntu. */
function packageManager(userland: Userland, b: string): string | undefined {
  if (userland.pkg === 'apk' && b === 'apk') return b;
  if (userland.pkg === 'apt' && (b === 'apt-get' || b === 'apt')) return b;
  return undefined;
}

/**
 * `$PATH` lookup against the image: its binaries, its shell, its userland tools, and (given the
 * container's layer `fs`) the programs packages installed there, which come first.
 */
export function resolveCommand(ctx: RunContext, name: string, cwd: string, fs?: FsLayer): Resolved {
  const { userland, binaries } = ctx.image;
  const shellFor = (b: string): Resolved | undefined => {
    // Debian's dash provides sh and dash, no ash (`dpkg-deb -c dash`: /usr/bin/dash, /usr/bin/sh).
    if (b === 'sh' && userland.shell) return { k: 'shell', dialect: userland.shell };
    if (b === 'ash' && userland.shell === 'ash') return { k: 'shell', dialect: 'ash' };
    if (b === 'dash' && userland.shell === 'dash') return { k: 'shell', dialect: 'dash' };
    if (b === 'bash' && userland.bash) return { k: 'shell', dialect: 'bash' };
    if (b === 'zsh' && userland.zsh) return { k: 'shell', dialect: 'bash' };
    return undefined;
  };
  const fromBinary = (path: string, binary: Binary): Resolved =>
    binary.kind === 'program' && (binary.program === 'curl' || binary.program === 'wget') ? { k: 'net', name: binary.program } : { k: 'binary', binary, path };
  const standard = (alias: string): Resolved | undefined => {
    const b = userland.tools === 'coreutils' ? (DEBIAN_ALIASES[alias] ?? alias) : alias;
    const pm = packageManager(userland, b);
    if (pm) return { k: 'net', name: pm };
    const sh = shellFor(b);
    if (sh) return sh;
    const over = installedNet(userland, b);
    if (over) return { k: 'net', name: over };
    if (userland.tools === 'busybox' && BUSYBOX_NET.includes(b) && !(b === 'telnet' && userland.net?.telnet === false)) return { k: 'net', name: b };
    // glibc's getent (libc-bin) is in Debian and Ubuntu images; BusyBox has no applet for it.
    if (b === 'getent' && userland.tools === 'coreutils' && !userland.without?.includes(b)) return { k: 'net', name: b };
    const ip = b === 'ip' && !userland.without?.includes(b) ? ipFor(userland) : undefined;
    if (ip) return { k: 'tool', tool: ip };
    const shipped = userland.tools === 'busybox' || (userland.tools === 'coreutils' && (userland.procps === true || !NOT_IN_COREUTILS.has(b)));
    const tool = shipped && !userland.without?.includes(b) && (userland.tools === 'busybox' || !BUSYBOX_ONLY.has(b)) ? TOOLS.get(b) : undefined;
    if (tool && userland.tools === 'coreutils' && isCoreutilsProgram(b)) return { k: 'tool', tool: withVersion(b, tool, userland) };
    return tool ? { k: 'tool', tool } : undefined;
  };
  // A machine's own programs (a node's tools: RunContext.programs) are files in its PATH directories.
  const own = (b: string): Resolved | undefined => (ctx.programs && Object.hasOwn(ctx.programs, b) ? { k: 'tool', tool: ctx.programs[b]! } : undefined);
  const pkg = fs ? installedCommand(fs, name.includes('/') ? normalizePath(name, cwd) : name) : undefined;
  // The image's own program moved away and back (`mv /usr/bin/mysql.off /usr/bin/mysql`) is its file again, not a package's.
  const at = fs && (name.includes('/') ? normalizePath(name, cwd) : installedPath(fs, name));
  const restored = at !== undefined && Object.hasOwn(binaries, at) && fs?.files[at] === ctx.base.file(at);
  if (pkg && !restored) return pkg;
  // A binary reached through a symbolic link (kubernetes-zookeeper's /usr/bin/zkCli.sh → /opt/zookeeper/bin/zkCli.sh).
  // One the container removed or moved away (`mv /usr/bin/mysql /usr/bin/mysql.off`) is gone from its path.
  const linked = (p: string): Binary | undefined => (fs?.files[p] === null ? undefined : (binaries[p] ?? binaries[resolveLinks(fs ?? newLayer(), ctx.base, p)]));
  if (name.includes('/')) {
    const p = normalizePath(name, cwd);
    const bin = linked(p);
    if (bin && !absentInTag(ctx, bin)) return fromBinary(p, bin);
    const dir = p.slice(0, p.lastIndexOf('/')) || '/';
    if (PATH_DIRS.includes(dir)) return own(p.slice(p.lastIndexOf('/') + 1)) ?? standard(p.slice(p.lastIndexOf('/') + 1)) ?? unsimulated(ctx, fs, p) ?? { k: 'missing' };
    return unsimulated(ctx, fs, p) ?? { k: 'missing' };
  }
  for (const dir of imagePath(ctx)) {
    const bin = linked(`${dir}/${name}`);
    if (bin && !absentInTag(ctx, bin)) return fromBinary(`${dir}/${name}`, bin);
  }
  return own(name) ?? standard(name) ?? imagePath(ctx).reduce<Resolved | undefined>((found, dir) => found ?? unsimulated(ctx, fs, `${dir}/${name}`), undefined) ?? { k: 'missing' };
}

/**
 * A program file of the image the classroom does not run (debian's `pinky`, `tic`: userland-files.ts
 * lists every program of the image): it is there, so it runs and says it is not simulated, as a
 * package's program does (packages.ts), exit 126.
 */
function unsimulated(ctx: RunContext, fs: FsLayer | undefined, path: string): Resolved | undefined {
  const real = resolveLinks(fs ?? newLayer(), ctx.base, path);
  if (!ctx.base.file(real)?.startsWith(ELF) || (fs && real in fs.files)) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    k: 'tool',
    tool: (_args, env) => {
      env.io.err(`${name}: installed, but not simulated in this classroom\n`);
      return { status: 126 };
    },
  };
}

/**
 * The directories the image's ENV PATH lists (golang's /go/bin and /usr/local/go/bin before the
 * usual ones), in order; the standard PATH when the image sets none.
 */
function imagePath(ctx: RunContext): readonly string[] {
  const path = (ctx.tag.env ?? ctx.image.env)?.PATH;
  return path === undefined ? PATH_DIRS : path.split(':').filter((d) => d.startsWith('/'));
}

/** A coreutils program that answers `--version` as its Debian release built it (gnu-version.ts). */
function withVersion(name: string, tool: Tool, userland: Userland): Tool {
  return (args, env) => {
    const r = asksVersion(name, args) ? debianUserland(env.fs, env.base, userland) : undefined;
    if (!r) return tool(args, env);
    env.io.out(coreutilsVersion(name, r));
    return ok;
  };
}

/** The image's curl is not in this tag (nginx before 1.17.10, perl:slim). */
function absentInTag(ctx: RunContext, bin: Binary): boolean {
  return bin.kind === 'program' && bin.program === 'curl' && ctx.tag.curl === 'none';
}

/**
 * containerd's text when the container's own entrypoint cannot be executed; `lookPath` is Go's
 * exec.LookPath error for a path (exec-file.ts), else the program was not found.
 */
export function startErrorMessage(name: string, lookPath?: string): string {
  const why = lookPath ?? (name.includes('/') ? `exec: "${name}": stat ${name}: no such file or directory` : `exec: "${name}": executable file not found in $PATH`);
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ${why}: unknown`;
}
