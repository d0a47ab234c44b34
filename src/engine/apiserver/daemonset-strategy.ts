/**
 * The DaemonSet strategy's templateGeneration (pkg/registry/apps/daemonset/strategy.go): an
 * internal field that apps/v1 carries as the `deprecated.daemonset.template.generation`
 * annotation. It starts at 1 and grows only when the Pod template changes (metadata.generation
 * grows on any spec change); the controller labels Pods `pod-template-generation` with it.
 */
import type { DaemonSet, KObject } from '../../k8s/types';
import { TEMPLATE_GENERATION, templateGenerationOf } from '../../k8s/daemonset-history';
import { semanticEqual } from './validation/field';

function templateGeneration(o: KObject): number {
  return Math.max(0, templateGenerationOf(o) ?? 0);
}

function set(o: KObject, gen: number): void {
  o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [TEMPLATE_GENERATION]: String(gen) };
}

export function prepareDaemonSetCreate(ds: KObject): void {
  set(ds, Math.max(1, templateGeneration(ds)));
}

export function prepareDaemonSetUpdate(next: KObject, old: KObject): void {
  const prev = Math.max(1, templateGeneration(old));
  set(next, semanticEqual((next as DaemonSet).spec?.template, (old as DaemonSet).spec?.template) ? prev : prev + 1);
}
