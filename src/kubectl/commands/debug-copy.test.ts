/**
 * `kubectl debug POD --copy-to=NAME` against the real engine: the copy each flag combination makes
 * (recorded from kubectl v1.35.2 against `reconcile serve`, debug-copy.ts's header), its printed
 * lines and errors, --replace, and -it attaching to the copy's debug container.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { Session } from '../session';
import type { CommandResult } from '../types';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
  annotations: {note: hello}
spec:
  initContainers:
  - name: init
    image: busybox:1.36
    command: [sh, -c, "true"]
  containers:
  - name: web
    image: nginx:1.27
    readinessProbe:
      httpGet: {path: /, port: 80}
    livenessProbe:
      tcpSocket: {port: 80}
`;
const NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";
const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

describe('kubectl debug POD --copy-to', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 3 });
    expect(kubectl(base, 'create -f web.yaml', { files: { 'web.yaml': WEB } }).code).toBe(0);
    base.advance(20_000);
    // An ephemeral container in the original: the copy leaves it out.
    expect(kubectl(base, 'debug web --image=busybox:1.36 -c eph -- sleep 600').code).toBe(0);
    base.advance(5_000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());
  const copyOf = (sim: Simulation, name: string): Pod => sim.storedObject<Pod>(`pods/default/${name}`)!;
  const names = (p: Pod, which: 'containers' | 'initContainers' = 'containers'): string[] => (p.spec[which] ?? []).map((c) => c.name);

  it('general (the default): a new debugger-xxxxx container; labels, annotations and probes dropped, init containers kept, SYS_PTRACE, one process namespace, placed afresh', () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug web --copy-to=web-a --image=busybox:1.36 -- sleep 1d');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Defaulting debug container name to debugger-[bcdfghjklmnpqrstvwxz2456789]{5}\.\n$/);
    const dbg = /debugger-\w{5}/.exec(r.stdout)![0];
    const p = copyOf(sim, 'web-a');
    expect(p.metadata.labels).toBeUndefined();
    expect(p.metadata.annotations).toBeUndefined();
    expect(names(p)).toEqual(['web', dbg]);
    expect(names(p, 'initContainers')).toEqual(['init']);
    expect(p.spec.ephemeralContainers).toBeUndefined();
    expect(p.spec.containers[0]!.readinessProbe).toBeUndefined();
    expect(p.spec.containers[0]!.livenessProbe).toBeUndefined();
    expect(p.spec.containers[1]).toMatchObject({ image: 'busybox:1.36', command: ['sleep', '1d'], securityContext: { capabilities: { add: ['SYS_PTRACE'] } }, terminationMessagePolicy: 'File' });
    expect(p.spec.shareProcessNamespace).toBe(true);
    sim.advance(20_000);
    expect(copyOf(sim, 'web-a').status?.phase).toBe('Running');
    expect(copyOf(sim, 'web').status?.phase).toBe('Running');
  });

  it('-c names an existing container to change in place; --keep-labels, --same-node, --share-processes=false', () => {
    const sim = fresh();
    const r = kubectl(sim, "debug web --copy-to=web-c --image=busybox:1.36 -c web --keep-labels --same-node --share-processes=false -- sh -c 'sleep 1d'");
    expect(r).toMatchObject({ stdout: '', stderr: '', code: 0 });
    const p = copyOf(sim, 'web-c');
    expect(p.metadata.labels).toEqual({ app: 'web' });
    expect(p.metadata.annotations).toBeUndefined();
    expect(p.spec.nodeName).toBe(copyOf(sim, 'web').spec.nodeName);
    expect(p.spec.shareProcessNamespace).toBe(false);
    expect(names(p)).toEqual(['web']);
    expect(p.spec.containers[0]).toMatchObject({ image: 'busybox:1.36', command: ['sh', '-c', 'sleep 1d'], securityContext: { capabilities: { add: ['SYS_PTRACE'] } } });
  });

  it('--set-image alone copies with new images and no profile (labels, probes kept), attaching to nothing', () => {
    const sim = fresh();
    expect(kubectl(sim, 'debug web --copy-to=web-b --set-image=*=nginx:1.28 -it')).toMatchObject({ stdout: '', stderr: '', code: 0 });
    const p = copyOf(sim, 'web-b');
    expect(p.metadata.labels).toEqual({ app: 'web' });
    expect(p.spec.containers[0]).toMatchObject({ name: 'web', image: 'nginx:1.28', readinessProbe: { httpGet: { path: '/' } } });
    expect(p.spec.shareProcessNamespace).toBeUndefined();
    expect(kubectl(sim, 'debug web --copy-to=web-i -c newc --set-image=web=nginx:1.29').code).toBe(0);
    expect(copyOf(sim, 'web-i').spec.containers.map((c) => c.image)).toEqual(['nginx:1.29']);
  });

  it('legacy drops only the labels (--keep-labels or not); restricted locks the container down and keeps what --keep-* names', () => {
    const sim = fresh();
    const legacy = kubectl(sim, 'debug web --copy-to=web-d --image=busybox:1.36 --profile=legacy --keep-labels -c dbg -- sleep 1d');
    expect(legacy.stderr).toBe('--profile=legacy is deprecated and planned to be removed in v1.39. It is recommended to specify other profile, for example "--profile=general".\n');
    const d = copyOf(sim, 'web-d');
    expect(d.metadata.labels).toBeUndefined();
    expect(d.metadata.annotations).toEqual({ note: 'hello' });
    expect(d.spec.containers[0]!.readinessProbe).toBeDefined();
    expect(d.spec.containers[1]!.securityContext).toBeUndefined();
    expect(d.spec.shareProcessNamespace).toBeUndefined();
    expect(kubectl(sim, 'debug web --copy-to=web-e --image=busybox:1.36 --profile=restricted -c dbg --keep-annotations --keep-liveness --keep-init-containers=false -- sleep 1d').code).toBe(0);
    const e = copyOf(sim, 'web-e');
    expect(e.metadata.annotations).toEqual({ note: 'hello' });
    expect(e.spec.containers[0]!.livenessProbe).toBeDefined();
    expect(e.spec.containers[0]!.readinessProbe).toBeUndefined();
    expect(e.spec.initContainers).toBeUndefined();
    expect(e.spec.containers[1]!.securityContext).toEqual({ runAsNonRoot: true, capabilities: { drop: ['ALL'] }, allowPrivilegeEscalation: false, seccompProfile: { type: 'RuntimeDefault' } });
  });

  it("prints upstream's errors, and --replace deletes the original once the copy exists", () => {
    const sim = fresh();
    expect(kubectl(sim, 'debug web --copy-to=web-f').stderr).toBe('error: you must specify --image, --set-image or command arguments.\n');
    expect(kubectl(sim, 'debug web --copy-to=web-g -c nope -- sh')).toMatchObject({ stderr: 'error: you must specify image when creating new container\n', code: 1 });
    expect(kubectl(sim, 'debug web --copy-to=web -c x --image=busybox:1.36')).toMatchObject({ stderr: 'Error from server (AlreadyExists): pods "web" already exists\n', code: 1 });
    expect(kubectl(sim, 'debug web --copy-to=web-r -c web --image=busybox:1.36 --replace -- sleep 1d')).toMatchObject({ stdout: '', stderr: '', code: 0 });
    sim.advance(5_000);
    expect(sim.storedObject<Pod>('pods/default/web')).toBeUndefined();
    expect(copyOf(sim, 'web-r').status?.phase).toBe('Running');
  });
});

describe('kubectl debug --copy-to -it in the page’s terminal (a TTY)', () => {
  it("attaches to the copy's debug container; exit ends it and kubectl prints attach's resume line", () => {
    const s = new Session({ seed: 3, interactive: true, files: { 'web.yaml': WEB } });
    expect(s.run('kubectl create -f web.yaml').exitCode).toBe(0);
    s.sim.advance(20_000);
    const attach = s.run('kubectl debug web -it --copy-to=web-debug --image=busybox:1.36 -c dbg');
    expect(attach).toMatchObject({ exitCode: 0, attached: { namespace: 'default', pod: 'web-debug', container: 'dbg', prompt: '/ # ' } });
    expect(text(attach)).toBe(NOTICE);
    expect(text(s.run('hostname'))).toBe('web-debug\n');
    // shareProcessNamespace: the sandbox's pause process is PID 1, then the app's processes; BusyBox names
    // users from its own /etc/passwd, which has no nginx (101), as the share-process-namespace page shows.
    expect(text(s.run('ps'))).toMatch(/^PID +USER +TIME +COMMAND\n +1 65535 +0:00 \/pause\n +\d+ root +0:00 nginx: master process nginx -g daemon off;\n( +\d+ 101 +0:00 nginx: worker process\n)+ +\d+ root +0:00 sh\n/);
    const bye = s.run('exit');
    expect(text(bye)).toBe("Session ended, resume using 'kubectl attach web-debug -c dbg -n default -i -t' command\n");
    s.sim.advance(5_000);
    const st = s.sim.storedObject<Pod>('pods/default/web-debug')!.status!.containerStatuses!.find((c) => c.name === 'dbg')!;
    // restartPolicy Always (copied from the original): the shell's exit restarts the container.
    expect(st.restartCount).toBe(1);
  });
});
