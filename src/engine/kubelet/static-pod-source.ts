/**
 * The kubelet's file source (pkg/kubelet/config/file.go, file_linux.go): the static Pods it reads
 * from staticPodPath on the node's disk (node-shell/host-fs.ts). Its store is keyed by Pod
 * (`namespace/name`) and remembers which file gave which Pod (fileKeyMapping). It changes two
 * ways, as upstream: an inotify event for one file (node-shell/manifest-watch.ts) — a write
 * decodes that file and replaces its Pod, a failed decode keeps the old one and logs `Unable to
 * process watch event`; a remove or rename drops the Pod the file gave — and a full listing
 * every fileCheckFrequency (20 s), which replaces the store with what the directory holds now,
 * logging `Could not process manifest file` for each file that does not decode.
 *
 * Until the learner first changes the directory the store is not materialised: the manifests are
 * kubeadm's generated ones (static-pods.ts builds them), so an untouched cluster does no YAML
 * work. A decoded Pod's hash (kubernetes.io/config.hash, its UID) is the hash of its spec, the
 * same one a generated manifest gets, so a file restored to kubeadm's bytes is the same Pod again.
 */
import { yamlToJson } from '../../k8s/yaml-to-json';
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
import { newLayer } from '../images/fs';
import { hashHex } from '../node/hex';
import { editedUnder, nodeBase } from '../node-shell/host-fs';
import { manifestDir } from '../node-shell/manifest-watch';
import { STATIC_POD_PATH } from './config-file';
import { kubeletLog } from './journal';
import type { KubeletState, StaticPodConfig } from './state';
import { stableJson } from './status-manager';

export type { StaticPodConfig };

/** KubeletConfiguration's fileCheckFrequency default. */
export const FILE_CHECK_FREQUENCY_MS = 20_000;

type Decoded = { ok: true; pod: Pod } | { ok: false; error: string };

/** tryDecodeSinglePod + applyDefaults (config/common.go), far enough to tell a Pod from a broken file. */
function decode(text: string, path: string, host: string): Decoded {
  // utilyaml.ToJSON: yaml.YAMLToJSON over the whole file, so line numbers count from its top.
  const { value: js, error } = yamlToJson(text);
  const unparsed = (why: string): Decoded => ({ ok: false, error: `${path}: couldn't parse as pod(${why}), please check config file` });
  if (error) return unparsed(error);
  if (!js || typeof js !== 'object' || Array.isArray(js)) return unparsed(`Object 'Kind' is missing in '${JSON.stringify(js ?? null)}'`);
  const o = js as Record<string, unknown>;
  if (typeof o['kind'] !== 'string' || !o['kind']) return unparsed(`Object 'Kind' is missing in '${JSON.stringify(o)}'`);
  // Recorded from a kubelet's journal: `no kind "Pod" is registered for version "v2" in scheme "pkg/api/legacyscheme/scheme.go:30"`.
  if (o['kind'] !== 'Pod' || o['apiVersion'] !== 'v1') return unparsed(`no kind "${o['kind']}" is registered for version "${String(o['apiVersion'] ?? '')}" in scheme "pkg/api/legacyscheme/scheme.go:30"`);
  const pod = o as unknown as Pod;
  const name = pod.metadata?.name;
  // ValidatePod's first complaints, as field.ErrorList prints them inside `invalid pod: [...]`.
  if (!name) return { ok: false, error: 'invalid pod: [metadata.name: Required value: name or generateName is required]' };
  if (!Array.isArray(pod.spec?.containers) || pod.spec.containers.length === 0) return { ok: false, error: 'invalid pod: [spec.containers: Required value]' };
  const out: Pod = structuredClone(pod);
  out.metadata = { ...out.metadata, name: `${name}-${host.toLowerCase()}`, namespace: out.metadata.namespace || 'default' };
  // applyDefaults: a static Pod tolerates every NoExecute taint, so node problems never evict it.
  const tolerations = out.spec.tolerations ?? [];
  if (!tolerations.some((t) => t.operator === 'Exists' && t.effect === 'NoExecute' && !t.key)) out.spec.tolerations = [...tolerations, { operator: 'Exists', effect: 'NoExecute' }];
  return { ok: true, pod: out };
}

