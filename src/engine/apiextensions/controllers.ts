/**
 * The apiextensions-apiserver controllers that run inside kube-apiserver (not in
 * kube-controller-manager): the naming controller (NamesAccepted, status.acceptedNames), the
 * establishing controller (Established, after 5 s when several apiservers run, as crdHandler
 * queues it) and the finalizer controller (`customresourcecleanup.apiextensions.k8s.io`: every
 * custom object is deleted before the CRD goes), and crdregistration (crd-registration.ts: the
 * APIServices of the group/versions CRDs serve). Each CRD commit arms the `apiextensions` timer
 * of the apiserver that committed it (storage.ts); the reconcile is level-based: it reads the
 * stored CRD and writes only what differs, through the apiserver's own pipeline (loopback).
 */
import { CRD_CLEANUP_FINALIZER, crdCondition, crdResourceInfo, type CustomResourceDefinition, type CustomResourceDefinitionCondition, type CustomResourceDefinitionNames } from '../../k8s/apiextensions';
import { RESOURCES } from '../../k8s/resources';
import { rfc3339 } from '../../k8s/time';
import type { KObject } from '../../k8s/types';
import { cloneData } from '../core/clone';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { APISERVER_USER } from '../apiserver/bootstrap';
import { handleRequest, type ApiRequest, type ApiResponse } from '../apiserver/handler';
import type { ApiServerState } from '../apiserver/state';
import { storedObject } from '../apiserver/storage';
import { CRDS, storedCrds } from './served';
import { syncCrdApiServices } from './crd-registration';

export const APIEXTENSIONS_TIMER = 'apiextensions';
export const ESTABLISH_TIMER = 'apiextensions-establish';
/** How long the finalizer controller waits before looking again at objects still terminating. */
const CLEANUP_RETRY_MS = 1000;

