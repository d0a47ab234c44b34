/**
 * `sim audit [--tail N] [--user U] [--verb V]`: kube-apiserver's audit log, one audit.k8s.io/v1
 * Event per JSON line as `--audit-log-path` writes it (Metadata level). On a real control-plane
 * machine this is `tail /var/log/kubernetes/audit/audit.log | grep …`; the engine keeps the events
 * (apiserver/audit.ts) and this reads them, newest last.
 */
import type { AuditQuery } from '../../engine/index';
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';

export const AUDIT_FLAGS: FlagDef[] = [
  { name: 'tail', kind: 'string' },
  { name: 'user', kind: 'string' },
  { name: 'verb', kind: 'string' },
];

const USAGE = 'error: usage: sim audit [--tail N] [--user USER] [--verb VERB]';

function parse(argv: string[]): AuditQuery | string {
  const q: AuditQuery = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(AUDIT_FLAGS, a);
    if (!f) return a.startsWith('-') ? `error: unknown flag: ${a}` : USAGE;
    const v = f.inline ?? argv[++i];
    if (v === undefined) return `error: flag needs an argument: ${a}`;
    if (f.def.name === 'tail') {
      if (!/^\d+$/.test(v)) return `error: invalid argument "${v}" for "--tail" flag: expected a non-negative integer`;
      q.tail = Number(v);
    } else if (f.def.name === 'user') q.user = v;
    else q.verb = v;
  }
  return q;
}

export function simAudit(session: Session, argv: string[]): CommandResult {
  const q = parse(argv);
  if (typeof q === 'string') return fail(q);
  const lines = session.sim.auditLog(q);
  return ok(lines.length ? lines.join('\n') + '\n' : '');
}
