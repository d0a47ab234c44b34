/**
 * ImageLocality (weight 1): prefers nodes that already hold the Pod's images, scaled by how
 * widely each image has spread (so one node does not attract everything). Image names must
 * match node.status.images exactly after adding `:latest` to an untagged name — as in
 * kube-scheduler, `nginx` does not match `docker.io/library/nginx:latest`.
 */
import type { Pod } from '../../../k8s/types';
import { MAX_NODE_SCORE, type ScorePlugin } from '../framework';
import type { NodeInfo } from '../nodeinfo';

export const NAME = 'ImageLocality';

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;

export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

export function calculatePriority(sumScores: number, numContainers: number): number {
  if (numContainers === 0) return 0;
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  const s = Math.min(Math.max(sumScores, MIN_THRESHOLD), maxThreshold);
  return Math.trunc((MAX_NODE_SCORE * (s - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

/** The Pod's images, normalised, and how many containers it has. */
export function podImages(pod: Pod): { images: string[]; containers: number } {
  const containers = [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])];
  return { images: containers.filter((c) => !!c.image).map((c) => normalizedImageName(c.image!)), containers: containers.length };
}

export function imageLocalityScore(images: readonly string[], containers: number, node: NodeInfo, totalNodes: number, numNodes: (image: string) => number): number {
  let sum = 0;
  for (const name of images) {
    const size = node.images.get(name);
    if (size === undefined) continue;
    sum += Math.trunc(size * (numNodes(name) / totalNodes));
  }
  return calculatePriority(sum, containers);
}

export const ImageLocality: ScorePlugin = {
  name: NAME,
  weight: 1,
  preScore(pi, _feasible, view) {
    const total = view.nodes.length;
    const { images, containers } = podImages(pi.pod);
    return { score: (node) => imageLocalityScore(images, containers, node, total, (n) => view.imageNumNodes(n)) };
  },
};
