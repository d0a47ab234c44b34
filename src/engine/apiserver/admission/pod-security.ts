/**
 * PodSecurity: the Pod Security Standards, enforced per namespace by its
 * `pod-security.kubernetes.io/{enforce,audit,warn}[-version]` labels (plugin/pkg/admission/
 * security/podsecurity over k8s.io/pod-security-admission/admission at v0.36.2). On by default.
 *
 * - Pods (create; an update that changes an image or adds an ephemeral container; the
 *   `ephemeralcontainers` subresource) are refused by the enforce level and warned by the warn
 *   level; a refused request carries no warning.
 * - Workload templates (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob,
 *   ReplicationController, PodTemplate) are never refused: warn and audit only. Their Pods meet
 *   the enforce level when their controller creates them.
 * - A namespace's labels must parse (create, or an update that changes a bad label); raising
 *   its enforce level checks the Pods already there and warns about those that violate it.
 *
 * The configuration is the one kube-apiserver runs without an --admission-control-config-file:
 * every mode privileged:latest by default, nothing exempt. Audit annotations go to the
 * request's audit event (`pod-security.kubernetes.io/enforce-policy`, `audit-violations`, ...),
 * its counts to the apiserver's /metrics (pod-security-metrics.ts).
 * Approximate: the namespace check has no time budget (upstream stops after a second); it checks
 * at most 3000 Pods, as upstream.
 */
import type { KObject, Namespace, Pod, PodSpec } from '../../../k8s/types';
import {
  AUDIT_ANNOTATION_PREFIX,
  ENFORCE_LEVEL_LABEL,
  ENFORCE_VERSION_LABEL,
  AUDIT_LEVEL_LABEL,
  AUDIT_VERSION_LABEL,
  WARN_LEVEL_LABEL,
  WARN_VERSION_LABEL,
  LATEST,
  compareLevels,
  fullyPrivileged,
  levelVersionString,
  policyEquivalent,
  policyToEvaluate,
  sameLabelErrors,
  sameLevelVersion,
  sameVersion,
  type LabelError,
  type LevelVersion,
  type Policy,
} from '../../../k8s/pod-security/api';
import { aggregate, evaluatePod, forbiddenDetail, forbiddenReason, type AggregateResult } from '../../../k8s/pod-security/registry';
import { specView, type PodMetaView } from '../../../k8s/pod-security/view';
import type { World } from '../../world';
import { invalid, type StatusError } from '../status';
import { invalid as fieldInvalid, path } from '../validation/field';
import { storedObject } from '../storage';
import type { ApiServerState } from '../state';
import { admissionForbidden } from './forbidden';
import { podSecurityRecorder, type PodSecurityRecorder } from './pod-security-metrics';
import type { AdmissionAttributes, ValidatingPlugin } from './types';

/** PodSecurityConfiguration (pod-security.admission.config.k8s.io/v1) as defaulted. */
export interface PodSecurityConfig {
  defaults: Policy;
  exemptions: { usernames: readonly string[]; namespaces: readonly string[]; runtimeClasses: readonly string[] };
}

const PRIVILEGED_LATEST: LevelVersion = { level: 'privileged', version: LATEST };

export const DEFAULT_POD_SECURITY_CONFIG: PodSecurityConfig = {
  defaults: { enforce: PRIVILEGED_LATEST, audit: PRIVILEGED_LATEST, warn: PRIVILEGED_LATEST },
  exemptions: { usernames: [], namespaces: [], runtimeClasses: [] },
};

const NAMESPACE_MAX_PODS_TO_CHECK = 3000;

/** Pod subresources that cannot change what the policy reads. */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** The resources whose objects embed a pod template (DefaultPodSpecExtractor), by group. */
const POD_CONTROLLERS: Readonly<Record<string, string>> = {
  replicationcontrollers: '',
  podtemplates: '',
  replicasets: 'apps',
  deployments: 'apps',
  statefulsets: 'apps',
  daemonsets: 'apps',
  jobs: 'batch',
  cronjobs: 'batch',
};

/** What the plugin decides: refuse (with a Status), or allow with warnings; audit annotations either way. */
interface Verdict {
  error?: StatusError;
  warnings?: string[];
  audit?: Record<string, string>;
}

type Template = { metadata?: PodMetaView; spec?: PodSpec };

