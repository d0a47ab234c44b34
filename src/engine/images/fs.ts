/**
 * A container's filesystem as an overlay: the image's files (read-only, rebuilt from the catalog
 * and the process input on demand, never stored) under a writable layer kept in the process
 * state. Parent directories are not enforced on writes. Volumes are layers of their own mounted
 * at a path (`mounts`): the same object is mounted in every container of a Pod that mounts the
 * volume (emptyDir) and in every Pod of a claim's PV, so a write through one mount is read
 * through the others. A path resolves to its longest mount, like the kernel's mount table.
 * Symbolic links live in the image (BaseFs.link): every read and write follows them (stat,
 * listDir, writeFile), `lstat` and `remove` take the last one as it is. A layer holds the links
 * made in it (`FsLayer.links`): a volume's writer's (the kubelet's AtomicWriter: `..data`, one per
 * key), and `ln -s`'s in the container's own layer or a volume (makeLink), which stand over
 * whatever the image has at the path. Just over 400 lines: the overlay's path walk, mounts and
 * links are one resolution rule that every operation here shares.
 */
import { noteWrite, type FileFollower } from './follow';
import { normalizePath } from '../../k8s/posix-path';

export interface FsLayer {
  /** Written files; null = deleted (a whiteout over an image file). */
  files: Record<string, string | null>;
  /** Directories made (true) or removed (false). */
  dirs: Record<string, boolean>;
  /** Bumped on every change (lets callers notice that an exec changed the filesystem). */
  version: number;
  /** When a path was last written or made (simulated ms), when the writer said (`ls -l`'s time). */
  times?: Record<string, number>;
  /**
   * Symbolic links made in the layer, path in the layer → target as written (relative targets
   * resolve from the link's directory): a volume writer's (AtomicWriter's `/..data` → `..2025_…`,
   * `/color` → `..data/color`, kubelet/atomic-writer.ts) and `ln -s`'s (makeLink).
   */
  links?: Record<string, string>;
  /**
   * Permission bits set on a path in this layer: by a volume's writer (a configMap's defaultMode or
   * an item's mode), the kubelet's fsGroup walk, a setgid directory made in a volume, or `chmod`
   * (the container's layer over an image path, or a writable volume). Unset: the image's or the
   * defaults (file-mode.ts); a volume's root (`/`) is its mount point's.
   */
  modes?: Record<string, number>;
  /**
   * uid and gid of entries in a volume's layer, when not root's: what a process made there (its
   * uid, and its gid or a setgid directory's), and the kubelet's fsGroup walk (kubelet/volume-ownership.ts).
   */
  owners?: Record<string, FileIds>;
  /**
   * The volume is a tmpfs (a secret, projected or downwardAPI volume: the kubelet wraps an
   * emptyDir with medium Memory): its root is 1777 (tmpfs' default mode) and directories have
   * tmpfs' sizes.
   */
  tmpfs?: boolean;
  /** A tmpfs's size (emptyDir medium Memory: the kubelet's `size=` mount option), bytes. */
  sizeBytes?: number;
  /** mountPath → the volume mounted there (a container's root layer only). */
  mounts?: Record<string, MountedVolume>;
  /** Open `tail -f`s of this layer's files (follow.ts). */
  followers?: FileFollower[];
}

/** A file's owner and group ids. */
export type FileIds = readonly [uid: number, gid: number];

export interface MountedVolume {
  /** The volume's own files, paths relative to the mount (`/key`); shared, never copied. */
  layer: FsLayer;
  /** `readOnly: true` in the volumeMount, and configMap/secret volumes (always read-only). */
  readOnly: boolean;
  /** The volumeMount's subPath: only this path of the volume is mounted (a file or a directory). */
  subPath?: string;
  /**
   * A hostPath volume's directory on the node: under the volume's own layer (what Pods wrote
   * there) lie the node's files at that path, when the caller hands them in (`BaseFs.host`).
   */
  hostPath?: string;
}

const EMPTY: BaseFs = { file: () => undefined, isDir: (p) => p === '/', list: () => [] };

interface Located {
  layer: FsLayer;
  base: BaseFs;
  path: string;
  mount?: MountedVolume;
}

/**
 * Which layer holds `path`: the longest mount at or above it, or the container's own. A mount at
 * `/` (the terminal's read-only root, text-filters.ts; a Pod cannot mount there) holds everything.
 */
