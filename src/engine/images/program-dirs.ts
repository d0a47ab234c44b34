/**
 * Where the image's own programs lie, for the tools that look for a program by path (`which`,
 * `command -v`, `type`): its binaries (the catalog's paths), the files packages and the learner
 * put in the container, and its userland's tools. Debian, Ubuntu, busybox and Alpine images hold
 * their userland's programs as files (userland-files.ts, from the same tables as below), so a
 * program is where `ls` finds it; for the other userlands (mysql's Oracle Linux, the generic
 * official images) the directories come from how each userland installs them:
 * - the busybox image links every applet in /bin (docker-library/busybox), its /usr/bin/env
 *   being a link there;
 * - Alpine installs each applet where BusyBox's applet table puts it (busybox-applets.ts);
 * - Debian and Ubuntu images are merged-/usr: a program is in /usr/bin and, through the /bin
 *   link, in /bin — or in /usr/sbin and /sbin where debian:*-slim has it (chroot).
 */
import type { Userland } from './catalog-types';
import { BUSYBOX_APPLET_DIRS } from './busybox-applets';
import { mayExecute, ownerOf, permOf } from './file-mode';
import { lstat, resolveLinks, stat, type FsLayer } from './fs';
import type { RunContext } from './machine';
import { resolveCommand } from './resolve';
import type { RunUser } from './tool-types';
import { debianProgramDir, fileFamily } from './userland-files';

/** BusyBox's applet table: applet → its directory (BB_DIR_*). */
const BUSYBOX_DIRS: ReadonlyMap<string, string> = new Map(Object.entries(BUSYBOX_APPLET_DIRS).flatMap(([dir, names]) => names.split(' ').map((n) => [n, dir] as const)));

/** The directories the userland's tool `name` is installed in. */
function homeDirs(userland: Userland, name: string): readonly string[] {
  if (userland.tools === 'coreutils') return debianProgramDir('bookworm', name) === '/usr/sbin' ? ['/usr/sbin', '/sbin'] : ['/usr/bin', '/bin'];
  if (userland.pkg === 'apk') return [BUSYBOX_DIRS.get(name) ?? '/bin'];
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
      // A userland held as files has its programs where `ls` finds them, and nowhere else.
      if (fileFamily(ctx.image.userland, undefined).k !== 'none') return false;
      const at = full.lastIndexOf('/');
      return homeDirs(ctx.image.userland, full.slice(at + 1)).includes(full.slice(0, at) || '/');
    }
  }
}
