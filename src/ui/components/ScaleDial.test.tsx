/**
 * The scale dial rendered to static HTML from a store fed by real snapshots: it shows the
 * cluster's real worker count (a size typed in the terminal included), in both languages, and the
 * busy line while a `sim topology` runs.
 */
import { describe, expect, it } from 'vitest';
import { commandStarted, initialTerminalState } from '../store/terminal';
import { renderAfter } from './header.testing';
import { ScaleDial, scaleCommand } from './ScaleDial';

function render(lines: string[], languages = ['en-US'], running?: string): string {
  return renderAfter(lines, <ScaleDial topology="basic" />, languages, running ? { terminal: commandStarted(initialTerminalState, 9, running) } : {});
}

const selected = (html: string): string | undefined => /<option value="(\d+)" selected="">/.exec(html)?.[1];

describe('ScaleDial', () => {
  it('offers 3 to 5,000 nodes with an accessible name, the classroom cluster showing 3', () => {
    const html = render([]);
    expect(html).toContain('data-testid="scale-dial"');
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(['3', '10', '100', '1000', '5000']);
    expect(html).toContain('>1,000 nodes<');
    expect(html).toMatch(/<label[^>]*>Worker nodes<\/label>/);
    expect(selected(html)).toBe('3');
    expect(html).not.toContain('scale-busy');
  });

  it('shows the real worker count after a sim topology typed in the terminal, even one not on the dial', () => {
    expect(selected(render(['sim topology basic --nodes 10']))).toBe('10');
    const html = render(['sim topology ha --nodes 7'], ['zh-CN']);
    expect(selected(html)).toBe('7');
    expect(html).toContain('7 个节点（当前）');
    expect(html).toContain('工作节点数');
  });

  it('waits, busy, while a sim topology runs', () => {
    const html = render([], ['en-US'], 'sim topology basic --nodes 1000');
    expect(html).toContain('data-testid="scale-busy"');
    expect(html).toContain('title="Booting 1,000 nodes…"');
    expect(html).toMatch(/<select[^>]*disabled=""/);
  });

  it('sends exactly the command the topology takes', () => {
    expect(scaleCommand('ha', 1000)).toBe('sim topology ha --nodes 1000');
  });
});
