/**
 * The remaining describers: Namespace, ConfigMap, Secret, ServiceAccount, and the generic
 * unstructured describer (printUnstructuredContent with smart labels) for everything else.
 */
import type { ConfigMap, KObject, Namespace, Secret } from '../../k8s/types';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { describeNamespacePolicies } from './quota';

function sortedKeys(o: Record<string, unknown> | undefined): string[] {
  return Object.keys(o ?? {}).sort();
}

export function describeNamespace(ns: Namespace, client: Client): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${ns.metadata.name ?? ''}\n`);
  labelsMultiline(w, 'Labels', ns.metadata.labels);
  annotationsMultiline(w, 'Annotations', ns.metadata.annotations);
  w.write(0, `Status:\t${ns.status?.phase ?? ''}\n`);
  describeNamespacePolicies(w, client, ns.metadata.name ?? '');
  return w.toString();
}

export function describeConfigMap(client: Client, cm: ConfigMap, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${cm.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${cm.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', cm.metadata.labels);
  annotationsMultiline(w, 'Annotations', cm.metadata.annotations);
  w.write(0, '\nData\n====\n');
  for (const k of sortedKeys(cm.data)) {
    w.write(0, `${k}:\n----\n`);
    // Each value is followed by a blank line of its own (describe.go's ConfigMapDescriber).
    w.write(0, `${cm.data![k]}\n\n`);
  }
  w.write(0, '\nBinaryData\n====\n');
  for (const k of sortedKeys(cm.binaryData)) w.write(0, `${k}: ${atobLength(cm.binaryData![k]!)} bytes\n`);
  w.write(0, '\n');
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: cm.metadata.name ?? '', namespace: cm.metadata.namespace, kind: 'ConfigMap', uid: cm.metadata.uid }), now);
  return w.toString();
}

function atobLength(b64: string): number {
  const clean = b64.replace(/=+$/, '');
  return Math.floor((clean.length * 3) / 4);
}

export function describeSecret(s: Secret): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${s.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${s.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', s.metadata.labels);
  annotationsMultiline(w, 'Annotations', s.metadata.annotations);
  w.write(0, `\nType:\t${s.type ?? ''}\n`);
  w.write(0, '\nData\n====\n');
  for (const k of sortedKeys(s.data)) w.write(0, `${k}:\t${atobLength(s.data![k]!)} bytes\n`);
  return w.toString();
}

export function describeServiceAccount(client: Client, sa: KObject, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${sa.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${sa.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', sa.metadata.labels);
  annotationsMultiline(w, 'Annotations', sa.metadata.annotations);
  // Since v1.28 only the image pull secrets are listed (no mountable secrets, no tokens).
  const pull = ((sa['imagePullSecrets'] as { name: string }[] | undefined) ?? []).map((x) => x.name);
  if (pull.length === 0) w.write(0, 'Image pull secrets:\t<none>\n');
  else pull.forEach((n, i) => w.write(0, `${i === 0 ? 'Image pull secrets:' : '                   '}\t${n}\n`));
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: sa.metadata.name ?? '', namespace: sa.metadata.namespace, kind: 'ServiceAccount', uid: sa.metadata.uid }), now);
  return w.toString();
}

const ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/**
 * fatih/camelcase.Split then Title-case, as smartLabelFor does: cases.Title lowercases the rest
 * of a word, so `nonResourceURLs` is `Non Resource Ur Ls` (checked against kubectl v1.35.2).
 */
export function smartLabel(field: string): string {
  if ([...field].some((c) => !/\p{L}/u.test(c) && c !== '-')) return field;
  const parts = field.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\d+|[^\p{L}\d]+/gu) ?? [field];
  return parts
    .filter((p) => p !== '_')
    .map((p) => (ACRONYMS.includes(p.toUpperCase()) ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()))
    .join(' ');
}

const SKIP = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

function printContent(w: DescribeWriter, level: number, content: Record<string, unknown>, prefix: string): void {
  for (const field of Object.keys(content).sort()) {
    const v = content[field];
    const path = `${prefix}.${field}`;
    if (SKIP.includes(path)) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      w.write(level, `${smartLabel(field)}:\n`);
      printContent(w, level + 1, v as Record<string, unknown>, path);
    } else if (Array.isArray(v)) {
      w.write(level, `${smartLabel(field)}:\n`);
      for (const item of v) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) printContent(w, level + 1, item as Record<string, unknown>, path);
        else w.write(level + 1, `${item === null ? '<nil>' : String(item)}\n`);
      }
    } else w.write(level, `${smartLabel(field)}:\t${v === null ? '<nil>' : String(v)}\n`);
  }
}

export function describeGeneric(client: Client, obj: KObject, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${obj.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', obj.metadata.labels);
  annotationsMultiline(w, 'Annotations', obj.metadata.annotations);
  printContent(w, 0, obj as unknown as Record<string, unknown>, '');
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: obj.metadata.name ?? '', namespace: obj.metadata.namespace, kind: obj.kind, uid: obj.metadata.uid }), now);
  return w.toString();
}
