/**
 * `kubectl debug` against the real engine: the ephemeral container added through
 * pods/ephemeralcontainers, kubectl's printed lines, the interactive attach in the page's
 * terminal, the non-interactive forms, Validate's errors, and describe / -o yaml afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { Session } from '../session';
import type { CommandResult } from '../types';

const NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";
const TARGETING = 'Targeting container "web". If you don\'t see processes from this container it may be because the container runtime doesn\'t support this feature.\n';
const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

describe('kubectl debug (ephemeral containers)', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 3 });
    expect(kubectl(base, 'run web --image=nginx:1.27').code).toBe(0);
    base.advance(30_000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('adds a debugger-xxxxx container (general profile) without attaching; the kubelet starts it', () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug web --image=busybox:1.36 -- sleep 600');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Defaulting debug container name to debugger-[bcdfghjklmnpqrstvwxz2456789]{5}\.\n$/);
    const name = /debugger-\w{5}/.exec(r.stdout)![0];
    // The same run replays to the same name.
    expect(kubectl(fresh(), 'debug web --image=busybox:1.36 -- sleep 600').stdout).toBe(r.stdout);
    sim.advance(10_000);
    const pod = sim.storedObject<Pod>('pods/default/web')!;
    expect(pod.spec.ephemeralContainers).toEqual([
      { name, image: 'busybox:1.36', command: ['sleep', '600'], resources: {}, securityContext: { capabilities: { add: ['SYS_PTRACE'] } }, terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log' },
    ]);
    expect(pod.status?.ephemeralContainerStatuses?.[0]?.state.running).toBeDefined();
    const yaml = kubectl(sim, 'get pod web -o yaml').stdout;
    expect(yaml).toContain(
      ['  ephemeralContainers:', '  - command:', '    - sleep', '    - "600"', '    image: busybox:1.36', '    imagePullPolicy: IfNotPresent', `    name: ${name}`, '    resources: {}', '    securityContext:', '      capabilities:', '        add:', '        - SYS_PTRACE', '    terminationMessagePath: /dev/termination-log', '    terminationMessagePolicy: File', ''].join('\n'),
    );
    expect(yaml).toMatch(new RegExp(`  ephemeralContainerStatuses:\\n  - containerID: containerd://[0-9a-f]{64}\\n    image: docker.io/library/busybox:1.36\\n    imageID: docker.io/library/busybox@sha256:[0-9a-f]{64}\\n    lastState: \\{\\}\\n    name: ${name}\\n    ready: false\\n    restartCount: 0\\n    state:\\n      running:\\n        startedAt: "[^"]+"\\n`));
    const describe = kubectl(sim, 'describe pod web').stdout;
    // Command: has no tab, so it ends tabwriter's column block (kubectl's own misalignment).
    expect(describe).toMatch(new RegExp(`\\nEphemeral Containers:\\n  ${name}:\\n    Container ID:  containerd://[0-9a-f]{64}\\n    Image:         busybox:1\\.36\\n    Image ID:      docker\\.io/library/busybox@sha256:[0-9a-f]{64}\\n    Port:          <none>\\n    Host Port:     <none>\\n    Command:\\n      sleep\\n      600\\n    State:          Running\\n      Started:      [^\\n]+\\n    Ready:          False\\n    Restart Count:  0\\n    Environment:    <none>\\n    Mounts:         <none>\\nConditions:`));
    expect(describe).toMatch(new RegExp(`Normal  Started +\\S+ +kubelet +spec\\.ephemeralContainers\\{${name}\\}: Started container ${name}\\n`));
  });

  it('-c names it; a second debug container is added beside the first; a duplicate name is refused by the server', () => {
    const sim = fresh();
    expect(kubectl(sim, 'debug web --image=busybox:1.36 -c one -- sleep 600')).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(kubectl(sim, 'debug web --image=busybox:1.36 -c two -- sleep 600').code).toBe(0);
    expect(sim.storedObject<Pod>('pods/default/web')!.spec.ephemeralContainers?.map((c) => c.name)).toEqual(['one', 'two']);
    expect(kubectl(sim, 'debug web --image=busybox:1.36 -c web')).toMatchObject({ stderr: 'The Pod "web" is invalid: spec.ephemeralContainers[2].name: Duplicate value: "web"\n', code: 1 });
    // The name of an ephemeral container: the patch merges into it, so a different spec is a change.
    expect(kubectl(sim, 'debug web --image=busybox:1.37 -c one').stderr).toMatch(/^The Pod "web" is invalid: spec\.ephemeralContainers: Forbidden: existing ephemeral containers "one" may not be changed\n/);
  });

  it("prints upstream's errors: a missing Pod, flag combinations, a bad image, an unknown profile", () => {
    const sim = fresh();
    expect(kubectl(sim, 'debug nope --image=busybox')).toMatchObject({ stderr: 'Error from server (NotFound): pods "nope" not found\n', code: 1 });
    expect(kubectl(sim, 'debug web').stderr).toBe('error: you must specify --image when not using --copy-to.\n');
    expect(kubectl(sim, 'debug --image=busybox').stderr).toBe('error: NAME or filename is required for debug\n');
    expect(kubectl(sim, 'debug web --image=busybox -t').stderr).toBe('error: -i/--stdin is required for containers with -t/--tty=true\n');
    expect(kubectl(sim, 'debug web --image=busybox --replace').stderr).toBe('error: --replace may only be used with --copy-to.\n');
    expect(kubectl(sim, 'debug web --attach').stderr).toBe('error: you must specify --container or create a new container using --image in order to attach.\n');
    expect(kubectl(sim, 'debug web --image=Busybox').stderr).toBe('error: invalid image name "Busybox": invalid reference format\n');
    expect(kubectl(sim, 'debug web --image=busybox --profile=nope').stderr).toBe('error: unknown profile: nope\n');
    expect(kubectl(sim, 'debug web --image=busybox --image-pull-policy=Sometimes').stderr).toBe('error: invalid image pull policy: Sometimes\n');
    expect(kubectl(sim, 'debug web --image=busybox --copy-to=web2 --target=web').stderr).toBe('error: --target is incompatible with --copy-to. Use --share-processes instead.\n');
    expect(kubectl(sim, 'debug service/kubernetes --image=busybox').stderr).toBe('error: "/v1, Kind=Service" not supported by debug\n');
    expect(sim.storedObject<Pod>('pods/default/web')!.spec.ephemeralContainers).toBeUndefined();
  });

  it('--profile=legacy warns and adds no securityContext; --target prints its notice and is sent', () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug web --image=busybox:1.36 --profile=legacy --target=web -c dbg -- sleep 60');
    expect(r.stdout).toBe(TARGETING);
    expect(r.stderr).toBe('--profile=legacy is deprecated and planned to be removed in v1.39. It is recommended to specify other profile, for example "--profile=general".\n');
    const ec = sim.storedObject<Pod>('pods/default/web')!.spec.ephemeralContainers![0]!;
    expect(ec.securityContext).toBeUndefined();
    expect(ec.targetContainerName).toBe('web');
  });

  it('--attach with a command that ends: the logs of the ended container (headless)', () => {
    const sim = fresh();
    const r = kubectl(sim, "debug web --image=busybox:1.36 -c once --attach -- sh -c 'echo hello from the debugger'");
    expect(r).toMatchObject({ stdout: 'hello from the debugger\n', code: 0 });
  });

  it('-it headless: the TTY is dropped, the notice printed, and the shell meets end of file (exit 0, never restarted)', () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug web -it --image=busybox:1.36 -c sh1');
    expect(r.stderr).toBe(`Unable to use a TTY - input is not a terminal or the right kind of file\n${NOTICE}`);
    sim.advance(30_000);
    const st = sim.storedObject<Pod>('pods/default/web')!.status!.ephemeralContainerStatuses![0]!;
    expect(st.state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(st.restartCount).toBe(0);
  });
});

describe('kubectl debug -it in the page’s terminal (a TTY)', () => {
  it("attaches to the debug container's shell; with --target its ps shows the target's processes; exit ends it for good", () => {
    const s = new Session({ seed: 3, interactive: true });
    expect(s.run('kubectl run web --image=nginx:1.27').exitCode).toBe(0);
    s.sim.advance(30_000);
    const attach = s.run('kubectl debug web -it --image=busybox:1.36 --target=web');
    expect(attach).toMatchObject({ exitCode: 0, attached: { namespace: 'default', pod: 'web', prompt: '/ # ' } });
    const name = attach.attached!.container;
    expect(name).toMatch(/^debugger-\w{5}$/);
    expect(text(attach)).toBe(`${TARGETING}Defaulting debug container name to ${name}.\n${NOTICE}`);
    const ps = text(s.run('ps'));
    expect(ps).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 nginx: master process nginx -g daemon off;\n/);
    expect(ps).toMatch(/ sh\n/);
    const bye = s.run('exit');
    expect(bye.attached).toBeUndefined();
    expect(text(bye)).toBe(`Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c ${name} -n default -i -t' if it is still running\n`);
    s.sim.advance(30_000);
    const st = s.sim.storedObject<Pod>('pods/default/web')!.status!;
    expect(st.ephemeralContainerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 0 });
    expect(st.phase).toBe('Running');
    expect(st.containerStatuses![0]!.restartCount).toBe(0);
  });
});
