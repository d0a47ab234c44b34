import { describe, expect, it } from 'vitest';
import { closeChineseGaps } from './chinese-text';
import { TextSchema } from './schema';

describe('closeChineseGaps', () => {
  it('drops the blanks a folded YAML line leaves between Chinese words and beside full-width marks, keeping them beside Latin words', () => {
    expect(closeChineseGaps('他们留下的东西： 一个 ValidatingWebhookConfiguration，它仍然 把每个 Pod 创建请求发出去')).toBe('他们留下的东西：一个 ValidatingWebhookConfiguration，它仍然把每个 Pod 创建请求发出去');
    expect(closeChineseGaps('讲师 停止了 kube-scheduler ， 然后 （ 立即 ） 重启')).toBe('讲师停止了 kube-scheduler，然后（立即）重启');
  });

  it('is what a lesson text reads in Chinese; English keeps its spaces', () => {
    expect(TextSchema.parse({ en: 'Two  lines\nfolded', zh: '第一行，\n第二行 kubectl 命令' })).toEqual({ en: 'Two  lines\nfolded', zh: '第一行，第二行 kubectl 命令' });
  });
});
