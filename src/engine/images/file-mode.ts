/**
 * A path's permission bits and owner, as `ls -l` shows them and execve(2) and chmod(2) judge them:
 * one source for every tool. Modes come from what set them (chmod, a volume's writer: fs.ts
 * `modeSet`), else the image's metadata, else the defaults below. Owners: a volume records its
 * entries' (the process that made one, the kubelet's fsGroup walk: kubelet/volume-ownership.ts);
 * in the container's own layer, approximately, what the image's USER wrote is theirs and the
 * image's files are root's.
 */
import { modeSet, onTmpfs, stat, volumeIds, written, type BaseFs, type FsLayer } from './fs';
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

/**
 * A uid's or gid's name as ls prints it: the process's own names, else /etc/passwd's or
 * /etc/group's entry, else the number (BusyBox and GNU alike).
 */
function idName(fs: FsLayer, base: BaseFs, id: number, kind: 'user' | 'group', user: RunUser | undefined): string {
  if (id === 0) return 'root';
  if (kind === 'user' && user?.uid === id) return user.name;
  if (kind === 'group' && user?.gid === id) return user.group;
  const listed = kind === 'group' ? user?.groups?.find(([g]) => g === id)?.[1] : undefined;
  if (listed !== undefined) return listed;
  const f = stat(fs, base, kind === 'user' ? '/etc/passwd' : '/etc/group');
  const row = f.kind === 'file' ? f.content.split('\n').map((l) => l.split(':')).find((r) => r.length >= 3 && r[2] === String(id)) : undefined;
  return row?.[0] ?? String(id);
}

/** Who owns `at` (links already followed); `user` is who the container runs as (undefined: root). */
export function ownerOf(fs: FsLayer, base: BaseFs, at: string, user: RunUser | undefined): Owner {
  const ids = volumeIds(fs, at);
  if (ids) return { uid: ids[0], gid: ids[1], name: idName(fs, base, ids[0], 'user', user), group: idName(fs, base, ids[1], 'group', user) };
  const w = written(fs, base, at);
  if (!w) {
    const { uid = 0, gid = 0 } = base.meta?.(at) ?? {};
    return uid === 0 && gid === 0 ? ROOT : { uid, gid, name: idName(fs, base, uid, 'user', user), group: idName(fs, base, gid, 'group', user) };
  }
  if (!user || w.volume) return ROOT;
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