/**
 * What one file holds, as the kubelet reads it. `generated` gives kubeadm's manifest for a path
 * whose bytes are still kubeadm's (no decoding, and exactly the hash the kubelet booted with).
 */
function readFile(path: string, text: string, host: string, generated: (path: string, text: string) => StaticPodConfig | undefined): { ok: true; config: StaticPodConfig } | { ok: false; error: string } {
  const known = generated(path, text);
  if (known) return { ok: true, config: known };
  const d = decode(text, path, host);
  if (!d.ok) return d;
  return { ok: true, config: { name: d.pod.metadata.name!, path, hash: hashHex(stableJson(d.pod.spec), 32), pod: d.pod } };
}

const key = (c: StaticPodConfig): string => `${c.pod.metadata.namespace ?? 'default'}/${c.name}`;
const hidden = (path: string): boolean => path.slice(path.lastIndexOf('/') + 1).startsWith('.');

function dirNow(w: World, host: string): Map<string, string> {
  return manifestDir(w.nodeFs?.get(host) ?? newLayer(), nodeBase(w, host));
}

/** listConfig: the store becomes what the directory decodes to now. */
export function listConfig(w: World, self: KubeletState, generated: (path: string, text: string) => StaticPodConfig | undefined): void {
  const store: Record<string, StaticPodConfig> = {};
  const files: Record<string, string> = {};
  for (const [path, text] of [...dirNow(w, self.host)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (hidden(path)) continue;
    const r = readFile(path, text, self.host, generated);
    if (!r.ok) {
      kubeletLog(w, self, 'E', 'file.go:187', 'Could not process manifest file', [['err', r.error], ['path', path]]);
      continue;
    }
    store[key(r.config)] = r.config;
    files[path] = key(r.config);
  }
  self.staticSource = { store, files, listedAt: w.now };
}

/** The periodic listing, once the learner has touched the directory (every 20 s of the source's life). */
export function maybeList(w: World, self: KubeletState, generated: (path: string, text: string) => StaticPodConfig | undefined): void {
  const src = self.staticSource;
  if (src ? w.now - src.listedAt >= FILE_CHECK_FREQUENCY_MS : editedUnder(w, self.host, STATIC_POD_PATH)) listConfig(w, self, generated);
}

/**
 * consumeWatchEvent for each `write PATH` / `remove PATH` line. `initial` is the store the
 * kubelet held before the learner's first change (kubeadm's manifests), materialised here.
 */
export function consumeWatchEvents(w: World, self: KubeletState, events: string, initial: () => StaticPodConfig[], generated: (path: string, text: string) => StaticPodConfig | undefined): void {
  let src = self.staticSource;
  if (!src) {
    const first = initial();
    src = self.staticSource = { store: Object.fromEntries(first.map((c) => [key(c), c])), files: Object.fromEntries(first.map((c) => [c.path, key(c)])), listedAt: self.startedAt };
  }
  const now = dirNow(w, self.host);
  for (const line of events.split('\n')) {
    const space = line.indexOf(' ');
    const op = line.slice(0, space);
    const path = line.slice(space + 1);
    if (hidden(path)) continue;
    if (op === 'write') {
      const text = now.get(path);
      if (text === undefined) continue; // written, then moved away within the same command
      const r = readFile(path, text, self.host, generated);
      if (!r.ok) {
        kubeletLog(w, self, 'E', 'file.go:108', 'Unable to process watch event', [['err', `can't process config file ${JSON.stringify(path)}: ${r.error}`]]);
        continue;
      }
      src.store[key(r.config)] = r.config;
      src.files[path] = key(r.config);
    } else {
      const k = src.files[path];
      if (k === undefined) continue;
      delete src.store[k];
      delete src.files[path];
    }
  }
}
