/**
 * populateResourceListV1 (kubectl's generate/versioned): a flag's comma-separated
 * `resource=quantity` pairs as a ResourceList, each parsed as a Quantity (so `1000m` is sent as
 * `1`). `kubectl create quota --hard` and `kubectl set resources --limits/--requests` read theirs
 * with it.
 */
import type { ResourceList } from '../../k8s/types';
import { canonical } from '../../k8s/resource-list';
import { isQuantity } from '../../k8s/quantity';
import { plainError } from '../errors';

const FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** A later pair for the same resource wins, as a map assignment does; undefined for ''. */
export function parseResourceList(spec: string): ResourceList | undefined {
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
