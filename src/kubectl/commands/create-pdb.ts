/**
 * `kubectl create poddisruptionbudget|pdb` (create_pdb.go): Validate's checks in its order, then
 * metav1.ParseToLabelSelector, which keeps `k=v` as matchLabels and turns the set-based forms
 * into matchExpressions (sorted by key, values sorted) but refuses `!=`, `gt` and `lt`.
 */
import type { KObject, LabelSelector, LabelSelectorRequirement } from '../../k8s/types';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';

export const PDB_FLAGS: FlagDef[] = [
  { name: 'selector', kind: 'string' },
  { name: 'min-available', kind: 'string' },
  { name: 'max-unavailable', kind: 'string' },
];

const KEY = '[A-Za-z0-9./_-]+';

function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

/** ParseToLabelSelector. */
export function parseToLabelSelector(text: string): LabelSelector {
  const matchLabels: Record<string, string> = {};
  const exprs: LabelSelectorRequirement[] = [];
  for (const raw of splitTopLevel(text.trim())) {
    const p = raw.trim();
    let m: RegExpMatchArray | null;
    if ((m = p.match(new RegExp(`^(${KEY})\\s+(in|notin)\\s*\\(([^)]*)\\)$`)))) {
      const values = [...new Set(m[3]!.split(',').map((v) => v.trim()).filter((v) => v !== ''))].sort();
      exprs.push({ key: m[1]!, operator: m[2] === 'in' ? 'In' : 'NotIn', values });
    } else if (new RegExp(`^${KEY}\\s*!=`).test(p)) {
      throw plainError('"!=" is not a valid label selector operator');
    } else if ((m = p.match(new RegExp(`^${KEY}\\s*([<>])`)))) {
      throw plainError(`"${m[1] === '>' ? 'gt' : 'lt'}" isn't supported in label selectors`);
    } else if ((m = p.match(new RegExp(`^(${KEY})\\s*==?\\s*([A-Za-z0-9._-]*)$`)))) {
      matchLabels[m[1]!] = m[2]!;
    } else if ((m = p.match(new RegExp(`^!\\s*(${KEY})$`)))) {
      exprs.push({ key: m[1]!, operator: 'DoesNotExist' });
    } else if ((m = p.match(new RegExp(`^(${KEY})$`)))) {
      exprs.push({ key: m[1]!, operator: 'Exists' });
    } else {
      const found = p.match(/^[^A-Za-z0-9./_!-]/)?.[0] ?? p;
      throw plainError(`couldn't parse the selector string "${text}": found '${found}', expected: !, identifier, or 'end of string'`);
    }
  }
  exprs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...(Object.keys(matchLabels).length ? { matchLabels } : {}), ...(exprs.length ? { matchExpressions: exprs } : {}) };
}

/** intstr.Parse: digits are an integer, anything else a string. */
function intOrString(v: string): number | string {
  return /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v;
}

/** Validate + createPodDisruptionBudgets for a NAME already checked. */
export function buildPodDisruptionBudget(flags: Flags, name: string, namespace: string | undefined): KObject {
  const selector = flags.str('selector');
  const min = flags.str('min-available');
  const max = flags.str('max-unavailable');
  if (selector === '') throw plainError('a selector must be specified');
  if (min === '' && max === '') throw plainError('one of min-available or max-unavailable must be specified');
  if (min !== '' && max !== '') throw plainError('min-available and max-unavailable cannot be both specified');
  const re = /^[0-9]+%?$/;
  if (min !== '' && !re.test(min)) throw plainError('invalid format specified for min-available');
  if (max !== '' && !re.test(max)) throw plainError('invalid format specified for max-unavailable');
  const spec = { ...(min !== '' ? { minAvailable: intOrString(min) } : {}), selector: parseToLabelSelector(selector), ...(max !== '' ? { maxUnavailable: intOrString(max) } : {}) };
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    spec,
    status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
  };
}
