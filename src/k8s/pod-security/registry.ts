/**
 * Which checks a level and policy version runs, and how their results read together
 * (k8s.io/pod-security-admission/policy registry.go and checks.go at v0.36.2).
 *
 * A check has versions; a policy version runs each check's newest version not newer than it.
 * Restricted runs its own checks plus every Baseline check that none of them overrides at that
 * version. Checks run Baseline first, then Restricted, each group ordered by check ID, which
 * is the order reasons appear in a message. Versions past the newest check version (v1.35 in
 * v1.36's policy), and `latest`, run the newest checks; kube-apiserver v1.36 emulates no older
 * minor.
 */
import { majorMinor, older, type Level, type LevelVersion, type Version } from './api';
import * as b from './checks-baseline';
import * as r from './checks-restricted';
import type { CheckPod, CheckResult } from './checks-baseline';
import type { PodMetaView, PodSpecView } from './view';

interface VersionedCheck {
  min: Version;
  check: CheckPod;
  overrides?: readonly string[];
}

interface Check {
  id: string;
  level: Exclude<Level, 'privileged'>;
  versions: readonly VersionedCheck[];
}

const v = majorMinor;

const CHECKS: readonly Check[] = [
  { id: 'allowPrivilegeEscalation', level: 'restricted', versions: [{ min: v(1, 8), check: r.allowPrivilegeEscalation_1_8 }, { min: v(1, 25), check: r.allowPrivilegeEscalation_1_25 }] },
  { id: 'appArmorProfile', level: 'baseline', versions: [{ min: v(1, 0), check: b.appArmorProfile_1_0 }] },
  { id: 'capabilities_baseline', level: 'baseline', versions: [{ min: v(1, 0), check: b.capabilitiesBaseline_1_0 }] },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    versions: [
      { min: v(1, 22), check: r.capabilitiesRestricted_1_22, overrides: ['capabilities_baseline'] },
      { min: v(1, 25), check: r.capabilitiesRestricted_1_25, overrides: ['capabilities_baseline'] },
    ],
  },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ min: v(1, 0), check: b.hostNamespaces_1_0 }] },
  { id: 'hostPathVolumes', level: 'baseline', versions: [{ min: v(1, 0), check: b.hostPathVolumes_1_0 }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ min: v(1, 0), check: b.hostPorts_1_0 }] },
  { id: 'hostProbesAndHostLifecycle', level: 'baseline', versions: [{ min: v(1, 34), check: b.hostProbesAndHostLifecycle_1_34 }] },
  { id: 'privileged', level: 'baseline', versions: [{ min: v(1, 0), check: b.privileged_1_0 }] },
  { id: 'procMount', level: 'baseline', versions: [{ min: v(1, 0), check: b.procMount_1_0 }, { min: v(1, 35), check: b.procMount_1_35 }] },
  { id: 'procMount_restricted', level: 'restricted', versions: [{ min: v(1, 35), check: r.procMountRestricted_1_35, overrides: ['procMount'] }] },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ min: v(1, 0), check: r.restrictedVolumes_1_0, overrides: ['hostPathVolumes'] }] },
  { id: 'runAsNonRoot', level: 'restricted', versions: [{ min: v(1, 0), check: r.runAsNonRoot_1_0 }, { min: v(1, 35), check: r.runAsNonRoot_1_35 }] },
  { id: 'runAsUser', level: 'restricted', versions: [{ min: v(1, 23), check: r.runAsUser_1_23 }, { min: v(1, 35), check: r.runAsUser_1_35 }] },
  { id: 'seLinuxOptions', level: 'baseline', versions: [{ min: v(1, 0), check: b.seLinuxOptions_1_0 }, { min: v(1, 31), check: b.seLinuxOptions_1_31 }] },
  { id: 'seccompProfile_baseline', level: 'baseline', versions: [{ min: v(1, 0), check: b.seccompProfileBaseline_1_0 }, { min: v(1, 19), check: b.seccompProfileBaseline_1_19 }] },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    versions: [
      { min: v(1, 19), check: r.seccompProfileRestricted_1_19, overrides: ['seccompProfile_baseline'] },
      { min: v(1, 25), check: r.seccompProfileRestricted_1_25, overrides: ['seccompProfile_baseline'] },
    ],
  },
  {
    id: 'sysctls',
    level: 'baseline',
    versions: [
      { min: v(1, 0), check: b.sysctls_1_0 },
      { min: v(1, 27), check: b.sysctls_1_27 },
      { min: v(1, 29), check: b.sysctls_1_29 },
      { min: v(1, 32), check: b.sysctls_1_32 },
    ],
  },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ min: v(1, 0), check: b.windowsHostProcess_1_0 }] },
];

const byId = (x: Check, y: Check): number => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
const BASELINE = CHECKS.filter((c) => c.level === 'baseline').sort(byId);
const RESTRICTED = CHECKS.filter((c) => c.level === 'restricted').sort(byId);

/** The newest check version of all: what `latest` and any later version evaluate. */
const MAX_VERSION: Version = CHECKS.flatMap((c) => c.versions.map((x) => x.min)).reduce((m, x) => (older(m, x) ? x : m));

/** The check's version in force at `ver`, if it has one yet. */
function versionAt(c: Check, ver: Version): VersionedCheck | undefined {
  let found: VersionedCheck | undefined;
  for (const x of c.versions) if (!older(ver, x.min)) found = x;
  return found;
}

function checksFor(lv: LevelVersion): CheckPod[] {
  const ver = older(MAX_VERSION, lv.version) ? MAX_VERSION : lv.version;
  const restricted = lv.level === 'restricted' ? RESTRICTED.map((c) => versionAt(c, ver)).filter((x): x is VersionedCheck => x !== undefined) : [];
  const overridden = new Set(restricted.flatMap((x) => x.overrides ?? []));
  const baseline = BASELINE.filter((c) => !overridden.has(c.id))
    .map((c) => versionAt(c, ver))
    .filter((x): x is VersionedCheck => x !== undefined);
  return [...baseline, ...restricted].map((x) => x.check);
}

/** The results of every check the level and version run (none for privileged). */
export function evaluatePod(lv: LevelVersion, meta: PodMetaView, spec: PodSpecView): CheckResult[] {
  if (lv.level === 'privileged') return [];
  return checksFor(lv).map((check) => check(meta, spec));
}

export interface AggregateResult {
  allowed: boolean;
  reasons: string[];
  details: string[];
}

export function aggregate(results: readonly CheckResult[]): AggregateResult {
  const reasons: string[] = [];
  const details: string[] = [];
  for (const x of results) {
    if (x.allowed) continue;
    reasons.push(x.reason || 'unknown forbidden reason');
    details.push(x.detail);
  }
  return { allowed: reasons.length === 0, reasons, details };
}

/** `host ports, privileged` (checking a namespace's existing Pods). */
export function forbiddenReason(a: AggregateResult): string {
  return a.reasons.join(', ');
}

/** `host ports (8080, 9090), privileged (container "c" must ...)` (checking one object). */
export function forbiddenDetail(a: AggregateResult): string {
  return a.reasons.map((reason, i) => (a.details[i] ? `${reason} (${a.details[i]})` : reason)).join(', ');
}
