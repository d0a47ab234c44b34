/**
 * `kubectl autoscale (TYPE NAME | TYPE/NAME | -f FILE) --max=N [--min=N] [--cpu=50%|500m]
 * [--memory=70%|200Mi]` (pkg/cmd/autoscale, kubectl 1.36): an autoscaling/v2
 * HorizontalPodAutoscaler named after its target (or --name), with a CPU and/or memory
 * Resource metric; none means the server's default (80% CPU). `--cpu-percent` still works and
 * says it is deprecated. Only kinds with a /scale subresource can be autoscaled. The typed HPA is
 * what is sent and printed (typed-kinds.ts).
 */
import type { HorizontalPodAutoscaler, MetricSpec } from '../../k8s/autoscaling';
import { apiVersionOf, resourceInfo } from '../../k8s/resources';
import { isQuantity } from '../../k8s/quantity';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { changeCause, RECORD_FLAG, recordInto } from '../record';
import { namespaceOf, type Env } from '../env';
import { collectTargets } from './targets';
import { typedObject } from './typed-kinds';
import { withTypedLastApplied } from '../apply/objects';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, OUTPUT_FLAG, TEMPLATE_FLAGS, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';

export const AUTOSCALE_FLAGS: FlagDef[] = [
  { name: 'min', kind: 'int' },
  { name: 'max', kind: 'int' },
  { name: 'cpu-percent', kind: 'int', deprecated: "Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU)." },
  { name: 'cpu', kind: 'string' },
  { name: 'memory', kind: 'string' },
  { name: 'name', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  DRY_RUN_FLAG,
  { name: 'save-config', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  RECORD_FLAG,
];


type Target = { type: 'Utilization'; averageUtilization: number } | { type: 'AverageValue'; averageValue: string };

/** parseResourceInput: `70%` is a utilization, a bare number gets the default unit (m, Mi), else a quantity. */
function parseResourceInput(input: string, resource: 'cpu' | 'memory'): Target {
  const t = input.trim();
  if (t === '') throw plainError('empty input');
  if (t.endsWith('%')) {
    const v = t.slice(0, -1);
    if (!/^[+-]?\d+$/.test(v) || Number(v) < 0 || Number(v) > 2 ** 31 - 1) throw plainError(`invalid percentage value: ${v}`);
    return { type: 'Utilization', averageUtilization: Number(v) };
  }
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { type: 'AverageValue', averageValue: `${Number(t)}${resource === 'cpu' ? 'm' : 'Mi'}` };
  if (!isQuantity(t)) throw plainError(`invalid resource ${resource} value: ${input}`);
  return { type: 'AverageValue', averageValue: t };
}

function metric(name: 'cpu' | 'memory', target: Target): MetricSpec {
  return { type: 'Resource', resource: { name, target } };
}

export function runAutoscale(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, AUTOSCALE_FLAGS, 'kubectl autoscale');
  const cause = changeCause(env, ['autoscale'], flags);
  if (!flags.has('max')) throw new CmdError(`error: required flag(s) "max" not set\n`);
  checkOutput(flags, env.files);
  const dry = dryRunOf(flags);
  const min = flags.int('min', -1);
  const max = flags.int('max', -1);
  const cpuPercent = flags.int('cpu-percent', -1);
  const cpu = flags.str('cpu');
  const memory = flags.str('memory');
  if (max < 1) throw plainError(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) throw plainError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  if (cpuPercent > 0 && cpu !== '') throw plainError('--cpu-percent and --cpu are mutually exclusive');
  const metrics: MetricSpec[] = [];
  if (cpuPercent > 0) metrics.push(metric('cpu', { type: 'Utilization', averageUtilization: cpuPercent }));
  if (cpu !== '') metrics.push(metric('cpu', parseResourceInput(cpu, 'cpu')));
  if (memory !== '') metrics.push(metric('memory', parseResourceInput(memory, 'memory')));
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);

  const targets = collectTargets(env, flags, flags.args);
  const errors: Failure[] = [...targets.errors];
  const hpaInfo = resourceInfo('horizontalpodautoscalers')!;
  let count = 0;
  for (const t of targets.items) {
    if (!t.info.subresources.includes('scale')) {
      errors.push({ text: `cannot autoscale a ${t.info.kind}: could not find scale subresource for ${apiVersionOf(t.info)}, Resource=${t.info.resource} in discovery information` });
      continue;
    }
    const refName = t.obj.metadata.name ?? '';
    const hpa: HorizontalPodAutoscaler = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: flags.str('name') || refName, ...(flags.has('namespace') ? { namespace: namespaceOf(env, flags) } : {}) },
      spec: { scaleTargetRef: { apiVersion: apiVersionOf(t.info), kind: t.info.kind, name: refName }, maxReplicas: max, ...(min > 0 ? { minReplicas: min } : {}), ...(metrics.length ? { metrics } : {}) },
    };
    count++;
    recordInto(hpa, cause);
    if (dry === 'client') {
      printResult(env, flags, hpaInfo, hpa, withDryRun('created', dry), typedObject);
      continue;
    }
    // The last-applied annotation is written only for a request the server sees.
    const body = typedObject(flags.bool('save-config') ? withTypedLastApplied(hpa, typedObject) : hpa);
    const res = env.client.create(hpaInfo, t.obj.metadata.namespace ?? namespaceOf(env, flags), body, dry === 'server');
    if (!res.ok) {
      errors.push({ api: res.error });
      continue;
    }
    printResult(env, flags, hpaInfo, res.value, withDryRun('autoscaled', dry), typedObject);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  if (count === 0) throw plainError('no objects passed to autoscale');
  return 0;
}
