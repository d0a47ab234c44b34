/**
 * What a Pod's volumes hold, as the container sees them through its volumeMounts. Each volume is
 * one filesystem layer in `World.volumeData`, mounted by reference into every container that
 * names it:
 * - configMap / secret / projected / downwardAPI (AtomicWriter's payload): one file per key, or per `items`
 *   entry at its `path`; Secret values base64-decoded; laid out as the AtomicWriter does
 *   (`..data`, a timestamped directory, a link per key: atomic-writer.ts). Rewritten at each
 *   periodic sync's remount when it changed (not through a subPath).
 * - emptyDir: created empty for the Pod, shared by its containers, deleted at teardown.
 * - persistentVolumeClaim: the bound PV's data, keyed by the PV's uid, so it outlives every Pod; a
 *   hostPath PV's is the node's directory, as a hostPath volume's (below).
 * - hostPath: the node's directory, shared by every Pod on that node that mounts it; an exec or
 *   attach also sees the node's own files there (`kubectl debug node/…`'s `/host`).
 */
import type { ConfigMap, Container, KeyToPath, PersistentVolume, Pod, Secret, Volume } from '../../k8s/types';
import { own } from '../../k8s/own';
import { makeDir, newLayer, normalizePath, type FsLayer, type MountedVolume } from '../images/fs';
import { peekObject, type World } from '../world';
import { decodeBase64 } from '../../k8s/base64';
import type { KubeletState, PodWorker } from './state';
import { downwardFiles, kubeletPodView } from './downward-api';
import { resolveInVolume, writeAtomic } from './atomic-writer';
import { setVolumeOwnership } from './volume-ownership';

export function podVolumeKey(podUid: string, volume: string): string {
  return `pod/${podUid}/${volume}`;
}

export function pvVolumeKey(pv: PersistentVolume): string {
  return `pv/${pv.metadata.uid ?? pv.metadata.name ?? ''}`;
}

export function hostPathKey(node: string, path: string): string {
  return `host/${node}${normalizePath(path)}`;
}

/** The node directory a hostPathKey names (a hostPath volume's, or a hostPath PV's), else undefined. */
function hostPathOfKey(key: string): string | undefined {
  if (!key.startsWith('host/')) return undefined;
  const slash = key.indexOf('/', 'host/'.length);
  return slash < 0 ? '/' : key.slice(slash);
}

function store(w: World): Map<string, FsLayer> {
  w.volumeData ??= new Map();
  return w.volumeData;
}

/** The layer under `key`, created empty the first time (emptyDir, a new PV, a hostPath directory). */
export function ensureVolume(w: World, wk: PodWorker, volume: string, key: string): FsLayer {
  const data = store(w);
  let layer = data.get(key);
  if (!layer) data.set(key, (layer = newLayer()));
  (wk.volumeData ??= new Map()).set(volume, key);
  return layer;
}

/** securityContext.fsGroup, when it is a gid. */
export function podFsGroup(pod: Pod): number | undefined {
  const g = pod.spec.securityContext?.['fsGroup'];
  return typeof g === 'number' && Number.isInteger(g) && g >= 0 ? g : undefined;
}

/**
 * A ConfigMap's or Secret's payload as files (configmap.MakePayload / secret.MakePayload): every
 * key, or only `items` (a missing key fails the mount unless the volume is optional).
 */
export function payloadLayer(kind: 'configmap' | 'secret', obj: ConfigMap | Secret | undefined, items: KeyToPath[] | undefined, optional: boolean, defaultMode?: number): { ok: true; layer: FsLayer } | { ok: false; error: string } {
  const values: Record<string, string> = {};
  if (obj && kind === 'configmap') {
    const cm = obj as ConfigMap;
    for (const [k, v] of Object.entries(cm.data ?? {})) values[k] = v;
    for (const [k, v] of Object.entries((cm as { binaryData?: Record<string, string> }).binaryData ?? {})) values[k] = decodeBase64(v);
  } else if (obj) {
    const s = obj as Secret;
    for (const [k, v] of Object.entries(s.data ?? {})) values[k] = decodeBase64(v);
    for (const [k, v] of Object.entries(s.stringData ?? {})) values[k] ??= v;
  }
  const layer = newLayer();
  const entries: [string, string, number | undefined][] = [];
  if (items && items.length > 0) {
    for (const it of items) {
      const v = own(values, it.key) as string | undefined;
      if (v === undefined) {
        if (optional) continue;
        // configmap.go and secret.go word it differently.
        return { ok: false, error: kind === 'configmap' ? `configmap references non-existent config key: ${it.key}` : `references non-existent secret key: ${it.key}` };
      }
      entries.push([it.path, v, it.mode ?? defaultMode]);
    }
  } else for (const [k, v] of Object.entries(values)) entries.push([k, v, defaultMode]);
  for (const [path, v, mode] of entries) {
    layer.files[normalizePath(path)] = v;
    if (mode !== undefined) (layer.modes ??= {})[normalizePath(path)] = mode;
  }
  return { ok: true, layer };
}

/**
 * Writes the payload (its files) with the AtomicWriter; a remount rewrites the mounted layer in
 * place, so running containers see it.
 */
