import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

/** A table's rows split at the tabwriter's padding, AGE left out. */
function rows(out: string, ageColumn: number): string[][] {
  return out
    .trimEnd()
    .split('\n')
    .map((l) => l.split(/ {2,}/).filter((_, i) => i !== ageColumn));
}

describe("kubectl get for API Priority and Fairness's objects (printers.go)", () => {
  const sim = new Simulation({ seed: 1 });

  it('prints FlowSchemas in matching order (printFlowSchemaList sorts by matchingPrecedence, then name)', () => {
    expect(rows(kubectl(sim, 'get flowschemas').stdout, 4)).toEqual([
      ['NAME', 'PRIORITYLEVEL', 'MATCHINGPRECEDENCE', 'DISTINGUISHERMETHOD', 'MISSINGPL'],
      ['exempt', 'exempt', '1', '<none>', 'False'],
      ['probes', 'exempt', '2', '<none>', 'False'],
      ['system-leader-election', 'leader-election', '100', 'ByUser', 'False'],
      ['system-node-high', 'node-high', '400', 'ByUser', 'False'],
      ['system-nodes', 'system', '500', 'ByUser', 'False'],
      ['kube-controller-manager', 'workload-high', '800', 'ByNamespace', 'False'],
      ['kube-scheduler', 'workload-high', '800', 'ByNamespace', 'False'],
      ['kube-system-service-accounts', 'workload-high', '900', 'ByNamespace', 'False'],
      ['service-accounts', 'workload-low', '9000', 'ByUser', 'False'],
      ['global-default', 'global-default', '9900', 'ByUser', 'False'],
      ['catch-all', 'catch-all', '10000', 'ByUser', 'False'],
    ]);
  });

  it('prints priority levels by name, <none> where a level has no limit or no queues', () => {
    expect(rows(kubectl(sim, 'get prioritylevelconfigurations').stdout, 6)).toEqual([
      ['NAME', 'TYPE', 'NOMINALCONCURRENCYSHARES', 'QUEUES', 'HANDSIZE', 'QUEUELENGTHLIMIT'],
      ['catch-all', 'Limited', '5', '<none>', '<none>', '<none>'],
      ['exempt', 'Exempt', '<none>', '<none>', '<none>', '<none>'],
      ['global-default', 'Limited', '20', '128', '6', '50'],
      ['leader-election', 'Limited', '10', '16', '4', '50'],
      ['node-high', 'Limited', '40', '64', '6', '50'],
      ['system', 'Limited', '30', '64', '6', '50'],
      ['workload-high', 'Limited', '40', '128', '6', '50'],
      ['workload-low', 'Limited', '100', '128', '6', '50'],
    ]);
  });

  it('has no short names, as upstream registers none', () => {
    expect(kubectl(sim, 'get fs').stderr).toBe('error: the server doesn\'t have a resource type "fs"\n');
  });
});
