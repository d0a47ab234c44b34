/**
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook (k8s.io/apiserver
 * pkg/admission/plugin/webhook/{mutating,validating}/dispatcher.go). Mutating webhooks are called
 * one after another, each seeing the previous one's JSONPatch applied, the result defaulted again
 * as the decode into the versioned object does; validating webhooks are called (upstream: in
 * parallel) and the first failure in order is returned. A call that fails is
 * ErrCallingWebhook: under failurePolicy Fail an InternalError `failed calling webhook "<name>":
 * …`, under Ignore the request goes on (upstream logs it and annotates the audit event
 * `failed-open.…`, which this audit log does not record). A denial is ToStatusErr's
 * `admission webhook "<name>" denied the request: <message>` with the webhook's own code and reason.
 */
import { applyJsonPatch } from '../../../../k8s/json-patch';
import { decodeBase64 } from '../../../../k8s/base64';
import type { KObject } from '../../../../k8s/types';
import type { Webhook } from '../../../../k8s/webhook-configuration';
import type { ComponentId } from '../../../core/ids';
import { uuidV4 } from '../../../core/rng';
import type { World } from '../../../world';
import { badRequest, internalError, type StatusError, type StatusReason } from '../../status';
import { applyDefaults } from '../defaults';
import type { AdmissionAttributes, MutatingPlugin, ValidatingPlugin } from '../types';
import { callWebhook } from './call';
import { exempt, hooksOf, shouldCall } from './match';
import { admissionReview, reviewVersion, verifyResponse, type AdmissionResult } from './review';

type HookOutcome = { kind: 'allowed'; result: AdmissionResult } | { kind: 'call-failed'; message: string } | { kind: 'error'; error: StatusError };

function callFailed(h: Webhook, reason: string): HookOutcome {
  return { kind: 'call-failed', message: `failed calling webhook ${JSON.stringify(h.name)}: ${reason}` };
}

/** webhookerrors.ToStatusErr: the webhook's status, never below 400, its message prefixed. */
function denial(h: Webhook, r: AdmissionResult['result']): StatusError {
  const denied = `admission webhook ${JSON.stringify(h.name)} denied the request`;
  const code = (r?.code ?? 0) < 400 ? 400 : r!.code!;
  const message = r?.message ? `${denied}: ${r.message}` : r?.reason ? `${denied}: ${r.reason}` : `${denied} without explanation`;
  return { code, reason: (r?.reason ?? '') as StatusReason, message };
}

/** callHook up to the verified response: the dry-run check, the call, VerifyAdmissionResponse, a denial. */
function callHook(w: World, serverId: ComponentId, h: Webhook, a: AdmissionAttributes, mutating: boolean): HookOutcome {
  if (a.dryRun && h.sideEffects !== 'None' && h.sideEffects !== 'NoneOnDryRun') return { kind: 'error', error: badRequest(`admission webhook ${JSON.stringify(h.name)} does not support dry run`) };
  const version = reviewVersion(h);
  if (!version) return callFailed(h, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  const uid = uuidV4(w.rng);
  const call = callWebhook(w, serverId, h, admissionReview(uid, version, a));
  if (!call.outcome.ok) return callFailed(h, `failed to call webhook: Post ${JSON.stringify(call.url)}: ${call.outcome.error}`);
  if (call.outcome.status < 200 || call.outcome.status > 299) {
    const body = call.outcome.body.trim();
    return callFailed(h, `failed to call webhook: an error on the server (${JSON.stringify(body)}) has prevented the request from succeeding`);
  }
  const result = verifyResponse(uid, version, mutating, call.outcome.body);
  if ('error' in result) return callFailed(h, `received invalid webhook response: ${result.error}`);
  for (const warning of result.warnings ?? []) a.warnings?.push(warning);
  if (!result.allowed) return { kind: 'error', error: denial(h, result.result) };
  return { kind: 'allowed', result };
}

/** Decodes a JSONPatch response (a []byte: base64 in the review's JSON) and applies it, then defaults the result as decoding into the type does. */
function applyPatch(h: Webhook, a: AdmissionAttributes, patch: string, patchType: string | undefined): StatusError | boolean {
  if (patchType !== 'JSONPatch') return internalError(`failed calling webhook ${JSON.stringify(h.name)}: unsupported patch type ${JSON.stringify(patchType ?? '')}`);
  let ops: unknown;
  try {
    ops = JSON.parse(decodeBase64(patch));
  } catch (e) {
    return internalError(`failed calling webhook ${JSON.stringify(h.name)}: received undecodable patch in webhook response: ${(e as Error).message}`);
  }
  if (!Array.isArray(ops) || ops.length === 0) return false;
  if (a.operation === 'DELETE') return internalError(`admission webhook ${JSON.stringify(h.name)} attempted to modify the object, which is not supported for this operation`);
  const r = applyJsonPatch(a.obj, ops as unknown[]);
  if (!r.ok) return internalError(r.detail);
  const next = r.value as unknown as KObject;
  for (const k of Object.keys(a.obj)) delete (a.obj as unknown as Record<string, unknown>)[k];
  Object.assign(a.obj, next);
  applyDefaults(a.info, a.obj);
  return true;
}

export const MutatingAdmissionWebhook: MutatingPlugin = {
  name: 'MutatingAdmissionWebhook',
  admit(w, a) {
    if (exempt(a) || !a.serverId) return false;
    let changed = false;
    for (const { webhook: h } of hooksOf(w, 'mutatingwebhookconfigurations')) {
      const should = shouldCall(w, h, a);
      if (typeof should === 'object') return should;
      if (!should) continue;
      const r = callHook(w, a.serverId, h, a, true);
      if (r.kind === 'error') return r.error;
      if (r.kind === 'call-failed') {
        if (h.failurePolicy === 'Ignore') continue;
        return internalError(r.message);
      }
      if (!r.result.patch) continue;
      const patched = applyPatch(h, a, r.result.patch, r.result.patchType);
      if (typeof patched === 'object') return patched;
      changed = patched || changed;
    }
    return changed;
  },
};

export const ValidatingAdmissionWebhook: ValidatingPlugin = {
  name: 'ValidatingAdmissionWebhook',
  validate(w, a) {
    if (exempt(a) || !a.serverId) return undefined;
    const relevant: Webhook[] = [];
    for (const { webhook: h } of hooksOf(w, 'validatingwebhookconfigurations')) {
      const should = shouldCall(w, h, a);
      if (typeof should === 'object') return should;
      if (should) relevant.push(h);
    }
    const errors: StatusError[] = [];
    for (const h of relevant) {
      const r = callHook(w, a.serverId, h, a, false);
      if (r.kind === 'error') errors.push(r.error);
      else if (r.kind === 'call-failed' && h.failurePolicy !== 'Ignore') errors.push(internalError(r.message));
      else if (r.kind === 'call-failed') ((a.asked ??= {}).ignored ??= []).push(h.name);
      else ((a.asked ??= {}).webhooks ??= []).push(h.name);
    }
    return errors[0];
  },
};
