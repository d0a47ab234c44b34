/**
 * The kubelet's AtomicWriter (pkg/volume/util/atomic_writer.go), which writes every configMap,
 * secret, downwardAPI and projected volume: the payload goes into a new timestamped directory
 * `..2006_01_02_15_04_05.<n>` (os.MkdirTemp, then chmod 0755), `..data` links to it (made as
 * `..data_tmp` and renamed over, so readers switch at once), each top-level entry of the payload is
 * a link `KEY -> ..data/KEY`, the previous directory is removed and links to entries gone from
 * the payload are removed. A subPath mount binds the file inside one timestamped directory,
 * which is why it never sees an update.
 * Approximate: MkdirTemp's suffix is a uint32 in decimal drawn from a random source; here it is
 * derived from the volume and the time (a hash), so runs replay byte for byte. Files get the
 * payload's modes (defaultMode, an item's mode; 0644 by default); an fsGroup's ownership is
 * applied after each write (volume-data.ts setPayload, volume-ownership.ts).
 */
import { normalizePath, type FsLayer } from '../images/fs';
import { rfc3339 } from '../../k8s/time';
import { fnv1a } from '../../k8s/sha256';
import type { SimMillis } from '../../k8s/units';

const DATA = '/..data';

/** `..2025_09_01_09_00_12.1234567890`: Go's `time.Now().UTC().Format("..2006_01_02_15_04_05.")` + MkdirTemp's suffix. */
export function timestampDirName(now: SimMillis, salt: string): string {
  const t = rfc3339(now); // 2025-09-01T09:00:12Z
  const stamp = `..${t.slice(0, 4)}_${t.slice(5, 7)}_${t.slice(8, 10)}_${t.slice(11, 13)}_${t.slice(14, 16)}_${t.slice(17, 19)}.`;
  return `${stamp}${fnv1a(`${salt}@${now}`)}`;
}

/** The files the volume shows now (paths as in the payload, `/key`), read through `..data`. */
export function currentPayload(layer: FsLayer): Record<string, string> {
  const ts = layer.links?.[DATA];
  const out: Record<string, string> = {};
  if (ts === undefined) return out;
  const prefix = `/${ts}/`;
  for (const [p, c] of Object.entries(layer.files)) if (c !== null && p.startsWith(prefix)) out[p.slice(prefix.length - 1)] = c;
  return out;
}

function samePayload(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/**
 * Writes `payload` (path → content, paths `/key` or `/a/b.txt`) into the volume's layer at `now`
 * (simulated ms); `salt` names the volume. Returns whether anything changed (an unchanged
 * payload writes nothing, as shouldWritePayload decides).
 */
export function writeAtomic(layer: FsLayer, payload: Record<string, string>, now: SimMillis, salt: string, modes: Record<string, number> = {}): boolean {
  if (layer.links?.[DATA] !== undefined && samePayload(currentPayload(layer), payload)) return false;
  const old = layer.links?.[DATA];
  const ts = timestampDirName(now, salt);
  const files: Record<string, string | null> = {};
  const fileModes: Record<string, number> = {};
  const times: Record<string, number> = { ...(layer.times ?? {}) };
  if (old !== undefined) for (const p of Object.keys(times)) if (p === `/${old}` || p.startsWith(`/${old}/`)) delete times[p];
  times[`/${ts}`] = now;
  for (const [p, c] of Object.entries(payload)) {
    const at = `/${ts}${normalizePath(p)}`;
    files[at] = c;
    const mode = modes[normalizePath(p)];
    if (mode !== undefined) fileModes[at] = mode;
    times[at] = now;
  }
  const links: Record<string, string> = { [DATA]: ts };
  times[DATA] = now;
  // createUserVisibleFiles: a link per top-level entry, kept (with its time) when it was there.
  const top = new Set(Object.keys(payload).map((p) => normalizePath(p).split('/')[1]!));
  for (const name of top) {
    links[`/${name}`] = `..data/${name}`;
    if (layer.links?.[`/${name}`] === undefined) times[`/${name}`] = now;
  }
  for (const p of Object.keys(layer.links ?? {})) if (!(p in links)) delete times[p];
  layer.files = files;
  layer.dirs = {};
  layer.links = links;
  if (Object.keys(fileModes).length > 0) layer.modes = fileModes;
  else delete layer.modes;
  layer.times = times;
  layer.version++;
  return true;
}

/**
 * `path` in the volume with the writer's links followed (the kubelet resolves a subPath before it
 * bind-mounts it): `/color` → `/..2025_…/color`.
 */
export function resolveInVolume(layer: FsLayer, path: string): string {
  let p = normalizePath(path);
  for (let hops = 0; hops < 40; hops++) {
    const parts = p.split('/').filter(Boolean);
    let next: string | undefined;
    for (let i = 1; i <= parts.length && next === undefined; i++) {
      const prefix = `/${parts.slice(0, i).join('/')}`;
      const target = layer.links?.[prefix];
      if (target !== undefined) next = normalizePath([target, ...parts.slice(i)].join('/'), `/${parts.slice(0, i - 1).join('/')}`);
    }
    if (next === undefined) return p;
    p = next;
  }
  return p;
}
