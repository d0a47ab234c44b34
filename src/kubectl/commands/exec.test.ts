import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'run bb --image=busybox:1.36 -- sleep 3600');
});

describe('exec', () => {
  it('is refused until the Pod has a node, then by the kubelet until the container runs', () => {
    expect(kubectl(sim, 'exec bb -- echo hi')).toMatchObject({ stderr: 'Error from server (BadRequest): pod bb does not have a host assigned\n', code: 1 });
    sim.advance(300);
    expect(kubectl(sim, 'exec bb -- echo hi')).toMatchObject({ stderr: 'error: unable to upgrade connection: container not found ("bb")\n', code: 1 });
  });

  it('runs the command in the container and propagates its exit code', () => {
    expect(kubectl(sim, 'wait --for=condition=Ready pod/bb --timeout=1m').code).toBe(0);
    expect(kubectl(sim, 'exec bb -- echo hi')).toMatchObject({ stdout: 'hi\n', code: 0 });
    const failed = kubectl(sim, `exec bb -- sh -c 'echo out; exit 3'`);
    expect(failed).toMatchObject({ stdout: 'out\n', stderr: 'command terminated with exit code 3\n', code: 3 });
    expect(kubectl(sim, 'exec bb -- bash')).toMatchObject({
      stdout: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown\n',
      code: 126,
    });
  });

  it('returns when the command ends: the cluster clock moves on by the time it ran', () => {
    const t0 = sim.now;
    expect(kubectl(sim, `exec bb -- sh -c 'sleep 5; echo done'`)).toMatchObject({ stdout: 'done\n', code: 0 });
    expect(sim.now - t0).toBe(5000);
    // An instant command leaves the clock where it was.
    const t1 = sim.now;
    kubectl(sim, 'exec bb -- echo hi');
    expect(sim.now).toBe(t1);
  });

  it('goes through the apiserver, RBAC and the kubelet to the runtime', () => {
    const before = sim.lastTraceSeq;
    kubectl(sim, 'exec bb -- hostname');
    const hops = sim.traceSince(before).map((r) => `${r.from} -> ${r.to}: ${r.summary}`);
    expect(hops).toContain('kubectl -> kube-apiserver: POST /api/v1/namespaces/default/pods/bb/exec');
    expect(hops).toContain('kube-apiserver -> kube-apiserver: RBAC: allowed create pods/exec');
    expect(hops.some((h) => /^kube-apiserver -> kubelet\/node-\d: POST \/exec\/default\/bb\/bb\?command=hostname/.test(h))).toBe(true);
    expect(hops.some((h) => /^kubelet\/node-\d -> container-runtime\/node-\d: Exec bb: hostname$/.test(h))).toBe(true);
    expect(kubectl(sim, 'exec bb --as=jane -- ls')).toMatchObject({
      stderr: 'Error from server (Forbidden): pods "bb" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n',
      code: 1,
    });
  });

  it('reaches a Service from inside the Pod through CoreDNS and its node\'s kube-proxy rules', () => {
    const own = new Simulation({ seed: 2 });
    kubectl(own, 'create deployment web --image=nginx:1.27 --replicas=2');
    kubectl(own, 'expose deployment web --port=80');
    kubectl(own, 'run bb --image=busybox:1.36 -- sleep 3600');
    kubectl(own, 'rollout status deployment/web --timeout=2m');
    kubectl(own, 'wait --for=condition=Ready pod/bb --timeout=2m');
    own.advance(2_000);
    const before = own.lastTraceSeq;
    const r = kubectl(own, 'exec bb -- wget -qO- http://web/');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<title>Welcome to nginx!</title>');
    const hops = own.traceSince(before).filter((h) => h.kind === 'proxy').map((h) => h.summary);
    expect(hops.length).toBeGreaterThan(0);
    // nginx logs the client's own User-Agent: BusyBox wget sends `Wget`.
    const bbIP = kubectl(own, 'get pod bb -o jsonpath={.status.podIP}').stdout;
    const logged = kubectl(own, 'logs deployment/web --tail=-1').stdout + kubectl(own, 'logs -l app=web --tail=-1').stdout;
    expect(logged).toMatch(new RegExp(`^${bbIP.replace(/\./g, '\\.')} - - \\[[^\\]]+\\] "GET / HTTP/1.1" 200 615 "-" "Wget" "-"$`, 'm'));
    // No endpoints: kube-proxy REJECTs, so the connection is refused at once.
    kubectl(own, 'scale deployment web --replicas=0');
    own.advance(10_000);
    expect(kubectl(own, 'exec bb -- wget -qO- http://web.default.svc.cluster.local/')).toMatchObject({ all: expect.stringContaining("wget: can't connect to remote host (10."), code: 1 });
  });

  it('reports usage errors, unknown containers, missing Pods and -it like kubectl', () => {
    expect(kubectl(sim, 'exec bb ls')).toMatchObject({ stderr: "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n", code: 1 });
    expect(kubectl(sim, 'exec bb').stderr).toBe('error: you must specify at least one command for the container\n');
    expect(kubectl(sim, 'exec').stderr).toBe('error: pod, type/name or --filename must be specified\n');
    expect(kubectl(sim, 'exec bb -c nope -- ls').stderr).toBe('error: container nope is not valid for pod bb out of: bb\n');
    expect(kubectl(sim, 'exec nothere -- ls').stderr).toBe('Error from server (NotFound): pods "nothere" not found\n');
    // No terminal here: SetupTTY drops the TTY, and the shell reads an empty input and exits.
    expect(kubectl(sim, 'exec -it bb -- sh')).toMatchObject({ stdout: '', stderr: 'Unable to use a TTY - input is not a terminal or the right kind of file\n', code: 0 });
    expect(kubectl(sim, 'exec -it -q bb -- sh')).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(kubectl(sim, 'exec -i bb -- sh', { stdin: 'echo piped\nhostname\n' })).toMatchObject({ stdout: 'piped\nbb\n', code: 0 });
  });

  it('refuses a completed Pod on the client', () => {
    kubectl(sim, 'run done --image=busybox:1.36 --restart=Never -- true');
    sim.advance(20_000);
    expect(kubectl(sim, 'exec done -- ls')).toMatchObject({ stderr: 'error: cannot exec into a container in a completed pod; current phase is Succeeded\n', code: 1 });
  });
});

