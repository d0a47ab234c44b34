/**
 * ImageLocality (weight 1): prefers nodes that already hold the Pod's images, scaled by how
 * widely each image has spread (so one node does not attract everything). Image names must
 * match node.status.images exactly after adding `:latest` to an untagged name — as in
 * kube-scheduler, `nginx` does not match `docker.io/library/nginx:latest`.
 */
import type { Pod } from '../../../k8s/types';
import { MAX_NODE_SCORE, type ScorePlugin } from '../framework';
import { imageSizeOn, type NodeInfo } from '../nodeinfo';

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

/**
 * sumImageScores: each image the node holds counts its size scaled by its spread, numNodes /
 * totalNodes — given per image in `spread`, read once per cycle rather than once per node.
 */
export function imageLocalityScore(images: readonly string[], containers: number, node: NodeInfo, spread: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < images.length; i++) {
    const size = imageSizeOn(node, images[i]!);
    if (size === undefined) continue;
    sum += Math.trunc(size * spread[i]!);
  }
  return calculatePriority(sum, containers);
}

export const ImageLocality: ScorePlugin = {
  name: NAME,
  weight: 1,
  preScore(pi, _feasible, view) {
    const total = view.nodes.length;
    const { images, containers } = podImages(pi.pod);
    const spread = images.map((n) => view.imageNumNodes(n) / total);
    return { score: (node) => imageLocalityScore(images, containers, node, spread) };
  },
};
