import { describe, expect, it } from 'vitest';
import { splitRedirects } from './redirect';

describe('splitRedirects', () => {
  it('takes unquoted operators and their targets out of the command text, in order', () => {
    expect(splitRedirects('kubectl get deploy web -o yaml > web.yaml')).toEqual({ ok: true, text: 'kubectl get deploy web -o yaml', redirects: [{ kind: 'out', fd: 1, path: 'web.yaml', append: false }] });
    expect(splitRedirects('kubectl get pods>>log 2>/dev/null')).toEqual({
      ok: true,
      text: 'kubectl get pods',
      redirects: [
        { kind: 'out', fd: 1, path: 'log', append: true },
        { kind: 'out', fd: 2, path: '/dev/null', append: false },
      ],
    });
    expect(splitRedirects('kubectl get x > "my file.yaml" 2>&1')).toEqual({
      ok: true,
      text: 'kubectl get x',
      redirects: [
        { kind: 'out', fd: 1, path: 'my file.yaml', append: false },
        { kind: 'dup', fd: 2, to: 1 },
      ],
    });
    expect(splitRedirects('kubectl apply -f - < web.yaml &> all.txt')).toEqual({
      ok: true,
      text: 'kubectl apply -f -',
      redirects: [
        { kind: 'in', path: 'web.yaml' },
        { kind: 'out', fd: 'both', path: 'all.txt', append: false },
      ],
    });
  });

  it('leaves quoted operators and a digit inside a word alone', () => {
    expect(splitRedirects(`kubectl get pods -o jsonpath='{.items[?(@.x>1)]}' "a>b"`)).toEqual({ ok: true, text: `kubectl get pods -o jsonpath='{.items[?(@.x>1)]}' "a>b"`, redirects: [] });
    expect(splitRedirects('echo a2>f')).toEqual({ ok: true, text: 'echo a2', redirects: [{ kind: 'out', fd: 1, path: 'f', append: false }] });
  });

  it("answers bash's syntax errors", () => {
    expect(splitRedirects('kubectl get pods >')).toEqual({ ok: false, message: "syntax error near unexpected token `newline'" });
    expect(splitRedirects('kubectl get pods > > f')).toEqual({ ok: false, message: "syntax error near unexpected token `>'" });
  });
});