function locate(layer: FsLayer, base: BaseFs, path: string): Located {
  let best: string | undefined;
  for (const mp of Object.keys(layer.mounts ?? {})) {
    if ((path === mp || path.startsWith(mp === '/' ? '/' : `${mp}/`)) && (best === undefined || mp.length > best.length)) best = mp;
  }
  if (best === undefined) return { layer, base, path };
  const mount = layer.mounts![best]!;
  const rest = best === '/' ? path : path.slice(best.length);
  const under = mount.hostPath !== undefined && base.host ? hostDir(base.host, mount.hostPath) : EMPTY;
  return { layer: mount.layer, base: under, path: mount.subPath ? normalizePath(`${mount.subPath}${rest}`) : rest || '/', mount };
}

/** The node's files under `dir`, with paths relative to it (what a hostPath mount of `dir` shows). */
function hostDir(host: BaseFs, dir: string): BaseFs {
  if (dir === '/') return host;
  const at = (p: string): string => (p === '/' ? dir : `${dir}${p}`);
  // The mount point is a directory whatever the node holds there (the kubelet made it), unless it is a file.
  return { file: (p) => host.file(at(p)), isDir: (p) => host.isDir(at(p)) || (p === '/' && host.file(dir) === undefined), list: (p) => host.list(at(p)) };
}

/** Whether a write at `path` lands on a read-only mount (`Read-only file system`). */
export function readOnlyAt(layer: FsLayer, path: string): boolean {
  return locate(layer, EMPTY, path).mount?.readOnly ?? false;
}

function changed(root: FsLayer, at: Located): void {
  at.layer.version++;
  if (at.layer !== root) root.version++;
}

/** The read-only image layer. */
export interface BaseFs {
  file(path: string): string | undefined;
  isDir(path: string): boolean;
  list(dir: string): string[];
  /**
   * The node's own files, for hostPath mounts: handed in by an exec or attach (which reach the
   * node), absent while the process runs on its own, whose hostPath mounts then show only what
   * Pods wrote there.
   */
  host?: BaseFs;
  /** The target of a symbolic link at exactly `path` (`/var/log/nginx/access.log` → `/dev/stdout`). */
  link?(path: string): string | undefined;
  /** What `ls -l` shows of an image path beyond its content (unset parts: the defaults of file-meta.ts). */
  meta?(path: string): BaseMeta | undefined;
}

export interface BaseMeta {
  /** Permission bits (0o755); file type comes from what the path is. */
  mode?: number;
  /** Bytes on disk when the content is a stand-in (a binary is `\x7fELF` here). */
  size?: number;
  /** Modification time in simulated ms (the image's build). */
  mtime?: number;
  /** The owner when not root (a home directory `useradd --create-home` made). */
  uid?: number;
  /** The group when not root's (`chage` and `unix_chkpwd` are root:shadow, gid 42). */
  gid?: number;
  /** Hard links to the file (the busybox image's applets share one inode); unset: 1. */
  nlink?: number;
  /** The path that names the inode a hard link shares (`/bin/busybox` for every applet); unset: its own. */
  inode?: string;
}

export function newLayer(): FsLayer {
  return { files: {}, dirs: {}, version: 0 };
}

/** Path resolution is POSIX's, shared with the prompt and kubectl's loaders (k8s/posix-path.ts). */
export { normalizePath };

export type Stat = { kind: 'file'; content: string } | { kind: 'dir' } | { kind: 'none' };

export function stat(root: FsLayer, rootBase: BaseFs, linkedPath: string): Stat {
  const fullPath = resolveLinks(root, rootBase, linkedPath);
  const { layer, base, path } = locate(root, rootBase, fullPath);
  if (layer === root && Object.keys(root.mounts ?? {}).some((mp) => mp.startsWith(`${fullPath === '/' ? '' : fullPath}/`))) return { kind: 'dir' };
  if (path in layer.files) {
    const f = layer.files[path];
    return f === null || f === undefined ? { kind: 'none' } : { kind: 'file', content: f };
  }
  if (path in layer.dirs) return layer.dirs[path] ? { kind: 'dir' } : { kind: 'none' };
  if (removedByAncestor(layer, path)) return { kind: 'none' };
  if (Object.entries(layer.files).some(([p, c]) => c !== null && p.startsWith(`${path}/`))) return { kind: 'dir' };
  const f = base.file(path);
  if (f !== undefined) return { kind: 'file', content: f };
  return base.isDir(path) ? { kind: 'dir' } : { kind: 'none' };
}

/** A path's entry itself, not following a symbolic link at its last component (lstat(2)). */
export type LStat = Stat | { kind: 'link'; target: string };

