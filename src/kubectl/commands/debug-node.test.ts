/**
 * `kubectl debug node/NAME` against the real engine: the Pod kubectl creates for each profile
 * (recorded from kubectl v1.35.2 against `reconcile serve`: debug-node.ts's header), its printed
 * line, the container seeing the node (hostname, /host, `chroot /host` into the node's shell),
 * the attached session in the page's terminal, and the errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Container, Pod } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { Session } from '../session';
import type { CommandResult } from '../types';

const NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";
const MANIFESTS = 'etcd.yaml\nkube-apiserver.yaml\nkube-controller-manager.yaml\nkube-scheduler.yaml\n';
const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
const CREATING = /^Creating debugging pod (node-debugger-node-1-[bcdfghjklmnpqrstvwxz2456789]{5}) with container debugger on node node-1\.\n$/;

/** The Pod as kubectl built it: the ServiceAccount admission's token volume left out. */
function asCreated(pod: Pod): { container: Container; spec: Record<string, unknown> } {
  const { containers, volumes, hostNetwork, hostPID, hostIPC, nodeName, restartPolicy, tolerations } = pod.spec;
  const c = { ...containers[0]! };
  const mounts = (c.volumeMounts ?? []).filter((m) => !m.name.startsWith('kube-api-access-'));
  if (mounts.length) c.volumeMounts = mounts;
  else delete c.volumeMounts;
  delete c.terminationMessagePath;
  const own = (volumes ?? []).filter((v) => !v.name.startsWith('kube-api-access-'));
  return { container: c, spec: { hostNetwork, hostPID, hostIPC, nodeName, restartPolicy, tolerations, volumes: own } };
}

