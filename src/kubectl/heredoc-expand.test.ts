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

describe('a command substitution inside a here-document', () => {
  it('writes its errors to the terminal before the command runs, and feeds what it printed', () => {
    const run = sessionRunner(new Session());
    const r = run('cat <<EOF\nx $(nosuchtool) y\nEOF');
    expect(r.out).toBe('x  y\n');
    expect(r.err).toMatch(/^nosuchtool: command not found/);
  });
});

describe('quotes inside an expansion in a here-document', () => {
  it("are the expansion's own, as bash reads them (the Pod failure policy page's patch.yaml)", () => {
    // Recorded with bash 5.2: `cat <<EOF` … `x "$(echo "a")" ${NOPE:-"d"} "q"` prints `x "a" d "q"`.
    const run = sessionRunner(new Session());
    expect(run('cat <<EOF\nx "$(echo "a")" ${NOPE:-"d"} "q" \\"e\\"\nEOF').out).toBe('x "a" d "q" \\"e\\"\n');
    expect(run('cat <<EOF\n  lastTransitionTime: "$(date -u +"%Y")"\nEOF').out).toMatch(/^ {2}lastTransitionTime: "\d{4}"\n$/);
    expect(run("cat <<EOF\n$(echo ')' \"(\") $((1 + 2))\nEOF").out).toBe(') ( 3\n');
  });
});
