/**
 * A path's permission bits and owner, as `ls -l` shows them and execve(2) and chmod(2) judge them:
 * one source for every tool. Modes come from what set them (chmod, a volume's writer: fs.ts
 * `modeSet`), else the image's metadata, else the defaults below. Owners are approximate: what
 * the image's USER wrote in the container's own layer is theirs, everything else root's (the
 * image's files, the kubelet's volumes: no fsGroup ownership).
 */
import { modeSet, onTmpfs, written, type BaseFs, type FsLayer } from './fs';
import type { RunUser } from './tool-types';

/** Directory modes that differ from 0755 in Debian, Alpine and BusyBox images alike. */
export const DIR_MODES: Readonly<Record<string, number>> = { '/tmp': 0o1777, '/root': 0o700, '/proc': 0o555, '/sys': 0o555 };
/** What a stand-in binary's content starts with (base-fs.ts, packages.ts). */
export const ELF = '\x7fELF';

/** Permission bits of the file or directory at `at` (links already followed). */
export function permOf(fs: FsLayer, base: BaseFs, at: string, kind: 'file' | 'dir', content = ''): number {
  const set = modeSet(fs, at);
  if (set !== undefined) return set;
  const meta = base.meta?.(at);
  if (kind === 'file') return meta?.mode ?? (content.startsWith(ELF) ? 0o755 : 0o644);
  // A volume's mount point is the kubelet's directory: 0777 for emptyDir and the configMap
  // volume it wraps (emptyDir's setupDir); a tmpfs mounted there (secret, projected) is 1777,
  // tmpfs' default root mode; a hostPath shows the node's (0755 here).
  const mount = fs.mounts?.[at];
  const volume = mount && mount.hostPath === undefined && !mount.subPath ? (onTmpfs(fs, at) ? 0o1777 : 0o777) : undefined;
  return volume ?? meta?.mode ?? DIR_MODES[at] ?? 0o755;
}

export interface Owner {
  uid: number;
  gid: number;
  name: string;
  group: string;
}

const ROOT: Owner = { uid: 0, gid: 0, name: 'root', group: 'root' };

/** Who owns `at` (links already followed); `user` is who the container runs as (undefined: root). */
export function ownerOf(fs: FsLayer, base: BaseFs, at: string, user: RunUser | undefined): Owner {
  const w = written(fs, base, at);
  if (!user || !w || w.volume) return ROOT;
  return { uid: user.uid, gid: user.gid, name: user.name, group: user.group };
}

/**
 * Whether `user` may execute a file of mode `perm` owned by `owner` (the kernel's
 * generic_permission for MAY_EXEC on a regular file): root needs any x bit (CAP_DAC_OVERRIDE
 * grants exec only then); anyone else the owner's bit if they own it, else the group's if the
 * file's group is one of theirs, else the others' bit.
 */
export function mayExecute(perm: number, owner: Owner, user: RunUser | undefined): boolean {
  const uid = user?.uid ?? 0;
  if (uid === 0) return (perm & 0o111) !== 0;
  if (uid === owner.uid) return (perm & 0o100) !== 0;
  const gids = user?.groups ? user.groups.map(([g]) => g) : [user?.gid ?? 0];
  if (gids.includes(owner.gid)) return (perm & 0o10) !== 0;
  return (perm & 0o1) !== 0;
}