describe('kubectl debug node/NAME', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 3 });
    base.advance(5_000);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it("creates kubectl's Pod for each profile: host namespaces, the node's / at /host, every taint tolerated", () => {
    const sim = fresh();
    const hostRoot = [{ name: 'host-root', hostPath: { path: '/' } }];
    const atHost = [{ mountPath: '/host', name: 'host-root' }];
    const common = { name: 'debugger', image: 'busybox:1.36', imagePullPolicy: 'IfNotPresent', command: ['sleep', '600'], resources: {}, terminationMessagePolicy: 'File' };
    const hostNs = { hostNetwork: true, hostPID: true, hostIPC: true };
    const noHostNs = { hostNetwork: undefined, hostPID: undefined, hostIPC: undefined };
    const want: Record<string, { container: Record<string, unknown>; spec: Record<string, unknown> }> = {
      general: { container: { ...common, volumeMounts: atHost }, spec: { ...hostNs, volumes: hostRoot } },
      legacy: { container: { ...common, volumeMounts: atHost }, spec: { ...hostNs, volumes: hostRoot } },
      baseline: { container: common, spec: { ...noHostNs, volumes: [] } },
      restricted: { container: { ...common, securityContext: { runAsNonRoot: true, capabilities: { drop: ['ALL'] }, allowPrivilegeEscalation: false, seccompProfile: { type: 'RuntimeDefault' } } }, spec: { ...noHostNs, volumes: [] } },
      netadmin: { container: { ...common, securityContext: { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } } }, spec: { ...hostNs, volumes: [] } },
      sysadmin: { container: { ...common, securityContext: { privileged: true }, volumeMounts: atHost }, spec: { ...hostNs, volumes: hostRoot } },
    };
    for (const [profile, w] of Object.entries(want)) {
      sim.advance(1_000);
      const r = kubectl(sim, `debug node/node-1 --image=busybox:1.36 ${profile === 'general' ? '' : `--profile=${profile}`} -- sleep 600`);
      expect(r.stdout).toMatch(CREATING);
      expect(r.stderr).toBe(profile === 'legacy' ? '--profile=legacy is deprecated and planned to be removed in v1.39. It is recommended to specify other profile, for example "--profile=general".\n' : '');
      const name = CREATING.exec(r.stdout)![1]!;
      const pod = sim.storedObject<Pod>(`pods/default/${name}`)!;
      expect(pod.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'kubectl-debug' });
      expect(asCreated(pod)).toEqual({ container: w.container, spec: { ...w.spec, nodeName: 'node-1', restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }] } });
    }
    sim.advance(10_000);
    // Bound by nodeName (no scheduler), node-1's kubelet runs them; with hostNetwork the Pod's IP is the node's.
    const pods = sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && p.spec.hostNetwork);
    expect(pods.map((p) => [p.status?.phase, p.status?.podIP])).toEqual(Array(4).fill(['Running', '10.0.0.11']));
  });

  it('on the control-plane node the taint is tolerated; the container sees the node: hostname, /host, chroot /host', () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug node/control-plane --image=busybox:1.36 -- sleep 600');
    const name = /node-debugger-control-plane-\w{5}/.exec(r.stdout)![0];
    sim.advance(10_000);
    expect(sim.storedObject<Pod>(`pods/default/${name}`)!.status?.phase).toBe('Running');
    const exec = (cmd: string) => kubectl(sim, `exec ${name} -- ${cmd}`);
    expect(exec('hostname').stdout).toBe('control-plane\n');
    expect(exec('ls /host/etc/kubernetes/manifests').stdout).toBe(MANIFESTS);
    expect(exec('grep -c kube-apiserver /host/etc/kubernetes/manifests/kube-apiserver.yaml').stdout).not.toBe('0\n');
    expect(exec('cat /host/etc/hostname').stdout).toBe('control-plane\n');
    // chroot runs the node's own programs: crictl lists the node's containers, this one among them.
    const ps = exec('chroot /host crictl ps');
    expect(ps.stdout).toMatch(/^CONTAINER +IMAGE +CREATED +STATE +NAME /);
    expect(ps.stdout).toMatch(new RegExp(`Running +debugger +0 +\\w+ +${name} +default`));
    expect(ps.stdout).toMatch(/Running +kube-apiserver /);
    expect(exec("chroot /host /bin/sh -c 'cat /var/lib/kubelet/config.yaml | head -1'").stdout).toBe('apiVersion: kubelet.config.k8s.io/v1beta1\n');
    // BusyBox chroot's own failures (xchroot, BB_EXECVP_or_die).
    expect(exec('chroot /nope')).toMatchObject({ stderr: "chroot: can't change root directory to '/nope': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
    expect(exec('chroot /tmp')).toMatchObject({ stderr: "chroot: can't execute '/bin/sh': No such file or directory\ncommand terminated with exit code 127\n", code: 127 });
    expect(exec('chroot /host nosuchtool')).toMatchObject({ stderr: "chroot: can't execute 'nosuchtool': No such file or directory\ncommand terminated with exit code 127\n", code: 127 });
  });

  it("a command that is the container's own process reads the node's files too (kubectl logs shows them)", () => {
    const sim = fresh();
    const r = kubectl(sim, 'debug node/control-plane --image=busybox:1.36 -- ls /host /host/etc/kubernetes/manifests');
    const name = /node-debugger-control-plane-\w{5}/.exec(r.stdout)![0];
    sim.advance(10_000);
    expect(sim.storedObject<Pod>(`pods/default/${name}`)!.status?.phase).toBe('Succeeded');
    expect(kubectl(sim, `logs ${name}`).stdout).toBe(`/host:\nbin\nboot\ndev\netc\nhome\nlib\nlib64\nmedia\nmnt\nopt\nproc\nroot\nrun\nsbin\nsrv\nsys\ntmp\nusr\nvar\n\n/host/etc/kubernetes/manifests:\n${MANIFESTS}`);
  });

  it("chroot /host as the Pod's own command runs the node's programs, at the moment it runs (not only through an exec)", () => {
    const sim = fresh();
    const start = (cmd: string): string => {
      sim.advance(1_000);
      return /node-debugger-node-1-\w{5}/.exec(kubectl(sim, `debug node/node-1 --image=busybox:1.36 -- ${cmd}`).stdout)![0];
    };
    const hostname = start('chroot /host hostname');
    const script = start(`chroot /host sh -c 'hostname; ls /etc/kubernetes | wc -l'`);
    const missing = start('chroot /host nosuchtool');
    const notNode = start('chroot /tmp hostname');
    sim.advance(10_000);
    expect(kubectl(sim, `logs ${hostname}`).stdout).toBe('node-1\n');
    expect(kubectl(sim, `logs ${script}`).stdout).toBe('node-1\n3\n');
    expect(sim.storedObject<Pod>(`pods/default/${hostname}`)!.status?.phase).toBe('Succeeded');
    expect(kubectl(sim, `logs ${missing}`).stdout).toBe("chroot: can't execute 'nosuchtool': No such file or directory\n");
    expect(sim.storedObject<Pod>(`pods/default/${missing}`)!.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(127);
    expect(kubectl(sim, `logs ${notNode}`).stdout).toBe("chroot: can't execute 'hostname': No such file or directory\n");
    // The node's shell's status is the container's: running it (grep and echo included) does not advance the container under its own step.
    const status = start(`chroot /host sh -c 'grep -s -q node /etc/hostname; echo hi; exit 3'`);
    sim.advance(10_000);
    expect(kubectl(sim, `logs ${status}`).stdout).toBe('hi\n');
    expect(sim.storedObject<Pod>(`pods/default/${status}`)!.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(3);
  });

  it("prints upstream's errors: an unknown node, no --image", () => {
    const sim = fresh();
    expect(kubectl(sim, 'debug node/nope --image=busybox')).toMatchObject({ stdout: '', stderr: 'Error from server (NotFound): nodes "nope" not found\n', code: 1 });
    expect(kubectl(sim, 'debug node/node-1')).toMatchObject({ stderr: 'error: you must specify --image when not using --copy-to.\n', code: 1 });
    expect(sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default')).toEqual([]);
  });

  it('on a powered-off node the Pod is created and stays Pending: no kubelet starts it', () => {
    const sim = fresh();
    expect(new Session({ simulation: sim }).run('sim fail node/node-1').exitCode).toBe(0);
    sim.advance(60_000);
    const r = kubectl(sim, 'debug node/node-1 --image=busybox:1.36 -- sleep 600');
    expect(r.stdout).toMatch(CREATING);
    sim.advance(120_000);
    const pod = sim.storedObject<Pod>(`pods/default/${CREATING.exec(r.stdout)![1]!}`)!;
    expect(pod.status?.phase).toBe('Pending');
    expect(pod.status?.containerStatuses).toBeUndefined();
  });
});

describe('kubectl debug node/NAME -it in the page’s terminal (a TTY)', () => {
  it('attaches; chroot /host is the node shell (crictl, cd, ls, its errors) until exit; exit ends the Pod, which stays Completed until deleted', () => {
    const s = new Session({ seed: 3, interactive: true });
    s.sim.advance(5_000);
    const attach = s.run('kubectl debug node/node-1 -it --image=busybox:1.36');
    expect(attach).toMatchObject({ exitCode: 0, attached: { namespace: 'default', container: 'debugger', prompt: '/ # ' } });
    const name = attach.attached!.pod;
    expect(text(attach)).toBe(`Creating debugging pod ${name} with container debugger on node node-1.\n${NOTICE}`);
    expect(text(s.run('hostname'))).toBe('node-1\n');
    expect(text(s.run('ls /host/etc/cni/net.d'))).toBe('10-kindnet.conflist\n');
    // hostPID: the node's processes, the kubelet with the PID its journal lines carry.
    const ps = text(s.run('ps'));
    expect(ps).toMatch(/^PID +USER +TIME +COMMAND\n +1 root +0:00 \{systemd\} \/sbin\/init\n +\d+ root +0:00 \/usr\/lib\/systemd\/systemd-journald\n +\d+ 991 +0:00 \/usr\/lib\/systemd\/systemd-resolved\n +\d+ root +0:00 \/usr\/bin\/containerd\n/);
    const kubeletPid = / (\d+) root +0:00 \/usr\/bin\/kubelet --bootstrap-kubeconfig=/.exec(ps)![1]!;
    expect(ps).toMatch(/ \/usr\/local\/bin\/kube-proxy --config=\/var\/lib\/kube-proxy\/config.conf --hostname-override=node-1\n/);
    expect(text(s.run('chroot /host journalctl -u kubelet -n 1'))).toMatch(new RegExp(` node-1 kubelet\\[${kubeletPid}\\]: `));
    const into = s.run('chroot /host');
    expect(into).toMatchObject({ exitCode: 0, attached: { prompt: '# ' } });
    expect(text(s.run('crictl ps'))).toMatch(new RegExp(`Running +debugger +0 +\\w+ +${name} +default`));
    expect(s.run('cd /etc/cni/net.d')).toMatchObject({ exitCode: 0, output: [] });
    expect(text(s.run('pwd'))).toBe('/etc/cni/net.d\n');
    expect(text(s.run('ls'))).toBe('10-kindnet.conflist\n');
    // dash -i numbers the lines it read (recorded from dash 0.5.12: `printf 'true\\nfoo\\n' | dash -i`).
    expect(s.run('cd /nope')).toMatchObject({ exitCode: 2, output: [{ text: "/bin/sh: 5: cd: can't cd to /nope\n" }] });
    expect(s.run('nosuchtool')).toMatchObject({ exitCode: 127, output: [{ text: '/bin/sh: 6: nosuchtool: not found\n' }] });
    expect(text(s.run('systemctl is-active kubelet'))).toBe('active\n');
    // exit leaves the chroot, then the Pod.
    expect(s.run('exit')).toMatchObject({ exitCode: 0, output: [], attached: { prompt: '/ # ' } });
    const bye = s.run('exit');
    expect(bye.attached).toBeUndefined();
    expect(text(bye)).toBe(`Session ended, resume using 'kubectl attach ${name} -c debugger -n default -i -t' command\n`);
    s.sim.advance(10_000);
    expect(text(s.run('kubectl get pods'))).toMatch(new RegExp(`^NAME +READY +STATUS +RESTARTS +AGE\\n${name} +0/1 +Completed +0 +\\w+\\n$`));
    expect(text(s.run(`kubectl delete pod ${name}`))).toBe(`pod "${name}" deleted from default namespace\n`);
  });

  it('-- chroot /host: the node\'s shell is PID 1 and reads the terminal (free, nproc, its numbered errors); exit N ends the Pod', () => {
    const s = new Session({ seed: 3, interactive: true });
    s.sim.advance(5_000);
    const attach = s.run('kubectl debug node/node-1 -it --image=busybox:1.36 -- chroot /host');
    expect(attach).toMatchObject({ exitCode: 0, attached: { container: 'debugger', prompt: '# ' } });
    const name = attach.attached!.pod;
    expect(text(s.run('hostname'))).toBe('node-1\n');
    expect(text(s.run('nproc'))).toBe('4\n');
    expect(text(s.run('free -h')).split('\n')[1]).toMatch(/^Mem: +7\.8Gi /);
    expect(s.run('nosuchtool')).toMatchObject({ exitCode: 127, output: [{ text: '/bin/sh: 4: nosuchtool: not found\n' }] });
    expect(text(s.run('exit 3'))).toBe(`Session ended, resume using 'kubectl attach ${name} -c debugger -n default -i -t' command\n`);
    s.sim.advance(5_000);
    expect(s.sim.storedObject<Pod>(`pods/default/${name}`)!.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(3);
    // A directory that is not the node's / has no shell: chroot fails at once and kubectl shows its log.
    expect(text(s.run('kubectl debug node/node-2 -it --image=busybox:1.36 -- chroot /tmp'))).toMatch(/\nchroot: can't execute '\/bin\/sh': No such file or directory\n$/);
  });
});
