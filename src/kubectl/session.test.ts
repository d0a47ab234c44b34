import { describe, expect, it } from 'vitest';
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
});
