import { describe, expect, it } from 'vitest';
import { parseScript } from '../k8s/script';
import { Session } from './session';

const text = (r: { output: { text: string }[] }): string => r.output.map((c) => c.text).join('');

describe('Session.run', () => {
  it('runs a command with its here-document as a terminal sends it, like the script runner', () => {
    const s = new Session();
    const block = ['kubectl apply -f - <<EOF', 'apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: settings', 'data:', '  mode: "fast"', 'EOF'].join('\n');
    const r = s.run(block);
    expect(text(r)).toBe('configmap/settings created\n');
    expect(r.exitCode).toBe(0);
    expect(text(s.run('kubectl get configmap settings -o jsonpath={.data.mode}'))).toBe('fast');
    // Logged as typed, so replaying the log reads the same document again.
    expect(s.log[0]).toEqual({ line: block });
    const again = new Session();
    for (const c of s.log) again.run(c.line, c.stdin);
    expect(text(again.run('kubectl get configmap settings -o jsonpath={.data.mode}'))).toBe('fast');
  });

  it('pipes `cat <<EOF | kubectl …`, keeps <<- tab stripping, and refuses a document that never ends', () => {
    const s = new Session();
    expect(text(s.run("cat <<'END' | kubectl apply -f -\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\nEND"))).toBe('namespace/team created\n');
    expect(text(s.run('kubectl apply -f - <<-EOF\n\tapiVersion: v1\n\tkind: ConfigMap\n\tmetadata:\n\t  name: tabbed\n\tEOF'))).toBe('configmap/tabbed created\n');
    const open = s.run('kubectl apply -f - <<EOF\nkind: Pod\n');
    expect(open.exitCode).toBe(2);
    expect(text(open)).toMatch(/here-document at line 1 delimited by end-of-file \(wanted `EOF'\)/);
  });

  it('reads `#` comments as the script runner does, line by line as a terminal sends them', () => {
    const script = [
      '# the namespaces, first',
      'kubectl get ns default   # the default one',
      'kubectl get cm -n kube-system -o name # no <<EOF here: a comment opens no document',
      "kubectl create configmap hash --from-literal=note='a # b' --from-literal=tag=v#1",
      'kubectl get cm hash -o jsonpath={.data}',
      'kubectl apply -f - <<EOF # the document follows',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: doc # a YAML comment, part of the document',
      'EOF',
    ].join('\n');
    const parsed = parseScript(script);
    if (!parsed.ok) throw new Error(parsed.message);
    const runner = new Session();
    const viaRunner = parsed.commands.map((c) => text(runner.run(c.text, c.stdin)));

    // The terminal sends each line as typed, a here-document with its lines.
    const lines = script.split('\n');
    const typed = [...lines.slice(0, 5), lines.slice(5).join('\n')];
    const terminal = new Session();
    const viaTerminal = typed.map((l) => terminal.run(l));
    expect(viaTerminal.map((r) => r.exitCode)).toEqual([0, 0, 0, 0, 0, 0]);
    // A comment alone runs nothing: no output, no kubectl start-up time.
    expect(text(viaTerminal[0]!)).toBe('');
    expect(viaTerminal.slice(1).map(text)).toEqual(viaRunner);
    expect(viaRunner[0]).toMatch(/^NAME +STATUS +AGE\ndefault +Active/);
    expect(viaRunner[3]).toBe('{"note":"a # b","tag":"v#1"}');
    expect(viaRunner[4]).toBe('configmap/doc created\n');
    expect(terminal.sim.now).toBe(runner.sim.now);
    expect(terminal.log.map((c) => c.line)).toEqual(typed);
  });
});

describe("the terminal's command lists", () => {
  it('runs a && b only after a succeeded, a || b only after it failed, and a; b always', () => {
    const s = new Session();
    const out = (line: string): { text: string; code: number } => {
      const r = s.run(line);
      return { text: r.output.map((c) => c.text).join(''), code: r.exitCode };
    };
    expect(out('kubectl get pod nope && kubectl get ns default')).toEqual({ text: 'Error from server (NotFound): pods "nope" not found\n', code: 1 });
    expect(out('kubectl get pod nope || kubectl get ns default -o name')).toEqual({ text: 'Error from server (NotFound): pods "nope" not found\nnamespace/default\n', code: 0 });
    expect(out('kubectl get ns default -o name; kubectl get ns kube-system -o name').text).toBe('namespace/default\nnamespace/kube-system\n');
    expect(out('kubectl get ns && && kubectl get ns')).toEqual({ text: "bash: syntax error near unexpected token `&&'\n", code: 2 });
  });
});
