/**
 * symptoms(moment): what is happening in the cluster right now, in plain statements, each with
 * the commands a learner should run to see it for themselves. Read from the state at the moment
 * shown (objects, component summaries, active faults), so stepping back in time changes the
 * card with everything else. The wording lives in i18n/messages/instructor.ts; statements carry
 * only keys and parameters.
 *
 * Order: control plane, then machines, then storage, message faults and workloads — causes
 * before the effects they explain. A block that says exactly what an earlier one says (same
 * statements, same checks) is shown once: the card groups by cause, never by instance.
 */
import type { Moment, Symptom } from './moment';
import { controlPlaneSymptoms } from './symptoms-control';
import { nodeSymptoms } from './symptoms-nodes';
import { otherSymptoms } from './symptoms-workloads';

export type { Moment, Statement, Symptom, SymptomKey, Tone } from './moment';

function distinct(list: Symptom[]): Symptom[] {
  const contents = new Set<string>();
  const ids = new Set<string>();
  return list.filter((s) => {
    const content = JSON.stringify([s.tone, s.says, s.checks]);
    if (contents.has(content) || ids.has(s.id)) return false;
    contents.add(content);
    ids.add(s.id);
    return true;
  });
}

export function symptoms(m: Moment): Symptom[] {
  const out = distinct([...controlPlaneSymptoms(m), ...nodeSymptoms(m), ...otherSymptoms(m)]);
  if (out.length) return out;
  return [{ id: 'calm', tone: 'ok', says: [{ key: 'sym.calm' }], checks: ['kubectl get nodes', 'kubectl get pods', 'kubectl get events'] }];
}
