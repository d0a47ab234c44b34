import { describe, expect, it } from 'vitest';
import { newInformer } from './informer';
import { informerFor } from './watch-host';

describe('informerFor', () => {
  it('follows an informer to its new watch after a relist and forgets the old one', () => {
    const pods = newInformer('pods');
    const nodes = newInformer('nodes');
    const informers = { pods, nodes };
    pods.watchId = 4;
    nodes.watchId = 5;
    expect(informerFor(informers, 5)).toBe(nodes);
    expect(informerFor(informers, 4)).toBe(pods);
    // The watch closed and the Reflector listed and watched again under a new id.
    nodes.watchId = 9;
    expect(informerFor(informers, 5)).toBeUndefined();
    expect(informerFor(informers, 9)).toBe(nodes);
    // The manager was reset: a new informer object under the same key, and an old id reused.
    const fresh = newInformer('nodes');
    fresh.watchId = 9;
    (informers as Record<string, typeof fresh>).nodes = fresh;
    expect(informerFor(informers, 9)).toBe(fresh);
  });
});
