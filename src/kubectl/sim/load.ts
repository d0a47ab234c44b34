/**
 * `sim load <service> --rps N [-n NS]` / `sim load <service> --off`: a steady stream of requests
 * to a Service from outside the cluster, entering through the nodes' kube-proxy rules, so the
 * Pods behind it share it and burn CPU for it (their image's cost per request) — what makes
 * `kubectl top` move and a HorizontalPodAutoscaler scale. `--rps 0` stops it too.
 */
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';

export const LOAD_FLAGS: FlagDef[] = [
  { name: 'rps', kind: 'int' },
  { name: 'off', kind: 'bool' },
  { name: 'namespace', short: 'n', kind: 'string', values: 'namespaces' },
];

const USAGE = 'error: usage: sim load <service> --rps N [-n NAMESPACE] | sim load <service> --off';

export function simLoad(session: Session, argv: string[]): CommandResult {
  let service: string | undefined;
  let rps: number | undefined;
  let off = false;
  let namespace = session.contextNamespace();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(LOAD_FLAGS, a);
    if (f?.def.name === 'off') off = true;
    else if (f) {
      const v = f.inline ?? argv[++i];
      if (v === undefined) return fail(`error: flag needs an argument: ${a}`);
      if (f.def.name === 'namespace') namespace = v;
      else if (!/^\d+$/.test(v)) return fail(`error: invalid argument "${v}" for "--rps" flag: requests per second must be a whole number`);
      else rps = Number(v);
    } else if (a.startsWith('-')) return fail(`error: unknown flag: ${a}`);
    else if (service === undefined) service = a.replace(/^(svc|service|services)\//, '');
    else return fail(USAGE);
  }
  if (!service || (rps === undefined && !off)) return fail(USAGE);
  const key = `${namespace}/${service}`;
  if (!session.sim.storedObject(`services/${key}`)) return fail(`error: services "${service}" not found in namespace "${namespace}"`);
  const n = off ? 0 : (rps ?? 0);
  session.sim.setServiceLoad(key, n);
  return ok(n > 0 ? `load on service/${service}: ${n} requests/s\n` : `load on service/${service} stopped\n`);
}

/** The lines `sim status` adds while loads run. */
export function loadLines(session: Session): string {
  const loads = session.sim.serviceLoads();
  if (loads.length === 0) return '';
  return `\nLoad (sim load):\n${loads.map((l) => `  service ${l.service}: ${l.rps} requests/s\n`).join('')}`;
}