function loopback(w: World, self: ApiServerState, req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse {
  return handleRequest(w, self.id, { ...req, user: APISERVER_USER, from: self.id });
}

/** SetCRDCondition: a changed status moves lastTransitionTime; reason and message are replaced. */
function setCondition(w: World, crd: CustomResourceDefinition, next: CustomResourceDefinitionCondition): void {
  const status = (crd.status ??= {});
  const list = (status.conditions ??= []);
  const i = list.findIndex((c) => c.type === next.type);
  const old = i >= 0 ? list[i] : undefined;
  const cond = { type: next.type, status: next.status, lastTransitionTime: old && old.status === next.status ? old.lastTransitionTime : rfc3339(w.now), reason: next.reason, message: next.message };
  if (i >= 0) list[i] = cond;
  else list.push(cond);
}

/** getAcceptedNamesForGroup, reduced to the plural: another CRD or a built-in already serving it. */
function pluralConflict(w: World, crd: CustomResourceDefinition): string | undefined {
  const plural = crd.spec.names.plural;
  if (RESOURCES.some((r) => r.resource === plural)) return plural;
  for (const other of storedCrds(w)) {
    if (other.metadata.name === crd.metadata.name) continue;
    if (other.status?.acceptedNames?.plural === plural) return plural;
  }
  return undefined;
}

function writeStatus(w: World, self: ApiServerState, crd: CustomResourceDefinition): void {
  loopback(w, self, { verb: 'update', resource: CRDS, subresource: 'status', name: crd.metadata.name ?? '', body: crd });
}

/** The naming controller's sync: accepted names and the NamesAccepted / initial Established conditions. */
function syncNames(w: World, self: ApiServerState, stored: CustomResourceDefinition): void {
  const crd = cloneData(stored);
  const conflict = pluralConflict(w, crd);
  const names: CustomResourceDefinitionNames = { ...crd.spec.names };
  if (!names.singular) names.singular = names.kind.toLowerCase();
  if (!names.listKind) names.listKind = `${names.kind}List`;
  if (!conflict) crd.status = { ...crd.status, acceptedNames: names };
  setCondition(
    w,
    crd,
    conflict
      ? { type: 'NamesAccepted', status: 'False', reason: 'PluralConflict', message: `"${conflict}" is already in use` }
      : { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' },
  );
  const established = crdCondition(crd, 'Established');
  if (!established) setCondition(w, crd, { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' });
  if (established?.status !== 'True' && !conflict) setCondition(w, crd, { type: 'Established', status: 'False', reason: 'Installing', message: 'the initial names have been accepted' });
  if (JSON.stringify(crd.status) !== JSON.stringify(stored.status)) writeStatus(w, self, crd);
}

function syncEstablished(w: World, self: ApiServerState, name: string): void {
  const stored = storedObject(w, CRDS, undefined, name) as CustomResourceDefinition | undefined;
  if (!stored || stored.metadata.deletionTimestamp) return;
  if (crdCondition(stored, 'NamesAccepted')?.status !== 'True' || crdCondition(stored, 'Established')?.status === 'True') return;
  const crd = cloneData(stored);
  setCondition(w, crd, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' });
  writeStatus(w, self, crd);
}

/** The finalizer controller: delete every custom object, then release the CRD. */
function finalize(w: World, self: ApiServerState, stored: CustomResourceDefinition): void {
  if (!(stored.metadata.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) return;
  const progressing = crdCondition(stored, 'Terminating');
  if (progressing?.reason !== 'InstanceDeletionInProgress') {
    const crd = cloneData(stored);
    setCondition(w, crd, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
    writeStatus(w, self, crd);
  }
  const info = crdResourceInfo(stored);
  const listed = loopback(w, self, { verb: 'list', resource: info.resource });
  const items: KObject[] = listed.ok ? (listed.items ?? []) : [];
  for (const o of items) {
    if (o.metadata.deletionTimestamp) continue;
    loopback(w, self, { verb: 'delete', resource: info.resource, namespace: o.metadata.namespace, name: o.metadata.name ?? '' });
  }
  const left = loopback(w, self, { verb: 'list', resource: info.resource });
  if (left.ok && (left.items ?? []).length > 0) {
    setTimer(w, self, CLEANUP_RETRY_MS, APIEXTENSIONS_TIMER, stored.metadata.name);
    return;
  }
  const latest = storedObject(w, CRDS, undefined, stored.metadata.name ?? '') as CustomResourceDefinition | undefined;
  if (!latest) return;
  const crd = cloneData(latest);
  crd.metadata.finalizers = (crd.metadata.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER);
  loopback(w, self, { verb: 'update', resource: CRDS, name: crd.metadata.name ?? '', body: crd });
}

/** The `apiextensions` timer: one level-based pass over the named CRD. */
export function syncCrd(w: World, self: ApiServerState, name: string): void {
  syncCrdApiServices(w, (req) => loopback(w, self, req));
  const stored = storedObject(w, CRDS, undefined, name) as CustomResourceDefinition | undefined;
  if (!stored) return;
  if (stored.metadata.deletionTimestamp) return finalize(w, self, stored);
  syncNames(w, self, stored);
  const now = storedObject(w, CRDS, undefined, name) as CustomResourceDefinition | undefined;
  if (now && crdCondition(now, 'NamesAccepted')?.status === 'True' && crdCondition(now, 'Established')?.status !== 'True') {
    // crdHandler.updateCustomResourceDefinition: QueueCRD(name, 5s) with several masters, else at once.
    setTimer(w, self, w.apiServers.length > 1 ? 5000 : 0, ESTABLISH_TIMER, name);
  }
}

export function onApiextensionsTimer(w: World, self: ApiServerState, timer: string, name: string | undefined): void {
  if (name === undefined) return;
  if (timer === APIEXTENSIONS_TIMER) syncCrd(w, self, name);
  else if (timer === ESTABLISH_TIMER) syncEstablished(w, self, name);
}
