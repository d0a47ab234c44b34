/**
 * A node's disk as its shells and its kubelet read it: the files the simulation generates
 * (files.ts: manifests, PKI, kubelet config, logs) under the learner's own edits, which live in
 * the World (`nodeFs`, one overlay layer per node: writes, whiteouts for removals, so a `mv` is a
 * write plus a whiteout). The layer is plain data, so forks and time travel carry it like any
 * other state; it is created on a node's first change only, so an untouched cluster's snapshot
 * holds nothing new.
 */
import { listDir, newLayer, stat, type BaseFs, type FsLayer } from '../images/fs';
import type { World } from '../world';
import { NODE_LINKS, nodeBaseFs, nodeFiles } from './files';
import { systemBaseFs } from '../images/base-fs';
import { nodeImage } from './node-image';

/** The node's overlay, or a fresh one to hand a command (kept by `keepNodeLayer` if it writes). */
export function nodeLayer(w: World, node: string): FsLayer {
  return w.nodeFs?.get(node) ?? newLayer();
}

/** Keeps a command's layer in the World once it holds a change (no entry for a read-only command). */
export function keepNodeLayer(w: World, node: string, layer: FsLayer): void {
  if (layer.version === 0 || w.nodeFs?.get(node) === layer) return;
  (w.nodeFs ??= new Map()).set(node, layer);
}

/**
 * The node's own files over its operating system's (node-image.ts: Ubuntu's userland, `/bin ->
 * usr/bin`, `/bin/sh -> dash`): a generated file hides the system's at its path, and a directory
 * the system has as a link (merged /usr's /bin, /sbin, /lib) stays that link.
 */
function overSystem(own: BaseFs, system: BaseFs): BaseFs {
  const link = (p: string): string | undefined => own.link?.(p) ?? (own.file(p) === undefined ? system.link?.(p) : undefined);
  return {
    file: (p) => own.file(p) ?? system.file(p),
    isDir: (p) => link(p) === undefined && (own.isDir(p) || system.isDir(p)),
    link,
    // The generated files are as old as the cluster (no build time of the image's): their own metadata.
    meta: (p) => (own.file(p) !== undefined || (own.isDir(p) && !system.isDir(p)) ? own.meta?.(p) : system.meta?.(p)),
    list: (dir) => [...new Set([...own.list(dir), ...system.list(dir)])].sort(),
  };
}

/** The generated files and the system's (the overlay's lower layer). */
export function nodeBase(w: World, node: string): BaseFs {
  return overSystem(nodeBaseFs(nodeFiles(w, node), NODE_LINKS), systemBaseFs(nodeImage()));
}

/** The merged view (base under overlay) for a reader that only reads (a hostPath mount); live, so a write in between shows. */
export function nodeView(w: World, node: string, base: BaseFs = nodeBase(w, node)): BaseFs {
  const at = (p: string): ReturnType<typeof stat> => {
    const layer = w.nodeFs?.get(node);
    if (layer) return stat(layer, base, p);
    const f = base.file(p);
    return f !== undefined ? { kind: 'file', content: f } : base.isDir(p) ? { kind: 'dir' } : { kind: 'none' };
  };
  return {
    file: (p) => {
      const s = at(p);
      return s.kind === 'file' ? s.content : undefined;
    },
    isDir: (p) => at(p).kind === 'dir',
    list: (p) => {
      const layer = w.nodeFs?.get(node);
      return layer ? listDir(layer, base, p) : base.list(p);
    },
  };
}

/** Whether the learner changed anything at or under `dir` on this node (the kubelet's fast path). */
export function editedUnder(w: World, node: string, dir: string): boolean {
  const layer = w.nodeFs?.get(node);
  if (!layer) return false;
  const inside = (p: string): boolean => p === dir || p.startsWith(`${dir}/`) || dir.startsWith(`${p}/`);
  return Object.keys(layer.files).some(inside) || Object.keys(layer.dirs).some(inside);
}
