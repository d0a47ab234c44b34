/**
 * `kubectl attach` through the Session the page and the runner use. Messages as kubectl v1.36's
 * pkg/cmd/attach/attach.go and podcmd print them (compared with a real kubectl against
 * `reconcile serve` where the wording has not changed since v1.32).
 */
import { DETACH_KEYS } from '../../k8s/end-of-input';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult } from '../types';

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 1 });
  booted.run(`kubectl run tick --image=busybox:1.36 -- sh -c 'i=0; while true; do i=$((i+1)); echo tick $i; sleep 1; done'`);
  booted.run(`kubectl run two --image=busybox:1.36 --overrides='{"spec":{"containers":[{"name":"a","image":"busybox:1.36","command":["sh","-c","echo before; sleep 5; echo after"]},{"name":"b","image":"busybox:1.36","command":["sleep","3600"]}]}}'`);
  booted.run('kubectl run done --image=busybox:1.36 --restart=Never -- true');
  booted.run('kubectl wait --for=condition=Ready pod/tick pod/two --timeout=1m');
  booted.run('kubectl wait --for=jsonpath={.status.phase}=Succeeded pod/done --timeout=1m');
});

function fresh(interactive = false): Session {
  return new Session({ seed: 1, interactive, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

const out = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stdout').map((c) => c.text).join('');
const err = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');
const NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";

describe('kubectl attach: which Pod and container', () => {
  it('refuses as kubectl does: arguments, a missing Pod, a completed Pod, an unknown container', () => {
    const s = fresh();
    expect(s.run('kubectl attach')).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: 'error: at least 1 argument is required for attach\n' }] });
    expect(err(s.run('kubectl attach a b c'))).toBe('error: expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw 3: [a b c]\n');
    expect(err(s.run('kubectl attach nope'))).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(err(s.run('kubectl attach done'))).toBe('error: cannot attach a container in a completed pod; current phase is Succeeded\n');
    expect(err(s.run('kubectl attach two -c zz'))).toBe('error: cannot attach to the container: container zz is not valid for pod two out of: a, b\n');
  });

  it('defaults to the first container with podcmd’s notice, and streams what it writes from now on until it stops', () => {
    const s = fresh();
    const r = s.run('kubectl attach two');
    expect(err(r)).toBe(`Defaulted container "a" out of: a, b\n${NOTICE}`);
    // "before" was written before the attach: the stream carries only what comes after.
    expect(out(r)).toBe('after\n');
    expect(r.exitCode).toBe(0);
    expect(err(s.run('kubectl attach two -c b -q'))).toBe('');
  });

  it('follows the default-container annotation; one naming no container is podcmd’s error since v1.36', () => {
    const s = fresh();
    s.run('kubectl annotate pod two kubectl.kubernetes.io/default-container=b');
    expect(err(s.run('kubectl attach two -q'))).toBe('');
    s.run('kubectl annotate pod two kubectl.kubernetes.io/default-container=gone --overwrite');
    expect(err(s.run('kubectl attach two'))).toBe('error: cannot attach to the container: container gone is not valid for pod two out of: a, b\n');
    expect(err(s.run('kubectl exec two -- true'))).toBe('error: container gone is not valid for pod two out of: a, b\n');
  });

  it('piped input to -i reaches a shell that is PID 1 with stdin and a TTY; kubectl drops the TTY', () => {
    const s = fresh();
    s.run(`kubectl run shp --image=busybox:1.36 --overrides='{"spec":{"containers":[{"name":"shp","image":"busybox:1.36","command":["sh"],"stdin":true,"tty":true}]}}'`);
    s.run('kubectl wait --for=condition=Ready pod/shp --timeout=1m');
    const r = s.run(`echo 'echo hi from $$' | kubectl attach shp -i`);
    expect(err(r)).toBe(`Unable to use a TTY - input is not a terminal or the right kind of file\n${NOTICE}`);
    expect(out(r)).toMatch(/^hi from 1\r?\n/);
  });

  it('-i without a terminal: a stdinOnce shell runs the piped input, then meets its end and exits, ending the container', () => {
    const s = fresh();
    s.run(`kubectl run once --image=busybox:1.36 --overrides='{"spec":{"containers":[{"name":"once","image":"busybox:1.36","command":["sh"],"stdin":true,"stdinOnce":true}]}}'`);
    s.run('kubectl wait --for=condition=Ready pod/once --timeout=1m');
    const t0 = s.sim.now;
    const r = s.run(`echo 'echo piped; exit 4' | kubectl attach once -i -q`);
    expect(out(r)).toBe('piped\n');
    expect(r.exitCode).toBe(0);
    expect(s.sim.now - t0).toBeLessThan(10_000);
    // The kubelet reports the exit once its PLEG relist (every second) has seen it.
    s.run('sim advance 2s');
    expect(out(s.run('kubectl get pod once -o jsonpath={.status.containerStatuses[0].lastState.terminated.exitCode}'))).toBe('4');
  });

  it('Ctrl+C ends the stream as it ends logs -f: what came before stays, exit status 130', () => {
    const s = fresh();
    const t0 = s.sim.now;
    const r = s.run('kubectl attach tick -q', undefined, { interruptAt: t0 + 3_500 });
    expect(r.exitCode).toBe(130);
    expect(s.sim.now).toBe(t0 + 3_500);
    expect(out(r)).toMatch(/^(tick \d+\n){3,4}$/);
  });

  it('-t to a container without a TTY: kubectl drops it with its error line and streams on', () => {
    const s = fresh();
    const r = s.run('kubectl attach tick -it --request-timeout=3s');
    expect(err(r)).toBe(`error: Unable to use a TTY - container tick did not allocate one\n${NOTICE}`);
    expect(out(r)).toMatch(/^tick \d+\ntick \d+\n/);
  });
});

