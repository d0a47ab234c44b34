/**
 * Here-documents typed at an attached container shell and at a node's shell (`sim ssh`): the
 * terminal sends the command with its document's lines (k8s/heredoc.ts decides where it ends)
 * and the shell reads them as bash, dash and BusyBox ash do (engine/images/shell-heredoc.test.ts
 * holds the recorded cases).
 */
import { describe, expect, it } from 'vitest';
import { terminal, text } from './attach.testing';

describe('here-documents at an attached shell', () => {
  it('bash: a document into a file, expanded; a quoted one as written; a here-string', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('x=5; cat <<EOF > /tmp/app.conf\nport=$((x * 1000))\nhome=$HOME\nEOF'))).toBe('');
    expect(text(s.run('cat /tmp/app.conf'))).toBe('port=5000\nhome=/root\n');
    expect(text(s.run("cat <<'EOF'\n$x stays\nEOF"))).toBe('$x stays\n');
    expect(text(s.run('tr a-z A-Z <<< "here string"'))).toBe('HERE STRING\n');
  });

  it('BusyBox ash: <<- strips the tabs; a here-string is its syntax error', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('cat <<-EOF | wc -l\n\tone\n\ttwo\n\tEOF'))).toBe('2\n');
    expect(text(s.run('cat <<< x'))).toBe('sh: syntax error: unexpected redirection\n');
  });
});

describe('here-documents on a node', () => {
  it('sim ssh NODE -- with a document in its command', () => {
    const s = terminal();
    expect(text(s.run("sim ssh node-1 -- 'cat <<EOF\nnode $(hostname)\nEOF'"))).toBe('node node-1\n');
  });
});

describe('here-documents at a node login', () => {
  it('sim ssh NODE: the login shell reads the document typed after the command', () => {
    const s = terminal();
    s.run('sim ssh node-1');
    expect(text(s.run('cat <<EOF > /tmp/motd\nwelcome to $(hostname)\nEOF'))).toBe('');
    expect(text(s.run('cat /tmp/motd'))).toBe('welcome to node-1\n');
  });
});
