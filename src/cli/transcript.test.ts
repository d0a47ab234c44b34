import { describe, expect, it } from 'vitest';
import { runTranscript } from './transcript';

describe('the headless runner reads here-documents as bash does', () => {
  it('expands an unquoted document and leaves a quoted one as written', () => {
    const script = ['N=5', 'cat <<X', 'a $N \\$HOME \\`b\\` \\\\ $(echo hi)', 'X', "cat <<'X'", 'a $N', 'X', ''].join('\n');
    const out = runTranscript(script, { seed: 1 });
    expect(out.ok && out.text).toBe(['$ N=5', '$ cat <<X', 'a $N \\$HOME \\`b\\` \\\\ $(echo hi)', 'X', 'a 5 $HOME `b` \\ hi', "$ cat <<'X'", 'a $N', 'X', 'a $N', ''].join('\n'));
  });
});
