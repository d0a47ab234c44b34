/**
 * The traffic panel's data: which Services and nodes can be chosen, and what each `sim curl`
 * in the transcript answered, read back from its output (the command is the source of truth;
 * the panel is a view of it, so requests stay in the replayable command log).
 */
import type { KObject } from '../../k8s/types';
import { objectsOf } from '../store/cluster';
import type { TerminalEntry } from '../store/terminal';

export interface ServiceChoice {
  namespace: string;
  name: string;
}

export function serviceChoices(objects: ReadonlyMap<string, KObject>): ServiceChoice[] {
  return objectsOf(objects, 'services')
    .filter((s) => !(s.metadata.namespace ?? '').startsWith('kube-') && s.metadata.name !== 'kubernetes')
    .map((s) => ({ namespace: s.metadata.namespace ?? 'default', name: s.metadata.name ?? '' }));
}

export function nodeChoices(objects: ReadonlyMap<string, KObject>): string[] {
  return objectsOf(objects, 'nodes').map((n) => n.metadata.name ?? '');
}

export function curlCommand(svc: ServiceChoice, node: string): string {
  return `sim curl ${svc.name} --from ${node}${svc.namespace === 'default' ? '' : ` -n ${svc.namespace}`}`;
}

export type CurlOutcome = 'ok' | 'http-error' | 'failed' | 'pending';

export interface CurlResult {
  id: number;
  service: string;
  from: string;
  outcome: CurlOutcome;
  /** `go-api-568fb6b74-xfwr5 (10.244.1.2:8080)` for an answer. */
  reachedPod?: string;
  /** The first output line (curl's error or the HTTP status line). */
  headline: string;
  /** Further explanation (e.g. which stale rule sent the request where). */
  detail: string;
}

const CURL = /^sim\s+curl\s+(\S+)\s+--from\s+(\S+)/;

/** Results of the `sim curl` commands in the transcript, newest first. */
export function curlResults(entries: readonly TerminalEntry[], limit = 20): CurlResult[] {
  const out: CurlResult[] = [];
  for (let i = entries.length - 1; i >= 0 && out.length < limit; i--) {
    const e = entries[i]!;
    const m = CURL.exec(e.line.trim());
    if (!m) continue;
    const text = e.output.map((c) => c.text).join('');
    const [headline = '', ...rest] = text.split('\n').filter((l) => l !== '');
    const http = /^HTTP (\d{3}) from (.+)$/.exec(headline);
    let outcome: CurlOutcome;
    if (e.state === 'running') outcome = 'pending';
    else if (http) outcome = http[1]!.startsWith('2') ? 'ok' : 'http-error';
    else outcome = 'failed';
    out.push({ id: e.id, service: m[1]!, from: m[2]!, outcome, ...(http ? { reachedPod: http[2]! } : {}), headline, detail: rest.join('\n') });
  }
  return out;
}
