/**
 * Whether nothing reaches a machine from outside it: powered off (`sim fail node/X`) or cut off
 * (`sim fail network/X`). kube-apiserver's clients, its kubelet proxy and the learner's laptop
 * all meet the same wall. Cheap when no fault is injected (it runs on every request).
 */
import type { World } from '../world';

export function machineCutOff(w: World, machine: string): boolean {
  return w.faults.size > 0 && (w.faults.has(`node/${machine}`) || w.faults.has(`network/${machine}`));
}
