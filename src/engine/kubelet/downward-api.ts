/**
 * The downward API's files (pkg/volume/downwardapi CollectData), for `downwardAPI` volumes and
 * the downwardAPI sources of projected volumes:
 * - fieldRef: pkg/fieldpath ExtractFieldPathAsString — metadata.name, namespace, uid, one label or
 *   annotation (`metadata.labels['k']`), or all of them as FormatMap writes them: `key="value"`
 *   lines in key order, the value in Go's %q, no newline after the last.
 * - resourceFieldRef: ExtractResourceValueByContainerNameAndNodeAllocatable — the named
 *   container's limit or request divided by `divisor` (default 1) and rounded up; an unset
 *   limit is the node's allocatable (MergeContainerResourceLimits), an unset request 0.
 * The Pod read is the kubelet's own copy, whose annotations carry what its config source adds:
 * kubernetes.io/config.source "api" and kubernetes.io/config.seen (pkg/kubelet/config merge and
 * recordFirstSeenTime), which is why an `annotations` file lists them too.
 */
import type { Pod, ResourceList } from '../../k8s/types';
import { own } from '../../k8s/own';
import { goQuote } from '../../k8s/go-quote';
import { podFieldValue } from '../../k8s/fieldpath';
import { milli, parseMilli } from '../../k8s/quantity';
import { normalizePath } from '../images/fs';

export interface DownwardFile {
  path?: string;
  fieldRef?: { apiVersion?: string; fieldPath?: string };
  resourceFieldRef?: { containerName?: string; resource?: string; divisor?: string | number };
  mode?: number;
}

/** fieldpath.FormatMap: `key="value"` per line, keys sorted, no trailing newline. */
export function formatMap(m: Record<string, string> | undefined): string {
  return Object.keys(m ?? {})
    .sort()
    .map((k) => `${k}=${goQuote(m![k]!)}`)
    .join('\n');
}

/** ExtractFieldPathAsString for the paths a volume accepts; undefined for any other. */
export function volumeFieldValue(pod: Pod, path: string): string | undefined {
  if (path === 'metadata.labels') return formatMap(pod.metadata.labels);
  if (path === 'metadata.annotations') return formatMap(pod.metadata.annotations);
  // One label or annotation and the Pod's own names read as an environment variable's do.
  return VOLUME_SCALAR_PATHS.has(path) || /^metadata\.(labels|annotations)\['.+'\]$/.test(path) ? podFieldValue(pod, path) : undefined;
}

const VOLUME_SCALAR_PATHS = new Set(['metadata.name', 'metadata.namespace', 'metadata.uid']);

/** ExtractContainerResourceValue: ceil(value / divisor), cpu in millicores, the rest in bytes. */
export function resourceFieldValue(pod: Pod, ref: NonNullable<DownwardFile['resourceFieldRef']>, allocatable: ResourceList): { ok: true; value: string } | { ok: false; error: string } {
  const c = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].find((x) => x.name === ref.containerName);
  // resource.ExtractResourceValueByContainerName's error.
  if (!c) return { ok: false, error: `container ${ref.containerName ?? ''} not found` };
  const [kind, name] = (ref.resource ?? '').split('.') as [string, string | undefined];
  if ((kind !== 'limits' && kind !== 'requests') || !name) return { ok: false, error: `unsupported container resource : ${ref.resource ?? ''}` };
  const list = kind === 'limits' ? c.resources?.limits : c.resources?.requests;
  let qty = own(list ?? {}, name) as string | undefined;
  if (qty === undefined && kind === 'limits') qty = own(allocatable, name) as string | undefined;
  const divisor = parseMilli(ref.divisor === undefined || ref.divisor === '' || ref.divisor === 0 ? '1' : ref.divisor) ?? 1000;
  const value = milli(qty);
  // cpu compares MilliValue()s, memory and storage Value()s: the same ratio of milli-units.
  return { ok: true, value: String(Math.ceil(value / divisor)) };
}

/** CollectData: the files (path → content) and their modes; errors are aggregated as upstream does. */
export function downwardFiles(pod: Pod, items: readonly DownwardFile[], defaultMode: number | undefined, allocatable: ResourceList): { ok: true; files: Record<string, string>; modes: Record<string, number> } | { ok: false; error: string } {
  const files: Record<string, string> = {};
  const modes: Record<string, number> = {};
  const errors: string[] = [];
  for (const item of items) {
    if (!item.path) continue;
    const p = normalizePath(item.path);
    let content = '';
    if (item.fieldRef?.fieldPath) {
      const v = volumeFieldValue(pod, item.fieldRef.fieldPath);
      if (v === undefined) errors.push(`unsupported fieldPath: ${item.fieldRef.fieldPath}`);
      else content = v;
    } else if (item.resourceFieldRef) {
      const r = resourceFieldValue(pod, item.resourceFieldRef, allocatable);
      if (r.ok) content = r.value;
      else errors.push(r.error);
    }
    files[p] = content;
    const mode = item.mode ?? defaultMode;
    if (mode !== undefined) modes[p] = mode;
  }
  // utilerrors.NewAggregate: one error as it is, several as `[a, b]`.
  if (errors.length === 1) return { ok: false, error: errors[0]! };
  if (errors.length > 1) return { ok: false, error: `[${errors.join(', ')}]` };
  return { ok: true, files, modes };
}

/**
 * The kubelet's copy of a Pod: an API Pod's annotations get the config source's two (a static
 * Pod's file source set its own already). `seen`: when this kubelet first saw it.
 */
export function kubeletPodView(pod: Pod, seen: string | undefined): Pod {
  if (seen === undefined || own(pod.metadata.annotations ?? {}, 'kubernetes.io/config.source') === 'file') return pod;
  const annotations = { ...pod.metadata.annotations, 'kubernetes.io/config.seen': seen, 'kubernetes.io/config.source': 'api' };
  return { ...pod, metadata: { ...pod.metadata, annotations } };
}
