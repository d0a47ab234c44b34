/**
 * `sim controller start|stop <name>` and `sim controller list`: a custom controller the learner
 * runs and stops (today `sample`, kubernetes/sample-controller). Stopping it shows what "the
 * controller is just a loop" means: new objects sit there until it runs again and catches up.
 */
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';

export const CONTROLLER_VERBS = ['start', 'stop', 'list'] as const;

const USAGE = 'usage: sim controller start|stop <name> (e.g. sample), or sim controller list';

export function simController(session: Session, argv: string[]): CommandResult {
  const [verb, name, ...extra] = argv;
  if (verb === 'list' && name === undefined) {
    const on = session.sim.optionalControllers();
    return ok(on.length ? on.map((n) => `${n}\trunning\n`).join('') : 'no optional controller is running (try: sim controller start sample)\n');
  }
  if ((verb !== 'start' && verb !== 'stop') || name === undefined || extra.length > 0) return fail(`error: ${USAGE}`);
  const res = session.sim.setOptionalController(name, verb === 'start');
  return res.ok ? ok(`${res.message}\n`) : fail(`error: ${res.message}`);
}