describe('nginx workers', () => {
  it('are the processes the master logs starting: one per node CPU, the same PIDs pidof finds', () => {
    const own = new Simulation({ seed: 4 });
    kubectl(own, 'run web --image=nginx:1.27');
    kubectl(own, 'wait --for=condition=Ready pod/web --timeout=2m');
    // Ready comes as the container starts; nginx logs its workers a moment later, as it listens.
    own.advance(1_000);
    const logged = [...kubectl(own, 'logs web').stdout.matchAll(/start worker process (\d+)$/gm)].map((m) => Number(m[1]));
    const cpus = Number(kubectl(own, `get node ${kubectl(own, 'get pod web -o jsonpath={.spec.nodeName}').stdout} -o jsonpath={.status.capacity.cpu}`).stdout);
    expect(logged).toHaveLength(cpus);
    const pids = kubectl(own, 'exec web -- pidof nginx').stdout.trim().split(' ').map(Number);
    expect(pids.filter((p) => p !== 1).sort((a, b) => a - b)).toEqual(logged);
  });
});

describe('the Pod security context in the container', () => {
  it('gives the process runAsGroup as its gid and fsGroup and supplementalGroups as groups, as the docs\' security-context.yaml shows', () => {
    const own = new Simulation({ seed: 5 });
    const sc = { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000, supplementalGroups: [4000] };
    kubectl(own, `run demo --image=busybox:1.36 --overrides='${JSON.stringify({ spec: { securityContext: sc, containers: [{ name: 'demo', image: 'busybox:1.36', command: ['sleep', '1h'] }] } })}'`);
    kubectl(own, 'wait --for=condition=Ready pod/demo --timeout=1m');
    expect(kubectl(own, 'exec demo -- id').stdout).toBe('uid=1000 gid=3000 groups=2000,3000,4000\n');
    expect(kubectl(own, 'exec demo -- id -G').stdout).toBe('2000 3000 4000\n');
    // runAsUser alone: containerd's gid 0 for a uid the image's passwd does not name.
    kubectl(own, `run solo --image=busybox:1.36 --overrides='${JSON.stringify({ spec: { securityContext: { runAsUser: 1000 }, containers: [{ name: 'solo', image: 'busybox:1.36', command: ['sleep', '1h'] }] } })}'`);
    kubectl(own, 'wait --for=condition=Ready pod/solo --timeout=1m');
    expect(kubectl(own, 'exec solo -- id').stdout).toBe('uid=1000 gid=0(root) groups=0(root)\n');
  });
});
