/**
 * The header's topology select shows the cluster's topology, fed by real snapshots from the
 * worker's host: a `sim topology ha` typed in the terminal (or run by a lesson) shows as ha even
 * though the page's link still says basic.
 */
import { describe, expect, it } from 'vitest';
import { renderAfter } from './header.testing';
import { RunControls } from './RunControls';

function render(lines: string[]): string {
  return renderAfter(lines, <RunControls topology="basic" onTopology={() => undefined} shareLink={() => ''} />);
}

const selected = (html: string): string | undefined => /<option value="(basic|ha)" selected="">/.exec(html)?.[1];

describe('RunControls', () => {
  it('shows the linked topology for the cluster it started with', () => {
    expect(selected(render([]))).toBe('basic');
  });

  it('shows ha after sim topology ha typed on a page linked as basic', () => {
    expect(selected(render(['sim topology ha']))).toBe('ha');
  });
});