export function lstat(root: FsLayer, rootBase: BaseFs, fullPath: string): LStat {
  if (fullPath === '/' || !mayLink(root, rootBase)) return stat(root, rootBase, fullPath);
  const own = entryPath(root, rootBase, fullPath);
  const target = linkAt(root, rootBase, own);
  return target === undefined ? stat(root, rootBase, own) : { kind: 'link', target };
}

/** `fullPath` with the links of its directories followed and its last component kept (what lstat(2) names). */
function entryPath(root: FsLayer, rootBase: BaseFs, fullPath: string): string {
  if (fullPath === '/' || !mayLink(root, rootBase)) return fullPath;
  const at = fullPath.lastIndexOf('/');
  const dir = resolveLinks(root, rootBase, fullPath.slice(0, at) || '/');
  return `${dir === '/' ? '' : dir}/${fullPath.slice(at + 1)}`;
}

/** Whether any link can lie on a path: the image has some, or a layer (the root or a volume's) holds some. */
function mayLink(root: FsLayer, base: BaseFs): boolean {
  if (base.link || root.links) return true;
  for (const m of Object.values(root.mounts ?? {})) if (m.layer.links) return true;
  return false;
}

/**
 * The link at exactly `path`: a volume's own (its writer's), or the image's unless the writable
 * layer replaced or removed it.
 */
function linkAt(root: FsLayer, base: BaseFs, path: string): string | undefined {
  // A layer's own link stands over the image's path (ln -sf over an image link or file).
  if (root.links || root.mounts) {
    const at = locate(root, EMPTY, path);
    const own = at.layer.links?.[at.path];
    if (own !== undefined || at.layer !== root) return own;
  }
  const target = base.link?.(path);
  if (target === undefined) return undefined;
  if (path in root.files || path in root.dirs || removedByAncestor(root, path)) return undefined;
  return target;
}

/**
 * symlink(2): a link at `linkedPath` (the links of its directories followed, the last component
 * made) to `target` as written. The caller has checked that nothing is there, the parent and
 * read-only mounts, as symlink(2) would refuse.
 */
export function makeLink(root: FsLayer, rootBase: BaseFs, linkedPath: string, target: string, when?: number): void {
  const at = locate(root, rootBase, entryPath(root, rootBase, linkedPath));
  (at.layer.links ??= {})[at.path] = target;
  stamp(at, when);
  changed(root, at);
}

/**
 * `fullPath` with every symbolic link on the way replaced by its target, as the kernel walks a
 * path. Links live in the image (and the runtime's /dev); a loop stops after 40 links (ELOOP),
 * leaving the path as far as it got.
 */
export function resolveLinks(root: FsLayer, base: BaseFs, fullPath: string): string {
  if (!mayLink(root, base)) return fullPath;
  let p = fullPath;
  for (let hops = 0; hops < 40; hops++) {
    let next: string | undefined;
    for (let at = p.indexOf('/', 1); next === undefined; at = p.indexOf('/', at + 1)) {
      const prefix = at < 0 ? p : p.slice(0, at);
      const target = prefix === '/' ? undefined : linkAt(root, base, prefix);
      if (target !== undefined) next = normalizePath(`${target}${at < 0 ? '' : p.slice(at)}`, prefix.slice(0, prefix.lastIndexOf('/')) || '/');
      if (at < 0) break;
    }
    if (next === undefined) return p;
    p = next;
  }
  return p;
}

function removedByAncestor(layer: FsLayer, path: string): boolean {
  for (let p = path.slice(0, path.lastIndexOf('/')); p.length > 0; p = p.slice(0, p.lastIndexOf('/'))) {
    if (layer.dirs[p] === false) return true;
    if (layer.dirs[p] === true || (p in layer.files && layer.files[p] !== null)) return false;
  }
  return false;
}

/**
 * Why a file cannot be created at `fullPath` because of its directory: the parent is missing
 * (ENOENT) or is a file (ENOTDIR); undefined when the directory is there. Every tool that creates
 * a file asks first, as open(2) would refuse: the layer itself would record the file anyway.
 */
export function parentProblem(root: FsLayer, rootBase: BaseFs, fullPath: string): 'No such file or directory' | 'Not a directory' | undefined {
  const parent = fullPath.slice(0, fullPath.lastIndexOf('/')) || '/';
  const s = stat(root, rootBase, parent);
  return s.kind === 'dir' ? undefined : s.kind === 'file' ? 'Not a directory' : 'No such file or directory';
}

