/**
 * flowcontrol.apiserver.k8s.io/v1's defaulting (pkg/apis/flowcontrol/v1/defaults.go): a
 * FlowSchema without matchingPrecedence gets 1000; a Limited level without
 * nominalConcurrencyShares gets 30 (v1 keeps an explicit 0) and lendablePercent 0; an Exempt
 * level's shares and lendablePercent default to 0; a queuing configuration's zero queues,
 * handSize and queueLengthLimit become 64, 8 and 50.
 */
import type { FlowSchema, PriorityLevelConfiguration } from '../../../k8s/flowcontrol';
import type { KObject } from '../../../k8s/types';

function setIf<T extends object, K extends keyof T>(o: T, k: K, missing: (v: T[K]) => boolean, v: T[K]): boolean {
  if (!missing(o[k])) return false;
  o[k] = v;
  return true;
}

const absent = (v: unknown): boolean => v === undefined || v === null;
const zero = (v: unknown): boolean => v === undefined || v === null || v === 0;

export function defaultFlowSchema(obj: KObject): boolean {
  const spec = (obj as FlowSchema).spec;
  if (!spec || typeof spec !== 'object') return false;
  return setIf(spec, 'matchingPrecedence', zero, 1000);
}

export function defaultPriorityLevelConfiguration(obj: KObject): boolean {
  const spec = (obj as PriorityLevelConfiguration).spec;
  if (!spec || typeof spec !== 'object') return false;
  let c = false;
  const limited = spec.limited;
  if (limited && typeof limited === 'object') {
    c = setIf(limited, 'nominalConcurrencyShares', absent, 30) || c;
    c = setIf(limited, 'lendablePercent', absent, 0) || c;
    const q = limited.limitResponse?.queuing;
    if (q && typeof q === 'object') {
      c = setIf(q, 'handSize', zero, 8) || c;
      c = setIf(q, 'queues', zero, 64) || c;
      c = setIf(q, 'queueLengthLimit', zero, 50) || c;
    }
  }
  const exempt = spec.exempt;
  if (exempt && typeof exempt === 'object') {
    c = setIf(exempt, 'nominalConcurrencyShares', absent, 0) || c;
    c = setIf(exempt, 'lendablePercent', absent, 0) || c;
  }
  return c;
}