export function setPayload(w: World, wk: PodWorker, volume: string, payload: FsLayer): void {
  const key = podVolumeKey(wk.uid, volume);
  let cur = store(w).get(key);
  if (!cur) store(w).set(key, (cur = newLayer()));
  const files: Record<string, string> = {};
  for (const [p, c] of Object.entries(payload.files)) if (c !== null) files[p] = c;
  const wrote = writeAtomic(cur, files, w.now, key, payload.modes);
  // Every AtomicWriter volume but a configMap's wraps an emptyDir with medium Memory.
  if (!(wk.pod.spec.volumes ?? []).find((v) => v.name === volume)?.configMap) cur.tmpfs = true;
  // The writer's setPerms: the whole volume again after each write (these volumes are ReadOnly).
  const fsGroup = podFsGroup(wk.pod);
  if (wrote && fsGroup !== undefined) {
    cur.owners = {};
    setVolumeOwnership(cur, fsGroup, true, cur.tmpfs ? 0o1777 : 0o777);
  }
  (wk.volumeData ??= new Map()).set(volume, key);
}

/**
 * The periodic sync remounts configMap, secret and downwardAPI volumes (RequiresRemount), which
 * is how a changed ConfigMap reaches a running Pod's files about a sync period later. The
 * kubelet's watch-based manager answers from its own cache, so this makes no request: the stored
 * object stands for that cache. A payload that can no longer be built (object or key gone) keeps
 * the files it had. `downwardOnly`: a Pod UPDATE's sync (WaitForAttachAndMount reprocesses the
 * Pod), which rewrites a downwardAPI volume from the new labels and annotations at once.
 */
export function refreshPayloads(w: World, self: KubeletState, wk: PodWorker, downwardOnly = false): void {
  if (wk.lifecycle !== 'syncing' || wk.deleted) return;
  const ns = wk.pod.metadata.namespace ?? 'default';
  for (const v of wk.pod.spec.volumes ?? []) {
    if (!wk.mounted.includes(v.name)) continue;
    if (v.downwardAPI) {
      const files = downwardFiles(kubeletPodView(wk.pod, wk.seen), v.downwardAPI.items ?? [], v.downwardAPI.defaultMode, w.machineSpecs.get(self.host)?.allocatable ?? {});
      if (files.ok) setPayload(w, wk, v.name, { ...newLayer(), files: files.files, modes: files.modes });
      continue;
    }
    if (downwardOnly) continue;
    const src = v.configMap ? { kind: 'configmap' as const, name: v.configMap.name, optional: v.configMap.optional, items: v.configMap.items, defaultMode: v.configMap.defaultMode } : v.secret ? { kind: 'secret' as const, name: v.secret.secretName, optional: v.secret.optional, items: v.secret.items, defaultMode: v.secret.defaultMode } : undefined;
    if (!src) continue;
    const resource = src.kind === 'configmap' ? 'configmaps' : 'secrets';
    const obj = peekObject(w, resource, `${resource}/${ns}/${src.name}`) as ConfigMap | Secret | undefined;
    if (!obj && !src.optional) continue;
    const payload = payloadLayer(src.kind, obj, src.items, src.optional === true, src.defaultMode);
    if (payload.ok) setPayload(w, wk, v.name, payload.layer);
  }
}

/** The container's volumeMounts, resolved to the volumes' layers (set up before any container is created). */
export function containerMounts(w: World, wk: PodWorker, pod: Pod, c: Container): Record<string, MountedVolume> | undefined {
  let mounts: Record<string, MountedVolume> | undefined;
  for (const vm of c.volumeMounts ?? []) {
    const v: Volume | undefined = (pod.spec.volumes ?? []).find((x) => x.name === vm.name);
    const key = wk.volumeData?.get(vm.name);
    const layer = key === undefined ? undefined : w.volumeData?.get(key);
    if (!v || !layer) continue;
    const payload = v.configMap !== undefined || v.secret !== undefined || v.projected !== undefined || v.downwardAPI !== undefined;
    const readOnly = vm.readOnly === true || payload || v.persistentVolumeClaim?.readOnly === true;
    // A subPath is bind-mounted once, its links resolved first (the file inside the current
    // timestamped directory): a payload's later updates do not reach it.
    const m: MountedVolume = { layer: payload && vm.subPath ? structuredClone(layer) : layer, readOnly };
    if (vm.subPath) m.subPath = payload ? resolveInVolume(layer, vm.subPath) : normalizePath(vm.subPath);
    // makeMounts creates a missing subPath directory before the container starts (kubelet_pods.go
    // SafeMakeDir): `cd` into the mount works even before anything was written there.
    if (m.subPath !== undefined && !payload && layer.dirs[m.subPath] !== true && typeof layer.files[m.subPath] !== 'string') makeDir(layer, m.subPath);
    const hostPath = v.hostPath ? normalizePath(v.hostPath.path) : hostPathOfKey(key!);
    if (hostPath !== undefined) m.hostPath = hostPath;
    (mounts ??= {})[normalizePath(vm.mountPath)] = m;
  }
  return mounts;
}

/** Teardown: the Pod's own volumes (emptyDir, configMap, secret) are deleted; PVs and hostPaths stay. */
export function dropPodVolumes(w: World, wk: PodWorker): void {
  for (const key of wk.volumeData?.values() ?? []) if (key.startsWith('pod/')) w.volumeData?.delete(key);
  wk.volumeData = new Map();
}
