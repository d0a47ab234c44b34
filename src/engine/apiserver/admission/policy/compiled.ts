/**
 * A policy's expressions compiled once per generation (the policy source's compilePolicy,
 * re-run when the policy changes): variables first, each seeing those before it, then the
 * match conditions, validations with their message expressions, and audit annotations.
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicySpec } from '../../../../k8s/admission-policy';
import { compile, environment, type CompiledExpression } from './cel';

export interface CompiledPolicy {
  variables: { name: string; compiled: CompiledExpression }[];
  matchConditions: { name: string; compiled: CompiledExpression }[];
  validations: { compiled: CompiledExpression; message?: CompiledExpression }[];
  auditAnnotations: { key: string; compiled: CompiledExpression }[];
}

/** A variable's type is its expression's, dyn when it does not compile. */
export function compileSpec(spec: ValidatingAdmissionPolicySpec): CompiledPolicy {
  const params = spec.paramKind !== undefined;
  const declared: { name: string; type: string }[] = [];
  const variables: CompiledPolicy['variables'] = [];
  for (const v of spec.variables ?? []) {
    const compiled = compile(environment({ params, variables: declared }), v.expression ?? '', ['*']);
    variables.push({ name: v.name, compiled });
    declared.push({ name: v.name, type: compiled.error ? 'dyn' : (compiled.outputType ?? 'dyn') });
  }
  const env = environment({ params, variables: declared });
  const conditions = environment({ params, variables: [] });
  return {
    variables,
    matchConditions: (spec.matchConditions ?? []).map((m) => ({ name: m.name, compiled: compile(conditions, (m.expression ?? '').trim(), ['bool']) })),
    validations: (spec.validations ?? []).map((v) => ({
      compiled: compile(env, v.expression ?? '', ['bool']),
      ...(v.messageExpression?.trim() ? { message: compile(env, v.messageExpression, ['string']) } : {}),
    })),
    auditAnnotations: (spec.auditAnnotations ?? []).map((a) => ({ key: a.key, compiled: compile(env, (a.valueExpression ?? '').trim(), ['string', 'null_type']) })),
  };
}

const CACHE = new Map<string, CompiledPolicy>();
const CACHE_CAP = 128;
const BY_OBJECT = new WeakMap<ValidatingAdmissionPolicy, CompiledPolicy>();

/**
 * Compiled once per policy generation. Keyed by the spec itself, not uid and generation: forks
 * of one snapshot (a shared link's replay, a lesson's check) mint the same uid for different
 * policies, and the compilation is a pure function of the spec.
 */
export function compiledPolicy(p: ValidatingAdmissionPolicy): CompiledPolicy {
  // Stored objects are never mutated after commit: one lookup per stored version.
  const seen = BY_OBJECT.get(p);
  if (seen) return seen;
  const key = JSON.stringify(p.spec ?? {});
  let compiled = CACHE.get(key);
  if (!compiled) {
    compiled = compileSpec(p.spec ?? {});
    if (CACHE.size >= CACHE_CAP) CACHE.clear();
    CACHE.set(key, compiled);
  }
  BY_OBJECT.set(p, compiled);
  return compiled;
}
