import { parseDuration } from '../../k8s/time';
import { throwIfCutShort } from '../interrupt';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';

/** Longest single advance: a day of simulated time keeps a typo from hanging the session. */
const MAX_ADVANCE_MS = 24 * 3600 * 1000;

export function simAdvance(session: Session, argv: string[]): CommandResult {
  if (argv.length !== 1) return fail('error: usage: sim advance <duration>  (e.g. 30s, 5m, 1h30m)');
  const ms = parseDuration(argv[0]!);
  if (ms === undefined || ms < 0) return fail(`error: invalid duration "${argv[0]}": use a form like 30s, 5m, 1h30m`);
  if (ms > MAX_ADVANCE_MS) return fail('error: sim advance is limited to 24h at a time');
  const until = session.sim.now + ms;
  session.sim.advance(ms);
  throwIfCutShort(session.sim, until);
  return ok();
}
