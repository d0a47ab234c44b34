/**
 * CEL for admission policies on @marcbachmann/cel-js: the environment kube-apiserver's
 * plugin/cel compiler declares (object, oldObject, request, namespaceObject as dyn; params only
 * when the policy has a paramKind; variables typed by each variable's expression, as the
 * composited compiler does), compile results with upstream's error kinds, and evaluation.
 *
 * Error texts keep upstream's frame — `compilation failed: ERROR: <input>:L:C: ...` with the
 * source line and a caret, `must evaluate to bool but got dyn`, `no such key: foo` — but the
 * words inside a parse or type error are cel-js's, not cel-go's (an ANTLR parser's "mismatched
 * input" never appears); only undeclared references are rewritten to cel-go's wording.
 */
import { Environment, type ParseResult } from '@marcbachmann/cel-js';
import { registerKubernetesLibrary } from './cel-library';

export type CelProgram = ParseResult;

/** apiservercel.Error: Invalid for what the user wrote, Internal for the environment. */
export interface CelCompileError {
  type: 'Invalid' | 'Internal';
  detail: string;
}

export interface CompiledExpression {
  expression: string;
  program?: CelProgram;
  /** The checked output type, in cel-go's spelling (`list(string)`, `dyn`). */
  outputType?: string;
  error?: CelCompileError;
}

export interface EnvOptions {
  params: boolean;
  /** Earlier variables and their output types, visible as `variables.<name>`. */
  variables: readonly { name: string; type: string }[];
}

let base: Environment | undefined;

function baseEnv(): Environment {
  if (!base) {
    base = new Environment({ enableOptionalTypes: true })
      .registerVariable('object', 'dyn')
      .registerVariable('oldObject', 'dyn')
      .registerVariable('request', 'dyn')
      .registerVariable('namespaceObject', 'dyn');
    registerKubernetesLibrary(base);
  }
  return base;
}

let webhooks: Environment | undefined;

/**
 * A webhook's match conditions see object, oldObject and request only (matchconditions'
 * environment: no params, namespaceObject or variables).
 */
export function webhookEnvironment(): Environment {
  if (!webhooks) {
    webhooks = new Environment({ enableOptionalTypes: true }).registerVariable('object', 'dyn').registerVariable('oldObject', 'dyn').registerVariable('request', 'dyn');
    registerKubernetesLibrary(webhooks);
  }
  return webhooks;
}

/** The holder of a request's lazily evaluated variables: cel-js reads its fields as properties. */
export class CelVariables {}

const ENV_CACHE = new Map<string, Environment>();
const ENV_CACHE_CAP = 256;

export function environment(opts: EnvOptions): Environment {
  const key = `${opts.params}|${opts.variables.map((v) => `${v.name}:${v.type}`).join(',')}`;
  const hit = ENV_CACHE.get(key);
  if (hit) return hit;
  const env = baseEnv().clone();
  if (opts.params) env.registerVariable('params', 'dyn');
  const fields: Record<string, string> = {};
  for (const v of opts.variables) fields[v.name] = celJsType(v.type);
  env.registerType('kubernetes.variables', { ctor: CelVariables, fields }).registerVariable('variables', 'kubernetes.variables');
  if (ENV_CACHE.size >= ENV_CACHE_CAP) ENV_CACHE.clear();
  ENV_CACHE.set(key, env);
  return env;
}

/** cel-go's type names: `list(string)`, `map(string, dyn)`. */
function goTypeName(t: string): string {
  if (t === 'null') return 'null_type';
  return t.replace(/</g, '(').replace(/>/g, ')');
}

function celJsType(goType: string): string {
  return goType.replace(/\(/g, '<').replace(/\)/g, '>');
}

interface CelJsError {
  code?: string;
  summary?: string;
  message?: string;
  range?: { start: number; end: number };
  name?: string;
}

/** One issue as cel-go's Issues.String() prints it: position, message, the line and a caret. */
function issue(source: string, e: CelJsError): string {
  const at = e.range?.start ?? 0;
  const before = source.slice(0, at);
  const line = before.split('\n').length;
  const col = at - (before.lastIndexOf('\n') + 1);
  const text = source.split('\n')[line - 1] ?? '';
  let msg = e.summary ?? e.message ?? String(e);
  const undeclared = /^Unknown variable: (.*)$/.exec(msg);
  if (undeclared) msg = `undeclared reference to '${undeclared[1]}' (in container '')`;
  else if (e.name === 'ParseError') msg = `Syntax error: ${msg}`;
  return `ERROR: <input>:${line}:${col + 1}: ${msg}\n | ${text}\n | ${'.'.repeat(col)}^`;
}

/** CompileCELExpression: parse and check, then the output type against what the field allows. */
export function compile(env: Environment, expression: string, returnTypes: readonly string[]): CompiledExpression {
  const checked = env.check(expression);
  if (!checked.valid) return { expression, error: { type: 'Invalid', detail: `compilation failed: ${issue(expression, checked.error ?? {})}` } };
  const outputType = goTypeName(checked.type ?? 'dyn');
  if (!returnTypes.includes('*') && !returnTypes.includes(outputType)) {
    const want = returnTypes.length === 1 ? returnTypes[0]! : `[${returnTypes.join(' ')}]`;
    return { expression, outputType, error: { type: 'Invalid', detail: `must evaluate to ${returnTypes.length === 1 ? '' : 'one of '}${want} but got ${outputType}` } };
  }
  return { expression, program: env.parse(expression), outputType };
}

/** The text of a runtime error as cel-go words the common ones (`no such key: foo`). */
export function runtimeMessage(e: unknown): string {
  const err = e as CelJsError;
  const msg = err.summary ?? err.message ?? String(e);
  return msg.charAt(0).toLowerCase() + msg.slice(1);
}
