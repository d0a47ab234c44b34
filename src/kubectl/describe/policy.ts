/** describePodDisruptionBudgetV1 (kubectl pkg/describe/describe.go): the bound that is set, the selector, the status counts, events. */
import type { PodDisruptionBudget } from '../../k8s/types';
import { formatLabelSelector } from '../../k8s/labels';
import type { Client } from '../client';
import { describeEvents, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { DescribeWriter } from './writer';

export function describePodDisruptionBudget(client: Client, pdb: PodDisruptionBudget, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${pdb.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${pdb.metadata.namespace ?? ''}\n`);
  if (pdb.spec?.minAvailable !== undefined) w.write(0, `Min available:\t${pdb.spec.minAvailable}\n`);
  else if (pdb.spec?.maxUnavailable !== undefined) w.write(0, `Max unavailable:\t${pdb.spec.maxUnavailable}\n`);
  w.write(0, `Selector:\t${pdb.spec?.selector ? formatLabelSelector(pdb.spec.selector) : '<unset>'}\n`);
  const st = pdb.status;
  w.write(0, 'Status:\n');
  w.write(2, `Allowed disruptions:\t${st?.disruptionsAllowed ?? 0}\n`);
  w.write(2, `Current:\t${st?.currentHealthy ?? 0}\n`);
  w.write(2, `Desired:\t${st?.desiredHealthy ?? 0}\n`);
  w.write(2, `Total:\t${st?.expectedPods ?? 0}\n`);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: pdb.metadata.name ?? '', namespace: pdb.metadata.namespace, kind: 'PodDisruptionBudget', uid: pdb.metadata.uid }), now);
  return w.toString();
}
