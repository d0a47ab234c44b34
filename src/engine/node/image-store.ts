/**
 * Image references as containerd stores them, and the images a kubeadm node already holds
 * (the sandbox "pause" image, kube-proxy, and on control-plane machines the static Pods'
 * images). Digests of these are fixed so `kubectl get node -o yaml` never changes between runs.
 */
import { GIT_VERSION } from '../../k8s/version';
import type { ImageInfo } from '../images/types';
import { hashHex } from './hex';
import type { ImageRecord } from './runtime-state';

/**
 * docker/distribution's normalisation: `nginx` → `docker.io/library/nginx:latest`,
 * `bitnami/redis:7` → `docker.io/bitnami/redis:7`, `registry.k8s.io/pause:3.10` unchanged.
 */
export function normalizeRef(image: string): string {
  let name = image.trim();
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  const hasRegistry = first !== '' && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (!hasRegistry) name = slash < 0 ? `docker.io/library/${name}` : `docker.io/${name}`;
  const last = name.slice(name.lastIndexOf('/') + 1);
  if (!last.includes(':') && !last.includes('@')) name += ':latest';
  return name;
}

/** `docker.io/library/nginx:1.27` → `docker.io/library/nginx`. */
export function repositoryOf(ref: string): string {
  const at = ref.indexOf('@');
  if (at >= 0) return ref.slice(0, at);
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  return colon > slash ? ref.slice(0, colon) : ref;
}

export function imageRecord(info: ImageInfo, pulledAt: number): ImageRecord {
  const ref = normalizeRef(info.ref);
  return {
    ref,
    id: `sha256:${hashHex(`config:${ref}:${info.digest}`)}`,
    repoDigest: `${repositoryOf(ref)}@${info.digest}`,
    sizeBytes: info.sizeBytes,
    pulledAt,
  };
}

function seeded(ref: string, sizeBytes: number, digest?: string): ImageRecord {
  return imageRecord({ ref, exists: true, sizeBytes, digest: digest ?? `sha256:${hashHex(`manifest:${ref}`)}` }, 0);
}

export const PAUSE_IMAGE: ImageRecord = seeded('registry.k8s.io/pause:3.10', 320368, 'sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a');

/** Images kubeadm pulled before the node joined (beyond the pause image). */
export function preloadedImages(controlPlane: boolean): ImageRecord[] {
  const all = [seeded(`registry.k8s.io/kube-proxy:${GIT_VERSION}`, 30_921_032), seeded('docker.io/kindest/kindnetd:v20250512-df8de77b', 44_375_501)];
  if (!controlPlane) return all;
  return [
    ...all,
    seeded('registry.k8s.io/etcd:3.6.8-0', 22_871_747),
    seeded(`registry.k8s.io/kube-apiserver:${GIT_VERSION}`, 27_061_991),
    seeded(`registry.k8s.io/kube-controller-manager:${GIT_VERSION}`, 22_819_719),
    seeded(`registry.k8s.io/kube-scheduler:${GIT_VERSION}`, 17_385_568),
    seeded('registry.k8s.io/coredns/coredns:v1.14.2', 20_939_036),
  ];
}
