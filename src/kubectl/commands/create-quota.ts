/**
 * `kubectl create quota|resourcequota` (create_quota.go): `--hard` as comma-separated
 * `resource=quantity` pairs, each parsed as a Quantity (so `1000m` is sent as `1`), and
 * `--scopes` passed through unchecked: the apiserver validates them.
 */
import type { KObject } from '../../k8s/types';
import { parseResourceList } from './resource-list-flag';
import type { FlagDef, Flags } from '../flags';

export const QUOTA_FLAGS: FlagDef[] = [
  { name: 'hard', kind: 'string' },
  { name: 'scopes', kind: 'string' },
];

export function buildQuota(flags: Flags, name: string, namespace: string | undefined): KObject {
  const hard = parseResourceList(flags.str('hard'));
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
