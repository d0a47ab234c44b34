import { describe, expect, it } from 'vitest';
import { CRI_MAX_LINE_BYTES, criRecords } from './cri-log';

describe('criRecords (containerd’s CRI logger)', () => {
  it('writes a record only when a newline ends the line; the rest stays open', () => {
    let r = criRecords('', 'a');
    expect(r).toEqual({ records: [], open: 'a' });
    r = criRecords(r.open, 'b');
    expect(r).toEqual({ records: [], open: 'ab' });
    r = criRecords(r.open, 'c\nd\n\ne');
    expect(r).toEqual({ records: [{ text: 'abc', partial: false }, { text: 'd', partial: false }, { text: '', partial: false }], open: 'e' });
  });

  it('cuts a line past 16 KiB into P records of exactly 16 KiB; exactly 16 KiB and its newline are one F record', () => {
    const max = 'x'.repeat(CRI_MAX_LINE_BYTES);
    expect(criRecords('', `${max}\n`).records).toEqual([{ text: max, partial: false }]);
    expect(criRecords('', `${max}yz\n`).records).toEqual([{ text: max, partial: true }, { text: 'yz', partial: false }]);
    // Without a newline yet: the cut is written as soon as the line passes the limit.
    expect(criRecords('', `${max}${max}q`)).toEqual({ records: [{ text: max, partial: true }, { text: max, partial: true }], open: 'q' });
    // Bytes, not characters: 16 KiB of 3-byte characters is 5,461 of them (one more would cross).
    const han = '字'.repeat(6000);
    expect(criRecords('', han).records[0]!.text).toHaveLength(5461);
  });
});
