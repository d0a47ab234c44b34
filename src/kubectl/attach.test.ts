import { describe, expect, it } from 'vitest';
import { KUBECTL_STARTUP_MS, Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';

describe('kubectl exec -it in a terminal that is a TTY', () => {
  it('attaches to the shell through one exec, and the prompt follows cd', () => {
    const s = terminal();
    const before = s.sim.lastTraceSeq;
    const attach = s.run('kubectl exec -it bb -- sh');
    expect(attach).toMatchObject({ output: [], exitCode: 0, attached: { namespace: 'default', pod: 'bb', container: 'bb', prompt: '/ # ' } });
    expect(attach.typedIn).toBeUndefined();
    const hops = s.sim.traceSince(before).map((r) => r.summary);
    expect(hops).toContain('RBAC: allowed create pods/exec');
    expect(hops.some((h) => h.startsWith('POST /exec/default/bb/bb?command=sh&'))).toBe(true);

    expect(s.run('cd /tmp')).toMatchObject({ output: [], exitCode: 0, typedIn: { prompt: '/ # ' }, attached: { prompt: '/tmp # ' } });
    expect(text(s.run('echo hi > note; ls'))).toBe('note\n');
    expect(text(s.run('pwd'))).toBe('/tmp\n');
    expect(s.run('cd').attached?.prompt).toBe('~ # ');
    const missing = s.run('cd /nope');
    expect(missing).toMatchObject({ exitCode: 1, attached: { prompt: '~ # ' } });
    expect(text(missing)).toBe("sh: cd: can't cd to /nope: No such file or directory\n");
    expect(text(s.run('cat /tmp/note'))).toBe('hi\n');
  });

  it('runs kubectl and sim inside the container, where they are not installed', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const r = s.run('kubectl get pods');
    expect(r).toMatchObject({ exitCode: 127, attached: { prompt: '/ # ' } });
    expect(text(r)).toBe('sh: kubectl: not found\n');
    expect(text(s.run('sim advance 1m'))).toBe('sh: sim: not found\n');
  });

  it('detaches on exit, with kubectl’s line for a non-zero status; a bare exit keeps $?', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(s.run('exit')).toEqual({ output: [], exitCode: 0, typedIn: expect.objectContaining({ prompt: '/ # ' }) });
    s.run('kubectl exec -it bb -- sh');
    expect(s.run('exit 3')).toMatchObject({ output: [{ stream: 'stderr', text: 'command terminated with exit code 3\n' }], exitCode: 3 });
    s.run('kubectl exec -it bb -- sh');
    s.run('false');
    const bare = s.run('exit');
    expect(bare).toMatchObject({ output: [{ stream: 'stderr', text: 'command terminated with exit code 1\n' }], exitCode: 1 });
    expect(bare.attached).toBeUndefined();
    expect(text(s.run('kubectl get pod bb -o name'))).toBe('pod/bb\n');
  });

  it('draws each image’s prompt: dash for sh on Debian, bash with Debian’s PS1', () => {
    const s = terminal();
    expect(s.run('kubectl exec -it db -- sh').attached?.prompt).toBe('# ');
    expect(s.run('cd /etc').attached?.prompt).toBe('# ');
    s.run('exit');
    expect(s.run('kubectl exec -it db -- bash').attached?.prompt).toBe('root@db:/# ');
    expect(s.run('cd /usr/share').attached?.prompt).toBe('root@db:/usr/share# ');
    expect(s.run('cd ~').attached?.prompt).toBe('root@db:~# ');
  });

  it('ends the session as kubectl does when the container goes away', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    // Another terminal on the same cluster deletes the Pod.
    expect(new Session({ simulation: s.sim }).run('kubectl delete pod bb').exitCode).toBe(0);
    const broken = s.run('ls');
    expect(broken).toMatchObject({ output: [{ stream: 'stderr', text: 'command terminated with exit code 137\n' }], exitCode: 137, typedIn: { prompt: '/ # ' } });
    expect(broken.attached).toBeUndefined();
    expect(text(s.run('kubectl get pods -o name'))).toBe('pod/db\n');
  });

  it('refuses like kubectl before attaching: a missing Pod, a missing shell, RBAC', () => {
    const s = terminal();
    expect(s.run('kubectl exec -it nothere -- sh')).toMatchObject({ output: [{ text: 'Error from server (NotFound): pods "nothere" not found\n' }], exitCode: 1 });
    const noBash = s.run('kubectl exec -it bb -- bash');
    expect(text(noBash)).toBe('OCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n');
    expect(noBash.attached).toBeUndefined();
    expect(text(s.run('kubectl exec -it bb --as=jane -- sh'))).toBe('Error from server (Forbidden): pods "bb" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n');
    // A command that is not a shell, or a shell given a script, runs once with the TTY.
    expect(s.run('kubectl exec -it bb -- hostname')).toEqual({ output: [{ stream: 'stdout', text: 'bb\n' }], exitCode: 0, leadSeq: expect.any(Number) });
    expect(s.run("kubectl exec -it bb -- sh -c 'echo once'")).toEqual({ output: [{ stream: 'stdout', text: 'once\n' }], exitCode: 0, leadSeq: expect.any(Number) });
    // Piped input is not a terminal, even in the browser.
    expect(text(s.run('kubectl exec -it bb -- sh', 'hostname\n'))).toBe('Unable to use a TTY - input is not a terminal or the right kind of file\nbb\n');
  });

  it('takes a typist’s moment per line, as a command does', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const t = s.sim.now;
    s.run('true');
    expect(s.sim.now - t).toBe(KUBECTL_STARTUP_MS);
  });

  it('replays its log to the same screen on a fresh terminal', () => {
    const s = terminal();
    const lines = ['kubectl exec -it bb -- sh', 'cd /tmp', 'echo one > f', 'ls', 'exit 2', 'kubectl exec -it db -- bash', 'cd /etc', 'pwd'];
    const first = lines.map((l) => s.run(l));
    const again = new Session({ seed: 1, interactive: true, simulation: bootedCopy() });
    const second = s.log.map((e) => again.run(e.line, e.stdin));
    expect(second).toEqual(first);
    expect(first.at(-1)?.attached?.prompt).toBe('root@db:/etc# ');
  });

  it('leaves forks a plain terminal: lessons read kubectl output there', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.fork().run('kubectl get pod bb -o name'))).toBe('pod/bb\n');
    expect(text(s.run('kubectl get pod bb -o name'))).toBe('sh: kubectl: not found\n');
  });
});

describe('kubectl exec -it in the headless runner (stdin is not a terminal)', () => {
  it('drops the TTY with kubectl’s notice; the shell reads nothing and exits 0', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    const r = s.run('kubectl exec -it bb -- sh');
    expect(r).toEqual({ output: [{ stream: 'stderr', text: 'Unable to use a TTY - input is not a terminal or the right kind of file\n' }], exitCode: 0 });
    expect(s.run('uname -a')).toMatchObject({ exitCode: 127 });
  });
});
