import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { Session } from '../session';
import type { CommandResult } from '../types';

const NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";
const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

describe('kubectl run -i / --attach / --rm (headless: stdin is not a terminal)', () => {
  it('prints a finished one-shot command’s output, deletes the Pod with --rm and exits 0', () => {
    const sim = new Simulation({ seed: 2 });
    expect(kubectl(sim, "run once --image=busybox:1.36 --restart=Never --rm -i -- echo hi")).toMatchObject({ stdout: 'hi\npod "once" deleted from default namespace\n', stderr: '', code: 0 });
    sim.advance(40_000);
    expect(sim.storedObject('pods/default/once')).toBeUndefined();
  });

  it("exits with the container's code, after the deferred delete, as uexec.CodeExitError", () => {
    const sim = new Simulation({ seed: 2 });
    const r = kubectl(sim, "run fail --image=busybox:1.36 --restart=Never --rm -i -- sh -c 'echo bye; exit 3'");
    expect(r).toMatchObject({ stdout: 'bye\npod "fail" deleted from default namespace\n', stderr: 'pod default/fail terminated (Error)\n', code: 3 });
    expect(r.all.indexOf('deleted')).toBeLessThan(r.all.indexOf('terminated'));
  });

  it('attaches to a running container: output before the attach, the session notice, then what it writes until it ends', () => {
    const sim = new Simulation({ seed: 2 });
    const r = kubectl(sim, "run keep --image=busybox:1.36 --restart=Never -i -- sh -c 'echo a; sleep 5; echo b'");
    expect(r).toMatchObject({ stdout: 'a\nb\n', stderr: NOTICE, code: 0 });
    expect(kubectl(sim, 'get pod keep --no-headers').stdout).toMatch(/^keep\s+0\/1\s+Completed\s+0/);
    expect(kubectl(sim, 'get pod keep -o jsonpath={.spec.containers[0].stdin},{.spec.containers[0].stdinOnce},{.spec.containers[0].tty}').stdout).toBe('true,true,');
  });

  it('finds a command that ends within milliseconds already Succeeded: its output, then the delete, and no attach notice', () => {
    // The kubelet reports the container only at its PLEG relist, by when nslookup has exited: the
    // Pod goes from Pending to Succeeded and kubectl takes run.go's ErrPodCompleted path (logs).
    const s = new Session({ seed: 2 });
    const r = s.run('kubectl run -it --rm --restart=Never busybox --image=busybox:1.28 -- nslookup kubernetes.default');
    expect(text(r)).toBe(
      'Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      kubernetes.default\nAddress 1: 10.96.0.1 kubernetes.default.svc.cluster.local\npod "busybox" deleted from default namespace\n',
    );
    expect(r.exitCode).toBe(0);
  });

  it('-t without a terminal warns as attach does; -q keeps the notices away', () => {
    const sim = new Simulation({ seed: 2 });
    const r = kubectl(sim, "run t1 --image=busybox:1.36 --restart=Never -it -- sh -c 'sleep 3; echo done'");
    expect(r.stderr).toBe(`Unable to use a TTY - input is not a terminal or the right kind of file\n${NOTICE}`);
    expect(r.stdout).toBe('done\n');
    expect(kubectl(sim, "run q1 --image=busybox:1.36 --restart=Never -i -q -- sh -c 'sleep 3; echo quiet'")).toMatchObject({ stdout: 'quiet\n', stderr: '' });
  });

  it("refuses what run.go's Validate refuses", () => {
    const sim = new Simulation({ seed: 2 });
    expect(kubectl(sim, 'run x -t --image=busybox:1.36').stderr).toBe('error: -i/--stdin is required for containers with -t/--tty=true\n');
    expect(kubectl(sim, 'run x --rm --image=busybox:1.36').stderr).toBe('error: --rm should only be used for attached containers\n');
    expect(kubectl(sim, 'run x -i --dry-run=client --image=busybox:1.36').stderr).toBe("error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\n");
    expect(kubectl(sim, 'get pods').stderr).toBe('No resources found in default namespace.\n');
  });

  it('stdin that is no terminal reaches PID 1, then its end: a shell there (debian’s CMD, bash) exits and the Pod completes', () => {
    const s = new Session({ seed: 2 });
    const t0 = s.sim.now;
    // kubectl closes the attach's stdin at EOF; containerd closes a stdinOnce container's with it.
    expect(s.run('kubectl run -i deb --image=debian --restart=Never')).toMatchObject({ output: [{ stream: 'stderr', text: NOTICE }], exitCode: 0 });
    expect(s.sim.now - t0).toBeLessThan(60_000);
    expect(text(s.run('kubectl get pod deb --no-headers'))).toMatch(/^deb\s+0\/1\s+Completed\s+0/);
    const piped = s.run("echo 'echo bye from $0; exit 3' | kubectl run -i piped --image=busybox:1.36 --restart=Never --rm -- sh");
    expect(text(piped)).toBe(`${NOTICE}bye from sh\npod "piped" deleted from default namespace\npod default/piped terminated (Error)\n`);
    expect(piped.exitCode).toBe(3);
  });

  it('times out waiting for a Pod that never runs, then still removes it', () => {
    const sim = new Simulation({ seed: 2 });
    const r = kubectl(sim, 'run nope --image=busybox:no-such-tag --restart=Never --rm -i --pod-running-timeout=20s -- echo hi');
    expect(r).toMatchObject({ stdout: 'pod "nope" deleted from default namespace\n', stderr: 'error: timed out waiting for the condition\n', code: 1 });
  });
});

