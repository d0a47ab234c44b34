/**
 * The kubelet's image manager (images/image_manager.go): imagePullPolicy decides whether to
 * pull; pulls go through one serialized puller (serializeImagePulls=true), so a second pull waits
 * for the first — the "(… including waiting)" part of the Pulled event; failures back off per
 * Pod and image, 10 s doubling to 300 s, with the real ErrImagePull/ImagePullBackOff events.
 */
import type { Container, Pod } from '../../k8s/types';
import { goDuration } from '../../k8s/time';
import { jitter } from '../runtime';
import type { World } from '../world';
import { resolveImage } from '../node/app';
import { imageStatus, pullDuration, pullImage, runtimeOf } from '../node/cri';
import { logPullFailed, logSyncError } from './journal';
import { backoffNext, inBackOffSinceUpdate, type BackoffPolicy } from '../client/backoff';
import { podEvent } from './client';
import type { KubeletState, PodWorker } from './state';
import { containerBook } from './container-book';

export function imagePolicy(w: World): BackoffPolicy {
  return { initial: w.timings.imageBackOffInitial, max: w.timings.imageBackOffMax, resetAfter: 2 * w.timings.imageBackOffMax };
}

function pullPolicy(c: Container): 'Always' | 'IfNotPresent' | 'Never' {
  if (c.imagePullPolicy) return c.imagePullPolicy;
  const last = (c.image ?? '').slice((c.image ?? '').lastIndexOf('/') + 1);
  return last.includes(':') && !last.endsWith(':latest') ? 'IfNotPresent' : 'Always';
}

export type ImageStep =
  | { kind: 'present' }
  | { kind: 'pull'; requestedAt: number; pullMs: number; latency: number }
  | { kind: 'failed'; retryAt: number | undefined };

function fail(wk: PodWorker, name: string, reason: string, message: string): void {
  const book = containerBook(wk, name);
  book.waiting = { reason, message };
}

/** EnsureImageExists up to the point where a pull must run (which then takes simulated time). */
export function ensureImage(w: World, self: KubeletState, wk: PodWorker, pod: Pod, c: Container, fieldPath: string, quietPresent: boolean): ImageStep {
  const image = c.image ?? '';
  const info = resolveImage(image);
  if (info.invalidReason) {
    const msg = `Failed to apply default image tag "${image}": ${info.invalidReason}`;
    podEvent(w, self, pod, 'Warning', 'InspectFailed', msg, fieldPath);
    podEvent(w, self, pod, 'Warning', 'Failed', 'Error: InvalidImageName', fieldPath);
    fail(wk, c.name, 'InvalidImageName', msg);
    return { kind: 'failed', retryAt: undefined };
  }
  const rt = runtimeOf(w, self.host);
  const present = rt ? imageStatus(rt, image) : undefined;
  const policy = pullPolicy(c);
  if (present && policy !== 'Always') {
    if (!quietPresent) podEvent(w, self, pod, 'Normal', 'Pulled', `Container image "${image}" already present on machine`, fieldPath);
    return { kind: 'present' };
  }
  if (policy === 'Never') {
    const msg = `Container image "${image}" is not present with pull policy of Never`;
    podEvent(w, self, pod, 'Warning', 'ErrImageNeverPull', msg, fieldPath);
    podEvent(w, self, pod, 'Warning', 'Failed', 'Error: ErrImageNeverPull', fieldPath);
    fail(wk, c.name, 'ErrImageNeverPull', msg);
    return { kind: 'failed', retryAt: undefined };
  }
  const key = `${wk.uid}_${image}`;
  const p = imagePolicy(w);
  if (inBackOffSinceUpdate(self.imageBackoff, key, w.now, p)) {
    const msg = `Back-off pulling image "${image}"`;
    podEvent(w, self, pod, 'Normal', 'BackOff', msg, fieldPath);
    podEvent(w, self, pod, 'Warning', 'Failed', 'Error: ImagePullBackOff', fieldPath);
    const prevErr = wk.containers.get(c.name)?.lastPullError;
    fail(wk, c.name, 'ImagePullBackOff', prevErr ? `${msg}: ErrImagePull: ${prevErr}` : msg);
    logSyncError(w, self, pod, c.name, 'ImagePullBackOff', prevErr ? `${msg}: ErrImagePull: ${prevErr}` : msg);
    const e = self.imageBackoff.get(key)!;
    return { kind: 'failed', retryAt: e.lastUpdate + e.backoff };
  }
  podEvent(w, self, pod, 'Normal', 'Pulling', `Pulling image "${image}"`, fieldPath);
  // Pulls are serialized, so a pull queued behind another pull of the same image finds its layers
  // already in the content store and only resolves the manifest — as does imagePullPolicy Always
  // for an image that is present.
  const startAt = Math.max(w.now, self.pullerFreeAt);
  const downloaded = self.layersReadyAt.get(image);
  const layersReady = present !== undefined || (downloaded !== undefined && downloaded <= startAt);
  const pullMs = layersReady ? pullDuration(w, { ...info, sizeBytes: 0 }) : pullDuration(w, info);
  if (!layersReady && info.exists) self.layersReadyAt.set(image, startAt + pullMs);
  self.pullerFreeAt = startAt + pullMs;
  return { kind: 'pull', requestedAt: w.now, pullMs, latency: startAt + pullMs - w.now };
}

/** The pull finished: store the image, or fail with ErrImagePull and start the back-off. */
export function finishPull(w: World, self: KubeletState, wk: PodWorker, pod: Pod, name: string, image: string, requestedAt: number, pullMs: number, fieldPath: string): { ok: boolean; retryAt?: number } {
  const rt = runtimeOf(w, self.host);
  const res = rt ? pullImage(w, rt, image) : { ok: false as const, error: 'container runtime is down' };
  if (res.ok) {
    podEvent(
      w,
      self,
      pod,
      'Normal',
      'Pulled',
      `Successfully pulled image "${image}" in ${goDuration(pullMs)} (${goDuration(w.now - requestedAt)} including waiting). Image size: ${res.image.sizeBytes} bytes.`,
      fieldPath,
    );
    return { ok: true };
  }
  logPullFailed(w, self, image, res.error);
  podEvent(w, self, pod, 'Warning', 'Failed', `Failed to pull image "${image}": ${res.error}`, fieldPath);
  backoffNext(self.imageBackoff, `${wk.uid}_${image}`, w.now, w.now, imagePolicy(w));
  podEvent(w, self, pod, 'Warning', 'Failed', 'Error: ErrImagePull', fieldPath);
  fail(wk, name, 'ErrImagePull', res.error);
  logSyncError(w, self, pod, name, 'ErrImagePull', res.error);
  wk.containers.get(name)!.lastPullError = res.error;
  // The sandbox/container events that follow make the worker sync again about a second later,
  // which is when the back-off (and ImagePullBackOff) first shows.
  return { ok: false, retryAt: w.now + jitter(w, 1000, 0.3) };
}