describe('kubectl attach TYPE/NAME: AttachablePodForObject', () => {
  it('a workload picks its most active Pod; kinds without a Pod selector are refused as kubectl refuses them', () => {
    const s = fresh();
    s.run(`kubectl create deploy dd --image=busybox:1.36 -- sh -c 'echo up; sleep 3; echo later; sleep 3600'`);
    s.run('kubectl rollout status deploy/dd --timeout=1m');
    expect(out(s.run('kubectl attach deploy dd -q'))).toBe('later\n');
    s.run('kubectl create configmap cm');
    expect(err(s.run('kubectl attach cm/cm'))).toBe('error: cannot attach to *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n');
    s.run(`echo '{"apiVersion":"v1","kind":"Service","metadata":{"name":"nosel"},"spec":{"ports":[{"port":80}]}}' | kubectl apply -f -`);
    expect(err(s.run('kubectl attach svc/nosel'))).toBe("error: cannot attach to *v1.Service: invalid service 'nosel': Service is defined without a selector\n");
  });

  it('with no Pod, waits --pod-running-timeout for one; a container not started yet refuses the upgrade', () => {
    const s = fresh();
    s.run(`kubectl create deploy idle --image=busybox:1.36 --replicas=0 -- sleep 3600`);
    expect(err(s.run('kubectl attach deploy/idle --pod-running-timeout=5s'))).toBe('error: timed out waiting for the condition\n');
    s.run('kubectl create job later --image=busybox:1.36 -- sh -c "sleep 2; echo from the job"');
    // The kubelet's GetAttach: the runtime has no such container yet (ContainerCreating).
    expect(s.run('kubectl attach job/later -q')).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: expect.stringMatching(/^error: unable to upgrade connection: container later not found in pod later-\w+_default\n$/) }] });
  });
});

describe('kubectl attach -it in the page’s terminal', () => {
  it('Ctrl+P Ctrl+Q detaches (kubectl v1.36 --detach-keys default): the session ends with the reattach message, the shell goes on', () => {
    const s = fresh(true);
    const started = s.run('kubectl run -it sh1 --image=busybox:1.36 -- sh');
    expect(started.attached).toMatchObject({ pod: 'sh1', detachKeys: true });
    s.run('x=kept');
    const r = s.run(DETACH_KEYS);
    expect(r.attached).toBeUndefined();
    expect(out(r)).toBe("Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n");
    // The same shell, its variable still set: nothing ended it.
    expect(s.run('kubectl attach sh1 -c sh1 -i -t').attached).toMatchObject({ pod: 'sh1', detachKeys: true });
    expect(out(s.run('echo $x $$'))).toBe('kept 1\n');
    expect(out(s.run(DETACH_KEYS))).toBe("Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n");
  });

  it('kubectl exec has no detach keys: its session is no attach', () => {
    const s = fresh(true);
    s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/bb --timeout=2m');
    expect(s.run('kubectl exec -it bb -- sh').attached?.detachKeys).toBeUndefined();
  });

  it('re-enters the shell kubectl run -it left as PID 1; exit ends it with the reattach message', () => {
    const s = fresh(true);
    s.run('kubectl run -it sh1 --image=busybox:1.36 -- sh');
    s.run('touch /tmp/mark');
    // exit (not Ctrl+P Ctrl+Q, which detaches) ends PID 1: the container restarts with a new sh.
    expect(out(s.run('exit'))).toBe("Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n");
    // Until the kubelet's next relist the Pod is still Ready as far as the API says: let it see the exit.
    s.run('sim advance 2s');
    s.run('kubectl wait --for=condition=Ready pod/sh1 --timeout=2m');
    const r = s.run('kubectl attach sh1 -c sh1 -i -t');
    expect(err(r)).toBe(NOTICE);
    expect(r.attached).toMatchObject({ pod: 'sh1', container: 'sh1', prompt: '/ # ' });
    expect(out(s.run('echo $$'))).toBe('1\n');
    const end = s.run('exit 2');
    expect(end.attached).toBeUndefined();
    expect(out(end)).toBe("Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n");
  });

  it('finds the image’s own bash as PID 1 (debian’s CMD) and draws its prompt', () => {
    const s = fresh(true);
    s.run('kubectl run -it deb --image=debian');
    s.run('exit');
    // The kubelet restarts it after its first back-off (10s).
    s.run('sim advance 15s');
    s.run('kubectl wait --for=condition=Ready pod/deb --timeout=2m');
    expect(s.run('kubectl attach deb -it').attached).toMatchObject({ prompt: 'root@deb:/# ' });
    expect(out(s.run('echo $$ $0'))).toBe('1 bash\n');
  });

  it('-q prints neither notices nor the reattach message', () => {
    const s = fresh(true);
    s.run('kubectl run -it sh2 --image=busybox:1.36 -- sh');
    s.run('exit');
    s.run('sim advance 2s');
    s.run('kubectl wait --for=condition=Ready pod/sh2 --timeout=2m');
    const r = s.run('kubectl attach sh2 -itq');
    expect(r.output).toEqual([]);
    expect(r.attached).toBeDefined();
    expect(s.run('exit').output).toEqual([]);
  });
});
