/**
 * The kubelet's RuntimeClass manager (pkg/kubelet/runtimeclass): an informer over every
 * RuntimeClass, started with the kubelet, and LookupRuntimeHandler, which turns a Pod's
 * runtimeClassName into the handler RunPodSandbox is asked for. A class gone from the cache
 * (deleted after the Pod was admitted) is the lister's NotFound, which generatePodSandboxConfig
 * returns before any CRI call, so it surfaces as the FailedCreatePodSandBox event's text.
 */
import type { RuntimeClass } from '../../k8s/types';
import { newInformer } from '../client/informer';
import type { InformerState } from '../client/types';
import type { KubeletState } from './state';

export const RUNTIME_CLASSES = 'runtimeclasses';

export function newRuntimeClassInformer(): InformerState {
  return newInformer(RUNTIME_CLASSES, {});
}

export type HandlerLookup = { ok: true; handler: string } | { ok: false; error: string };

export function lookupRuntimeHandler(self: KubeletState, runtimeClassName: string | undefined): HandlerLookup {
  // The default RuntimeClass always resolves to the empty handler: the runtime's default.
  if (!runtimeClassName) return { ok: true, handler: '' };
  const rc = self.informers[RUNTIME_CLASSES]?.cache.get(runtimeClassName) as RuntimeClass | undefined;
  // The generated lister's NotFound names the resource in the singular: v1.Resource("runtimeclass").
  if (!rc) return { ok: false, error: `runtimeclass.node.k8s.io ${JSON.stringify(runtimeClassName)} not found` };
  return { ok: true, handler: rc.handler };
}
