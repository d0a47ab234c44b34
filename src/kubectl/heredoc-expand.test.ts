import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sessionRunner } from './testing';

describe('here-documents as bash reads them', () => {
  it('expands parameters, commands and backslash escapes in an unquoted document, and nothing in a quoted one', () => {
    const run = sessionRunner(new Session());
    run('NAME=jane');
    expect(run('cat <<EOF\nuser: $NAME "quoted" $(echo hi) \\$HOME a\\b\nEOF').out).toBe('user: jane "quoted" hi $HOME a\\b\n');
    expect(run("cat <<'EOF'\nuser: $NAME $(echo hi)\nEOF").out).toBe('user: $NAME $(echo hi)\n');
    expect(run('cat <<"EOF"\nuser: $NAME\nEOF').out).toBe('user: $NAME\n');
  });
});
