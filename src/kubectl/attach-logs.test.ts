/**
 * With `tty: true` the container's log is its terminal (images/tty-log.ts): `kubectl logs` shows a
 * `kubectl run -it` session as the terminal showed it — prompts, the echo of each typed line,
 * the output — lines cut at `\n` with the tty's `\r` dropped, as containerd's CRI logger cuts
 * them; bash's bracketed-paste switches stay in (recorded from bash 5.2.15 under a pty). An
 * exec's terminal (`kubectl exec -it`) never reaches the log; without a tty (`kubectl run -i`)
 * the log has the output alone.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { text } from './attach.testing';

describe('kubectl logs of a container whose terminal was attached', () => {
  it('BusyBox: the prompt, the typed lines (PS2 before continuation lines, a read’s prompt before its answer) and their output', () => {
    const s = new Session({ seed: 2, interactive: true });
    s.run('kubectl run -it b --image=busybox:1.36 -- sh');
    const other = new Session({ simulation: s.sim });
    // The first prompt is a line not yet ended: containerd writes nothing of it yet.
    expect(text(other.run('kubectl logs b'))).toBe('');
    for (const l of ['echo hi', 'ls /nope', 'for i in 1 2; do\necho $i\ndone', 'read -p "Name: " n', 'Jane', 'echo $TERM']) s.run(l);
    expect(text(other.run('kubectl logs b'))).toBe('/ # echo hi\nhi\n/ # ls /nope\nls: /nope: No such file or directory\n/ # for i in 1 2; do\n> echo $i\n> done\n1\n2\n/ # read -p "Name: " n\nName: Jane\n/ # echo $TERM\nxterm\n');
    // An exec's terminal is its own.
    expect(text(other.run('kubectl exec b -- echo from-exec'))).toBe('from-exec\n');
    s.run('exit');
    s.sim.advance(20_000);
    expect(text(other.run('kubectl logs b --previous'))).toMatch(/\n\/ # echo \$TERM\nxterm\n\/ # exit\n$/);
  });

  it('bash: each line readline reads between its bracketed-paste switches, `exit` as bash says it', () => {
    const s = new Session({ seed: 2, interactive: true });
    s.run('kubectl run -it d --image=debian -- bash');
    s.run('echo hi');
    s.run('exit 0');
    s.sim.advance(20_000);
    expect(text(new Session({ simulation: s.sim }).run('kubectl logs d --previous'))).toBe('\x1b[?2004hroot@d:/# echo hi\n\x1b[?2004l\rhi\n\x1b[?2004hroot@d:/# exit 0\n\x1b[?2004l\rexit\n');
  });

  it('kubectl exec -it leaves nothing in the log; kubectl run -i without a tty logs the output by stream', () => {
    const s = new Session({ seed: 2, interactive: true });
    s.run('kubectl run w --image=busybox:1.36 -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/w');
    s.run('kubectl exec -it w -- sh');
    s.run('echo secret');
    s.run('exit');
    expect(text(s.run('kubectl logs w'))).toBe('');
    const r = new Session({ seed: 2 });
    r.run('kubectl run -i t --image=busybox:1.36 --restart=Never -- sh', 'echo out\necho err >&2\n');
    expect(r.run('kubectl logs t')).toMatchObject({ output: [{ text: 'out\nerr\n' }] });
  });
});
