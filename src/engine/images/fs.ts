/**
 * A container's filesystem as an overlay: the image's files (read-only, rebuilt from the catalog
 * and the process input on demand, never stored) under a writable layer kept in the process
 * state. Parent directories are not enforced on writes, so volume mount paths the process model
 * cannot see (`/work-dir`, `/pod-data`) just work.
 */

export interface FsLayer {
  /** Written files; null = deleted (a whiteout over an image file). */
  files: Record<string, string | null>;
  /** Directories made (true) or removed (false). */
  dirs: Record<string, boolean>;
  /** Bumped on every change (lets callers notice that an exec changed the filesystem). */
  version: number;
}

/** The read-only image layer. */
export interface BaseFs {
  file(path: string): string | undefined;
  isDir(path: string): boolean;
  list(dir: string): string[];
}

export function newLayer(): FsLayer {
  return { files: {}, dirs: {}, version: 0 };
}

/** `/a/./b//c/` → `/a/b/c`; relative paths resolve against `cwd`. */
export function normalizePath(path: string, cwd = '/'): string {
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}

export type Stat = { kind: 'file'; content: string } | { kind: 'dir' } | { kind: 'none' };

export function stat(layer: FsLayer, base: BaseFs, path: string): Stat {
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

function removedByAncestor(layer: FsLayer, path: string): boolean {
  for (let p = path.slice(0, path.lastIndexOf('/')); p.length > 0; p = p.slice(0, p.lastIndexOf('/'))) {
    if (layer.dirs[p] === false) return true;
    if (layer.dirs[p] === true || (p in layer.files && layer.files[p] !== null)) return false;
  }
  return false;
}

export function writeFile(layer: FsLayer, base: BaseFs, path: string, content: string, append: boolean): void {
  const before = append ? stat(layer, base, path) : { kind: 'none' as const };
  layer.files[path] = (before.kind === 'file' ? before.content : '') + content;
  layer.version++;
}

export function makeDir(layer: FsLayer, path: string): void {
  layer.dirs[path] = true;
  layer.version++;
}

/** Removes a file or (recursive) a tree. */
export function remove(layer: FsLayer, base: BaseFs, path: string): void {
  const s = stat(layer, base, path);
  if (s.kind === 'dir') {
    for (const p of Object.keys(layer.files)) if (p.startsWith(`${path}/`)) layer.files[p] = null;
    for (const p of Object.keys(layer.dirs)) if (p.startsWith(`${path}/`)) delete layer.dirs[p];
    layer.dirs[path] = false;
  } else {
    layer.files[path] = null;
  }
  layer.version++;
}

/** Entry names in `dir`, sorted like `ls`. */
export function listDir(layer: FsLayer, base: BaseFs, dir: string): string[] {
  const names = new Set<string>();
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const add = (p: string): void => {
    if (!p.startsWith(prefix) || p === dir) return;
    const name = p.slice(prefix.length).split('/')[0];
    if (name) names.add(name);
  };
  for (const name of base.list(dir)) names.add(name);
  for (const p of Object.keys(layer.files)) add(p);
  for (const [p, made] of Object.entries(layer.dirs)) if (made) add(p);
  return [...names].filter((n) => stat(layer, base, `${prefix}${n}`).kind !== 'none').sort();
}
