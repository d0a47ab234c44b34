/**
 * What a lesson points at on the diagram, and which boxes answer an open prediction, matched the
 * way lessons name things (src/k8s/names.ts): a component name covers its HA instances and every
 * node's copy of an agent, a controller is drawn in kube-controller-manager, Pods and nodes match
 * by glob. Pure: unit-tested as data.
 */
import { componentMatches, globMatch } from '../../k8s/names';
import type { Focus } from '../../lesson-runtime/schema';
import { KCM_CONTROLLERS } from './actors';

const CONTROLLERS: ReadonlySet<string> = new Set(KCM_CONTROLLERS);

/** The prediction the learner is answering by clicking the diagram. */
export interface DiagramChoice {
  form: 'component' | 'node';
  options: readonly string[];
  /** The option chosen so far (lessons.choice). */
  chosen?: string;
}

/** Whether `pattern` names the box of component `componentId` (of `kind`). */
export function namesComponent(pattern: string, componentId: string, kind: string): boolean {
  if (componentMatches(pattern, componentId)) return true;
  // kube-controller-manager is where its controllers are drawn: `replicaset-controller`, `*-controller`.
  return kind === 'kube-controller-manager' && namesController(pattern);
}

/** Whether `pattern` names one of kube-controller-manager's controllers. */
export function namesController(pattern: string): boolean {
  return KCM_CONTROLLERS.some((c) => globMatch(pattern, c));
}

export function isController(option: string): boolean {
  return CONTROLLERS.has(option);
}

/** The option a click on this component chooses, if any (controllers are chosen on their own chips). */
export function optionFor(choice: DiagramChoice | undefined, componentId: string): string | undefined {
  if (choice?.form !== 'component') return undefined;
  return choice.options.find((o) => !isController(o) && componentMatches(o, componentId));
}

/** The option a click on this machine chooses, if any. */
export function nodeOptionFor(choice: DiagramChoice | undefined, host: string): string | undefined {
  if (choice?.form !== 'node') return undefined;
  return choice.options.find((o) => globMatch(o, host));
}

export interface ObjectRef {
  kind: string;
  namespace?: string | undefined;
  name: string;
}

/** The object focus entries of a step. */
export function focusedObjects(focus: readonly Focus[]): ObjectRef[] {
  return focus.flatMap((f) => ('object' in f ? [f.object] : []));
}

/** Whether a Pod (with its owning controller's name) is one of the focused objects, directly or through its ReplicaSet or Deployment. */
export function podFocused(objects: readonly ObjectRef[], pod: { namespace: string; name: string; owner?: string | undefined }): boolean {
  return objects.some((o) => {
    if (o.namespace !== undefined && o.namespace !== pod.namespace) return false;
    if (o.kind === 'Pod') return globMatch(o.name, pod.name);
    if (!pod.owner) return false;
    if (o.kind === 'ReplicaSet' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet' || o.kind === 'Job') return globMatch(o.name, pod.owner);
    // A Deployment's ReplicaSets are `<name>-<pod-template-hash>`.
    if (o.kind === 'Deployment') return pod.owner.startsWith(`${o.name}-`) ? !pod.owner.slice(o.name.length + 1).includes('-') : globMatch(`${o.name}-*`, pod.owner);
    return false;
  });
}

export function nodeFocused(objects: readonly ObjectRef[], host: string): boolean {
  return objects.some((o) => o.kind === 'Node' && globMatch(o.name, host));
}
