/**
 * symptoms(moment): what is happening in the cluster right now, in plain statements, each with
 * the commands a learner should run to see it for themselves. Read from the state at the moment
 * shown (objects, component summaries, active faults), so stepping back in time changes the
 * card with everything else. The wording lives in i18n/messages/instructor.ts; statements carry
 * only keys and parameters.
 *
 * Order: control plane, then machines, then storage, message faults and workloads — causes
 * before the effects they explain.
 */
import type { Moment, Symptom } from './moment';
import { controlPlaneSymptoms } from './symptoms-control';
import { nodeSymptoms } from './symptoms-nodes';
import { otherSymptoms } from './symptoms-workloads';

export type { Moment, Statement, Symptom, SymptomKey, Tone } from './moment';

export function symptoms(m: Moment): Symptom[] {
  const out = [...controlPlaneSymptoms(m), ...nodeSymptoms(m), ...otherSymptoms(m)];
  if (out.length) return out;
  return [{ id: 'calm', tone: 'ok', says: [{ key: 'sym.calm' }], checks: ['kubectl get nodes', 'kubectl get pods', 'kubectl get events'] }];
}