describe('kubectl run -it in the page’s terminal (a TTY)', () => {
  it('attaches the terminal to the Pod’s shell, which waits on its open stdin; exit detaches and --rm deletes the Pod', () => {
    const s = new Session({ seed: 2, interactive: true });
    const attach = s.run('kubectl run -it --rm debug --image=busybox:1.36 --restart=Never -- sh');
    expect(attach).toMatchObject({ exitCode: 0, attached: { namespace: 'default', pod: 'debug', container: 'debug', prompt: '/ # ' } });
    expect(text(attach)).toBe(NOTICE);
    expect(text(s.run('hostname'))).toBe('debug\n');
    expect(text(s.run('ps'))).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 sh\n/);
    const bye = s.run('exit');
    expect(bye).toMatchObject({ exitCode: 0 });
    expect(bye.attached).toBeUndefined();
    expect(text(bye)).toBe('Session ended, resume using \'kubectl attach debug -c debug -n default -i -t\' command\npod "debug" deleted from default namespace\n');
    s.sim.advance(40_000);
    expect(s.sim.storedObject('pods/default/debug')).toBeUndefined();
  });

  it('reaches the shell through pods/attach, as the real kubectl does: the attach is traced, RBAC asks create pods/attach', () => {
    const s = new Session({ seed: 2, interactive: true });
    const before = s.sim.lastTraceSeq;
    s.run('kubectl run -it t --image=busybox:1.36 -- sh');
    const opened = s.sim.traceSince(before).map((r) => r.summary);
    expect(opened).toContain('POST /api/v1/namespaces/default/pods/t/attach');
    expect(opened).toContain('RBAC: allowed create pods/attach');
    expect(opened.some((h) => /^POST \/attach\/default\/t\/t\?container=t&stdin=true&stdout=true&tty=true$/.test(h))).toBe(true);
    expect(opened).toContain('Attach t');
    expect(opened.some((h) => h.includes('pods/t/exec') || h.startsWith('Exec '))).toBe(false);
    const line = s.sim.lastTraceSeq;
    expect(text(s.run('hostname'))).toBe('t\n');
    expect(s.sim.traceSince(line).map((r) => r.summary)).toContain('RBAC: allowed create pods/attach');
  });

  it('exit ends the shell that is the container’s PID 1: the kubelet restarts it under restartPolicy Always', () => {
    const s = new Session({ seed: 2, interactive: true });
    expect(s.run('kubectl run -it t --image=busybox -- sh')).toMatchObject({ exitCode: 0, attached: { pod: 't' } });
    const bye = s.run('exit');
    expect(bye).toMatchObject({ exitCode: 0 });
    expect(bye.attached).toBeUndefined();
    expect(text(bye)).toBe("Session ended, resume using 'kubectl attach t -c t -n default -i -t' command\n");
    s.sim.advance(15_000);
    const status = s.sim.storedObject<Pod>('pods/default/t')?.status?.containerStatuses?.[0];
    expect(status).toMatchObject({ restartCount: 1, lastState: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(status?.state.running).toBeDefined();
  });

  it('exit N under --restart=Never completes the Pod and kubectl exits with its status', () => {
    const s = new Session({ seed: 2, interactive: true });
    s.run('kubectl run -it t --image=busybox --restart=Never -- sh');
    const bye = s.run('exit 3');
    expect(text(bye)).toBe("Session ended, resume using 'kubectl attach t -c t -n default -i -t' command\npod default/t terminated (Error)\n");
    expect(bye.exitCode).toBe(3);
  });

  it('reaches kube-apiserver from the Pod’s shell: anonymous, then as the Pod’s ServiceAccount once a RoleBinding allows it', () => {
    const s = new Session({ seed: 2, interactive: true });
    expect(s.run('kubectl run -it --rm t --image=curlimages/curl -- sh')).toMatchObject({ exitCode: 0, attached: { pod: 't', prompt: '~ $ ' } });
    expect(text(s.run('id; pwd'))).toBe('uid=100(curl_user) gid=101(curl_group) groups=101(curl_group)\n/home/curl_user\n');
    expect(text(s.run('curl -sk https://kubernetes.default.svc/version'))).toMatch(/^\{\n {2}"major": "1",\n/);
    expect(s.run('TOKEN=$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)')).toMatchObject({ output: [], exitCode: 0 });
    const asSa = 'curl -s --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $TOKEN" https://kubernetes.default.svc/api/v1/namespaces/default/pods';
    expect(JSON.parse(text(s.run(asSa)))).toMatchObject({ kind: 'Status', code: 403, message: expect.stringContaining('User "system:serviceaccount:default:default" cannot list resource "pods"') });
    const other = new Session({ simulation: s.sim });
    expect(other.run('kubectl create rolebinding read --clusterrole=view --serviceaccount=default:default').exitCode).toBe(0);
    expect(JSON.parse(text(s.run(asSa)))).toMatchObject({ kind: 'PodList', items: [{ metadata: { name: 't' } }] });
    expect(text(s.run('wget -qO- http://10.96.0.1:443'))).toBe('wget: server returned error: HTTP/1.0 400 Bad Request\n');
  });

  it("attaches to netshoot's zsh (its README's `kubectl run tmp-shell --rm -i --tty --image nicolaka/netshoot`), a session modelled as bash's", () => {
    const s = new Session({ seed: 2, interactive: true });
    expect(s.run('kubectl run tmp-shell --rm -i --tty --image nicolaka/netshoot -- zsh')).toMatchObject({ exitCode: 0, attached: { pod: 'tmp-shell', prompt: 'root@tmp-shell:~# ' } });
    expect(text(s.run('dig +short kubernetes.default.svc.cluster.local'))).toBe('10.96.0.1\n');
    expect(text(s.run('exit'))).toContain('pod "tmp-shell" deleted from default namespace\n');
  });
});
