/**
 * Pod Security Standards levels, policy versions and the namespace labels that select them, as
 * k8s.io/pod-security-admission/api (constants.go, helpers.go) at v0.36.2 (the staging copy in
 * kubernetes v1.36.2, commit 39b45cd167e1bd665aaeefc6e1acc1cc753259f2 of kubernetes/pod-security-admission).
 */

export type Level = 'privileged' | 'baseline' | 'restricted';

const VALID_LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** `latest`, or `v1.N`: a policy version. */
export type Version = { latest: true } | { latest: false; major: number; minor: number };

export const LATEST: Version = { latest: true };

export function majorMinor(major: number, minor: number): Version {
  return { latest: false, major, minor };
}

export function versionString(v: Version): string {
  return v.latest ? 'latest' : `v${v.major}.${v.minor}`;
}

/** Version.Older: latest is never older, even than a future version. */
export function older(v: Version, other: Version): boolean {
  if (v.latest) return false;
  if (other.latest) return true;
  return v.major !== other.major ? v.major < other.major : v.minor < other.minor;
}

export function sameVersion(a: Version, b: Version): boolean {
  return a.latest ? b.latest : !b.latest && a.major === b.major && a.minor === b.minor;
}

export interface LevelVersion {
  level: Level;
  version: Version;
}

/** `restricted:latest`, `baseline:v1.30`: how messages name a policy. */
export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

export function sameLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && sameVersion(a.version, b.version);
}

/** LevelVersion.Equivalent: both privileged, or level and version equal. */
function equivalent(a: LevelVersion, b: LevelVersion): boolean {
  return (a.level === 'privileged' && b.level === 'privileged') || sameLevelVersion(a, b);
}

export interface Policy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

export function policyEquivalent(a: Policy, b: Policy): boolean {
  return equivalent(a.enforce, b.enforce) && equivalent(a.audit, b.audit) && equivalent(a.warn, b.warn);
}

export function fullyPrivileged(p: Policy): boolean {
  return p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
}

const PREFIX = 'pod-security.kubernetes.io/';
export const ENFORCE_LEVEL_LABEL = `${PREFIX}enforce`;
export const ENFORCE_VERSION_LABEL = `${PREFIX}enforce-version`;
export const AUDIT_LEVEL_LABEL = `${PREFIX}audit`;
export const AUDIT_VERSION_LABEL = `${PREFIX}audit-version`;
export const WARN_LEVEL_LABEL = `${PREFIX}warn`;
export const WARN_VERSION_LABEL = `${PREFIX}warn-version`;
/** Audit annotations are the plugin's keys under this prefix (AuditAnnotationPrefix). */
export const AUDIT_ANNOTATION_PREFIX = PREFIX;

/** ParseLevel: an unknown level reads as restricted, with an error. */
function parseLevel(s: string): { level: Level; error?: string } {
  if ((VALID_LEVELS as readonly string[]).includes(s)) return { level: s as Level };
  return { level: 'restricted', error: `must be one of ${VALID_LEVELS.join(', ')}` };
}

const VERSION_RE = /^v1\.([0-9]|[1-9][0-9]*)$/;

/** ParseVersion: `latest` or `v1.x`; anything else reads as latest, with an error. */
function parseVersion(s: string): { version: Version; error?: string } {
  if (s === 'latest') return { version: LATEST };
  const m = VERSION_RE.exec(s);
  const minor = m ? Number(m[1]) : NaN;
  // strconv.Atoi fails beyond int64; such a minor is no version either.
  if (!m || !Number.isSafeInteger(minor)) return { version: LATEST, error: 'must be "latest" or "v1.x"' };
  return { version: majorMinor(1, minor) };
}

/** One invalid label: field.Invalid(metadata.labels[<label>], value, detail). */
export interface LabelError {
  label: string;
  value: string;
  detail: string;
}

/** CompareLevels: +1 when a is stricter than b, -1 when laxer, 0 when equal. */
export function compareLevels(a: Level, b: Level): number {
  if (a === b) return 0;
  if (a === 'privileged') return -1;
  if (a === 'restricted') return 1;
  return b === 'privileged' ? 1 : -1;
}

/**
 * PolicyToEvaluate: the namespace's labels over the configured defaults. Always a usable policy:
 * a bad enforce level enforces restricted, a bad audit or warn level fails open to privileged,
 * a bad version reads as latest. Warn follows an explicitly stricter enforce level unless set.
 */
export function policyToEvaluate(labels: Readonly<Record<string, string>> | undefined, defaults: Policy): { policy: Policy; errors: LabelError[] } {
  const p: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errors: LabelError[] = [];
  if (!labels || Object.keys(labels).length === 0) return { policy: p, errors };
  const get = (k: string): string | undefined => (Object.prototype.hasOwnProperty.call(labels, k) ? labels[k] : undefined);
  const note = (label: string, value: string, error: string | undefined): void => {
    if (error) errors.push({ label, value, detail: error });
  };
  let hasEnforceLevel = false;
  let hasWarnLevel = false;
  let hasWarnVersion = false;
  const enforceLevel = get(ENFORCE_LEVEL_LABEL);
  if (enforceLevel !== undefined) {
    const r = parseLevel(enforceLevel);
    p.enforce.level = r.level;
    hasEnforceLevel = !r.error;
    note(ENFORCE_LEVEL_LABEL, enforceLevel, r.error);
  }
  const enforceVersion = get(ENFORCE_VERSION_LABEL);
  if (enforceVersion !== undefined) {
    const r = parseVersion(enforceVersion);
    p.enforce.version = r.version;
    note(ENFORCE_VERSION_LABEL, enforceVersion, r.error);
  }
  const auditLevel = get(AUDIT_LEVEL_LABEL);
  if (auditLevel !== undefined) {
    const r = parseLevel(auditLevel);
    p.audit.level = r.error ? 'privileged' : r.level;
    note(AUDIT_LEVEL_LABEL, auditLevel, r.error);
  }
  const auditVersion = get(AUDIT_VERSION_LABEL);
  if (auditVersion !== undefined) {
    const r = parseVersion(auditVersion);
    p.audit.version = r.version;
    note(AUDIT_VERSION_LABEL, auditVersion, r.error);
  }
  const warnLevel = get(WARN_LEVEL_LABEL);
  if (warnLevel !== undefined) {
    hasWarnLevel = true;
    const r = parseLevel(warnLevel);
    p.warn.level = r.error ? 'privileged' : r.level;
    note(WARN_LEVEL_LABEL, warnLevel, r.error);
  }
  const warnVersion = get(WARN_VERSION_LABEL);
  if (warnVersion !== undefined) {
    hasWarnVersion = true;
    const r = parseVersion(warnVersion);
    p.warn.version = r.version;
    note(WARN_VERSION_LABEL, warnVersion, r.error);
  }
  if (!hasWarnLevel && hasEnforceLevel && compareLevels(p.enforce.level, p.warn.level) > 0) {
    p.warn.level = p.enforce.level;
    if (!hasWarnVersion) p.warn.version = p.enforce.version;
  }
  return { policy: p, errors };
}

export function sameLabelErrors(a: readonly LabelError[], b: readonly LabelError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.label === b[i]!.label && e.value === b[i]!.value && e.detail === b[i]!.detail);
}
