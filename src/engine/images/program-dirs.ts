/**
 * Where the image's own programs lie, for the tools that look for a program by path (`which`):
 * its binaries (the catalog's paths), the files packages and the learner put in the container,
 * and its userland's tools — which the filesystem model does not hold as files, so their
 * directories come from how each userland installs them:
 * - the busybox image links every applet in /bin (docker-library/busybox), its /usr/bin/env
 *   being a link there;
 * - Alpine installs each applet where BusyBox's applet table puts it (BB_DIR_* in the
 *   `//applet:` lines of github:mirror/busybox, recorded below for the modelled tools);
 * - Debian and Ubuntu images are merged-/usr: a program is in /usr/bin and, through the /bin
 *   link, in /bin (chroot in /usr/sbin and /sbin).
 * Approximate: the other BusyBox applets of Alpine are taken to be in /bin.
 */
import type { Userland } from './catalog-types';
import { mayExecute, ownerOf, permOf } from './file-mode';
import { lstat, resolveLinks, stat, type FsLayer } from './fs';
import type { RunContext } from './machine';
import { resolveCommand } from './resolve';
import type { RunUser } from './tool-types';

/** BusyBox's applet table (BB_DIR_USR_BIN, BB_DIR_USR_SBIN, BB_DIR_SBIN) for the modelled tools; the rest are BB_DIR_BIN. */
const BUSYBOX_DIRS: Readonly<Record<string, string>> = Object.fromEntries([
  ...['[', 'awk', 'basename', 'cut', 'diff', 'dirname', 'du', 'env', 'find', 'free', 'head', 'id', 'nc', 'nohup', 'nproc', 'nslookup', 'pgrep', 'printf', 'readlink', 'seq', 'sort', 'tail', 'tee', 'telnet', 'test', 'timeout', 'tr', 'tty', 'uniq', 'uptime', 'wc', 'wget', 'which', 'whoami', 'xargs'].map((n) => [n, '/usr/bin']),
  ['chroot', '/usr/sbin'],
  ['ip', '/sbin'],
]);

/** Debian's programs in sbin (coreutils' chroot). */
const DEBIAN_SBIN = new Set(['chroot']);

/** The directories the userland's tool `name` is installed in. */
function homeDirs(userland: Userland, name: string): readonly string[] {
  if (userland.tools === 'coreutils') return DEBIAN_SBIN.has(name) ? ['/usr/sbin', '/sbin'] : ['/usr/bin', '/bin'];
  if (userland.pkg === 'apk') return [BUSYBOX_DIRS[name] ?? '/bin'];
  return ['/bin'];
}

/** Where `$PATH` finds the userland's tool `name` first (`command -v`, `type`, what `which` prints). */
export function programHome(userland: Userland, name: string): string {
  return `${homeDirs(userland, name)[0]!}/${name}`;
}

/**
 * Whether an executable program is at `full` (an absolute path) for `user`: execve would run it,
 * which `which` (debianutils' `[ -f … ] && [ -x … ]`, BusyBox's file_is_executable) asks.
 */
export function programAt(ctx: RunContext, fs: FsLayer, user: RunUser | undefined, full: string): boolean {
  const l = lstat(fs, ctx.base, full);
  if (l.kind === 'link') return programAt(ctx, fs, user, resolveLinks(fs, ctx.base, full));
  if (l.kind === 'dir') return false;
  const s = stat(fs, ctx.base, full);
  if (s.kind === 'file') return mayExecute(permOf(fs, ctx.base, full, 'file', s.content), ownerOf(fs, ctx.base, full, user), user);
  const r = resolveCommand(ctx, full, '/', fs);
  switch (r.k) {
    case 'missing':
      return false;
    case 'binary':
      return true;
    case 'shell':
    case 'tool':
    case 'net': {
      const at = full.lastIndexOf('/');
      return homeDirs(ctx.image.userland, full.slice(at + 1)).includes(full.slice(0, at) || '/');
    }
  }
}
