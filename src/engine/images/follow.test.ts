/**
 * The followers a `tail -f` over a stream leaves on its file's layer (follow.ts): every write to
 * that file reaches them, nothing else does, and one nobody reads goes after FOLLOW_MS.
 */
import { describe, expect, it } from 'vitest';
import { newLayer, writeFile, type BaseFs } from './fs';
import { addFollower, FOLLOW_MS, shownAt, takeWrites } from './follow';

const NONE: BaseFs = { file: () => undefined, isDir: (p) => p === '/', list: () => [] };

describe('a file follower', () => {
  it('gathers appends and replacements of its file, at their moments, until closed', () => {
    const fs = newLayer();
    writeFile(fs, NONE, '/log', 'old\n', true, 0);
    const id = addFollower(fs, '/log', 100);
    writeFile(fs, NONE, '/log', 'a\n', true, 200);
    writeFile(fs, NONE, '/other', 'x\n', true, 250);
    writeFile(fs, NONE, '/log', 'new\n', false, 300);
    expect(takeWrites(fs, id, 250, false)).toEqual([{ at: 200, text: 'a\n' }]);
    expect(takeWrites(fs, id, 1000, true)).toEqual([{ at: 300, text: 'new\n' }]);
    expect(fs.followers).toBeUndefined();
    expect(takeWrites(fs, id, 1000, false)).toBeUndefined();
  });

  it('one nobody reads is dropped by the first write after FOLLOW_MS', () => {
    const fs = newLayer();
    const id = addFollower(fs, '/log', 0);
    writeFile(fs, NONE, '/log', 'late\n', true, FOLLOW_MS + 1);
    expect(fs.followers).toBeUndefined();
    expect(takeWrites(fs, id, FOLLOW_MS + 2, false)).toBeUndefined();
  });

  it("shows a write at once (GNU's inotify) or at BusyBox's next one-second read", () => {
    expect(shownAt({ id: 1, path: '/log', from: 150 }, 2999)).toBe(2999);
    expect(shownAt({ id: 1, path: '/log', from: 150, poll: 1000 }, 2999)).toBe(3150);
    expect(shownAt({ id: 1, path: '/log', from: 150, poll: 1000 }, 3150)).toBe(3150);
  });
});
