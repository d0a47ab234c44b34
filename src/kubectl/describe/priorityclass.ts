/** describePriorityClass (kubectl pkg/describe/describe.go): the class's fields, annotations on one line, events. */
import type { PriorityClass } from '../../k8s/types';
import type { Client } from '../client';
import { describeEvents, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { DescribeWriter } from './writer';

/** labels.FormatLabels: `k=v` pairs sorted as strings and joined with commas, `<none>` when empty. */
function formatLabels(m: Record<string, string> | undefined): string {
  const pairs = Object.entries(m ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  return pairs.length ? pairs.join(',') : '<none>';
}

export function describePriorityClass(client: Client, pc: PriorityClass, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${pc.metadata.name ?? ''}\n`);
  w.write(0, `Value:\t${pc.value}\n`);
  w.write(0, `GlobalDefault:\t${pc.globalDefault ?? false}\n`);
  w.write(0, `PreemptionPolicy:\t${pc.preemptionPolicy ?? 'PreemptLowerPriority'}\n`);
  w.write(0, `Description:\t${pc.description ?? ''}\n`);
  w.write(0, `Annotations:\t${formatLabels(pc.metadata.annotations)}\n`);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: pc.metadata.name ?? '', kind: 'PriorityClass', uid: pc.metadata.uid }), now);
  return w.toString();
}
