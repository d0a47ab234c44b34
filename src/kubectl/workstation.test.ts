import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe("the workstation behind the terminal's prompt", () => {
  it('keeps what a redirection writes: dry-run YAML to a file, edited with tools, applied with -f', () => {
    const s = new Session();
    const saved = s.run('kubectl create deployment web --image=nginx --replicas=2 --dry-run=client -o yaml > web.yaml');
    expect(saved.output).toEqual([]);
    expect(saved.exitCode).toBe(0);
    expect(Object.keys(saved.files ?? {})).toEqual(['web.yaml']);
    // A line that writes nothing says nothing of the files.
    expect(s.run('kubectl get pods').files).toBeUndefined();
    const yaml = out(s.run('cat web.yaml'));
    expect(yaml).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\n/);
    expect(yaml).toContain('replicas: 2');
    expect(out(s.run('ls'))).toBe('web.yaml\n');
    expect(out(s.run('grep -c replicas web.yaml'))).toBe('1\n');
    expect(out(s.run('kubectl apply -f web.yaml'))).toBe('deployment.apps/web created\n');
    s.run('sim advance 20s');
    expect(out(s.run('kubectl get deploy web -o jsonpath={.status.readyReplicas}'))).toBe('2');
  });

  it("opens files as bash does: > empties first, >> appends, 2> and 2>&1 route stderr, < feeds stdin, errors are bash's", () => {
    const s = new Session();
    s.run('echo one > notes.txt');
    s.run('echo two >> notes.txt');
    expect(out(s.run('cat notes.txt'))).toBe('one\ntwo\n');
    // The file is opened (emptied) before the failing command runs.
    const failed = s.run('kubectl get deployment missing > notes.txt');
    expect(failed.exitCode).toBe(1);
    expect(out(failed, 'stderr')).toBe('Error from server (NotFound): deployments.apps "missing" not found\n');
    expect(out(s.run('cat notes.txt'))).toBe('');
    expect(s.run('kubectl get deployment missing 2> err.txt').output).toEqual([]);
    expect(out(s.run('cat err.txt'))).toBe('Error from server (NotFound): deployments.apps "missing" not found\n');
    expect(s.run('kubectl get deployment missing > both.txt 2>&1').output).toEqual([]);
    expect(out(s.run('cat both.txt'))).toContain('NotFound');
    // `2>&1 > f`: stderr goes where stdout went before (the terminal), only stdout to f.
    expect(out(s.run('kubectl get deployment missing 2>&1 > only-out.txt'))).toContain('NotFound');
    // 2>&1 | grep pipes stderr too.
    expect(out(s.run('kubectl get deployment missing 2>&1 | grep -c NotFound'))).toBe('1\n');
    expect(s.run('kubectl get deployment missing 2>/dev/null')).toEqual({ output: [], exitCode: 1 });

    s.run('kubectl create namespace team --dry-run=client -o yaml > ns.yaml');
    expect(out(s.run('kubectl apply -f - < ns.yaml'))).toBe('namespace/team created\n');
    expect(s.run('kubectl apply -f - < nope.yaml')).toEqual({ output: [{ stream: 'stderr', text: 'bash: nope.yaml: No such file or directory\n' }], exitCode: 1 });
    expect(s.run('echo x > nodir/f')).toEqual({ output: [{ stream: 'stderr', text: 'bash: nodir/f: No such file or directory\n' }], exitCode: 1 });
    expect(s.run('echo x > /tmp')).toEqual({ output: [{ stream: 'stderr', text: 'bash: /tmp: Is a directory\n' }], exitCode: 1 });
    expect(s.run('kubectl get pods >')).toEqual({ output: [{ stream: 'stderr', text: "bash: syntax error near unexpected token `newline'\n" }], exitCode: 2 });
    expect(out(s.run('cat missing.yaml'), 'stderr')).toBe('cat: missing.yaml: No such file or directory\n');
  });

  it('reads the given files under the written ones, and a fork gets its own copy', () => {
    const s = new Session({ files: { 'go-api.yaml': 'kind: Deployment\n' } });
    expect(out(s.run('ls'))).toBe('go-api.yaml\n');
    s.run('echo "# mine" >> go-api.yaml');
    expect(out(s.run('cat go-api.yaml'))).toBe('kind: Deployment\n# mine\n');
    expect(s.workstation.written()).toEqual({ 'go-api.yaml': 'kind: Deployment\n# mine\n' });
    s.run('mkdir -p manifests && cp go-api.yaml manifests/ && echo "kind: Service" > /tmp/svc.yaml');
    expect(out(s.run('ls manifests'))).toBe('go-api.yaml\n');
    expect(out(s.run('cat /tmp/svc.yaml'))).toBe('kind: Service\n');
    const fork = s.fork();
    fork.run('rm go-api.yaml');
    expect(out(fork.run('ls'))).toBe('manifests\n');
    expect(out(s.run('ls'))).toBe('go-api.yaml\nmanifests\n');
  });

  it('undoes a line that would overfill the files, and says so', () => {
    const s = new Session();
    s.run('kubectl get pods -A -o yaml > pods.yaml');
    const before = s.workstation.written();
    // Each line doubles the file until the quota is passed.
    let r = s.run('cat pods.yaml pods.yaml > twice.yaml');
    for (let i = 0; i < 12 && r.exitCode === 0; i++) r = s.run('cat twice.yaml twice.yaml > more.yaml && mv more.yaml twice.yaml');
    expect(r.exitCode).toBe(1);
    expect(out(r, 'stderr')).toMatch(/^bash: write error: No space left on device \(the files behind this prompt hold at most 4 MiB in all; this line's writes were undone/m);
    expect(s.workstation.size).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(s.workstation.written()['pods.yaml']).toBe(before['pods.yaml']);
    expect(out(s.run('rm twice.yaml && echo ok'))).toBe('ok\n');
  });

  it('replaying the log rebuilds the same files', () => {
    const s = new Session();
    s.run('kubectl create configmap app --from-literal=a=1 --dry-run=client -o yaml > cm.yaml');
    s.run("sed -i s/a:/b:/ cm.yaml && sed -i s/x/y/ nope.yaml || echo 'no such file' > why.txt");
    const replayed = new Session();
    for (const c of s.log) replayed.run(c.line, c.stdin);
    expect(replayed.workstation.written()).toEqual(s.workstation.written());
    expect(Object.keys(s.workstation.written())).toEqual(['cm.yaml', 'why.txt']);
    expect(s.workstation.written()['cm.yaml']).toContain('  b: "1"\n');
  });
});
