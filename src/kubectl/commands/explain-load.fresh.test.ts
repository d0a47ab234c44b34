/**
 * Before the descriptions' chunk has arrived (a fresh module registry: nothing loaded it), explain
 * prints the served document as it is and starts the load; once in, the same command describes.
 */
import { expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { apiDocs, loadApiDocs } from '../explain/load';
import { kubectl } from '../testing';

it('falls back to the served document until the descriptions arrive, then prints them', async () => {
  const sim = new Simulation({ seed: 1 });
  expect(apiDocs()).toBeUndefined();
  const before = kubectl(sim, 'explain pod.spec.containers');
  expect(before.code).toBe(0);
  expect(before.stdout).toContain('\n  image\t<string>\n    <no description>\n\n');
  await loadApiDocs();
  expect(kubectl(sim, 'explain pod.spec.containers').stdout).toContain('\n  image\t<string>\n    Container image name. More info:\n');
});
