/**
 * The PodSecurity plugin's metrics on kube-apiserver's /metrics (k8s.io/pod-security-admission/
 * metrics/metrics.go at v0.36.2): pod_security_evaluations_total, pod_security_exemptions_total
 * and pod_security_errors_total, counted per apiserver process. The series upstream caches at
 * registration (privileged allows of Pod creates and updates; Pod and controller exemptions)
 * exist from the start, at 0 until counted.
 */
import type { MetricFamily, MetricSample } from '../../metrics/exposition';
import { majorMinor, older, versionString, type LevelVersion } from '../../../k8s/pod-security/api';
import type { ApiServerState } from '../state';
import type { AdmissionAttributes } from './types';

/** The apiserver's own version: a pinned policy version past it counts as `future`. */
const API_VERSION = majorMinor(1, 36);

const EVALUATION_LABELS = ['decision', 'policy_level', 'policy_version', 'mode', 'request_operation', 'resource', 'subresource'] as const;
const EXEMPTION_LABELS = ['request_operation', 'resource', 'subresource'] as const;
const ERROR_LABELS = ['fatal', 'request_operation', 'resource', 'subresource'] as const;

const PRESET_EVALUATIONS = [
  ['allow', 'privileged', 'latest', 'enforce', 'create', 'pod', ''],
  ['allow', 'privileged', 'latest', 'enforce', 'update', 'pod', ''],
];
const PRESET_EXEMPTIONS = [
  ['create', 'pod', ''],
  ['update', 'pod', ''],
  ['create', 'controller', ''],
  ['update', 'controller', ''],
];

type Family = 'evaluations' | 'exemptions' | 'errors';

export type Decision = 'allow' | 'deny';
export type Mode = 'enforce' | 'audit' | 'warn';

/** What the plugin reports as it decides one request. */
export interface PodSecurityRecorder {
  evaluation(decision: Decision, lv: LevelVersion, mode: Mode): void;
  exemption(): void;
  error(fatal: boolean): void;
}

function resourceLabel(a: AdmissionAttributes): string {
  if (a.info.group === '' && a.info.resource === 'pods') return 'pod';
  if (a.info.group === '' && a.info.resource === 'namespaces') return 'namespace';
  return 'controller';
}

function count(server: ApiServerState, family: Family, values: readonly string[]): void {
  const counts = (server.podSecurityCounts ??= new Map());
  const key = [family, ...values].join('\0');
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The recorder of one request on `server`. */
export function podSecurityRecorder(server: ApiServerState, a: AdmissionAttributes): PodSecurityRecorder {
  const op = a.operation.toLowerCase();
  const resource = resourceLabel(a);
  const sub = a.subresource ?? '';
  return {
    evaluation(decision, lv, mode) {
      // Privileged is always effectively latest.
      const version = lv.version.latest || lv.level === 'privileged' ? 'latest' : older(API_VERSION, lv.version) ? 'future' : versionString(lv.version);
      count(server, 'evaluations', [decision, lv.level, version, mode, op, resource, sub]);
    },
    exemption() {
      count(server, 'exemptions', [op, resource, sub]);
    },
    error(fatal) {
      count(server, 'errors', [String(fatal), op, resource, sub]);
    },
  };
}

function samples(server: ApiServerState, family: Family, names: readonly string[], preset: readonly (readonly string[])[]): MetricSample[] {
  const values = new Map<string, number>();
  for (const p of preset) values.set(p.join('\0'), 0);
  const prefix = `${family}\0`;
  for (const [key, n] of server.podSecurityCounts ?? []) if (key.startsWith(prefix)) values.set(key.slice(prefix.length), n);
  return [...values].map(([key, value]) => {
    const parts = key.split('\0');
    return { labels: names.map((n, i) => [n, parts[i] ?? ''] as const), value };
  });
}

export function podSecurityFamilies(server: ApiServerState): MetricFamily[] {
  return [
    {
      name: 'pod_security_errors_total',
      help: 'Number of errors preventing normal evaluation. Non-fatal errors may result in the latest restricted profile being used for evaluation.',
      stability: 'ALPHA',
      type: 'counter',
      samples: samples(server, 'errors', ERROR_LABELS, []),
    },
    {
      name: 'pod_security_evaluations_total',
      help: 'Number of policy evaluations that occurred, not counting ignored or exempt requests.',
      stability: 'ALPHA',
      type: 'counter',
      samples: samples(server, 'evaluations', EVALUATION_LABELS, PRESET_EVALUATIONS),
    },
    {
      name: 'pod_security_exemptions_total',
      help: 'Number of exempt requests, not counting ignored or out of scope requests.',
      stability: 'ALPHA',
      type: 'counter',
      samples: samples(server, 'exemptions', EXEMPTION_LABELS, PRESET_EXEMPTIONS),
    },
  ];
}
