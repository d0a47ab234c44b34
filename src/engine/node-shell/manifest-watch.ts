/**
 * The kubelet's inotify watch on its staticPodPath (pkg/kubelet/config/file_linux.go): a shell
 * command that creates, writes, removes or renames a file there wakes the kubelet's file source
 * at once (Create/Write → add or modify, Remove/Rename → delete), instead of at its next 20 s
 * listing. The watch lives in the kubelet's process: a stopped kubelet gets no event, and reads
 * the directory afresh when it starts.
 */
import { agentId } from '../core/ids';
import { listDir, stat, type BaseFs, type FsLayer } from '../images/fs';
import { STATIC_POD_PATH } from '../kubelet/config-file';
import { schedule } from '../runtime';
import type { World } from '../world';

export const INOTIFY_TIMER = 'static-pods-inotify';

/** The regular files in the manifest directory and their contents. */
export function manifestDir(layer: FsLayer, base: BaseFs): Map<string, string> {
  const out = new Map<string, string>();
  if (stat(layer, base, STATIC_POD_PATH).kind !== 'dir') return out;
  for (const name of listDir(layer, base, STATIC_POD_PATH)) {
    const s = stat(layer, base, `${STATIC_POD_PATH}/${name}`);
    if (s.kind === 'file') out.set(`${STATIC_POD_PATH}/${name}`, s.content);
  }
  return out;
}

/** One event per file whose content changed: `write PATH` or `remove PATH`, in path order. */
export function notifyManifestChanges(w: World, node: string, before: Map<string, string>, after: Map<string, string>): void {
  const events: string[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    if (before.get(path) === after.get(path)) continue;
    events.push(`${after.has(path) ? 'write' : 'remove'} ${path}`);
  }
  const kubelet = w.components.get(agentId('kubelet', node));
  if (!events.length || kubelet?.kind !== 'kubelet' || !kubelet.running) return;
  schedule(w, 0, kubelet.id, { type: 'timer', epoch: kubelet.epoch, name: INOTIFY_TIMER, arg: events.join('\n') });
}
