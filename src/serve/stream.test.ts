/**
 * Streaming through reconcile serve with the real kubectl: `exec` over the WebSocket
 * remotecommand protocol (v5.channel.k8s.io), `logs -f` as a response that grows while simulated
 * time passes and ends when the container exits, and port-forward refused without a hang
 * (attach: attach.test.ts; pods/proxy: proxy.test.ts).
 * exec's lines are compared with our port running the same commands headless.
 */
import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { controlSim, kubectlEnv, runKubectl, runPort, type Ran } from './served.testing';
import { servedSession } from './served-session.testing';

/** util-linux's `script` gives kubectl a pseudo-terminal, so `-it` keeps its TTY. */
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

let kubectl: KubectlBinary;
const setup = servedSession('stream');

const control = (body: string): Promise<number> => controlSim(setup.served, body);

/** The real kubectl with input on stdin. */
function withStdin(args: string[], input: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(kubectl.path, args, { env: kubectlEnv(setup.served, setup.home) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('streaming subresources through reconcile serve', () => {
  it('runs kubectl exec over WebSocket as our port runs it', async () => {
    const session = new Session({ seed: 1 });
    const SCRIPT: { line: string; args: string[] }[] = [
      { line: 'kubectl run toolbox --image=busybox:1.36 -- sleep 3600', args: ['run', 'toolbox', '--image=busybox:1.36', '--', 'sleep', '3600'] },
      { line: 'kubectl exec toolbox -- hostname', args: ['exec', 'toolbox', '--', 'hostname'] },
      { line: 'sim advance 20s', args: [] },
      { line: 'kubectl exec toolbox -- hostname', args: ['exec', 'toolbox', '--', 'hostname'] },
      { line: 'kubectl exec toolbox -- cat /etc/resolv.conf', args: ['exec', 'toolbox', '--', 'cat', '/etc/resolv.conf'] },
      { line: "kubectl exec toolbox -- sh -c 'echo checking; exit 3'", args: ['exec', 'toolbox', '--', 'sh', '-c', 'echo checking; exit 3'] },
      { line: 'kubectl exec nosuch -- ls', args: ['exec', 'nosuch', '--', 'ls'] },
    ];
    for (const { line, args } of SCRIPT) {
      const port = runPort(session, line);
      if (line.startsWith('sim ')) {
        expect(await control(line)).toBe(200);
        continue;
      }
      const real = await runKubectl(kubectl, setup.served, setup.home, args);
      expect({ line, ...real }).toEqual({ line, ...port });
    }
  });

  it('passes stdin with -i, and refuses jane with RBAC\'s message', async () => {
    const piped = await withStdin(['exec', '-i', 'toolbox', '--', 'sh'], 'echo "from stdin on $(hostname)"\n');
    expect(piped).toEqual({ code: 0, stdout: 'from stdin on toolbox\n', stderr: '' });
    const jane = await runKubectl(kubectl, setup.served, setup.home, ['--context', 'jane', 'exec', 'toolbox', '--', 'hostname']);
    expect(jane.code).toBe(1);
    expect(jane.stderr).toBe('Error from server (Forbidden): pods "toolbox" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n');
  });

  it('runs an interactive shell on a terminal (-it) line by line, with the prompt and echo', async () => {
    const url = `${setup.served.url.replace('https', 'wss')}/api/v1/namespaces/default/pods/toolbox/exec?command=sh&container=toolbox&stdin=true&stdout=true&tty=true`;
    const ws = new WebSocket(url, ['v5.channel.k8s.io'], { ca: setup.served.caCert, headers: { Authorization: `Bearer ${setup.served.credentials.tokens['kubernetes-admin']}` } });
    let out = '';
    let status = '';
    const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
    ws.on('message', (data: Buffer) => {
      if (data[0] === 1) out += data.subarray(1).toString('utf8');
      if (data[0] === 3) status += data.subarray(1).toString('utf8');
    });
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    const type = (text: string): void => ws.send(Buffer.concat([Buffer.from([0]), Buffer.from(text)]));
    type('cd /etc\r');
    type('hostnamX\x7fe\r');
    type('exit 4\r');
    await closed;
    expect(out).toBe('/ # cd /etc\r\n/etc # hostnamX\b \be\r\ntoolbox\r\n/etc # exit 4\r\n');
    expect(JSON.parse(status)).toMatchObject({ status: 'Failure', reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: '4' }] } });
  });

  it.skipIf(!HAS_SCRIPT)('gives the real kubectl exec -it on a terminal the container shell', async () => {
    const child = spawn('script', ['-qfec', `${kubectl.path} exec -it toolbox -- sh`, '/dev/null'], { env: kubectlEnv(setup.served, setup.home) });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    const seen = (text: string): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => (out.includes(text) ? resolve() : void child.stdout.once('data', check));
        check();
      });
    await seen('/ # ');
    child.stdin.write('hostname\r');
    await seen('toolbox\r\n/ # ');
    child.stdin.write('exit 2\r');
    expect(await exited).toBe(2);
    expect(out).toBe('/ # hostname\r\ntoolbox\r\n/ # exit 2\r\ncommand terminated with exit code 2\r\n');
  });

  it('refuses port-forward with a Status that says where it works and what to use, never a hang', async () => {
    const forward = await runKubectl(kubectl, setup.served, setup.home, ['port-forward', 'pod/toolbox', '0:80']);
    expect(forward.code).toBe(1);
    // The stream protocol is not served (stream/exec.ts): a 400 naming the simulator's terminal and the Pod's proxy.
    expect(forward.stderr).toBe(
      "error: error upgrading connection: port-forward is not served by reconcile serve: a local port here cannot reach a simulated Pod; run kubectl port-forward in the simulator's terminal (its curl reaches the forwarded port), or ask the Pod's app through kube-apiserver (kubectl get --raw /api/v1/namespaces/default/pods/toolbox/proxy/)\n",
    );
    // Located first: a missing Pod is NotFound before anything is refused.
    const missing = await runKubectl(kubectl, setup.served, setup.home, ['port-forward', 'pod/nosuch', '0:80']);
    expect(missing.stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
  });

  it('follows a log as simulated time passes and ends when the container exits', async () => {
    await runKubectl(kubectl, setup.served, setup.home, ['run', 'counter', '--image=busybox:1.36', '--restart=Never', '--', 'sh', '-c', 'for i in 1 2 3; do echo tick $i; sleep 2; done']);
    expect(await control('advance 3s')).toBe(200);
    const child = spawn(kubectl.path, ['logs', '-f', 'counter'], { env: kubectlEnv(setup.served, setup.home) });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    await new Promise<void>((resolve) => {
      const check = (): void => (out.includes('tick 1\n') ? resolve() : void child.stdout.once('data', check));
      check();
    });
    expect(out).not.toContain('tick 3');
    expect(await control('advance 10s')).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toMatch(/^tick 1\ntick 2\ntick 3\n$/);
  });
});
