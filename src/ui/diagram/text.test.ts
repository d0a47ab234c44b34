import { describe, expect, it } from 'vitest';
import { textWidth, wrapText } from './text';

describe('textWidth', () => {
  it('grows with the text and the size, bold is wider, CJK takes one em', () => {
    expect(textWidth('', 12)).toBe(0);
    expect(textWidth('kube-apiserver', 12)).toBeGreaterThan(textWidth('etcd', 12));
    expect(textWidth('kubelet', 13)).toBeGreaterThan(textWidth('kubelet', 12));
    expect(textWidth('kubelet', 12, true)).toBeGreaterThan(textWidth('kubelet', 12));
    expect(textWidth('运行中', 12)).toBe(36);
    // An upper bound for common sans-serif fonts: wider than Arial's 'm' (0.833 em).
    expect(textWidth('m', 100)).toBeGreaterThan(83);
  });
});

describe('wrapText', () => {
  it('keeps a line that fits and breaks a Kubernetes name after a slash first', () => {
    expect(wrapText('node-1', 100, 12)).toEqual(['node-1']);
    const taint = 'node.kubernetes.io/unreachable:NoExecute';
    const lines = wrapText(taint, 200, 12);
    expect(lines).toEqual(['node.kubernetes.io/', 'unreachable:NoExecute']);
    for (const l of lines) expect(textWidth(l, 12)).toBeLessThanOrEqual(200);
    expect(lines.join('')).toBe(taint);
  });

  it('leaves a piece that fits nowhere whole', () => {
    expect(wrapText('abcdefghijklmnop', 20, 12)).toEqual(['abcdefghijklmnop']);
  });
});
