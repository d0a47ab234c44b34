import { describe, expect, it } from 'vitest';
import { nodeInfo, podInfo, podManifest, viewOf } from '../scheduler.testing';
import { calculatePriority, ImageLocality, normalizedImageName } from './image-locality';

const MB = 1024 * 1024;

describe('ImageLocality', () => {
  it('adds :latest to untagged names only', () => {
    expect(normalizedImageName('nginx')).toBe('nginx:latest');
    expect(normalizedImageName('registry:5000/app')).toBe('registry:5000/app:latest');
    expect(normalizedImageName('nginx:1.27')).toBe('nginx:1.27');
  });

  it('maps the summed image size onto 0..100 between 23 MB and 1000 MB per container', () => {
    expect(calculatePriority(0, 1)).toBe(0);
    expect(calculatePriority(1000 * MB, 1)).toBe(100);
    expect(calculatePriority(500 * MB, 1)).toBe(Math.trunc((100 * (477 * MB)) / (977 * MB)));
  });

  it('scores the node holding the image, scaled by how many nodes have it', () => {
    const has = nodeInfo('a', { images: [{ names: ['docker.io/library/nginx:1.27', 'nginx:1.27'], sizeBytes: 600 * MB }] });
    const lacks = nodeInfo('b');
    const scorer = ImageLocality.preScore(podInfo(podManifest('p')), [has, lacks], viewOf([has, lacks]))!;
    // 600 MB × (1 of 2 nodes) = 300 MB.
    expect(scorer.score(has)).toBe(calculatePriority(300 * MB, 1));
    expect(scorer.score(lacks)).toBe(0);
  });
});
