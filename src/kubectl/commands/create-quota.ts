/**
 * `kubectl create quota|resourcequota` (create_quota.go): `--hard` as comma-separated
 * `resource=quantity` pairs, each parsed as a Quantity (so `1000m` is sent as `1`), and
 * `--scopes` passed through unchecked: the apiserver validates them.
 */
import type { KObject, ResourceList } from '../../k8s/types';
import { canonical } from '../../k8s/resource-list';
import { isQuantity } from '../../k8s/quantity';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';

export const QUOTA_FLAGS: FlagDef[] = [
  { name: 'hard', kind: 'string' },
  { name: 'scopes', kind: 'string' },
];

const FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** populateResourceListV1: a later pair for the same resource wins, as a map assignment does. */
function resourceList(spec: string): ResourceList | undefined {
  if (spec === '') return undefined;
  const out: ResourceList = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw plainError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    // Approximate: every parse failure reads as the format error (ParseQuantity has two rarer ones).
    if (!isQuantity(parts[1]!.trim()) || parts[1] !== parts[1]!.trim()) throw plainError(FORMAT_WRONG);
    out[parts[0]!] = canonical(parts[1]!);
  }
  const sorted: ResourceList = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k]!;
  return sorted;
}

export function buildQuota(flags: Flags, name: string, namespace: string | undefined): KObject {
  const hard = resourceList(flags.str('hard'));
  const scopesText = flags.str('scopes');
  const scopes = scopesText === '' ? undefined : scopesText.split(',');
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    spec: { ...(hard ? { hard } : {}), ...(scopes ? { scopes } : {}) },
    status: {},
  };
}
