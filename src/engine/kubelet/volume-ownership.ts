/**
 * SetVolumeOwnership (pkg/volume/volume_linux.go), run by the volume plugins that support an
 * fsGroup (emptyDir, configMap, secret, projected, downwardAPI, and CSI volumes whose driver's
 * fsGroupPolicy is File) after they set the volume up: every entry of the volume, its root
 * included, is Lchown'd to the fsGroup (its owner kept); every file and directory that is not a
 * link gets `mode | mask`, mask being 0660 (rwMask) or 0440 (roMask, a ReadOnly volume: the
 * AtomicWriter's kinds and a read-only claim), and a directory also setgid and 0110 (execMask),
 * so a file made there later gets the fsGroup (fs.ts own). With fsGroupChangePolicy
 * OnRootMismatch (CSI only: the other plugins pass no policy) nothing is done when the root's
 * group already is the fsGroup and its mode holds mask | 0110 and setgid (requiresPermissionChange).
 */
import type { FsLayer } from '../images/fs';

const RW_MASK = 0o660;
const RO_MASK = 0o440;
const EXEC_MASK = 0o110;
const SETGID = 0o2000;

/** `rootMode`: the mount point's mode before the walk (0777 for emptyDir's directory, 1777 for a tmpfs). */
export function setVolumeOwnership(layer: FsLayer, fsGroup: number, readOnly: boolean, rootMode: number, policy?: string): void {
  const mask = readOnly ? RO_MASK : RW_MASK;
  if (policy === 'OnRootMismatch') {
    const mode = layer.modes?.['/'] ?? rootMode;
    if (layer.owners?.['/']?.[1] === fsGroup && (mode & (mask | EXEC_MASK)) === (mask | EXEC_MASK) && (mode & SETGID) !== 0) return;
  }
  const owners = (layer.owners ??= {});
  const modes = (layer.modes ??= {});
  const dirs = new Set<string>(['/']);
  const parents = (p: string): void => {
    for (let d = p.slice(0, p.lastIndexOf('/')); d.length > 0; d = d.slice(0, d.lastIndexOf('/'))) dirs.add(d);
  };
  const chown = (p: string): void => {
    owners[p] = [owners[p]?.[0] ?? 0, fsGroup];
  };
  for (const [p, c] of Object.entries(layer.files)) {
    if (c === null) continue;
    parents(p);
    chown(p);
    modes[p] = (modes[p] ?? 0o644) | mask;
  }
  for (const [p, made] of Object.entries(layer.dirs)) {
    if (!made) continue;
    dirs.add(p);
    parents(p);
  }
  // A link is chowned, never chmodded: chmod would go through to its target.
  for (const p of Object.keys(layer.links ?? {})) {
    parents(p);
    chown(p);
  }
  for (const d of dirs) {
    chown(d);
    modes[d] = (modes[d] ?? (d === '/' ? rootMode : 0o755)) | mask | SETGID | EXEC_MASK;
  }
  layer.version++;
}
