/**
 * One policy evaluated for one binding and one param (validating/validator.go Validate): the
 * match conditions gate it, then each validation gives a decision — admit, deny with its
 * message and reason, or an evaluation error that the failurePolicy turns into a deny (Fail) or
 * an admit (Ignore). Variables are evaluated lazily, once per evaluation, as composition does.
 */
import { CelVariables, runtimeMessage, type CompiledExpression } from './cel';
import type { CompiledPolicy } from './compiled';
import type { CelValue } from './values';
import { utf8Length } from '../../../../k8s/utf8';

export interface Decision {
  action: 'admit' | 'deny';
  evaluation: 'admit' | 'deny' | 'error';
  message: string;
  reason?: string;
}

export interface Activation {
  object: CelValue;
  oldObject: CelValue;
  params: CelValue;
  request: CelValue;
  namespaceObject: CelValue;
}

/** celconfig.MaxEvaluatedMessageExpressionSizeBytes. */
const MAX_MESSAGE_BYTES = 5 * 1024;

type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

function run(c: CompiledExpression, ctx: Record<string, unknown>): Outcome {
  if (c.error) return { ok: false, error: `compilation error: ${c.error.detail}` };
  try {
    return { ok: true, value: c.program!(ctx) };
  } catch (e) {
    return { ok: false, error: `expression '${c.expression}' resulted in error: ${runtimeMessage(e)}` };
  }
}

/** CompositionContext.Variables: each variable evaluated on first use, its error kept for every use. */
function lazyVariables(policy: CompiledPolicy, ctx: Record<string, unknown>): CelVariables {
  const vars = new CelVariables();
  for (const { name, compiled } of policy.variables) {
    let memo: { value?: unknown; error?: string } | undefined;
    Object.defineProperty(vars, name, {
      enumerable: true,
      get() {
        if (!memo) {
          if (compiled.error) memo = { error: `composited variable "${name}" fails to compile: ${compiled.error.detail}` };
          else {
            try {
              memo = { value: compiled.program!(ctx) };
            } catch (e) {
              memo = { error: `composited variable "${name}" fails to evaluate: ${runtimeMessage(e)}` };
            }
          }
        }
        if (memo.error !== undefined) throw new Error(memo.error);
        return memo.value;
      },
    });
  }
  return vars;
}

function errorDecision(failurePolicy: string, message: string): Decision {
  return { action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message };
}

/** matchconditions.Matcher.Match: any false skips the policy; errors follow the failure policy. */
function matchConditions(policy: CompiledPolicy, failurePolicy: string, ctx: Record<string, unknown>): { skip: boolean; error?: Decision } {
  const errors: string[] = [];
  for (const m of policy.matchConditions) {
    const r = run(m.compiled, { ...ctx, namespaceObject: null });
    if (!r.ok) errors.push(r.error);
    else if (r.value === false) return { skip: true };
  }
  if (errors.length === 0) return { skip: false };
  if (failurePolicy === 'Ignore') return { skip: true };
  return { skip: false, error: errorDecision(failurePolicy, errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`) };
}

function denialMessage(v: { compiled: CompiledExpression; message?: CompiledExpression }, staticMessage: string | undefined, ctx: Record<string, unknown>): string {
  let message = '';
  if (v.message) {
    const r = run(v.message, ctx);
    if (r.ok && typeof r.value === 'string') {
      message = r.value.trim();
      if (utf8Length(message) > MAX_MESSAGE_BYTES || message.includes('\n')) message = '';
    }
  }
  if (!message && staticMessage) message = staticMessage.trim();
  return message || `failed expression: ${v.compiled.expression.trim()}`;
}

export function validate(
  policy: CompiledPolicy,
  spec: { failurePolicy?: string; validations?: { message?: string; reason?: string }[] },
  activation: Activation,
): Decision[] {
  const failurePolicy = spec.failurePolicy ?? 'Fail';
  const ctx: Record<string, unknown> = { ...activation };
  ctx['variables'] = lazyVariables(policy, ctx);
  const gate = matchConditions(policy, failurePolicy, ctx);
  if (gate.error) return [gate.error];
  if (gate.skip) return [];
  return policy.validations.map((v, i) => {
    const r = run(v.compiled, ctx);
    if (!r.ok) return errorDecision(failurePolicy, r.error);
    if (r.value === true) return { action: 'admit', evaluation: 'admit', message: '' };
    const src = spec.validations?.[i];
    return { action: 'deny', evaluation: 'deny', message: denialMessage(v, src?.message, ctx), reason: src?.reason || 'Invalid' };
  });
}