/**
 * Writes through symbolic links, as open(2) does; `when` (simulated ms) is what `ls -l` shows;
 * `who`: the writing process's ids, which a file it creates in a volume gets (see own).
 */
export function writeFile(root: FsLayer, rootBase: BaseFs, linkedPath: string, content: string, append: boolean, when?: number, who?: () => FileIds): void {
  const at = locate(root, rootBase, resolveLinks(root, rootBase, linkedPath));
  const before = append || at.layer !== root ? stat(at.layer, at.base, at.path) : { kind: 'none' as const };
  if (before.kind === 'none' && at.layer !== root) own(at.layer, at.path, false, who);
  at.layer.files[at.path] = (append && before.kind === 'file' ? before.content : '') + content;
  stamp(at, when);
  changed(root, at);
  if (at.layer.followers) noteWrite(at.layer, at.path, append ? content : at.layer.files[at.path]!, when ?? 0);
}

/** The layer and path `linkedPath` is written at (links followed, mounts resolved): where a follower of it lives (follow.ts). */
export function fileLocation(root: FsLayer, rootBase: BaseFs, linkedPath: string): { layer: FsLayer; path: string } {
  const at = locate(root, rootBase, resolveLinks(root, rootBase, linkedPath));
  return { layer: at.layer, path: at.path };
}

export function makeDir(root: FsLayer, fullPath: string, when?: number, who?: () => FileIds): void {
  const at = locate(root, EMPTY, fullPath);
  if (at.layer !== root && stat(at.layer, EMPTY, at.path).kind === 'none') own(at.layer, at.path, true, who);
  at.layer.dirs[at.path] = true;
  stamp(at, when);
  changed(root, at);
}

/**
 * A new entry in a volume: the creator's uid, and the directory's gid when that directory is
 * setgid (which a new directory inherits, as the kernel does), else the creator's gid; a file's
 * mode is then the default (umask 022) whatever a removed namesake had.
 */
function own(layer: FsLayer, path: string, dir: boolean, who: (() => FileIds) | undefined): void {
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  const parentMode = layer.modes?.[parent] ?? 0;
  const [uid, gid] = who?.() ?? [0, 0];
  const setgid = (parentMode & 0o2000) !== 0;
  const group = setgid ? (layer.owners?.[parent]?.[1] ?? 0) : gid;
  if (uid !== 0 || group !== 0) (layer.owners ??= {})[path] = [uid, group];
  else if (layer.owners) delete layer.owners[path];
  if (dir && setgid) (layer.modes ??= {})[path] = 0o2755;
  else if (layer.modes) delete layer.modes[path];
}

/** The uid and gid a volume's layer records for `fullPath` (no links followed; root's when none); undefined outside volumes. */
export function volumeIds(root: FsLayer, fullPath: string): FileIds | undefined {
  const at = locate(root, EMPTY, fullPath);
  if (at.layer === root) return undefined;
  return at.layer.owners?.[at.path] ?? [0, 0];
}

function stamp(at: Located, when: number | undefined): void {
  if (when !== undefined) (at.layer.times ??= {})[at.path] = when;
}

/**
 * Whether a writable layer (the container's or a volume's, `volume`) holds `fullPath`, and when
 * it was written when its writer said (`at`); undefined for the image's own paths.
 */
export function written(root: FsLayer, rootBase: BaseFs, fullPath: string): { at?: number; volume: boolean } | undefined {
  const at = locate(root, rootBase, fullPath);
  const time = at.layer.times?.[at.path];
  const volume = at.layer !== root;
  if (at.path in at.layer.files || at.path in at.layer.dirs || (at.layer.links !== undefined && at.path in at.layer.links) || volume) return time === undefined ? { volume } : { at: time, volume };
  return undefined;
}

/** The mode set on `fullPath` (no links followed) by a volume's writer or chmod, if one was. */
export function modeSet(root: FsLayer, fullPath: string): number | undefined {
  const at = locate(root, EMPTY, fullPath);
  return at.layer.modes?.[at.path];
}

/** chmod(2): records `mode` on the path `linkedPath` names (links followed). The caller checks read-only mounts. */
export function setMode(root: FsLayer, rootBase: BaseFs, linkedPath: string, mode: number): void {
  const at = locate(root, rootBase, resolveLinks(root, rootBase, linkedPath));
  (at.layer.modes ??= {})[at.path] = mode & 0o7777;
  changed(root, at);
}

