/**
 * Controllers that are not part of kube-controller-manager's default set and run only when the
 * learner starts them (`sim controller start <name>`): today kubernetes/sample-controller. The
 * manager's behaviour asks this leaf which are on, so starting one changes nothing at boot.
 */
import type { World } from '../../world';
import type { ControllerDef } from '../framework';
import { sampleController } from './controller';

export const OPTIONAL_CONTROLLERS: Readonly<Record<string, ControllerDef>> = { sample: sampleController };

/** The optional controllers running now, in the order they were started. */
export function enabledOptional(w: World): ControllerDef[] {
  return (w.optionalControllers ?? []).map((n) => OPTIONAL_CONTROLLERS[n]).filter((d): d is ControllerDef => d !== undefined);
}
