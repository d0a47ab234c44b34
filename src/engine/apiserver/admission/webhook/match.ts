/**
 * Which webhooks a request reaches (generic/webhook.go ShouldCallHook and the configuration
 * managers): every configuration in name order, each webhook in its order; one is called when
 * its namespace and object selectors and one of its rules match (policy/match.ts's predicates,
 * which upstream's policies share), then its matchConditions. The admissionregistration group's
 * own objects are never sent to webhooks (rules.IsExemptAdmissionConfigurationResource), so a
 * broken webhook can always be deleted. matchPolicy Equivalent finds no other version here:
 * every resource is served at one version, except autoscaling/v1 HPAs, which reach admission
 * converted to the stored version already.
 */
import type { Webhook, WebhookConfiguration } from '../../../../k8s/webhook-configuration';
import type { World } from '../../../world';
import type { StatusError } from '../../status';
import { admissionForbidden } from '../forbidden';
import type { AdmissionAttributes } from '../types';
import { compile, runtimeMessage, webhookEnvironment, type CompiledExpression } from '../policy/cel';
import { matchResources, objects } from '../policy/match';
import { admissionRequestValue, toCel } from '../policy/values';

export interface Hook {
  configuration: string;
  webhook: Webhook;
}

/** The webhooks of every stored configuration of `resource`, configurations in name order. */
export function hooksOf(w: World, resource: 'validatingwebhookconfigurations' | 'mutatingwebhookconfigurations'): Hook[] {
  const bucket = w.etcd.kv.get(resource);
  if (!bucket || bucket.size === 0) return [];
  const configs = [...bucket.values()].map((o) => o as WebhookConfiguration).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  return configs.flatMap((c) => (c.webhooks ?? []).map((webhook) => ({ configuration: c.metadata.name ?? '', webhook })));
}

export function exempt(a: AdmissionAttributes): boolean {
  return a.info.group === 'admissionregistration.k8s.io';
}

const COMPILED = new Map<string, CompiledExpression>();

function compiled(expression: string): CompiledExpression {
  let c = COMPILED.get(expression);
  if (!c) {
    c = compile(webhookEnvironment(), expression.trim(), ['bool']);
    if (COMPILED.size >= 512) COMPILED.clear();
    COMPILED.set(expression, c);
  }
  return c;
}

/**
 * matchconditions.Matcher.Match: the first false condition excludes; errors fail closed as
 * Forbidden under failurePolicy Fail (aggregated as utilerrors prints several), or exclude under Ignore.
 */
function conditionsMatch(h: Webhook, a: AdmissionAttributes, name: string): boolean | StatusError {
  const conditions = h.matchConditions ?? [];
  if (conditions.length === 0) return true;
  const { object, oldObject } = objects(a);
  const ctx = { object: toCel(object), oldObject: toCel(oldObject), request: admissionRequestValue(a, name) };
  const errors: string[] = [];
  for (const m of conditions) {
    const c = compiled(m.expression ?? '');
    if (c.error || !c.program) {
      errors.push(c.error?.detail ?? 'compilation failed');
      continue;
    }
    try {
      const v = c.program(ctx);
      if (v === false) return false;
      if (v !== true) errors.push(`expression '${c.expression}' resulted in error: no such overload`);
    } catch (e) {
      errors.push(`expression '${c.expression}' resulted in error: ${runtimeMessage(e)}`);
    }
  }
  if (errors.length === 0) return true;
  if (h.failurePolicy === 'Ignore') return false;
  return admissionForbidden(a, errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`);
}

/** ShouldCallHook: true to call, false to skip, or the error that fails the request. */
export function shouldCall(w: World, h: Webhook, a: AdmissionAttributes): boolean | StatusError {
  const rules = h.rules ?? [];
  if (rules.length === 0) return false;
  const name = a.obj.metadata.name ?? '';
  const m = matchResources(w, { namespaceSelector: h.namespaceSelector, objectSelector: h.objectSelector, resourceRules: rules }, a, name);
  if (m.error) return m.error;
  if (!m.matches) return false;
  return conditionsMatch(h, a, name);
}
