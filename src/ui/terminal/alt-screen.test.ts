import { describe, expect, it } from 'vitest';
import { drawFrame } from './alt-screen';

describe('drawFrame', () => {
  const frame = { rows: ['Every 2.0s: kubectl get pods', '', 'NAME   READY', 'web-1  1/1', 'web-2  1/1', 'web-3  1/1'], standout: [[5, 0, 5]] as [number, number, number][] };

  it('draws every row at its own line, then parks the cursor in the bottom-right cell', () => {
    const out = drawFrame(frame, 6, 40);
    expect(out.startsWith('\x1b[H\x1b[2J\x1b[1;1HEvery 2.0s: kubectl get pods')).toBe(true);
    expect(out).toContain('\x1b[6;1H\x1b[7mweb-3\x1b[27m  1/1');
    expect(out.endsWith('\x1b[6;40H')).toBe(true);
  });

  it('clips a frame laid out for a bigger terminal: no row past the last line, none wider than it, so nothing scrolls the header away', () => {
    const out = drawFrame(frame, 4, 8);
    expect(out).toContain('\x1b[1;1HEvery 2.');
    expect(out).not.toContain('Every 2.0');
    expect(out).toContain('\x1b[4;1Hweb-1  1');
    expect(out).not.toContain('\x1b[5;1H');
    expect(out).not.toContain('web-3');
  });
});
