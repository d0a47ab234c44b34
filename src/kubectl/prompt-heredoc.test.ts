import { beforeAll, describe, expect, it } from 'vitest';
import { parseScript } from '../k8s/script';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

/**
 * Here-documents inside compound commands, as typed at the prompt (lines joined by newlines, as
 * the page sends them after bash's `> ` prompt). Outputs recorded from bash 5.2.15 reading the
 * same lines (`bash --norc`).
 */
describe('here-documents inside compound commands', () => {
  it('feeds each iteration its own expanded document: the tutorial loop that applies manifests', () => {
    const s = new Session();
    const loop = ['for i in 1 2; do', 'cat <<EOF | kubectl apply -f -', 'apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: cm-$i', 'data:', '  count: "$i"', 'EOF', 'done'].join('\n');
    const r = s.run(loop);
    expect([out(r), out(r, 'stderr'), r.exitCode]).toEqual(['configmap/cm-1 created\nconfigmap/cm-2 created\n', '', 0]);
    expect(out(s.run("kubectl get cm cm-2 -o jsonpath='{.data.count}'"))).toBe('2');
  });

  it('strips tabs for <<-, takes a quoted delimiter literally, and feeds while, if, groups and functions', () => {
    const s = new Session();
    expect(out(s.run('for i in 1 2; do\n\tcat <<-EOF\n\t\tname: web-$i\n\t\tpath: \\$HOME\n\tEOF\ndone'))).toBe('name: web-1\npath: $HOME\nname: web-2\npath: $HOME\n');
    expect(out(s.run("if true; then cat <<'EOF'\nname: $i $(date)\nEOF\nfi"))).toBe('name: $i $(date)\n');
    expect(out(s.run('while read -r l; do echo "[$l]"; done <<EOF\na b\n  c\nEOF'))).toBe('[a b]\n[c]\n');
    expect(s.run('f() {\n  cat <<EOF\narg=$1\nEOF\n}')).toEqual({ output: [], exitCode: 0 });
    expect(out(s.run('f one; f two'))).toBe('arg=one\narg=two\n');
    expect(out(s.run('{ cat; echo end; } <<X\nin group\nX'))).toBe('in group\nend\n');
  });

  it('reads a here-document inside $(…), its quotes and parentheses as text; a << in arithmetic or quotes opens none', () => {
    const s = new Session();
    // bash 5.2: `x=$(cat <<EOF` ⏎ `it's (a) test` ⏎ `EOF` ⏎ `); echo "$x"` prints `it's (a) test`.
    expect(out(s.run("x=$(cat <<EOF\nit's (a) test\nEOF\n); echo \"$x\""))).toBe("it's (a) test\n");
    expect(out(s.run("x=$(cat <<'EOF'\n$HOME )\nEOF\n); echo \"$x\""))).toBe('$HOME )\n');
    expect(out(s.run('x=3; echo $(( 1 << x )) "a <<EOF"'))).toBe('8 a <<EOF\n');
  });

  it("feeds a here-string (<<<) expanded but unsplit, with a newline, as bash 5.2 does (recorded)", () => {
    const s = new Session();
    expect(out(s.run('cat <<< hi; x="a  b"; cat <<< $x; cat <<<"$x"; read p q <<< "1 2"; echo $q; base64 -d <<< aGkK'))).toBe('hi\na  b\na  b\n2\nhi\n');
    s.run("kubectl create secret generic db --from-literal=password=s3cr3t");
    expect(out(s.run("base64 -d <<< $(kubectl get secret db -o jsonpath='{.data.password}')"))).toBe('s3cr3t');
  });

  it('reads such a block as one command in a script, as bash reads on to the done', () => {
    const script = ['for i in 1 2; do cat <<EOF | kubectl apply -f -', 'kind: $i', 'done', 'EOF', 'done', 'kubectl get cm'].join('\n');
    const parsed = parseScript(script);
    expect(parsed.ok && parsed.commands.map((c) => [c.line, c.text, c.stdin])).toEqual([
      [1, 'for i in 1 2; do cat <<EOF | kubectl apply -f -\nkind: $i\ndone\nEOF\ndone', undefined],
      [6, 'kubectl get cm', undefined],
    ]);
    // A document on a whole line still feeds its command the short way (the runner's transcripts are unchanged).
    const top = parseScript('kubectl apply -f - <<EOF\nkind: x\nEOF');
    expect(top.ok && top.commands.map((c) => [c.text, c.stdin])).toEqual([['kubectl apply -f -', 'kind: x\n']]);
  });
});