/** Whether `fullPath` (no links followed) lies in a tmpfs volume. */
export function onTmpfs(root: FsLayer, fullPath: string): boolean {
  const at = locate(root, EMPTY, fullPath);
  return at.layer !== root && at.layer.tmpfs === true;
}

/** Removes a file or (recursive) a tree. */
export function remove(root: FsLayer, rootBase: BaseFs, linkedPath: string): void {
  // The entry itself: links on the way are followed, a link at the end is removed, not its target.
  const fullPath = entryPath(root, rootBase, linkedPath);
  const at = locate(root, rootBase, fullPath);
  const { layer, path } = at;
  const s: LStat = linkAt(root, rootBase, fullPath) !== undefined ? { kind: 'link', target: '' } : stat(layer, at.base, path);
  // The layer's own link goes; the whiteout below hides an image entry at the path.
  if (layer.links && path in layer.links) delete layer.links[path];
  if (s.kind === 'dir') {
    const prefix = path === '/' ? '/' : `${path}/`;
    for (const p of Object.keys(layer.files)) if (p.startsWith(prefix)) layer.files[p] = null;
    for (const p of Object.keys(layer.dirs)) if (p.startsWith(prefix)) delete layer.dirs[p];
    for (const p of Object.keys(layer.links ?? {})) if (p.startsWith(prefix)) delete layer.links![p];
    // A mount point itself stays (rm -rf of a volume empties it).
    if (path !== '/') layer.dirs[path] = false;
  } else {
    layer.files[path] = null;
  }
  // A file made again at the path starts with the default mode.
  if (layer.modes) for (const p of Object.keys(layer.modes)) if (p === path || p.startsWith(path === '/' ? '/' : `${path}/`)) delete layer.modes[p];
  changed(root, at);
}

/** Entries of `dir` with whether each is a directory (a server's listing). */
export function dirEntries(root: FsLayer, rootBase: BaseFs, linkedDir: string): { name: string; dir: boolean }[] {
  const fullDir = resolveLinks(root, rootBase, linkedDir);
  const full = fullDir === '/' ? '/' : `${fullDir}/`;
  return listDir(root, rootBase, fullDir).map((name) => ({ name, dir: stat(root, rootBase, `${full}${name}`).kind === 'dir' }));
}

/** Entry names in `dir`, sorted like `ls`. */
export function listDir(root: FsLayer, rootBase: BaseFs, linkedDir: string): string[] {
  const fullDir = resolveLinks(root, rootBase, linkedDir);
  const { layer, base, path: dir } = locate(root, rootBase, fullDir);
  const names = new Set<string>();
  if (layer === root) {
    const prefix = fullDir === '/' ? '/' : `${fullDir}/`;
    for (const mp of Object.keys(root.mounts ?? {})) if (mp.startsWith(prefix)) names.add(mp.slice(prefix.length).split('/')[0]!);
  }
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const add = (p: string): void => {
    if (!p.startsWith(prefix) || p === dir) return;
    const name = p.slice(prefix.length).split('/')[0];
    if (name) names.add(name);
  };
  for (const name of base.list(dir)) names.add(name);
  for (const p of Object.keys(layer.files)) add(p);
  for (const [p, made] of Object.entries(layer.dirs)) if (made) add(p);
  for (const p of Object.keys(layer.links ?? {})) add(p);
  const full = fullDir === '/' ? '/' : `${fullDir}/`;
  // lstat: a link is listed even when its target is not there (`access.log -> /dev/stdout`).
  return [...names].filter((n) => lstat(root, rootBase, `${full}${n}`).kind !== 'none').sort();
}

/**
 * Writes a file as a process does when it makes its own directories (a server's data files): missing directories on the way are made first
 * (`mkdir -p`, owned by the process's user — in a volume with fsGroup, its group), then the file.
 */
export function writeAs(fs: FsLayer, base: BaseFs, path: string, content: string, at: number, who: () => FileIds): void {
  mkdirAs(fs, base, path.slice(0, path.lastIndexOf('/')), at, who);
  writeFile(fs, base, path, content, false, at, who);
}

/** `mkdir -p dir` as the process's user. */
export function mkdirAs(fs: FsLayer, base: BaseFs, dir: string, at: number, who: () => FileIds): void {
  const parts = dir.split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const d = `/${parts.slice(0, i).join('/')}`;
    if (stat(fs, base, d).kind === 'none') makeDir(fs, resolveLinks(fs, base, d), at, who);
  }
}