/** ExtractPodSpec: the template's metadata and spec, or none (an RC may have no template). */
function extractTemplate(resource: string, obj: KObject): Template | undefined {
  const o = obj as KObject & { spec?: Record<string, unknown>; template?: Template };
  switch (resource) {
    case 'podtemplates':
      return o.template ?? {};
    case 'cronjobs':
      return ((o.spec?.jobTemplate as { spec?: { template?: Template } } | undefined)?.spec?.template) ?? {};
    case 'replicationcontrollers':
      return o.spec?.template as Template | undefined;
    default:
      return (o.spec?.template as Template | undefined) ?? {};
  }
}

function getNamespace(w: World, name: string | undefined): Namespace | undefined {
  return name ? (storedObject(w, 'namespaces', undefined, name) as Namespace | undefined) : undefined;
}

function evaluate(lv: LevelVersion, meta: PodMetaView, spec: PodSpec): AggregateResult {
  return aggregate(evaluatePod(lv, meta, specView(spec)));
}

/** EvaluatePod: enforce (Pods only), then audit, then warn, each level+version evaluated once. */
function evaluatePodLike(cfg: PodSecurityConfig, rec: PodSecurityRecorder, a: AdmissionAttributes, policy: Policy, policyErrors: LabelError[], meta: PodMetaView, spec: PodSpec, enforce: boolean): Verdict {
  const runtimeClass = specView(spec).runtimeClassName;
  if (runtimeClass && cfg.exemptions.runtimeClasses.includes(runtimeClass)) {
    rec.exemption();
    return { audit: { exempt: 'runtimeClass' } };
  }
  const audit: Record<string, string> = {};
  if (policyErrors.length) {
    audit['error'] = `Failed to parse policy: ${aggregateLabelErrors(policyErrors)}`;
    rec.error(false);
  }
  const cache: { lv: LevelVersion; result: AggregateResult }[] = [];
  const cached = (lv: LevelVersion): AggregateResult | undefined => cache.find((c) => sameLevelVersion(c.lv, lv))?.result;
  let error: StatusError | undefined;
  if (enforce) {
    audit['enforce-policy'] = levelVersionString(policy.enforce);
    const result = evaluate(policy.enforce, meta, spec);
    if (!result.allowed) error = admissionForbidden(a, `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(result)}`);
    rec.evaluation(result.allowed ? 'allow' : 'deny', policy.enforce, 'enforce');
    cache.push({ lv: policy.enforce, result });
  }
  let auditResult = cached(policy.audit);
  if (!auditResult) {
    auditResult = evaluate(policy.audit, meta, spec);
    cache.push({ lv: policy.audit, result: auditResult });
  }
  if (!auditResult.allowed) {
    audit['audit-violations'] = `would violate PodSecurity "${levelVersionString(policy.audit)}": ${forbiddenDetail(auditResult)}`;
    rec.evaluation('deny', policy.audit, 'audit');
  }
  const warnings: string[] = [];
  if (!error) {
    const warnResult = cached(policy.warn) ?? evaluate(policy.warn, meta, spec);
    if (!warnResult.allowed) {
      warnings.push(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(warnResult)}`);
      rec.evaluation('deny', policy.warn, 'warn');
    }
  }
  return { error, warnings, audit };
}

/** field.ErrorList.ToAggregate().Error(): one error bare, several in brackets. */
function aggregateLabelErrors(errs: readonly LabelError[]): string {
  const one = (e: LabelError): string => `metadata.labels[${e.label}]: Invalid value: ${JSON.stringify(e.value)}: ${e.detail}`;
  return errs.length === 1 ? one(errs[0]!) : `[${errs.map(one).join(', ')}]`;
}

/** isSignificantPodUpdate: only an image change, or a container added or removed, is re-evaluated. */
function significantPodUpdate(pod: Pod, old: Pod): boolean {
  const cs = pod.spec?.containers ?? [];
  const oldCs = old.spec?.containers ?? [];
  const ics = pod.spec?.initContainers ?? [];
  const oldIcs = old.spec?.initContainers ?? [];
  if (cs.length !== oldCs.length || ics.length !== oldIcs.length) return true;
  if (cs.some((c, i) => c.image !== oldCs[i]!.image)) return true;
  if (ics.some((c, i) => c.image !== oldIcs[i]!.image)) return true;
  const oldEphemeral = old.spec?.ephemeralContainers ?? [];
  return (pod.spec?.ephemeralContainers ?? []).some((c) => {
    const before = oldEphemeral.find((o) => o.name === c.name);
    return !before || before.image !== c.image;
  });
}

/** The exempt namespace or user of a Pod or template request, if any. */
function exemption(cfg: PodSecurityConfig, rec: PodSecurityRecorder, a: AdmissionAttributes): Verdict | undefined {
  const reason = a.namespace && cfg.exemptions.namespaces.includes(a.namespace) ? 'namespace' : a.user.name && cfg.exemptions.usernames.includes(a.user.name) ? 'user' : undefined;
  if (!reason) return undefined;
  rec.exemption();
  return { audit: { exempt: reason } };
}

function validatePod(w: World, cfg: PodSecurityConfig, rec: PodSecurityRecorder, a: AdmissionAttributes): Verdict {
  if (a.subresource && IGNORED_POD_SUBRESOURCES.has(a.subresource)) return {};
  const exempt = exemption(cfg, rec, a);
  if (exempt) return exempt;
  const ns = getNamespace(w, a.namespace);
  if (!ns) {
    rec.error(true);
    return { error: { code: 500, reason: 'InternalError', message: `Internal error occurred: failed to lookup namespace "${a.namespace ?? ''}"` } };
  }
  const { policy, errors } = policyToEvaluate(ns.metadata.labels, cfg.defaults);
  if (!errors.length && fullyPrivileged(policy)) {
    rec.evaluation('allow', policy.enforce, 'enforce');
    return { audit: { 'enforce-policy': levelVersionString(PRIVILEGED_LATEST) } };
  }
  const pod = a.obj as Pod;
  if (a.operation === 'UPDATE' && a.old && !significantPodUpdate(pod, a.old as Pod)) return {};
  return evaluatePodLike(cfg, rec, a, policy, errors, pod.metadata, pod.spec, true);
}

function validatePodController(w: World, cfg: PodSecurityConfig, rec: PodSecurityRecorder, a: AdmissionAttributes): Verdict {
  if (a.subresource) return {};
  const exempt = exemption(cfg, rec, a);
  if (exempt) return exempt;
  const ns = getNamespace(w, a.namespace);
  if (!ns) {
    rec.error(true);
    return { audit: { error: `failed to lookup namespace "${a.namespace ?? ''}": namespaces "${a.namespace ?? ''}" not found` } };
  }
  const { policy, errors } = policyToEvaluate(ns.metadata.labels, cfg.defaults);
  if (!errors.length && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return {};
  const template = extractTemplate(a.info.resource, a.obj);
  if (!template) return {};
  return evaluatePodLike(cfg, rec, a, policy, errors, template.metadata ?? {}, template.spec ?? ({} as PodSpec), false);
}

/** exemptNamespaceWarning: an exempt namespace labelled with a policy that will be ignored. */
function exemptNamespaceWarning(cfg: PodSecurityConfig, name: string, policy: Policy, labels: Readonly<Record<string, string>>): string | undefined {
  if (fullyPrivileged(policy) || policyEquivalent(policy, cfg.defaults)) return undefined;
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(labels, k);
  const parts: string[] = [];
  if (policy.enforce.level !== 'privileged' && (has(ENFORCE_LEVEL_LABEL) || has(ENFORCE_VERSION_LABEL))) parts.push(`enforce=${levelVersionString(policy.enforce)}`);
  if (policy.audit.level !== 'privileged' && (has(AUDIT_LEVEL_LABEL) || has(AUDIT_VERSION_LABEL))) parts.push(`audit=${levelVersionString(policy.audit)}`);
  if (policy.warn.level !== 'privileged' && (has(WARN_LEVEL_LABEL) || has(WARN_VERSION_LABEL))) parts.push(`warn=${levelVersionString(policy.warn)}`);
  return `namespace "${name}" is exempt from Pod Security, and the policy (${parts.join(', ')}) will be ignored`;
}

function labelsInvalid(a: AdmissionAttributes, errs: readonly LabelError[]): StatusError {
  return invalid(a.info, a.obj.metadata.name ?? '', errs.map((e) => fieldInvalid(path('metadata', 'labels').key(e.label), e.value, e.detail)));
}

function validateNamespace(w: World, cfg: PodSecurityConfig, a: AdmissionAttributes): Verdict {
  if (a.subresource) return {};
  const ns = a.obj as Namespace;
  const name = ns.metadata.name ?? '';
  const labels = ns.metadata.labels ?? {};
  const next = policyToEvaluate(labels, cfg.defaults);
  const exempt = cfg.exemptions.namespaces.includes(name);
  const exemptWarning = (): Verdict => {
    const warning = exemptNamespaceWarning(cfg, name, next.policy, labels);
    return warning ? { warnings: [warning] } : {};
  };
  if (a.operation === 'CREATE') {
    if (next.errors.length) return { error: labelsInvalid(a, next.errors) };
    return exempt ? exemptWarning() : {};
  }
  const old = policyToEvaluate((a.old as Namespace | undefined)?.metadata.labels, cfg.defaults);
  if (next.errors.length && (!old.errors.length || !sameLabelErrors(next.errors, old.errors))) return { error: labelsInvalid(a, next.errors) };
  const enforce = next.policy.enforce;
  const before = old.policy.enforce;
  // Nothing to check: the enforce level is unchanged, privileged, or relaxed at the same version.
  if (sameLevelVersion(enforce, before) || enforce.level === 'privileged') return {};
  if (sameVersion(enforce.version, before.version) && compareLevels(enforce.level, before.level) < 1) return {};
  if (exempt) return exemptWarning();
  return { warnings: evaluatePodsInNamespace(w, cfg, name, enforce) };
}

/**
 * EvaluatePodsInNamespace: one warning per distinct set of violations, naming its
 * lexically first Pod and how many others share it; one Pod per controller goes first.
 */
export function evaluatePodsInNamespace(w: World, cfg: PodSecurityConfig, namespace: string, enforce: LevelVersion): string[] {
  const prefix = `pods/${namespace}/`;
  const pods: Pod[] = [];
  for (const [key, o] of w.etcd.kv.get('pods') ?? []) if (key.startsWith(prefix)) pods.push(o as Pod);
  pods.sort((x, y) => ((x.metadata.name ?? '') < (y.metadata.name ?? '') ? -1 : 1));
  const first: Pod[] = [];
  const duplicates: Pod[] = [];
  const seenControllers = new Set<string>();
  for (const pod of pods) {
    const rc = pod.spec?.runtimeClassName;
    if (rc && cfg.exemptions.runtimeClasses.includes(rc)) continue;
    const owner = pod.metadata.ownerReferences?.find((r) => r.controller);
    if (!owner) first.push(pod);
    else if (seenControllers.has(owner.uid)) duplicates.push(pod);
    else {
      seenControllers.add(owner.uid);
      first.push(pod);
    }
  }
  const prioritized = [...first, ...duplicates];
  const total = prioritized.length;
  const checked = prioritized.slice(0, NAMESPACE_MAX_PODS_TO_CHECK);
  const order: string[] = [];
  const counts = new Map<string, { pod: string; n: number }>();
  for (const pod of checked) {
    const r = evaluate(enforce, pod.metadata, pod.spec);
    if (r.allowed) continue;
    const warning = forbiddenReason(r);
    const c = counts.get(warning);
    const podName = pod.metadata.name ?? '';
    if (!c) {
      counts.set(warning, { pod: podName, n: 1 });
      order.push(warning);
    } else {
      if (podName < c.pod) c.pod = podName;
      c.n++;
    }
  }
  const warnings: string[] = [];
  if (checked.length < total) warnings.push(`new PodSecurity enforce level only checked against the first ${checked.length} of ${total} existing pods`);
  if (order.length) warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionString(enforce)}"`);
  const decorated = order.map((warning) => {
    const c = counts.get(warning)!;
    if (c.n === 1) return `${c.pod}: ${warning}`;
    if (c.n === 2) return `${c.pod} (and 1 other pod): ${warning}`;
    return `${c.pod} (and ${c.n - 1} other pods): ${warning}`;
  });
  decorated.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return [...warnings, ...decorated];
}

/** Counts nothing: a request handed to the chain without its apiserver (a unit test's). */
const NO_RECORDER: PodSecurityRecorder = { evaluation() {}, exemption() {}, error() {} };

function verdictFor(w: World, cfg: PodSecurityConfig, a: AdmissionAttributes): Verdict {
  const { resource, group } = a.info;
  if (group === '' && resource === 'namespaces') return validateNamespace(w, cfg, a);
  const isPod = group === '' && resource === 'pods';
  if (!isPod && POD_CONTROLLERS[resource] !== group) return {};
  const server = a.serverId === undefined ? undefined : (w.components.get(a.serverId) as ApiServerState | undefined);
  const rec = server ? podSecurityRecorder(server, a) : NO_RECORDER;
  return isPod ? validatePod(w, cfg, rec, a) : validatePodController(w, cfg, rec, a);
}

export const PodSecurity: ValidatingPlugin = {
  name: 'PodSecurity',
  validate(w, a) {
    // admission.NewHandler(admission.Create, admission.Update).
    if (a.operation !== 'CREATE' && a.operation !== 'UPDATE') return undefined;
    const v = verdictFor(w, DEFAULT_POD_SECURITY_CONFIG, a);
    for (const warning of v.warnings ?? []) a.warnings?.push(warning);
    if (v.audit && a.annotateAudit) for (const [k, val] of Object.entries(v.audit)) a.annotateAudit(AUDIT_ANNOTATION_PREFIX + k, val);
    return v.error;
  },
};
