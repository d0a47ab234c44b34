import { describe, expect, it } from 'vitest';
import { parseScript, splitList, tokenize } from './script';

describe('parseScript', () => {
  it('skips comments and blank lines and numbers commands by their first line', () => {
    const r = parseScript('# setup\n\nkubectl get pods   # list\nsim advance 5s\n');
    expect(r).toEqual({
      ok: true,
      commands: [
        { line: 3, text: 'kubectl get pods', echo: 'kubectl get pods   # list' },
        { line: 4, text: 'sim advance 5s', echo: 'sim advance 5s' },
      ],
    });
  });

  it('feeds a heredoc to stdin and keeps it in the echo', () => {
    const r = parseScript("kubectl apply -f - <<'EOF'\napiVersion: v1\nkind: Pod\nEOF\nkubectl get pods\n");
    if (!r.ok) throw new Error(r.message);
    expect(r.commands[0]).toMatchObject({ line: 1, text: 'kubectl apply -f -', stdin: 'apiVersion: v1\nkind: Pod\n' });
    expect(r.commands[0]!.echo).toBe("kubectl apply -f - <<'EOF'\napiVersion: v1\nkind: Pod\nEOF");
    expect(r.commands[1]).toMatchObject({ line: 5, text: 'kubectl get pods' });
  });

  it('understands cat <<EOF | kubectl apply -f -', () => {
    const r = parseScript('cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF\n');
    if (!r.ok) throw new Error(r.message);
    expect(r.commands[0]).toMatchObject({ text: 'kubectl apply -f -', stdin: 'kind: Pod\n' });
  });

  it('joins backslash continuations', () => {
    const r = parseScript('kubectl create deployment web \\\n  --image=nginx\n');
    if (!r.ok) throw new Error(r.message);
    expect(r.commands[0]!.text).toBe('kubectl create deployment web --image=nginx');
  });

  it('reports an unterminated heredoc with its line number', () => {
    expect(parseScript('kubectl get pods\nkubectl apply -f - <<EOF\nkind: Pod\n')).toEqual({
      ok: false,
      line: 2,
      message: "here-document at line 2 delimited by end-of-file (wanted `EOF')",
    });
  });
});

describe('tokenize', () => {
  it('splits words with shell quoting', () => {
    expect(tokenize(`kubectl get pods -o jsonpath='{.items[*].metadata.name}' -l "app=web"`)).toEqual({
      ok: true,
      argv: ['kubectl', 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}', '-l', 'app=web'],
    });
    expect(tokenize('echo a\\ b "c \\"d\\""')).toEqual({ ok: true, argv: ['echo', 'a b', 'c "d"'] });
  });
  it('rejects an unbalanced quote', () => {
    expect(tokenize("kubectl get 'pods").ok).toBe(false);
  });
});

describe('splitList', () => {
  it("splits bash's list at unquoted &&, || and ;, keeping each pipeline and its operator", () => {
    expect(splitList('a && b | c || d; e')).toEqual({ ok: true, items: [{ op: ';', text: 'a' }, { op: '&&', text: 'b | c' }, { op: '||', text: 'd' }, { op: ';', text: 'e' }] });
    expect(splitList(`kubectl get ns -o jsonpath='{.a};{.b}' && x`)).toEqual({ ok: true, items: [{ op: ';', text: `kubectl get ns -o jsonpath='{.a};{.b}'` }, { op: '&&', text: 'x' }] });
    expect(splitList('a;')).toEqual({ ok: true, items: [{ op: ';', text: 'a' }] });
    expect(splitList('; a')).toEqual({ ok: false, message: "syntax error near unexpected token `;'" });
    expect(splitList('a && && b')).toEqual({ ok: false, message: "syntax error near unexpected token `&&'" });
    expect(splitList('a &&')).toEqual({ ok: false, message: 'syntax error: unexpected end of file' });
  });
});
