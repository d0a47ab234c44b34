import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod, eventsFor, getPod, podManifest, stateOf, inPod, podLog as logs } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { resolveImage } from './catalog';
import { processLogs, serveHttp, signalTerm, startProcess } from './process';

// Learn Kubernetes Basics' images (catalog-data.ts says where each fact comes from): the node 6
// server.js on 8080, its log, its userland, and the tags the registries have and have not.

describe('the bootcamp images in the registries', () => {
  it('gcr.io has v1 (the digest describe shows, the size a kubelet printed); Docker Hub has v1 and v2', () => {
    const v1 = resolveImage('gcr.io/google-samples/kubernetes-bootcamp:v1');
    expect(v1).toMatchObject({ exists: true, sizeBytes: 83_642_968, digest: 'sha256:0d6b8ee63bb57c5f5b6156f446b3bc3b3c143d233037f3a2f00e279c8fcc64af' });
    // One image under two names: the same digest.
    expect(resolveImage('jocatalin/kubernetes-bootcamp:v1').digest).toBe(v1.digest);
    expect(resolveImage('docker.io/jocatalin/kubernetes-bootcamp:v2')).toMatchObject({ exists: true, digest: 'sha256:fb1a3ced00cecfc1f83f18ab5cd14199e30adc1b49aa4244f5d65ad3f5feb2a5' });
  });

  it('the tutorial\'s v10, and a v2 on gcr.io, are not found, as containerd words it', () => {
    expect(resolveImage('gcr.io/google-samples/kubernetes-bootcamp:v10').pullError).toBe(
      'rpc error: code = NotFound desc = failed to pull and unpack image "gcr.io/google-samples/kubernetes-bootcamp:v10": failed to resolve reference "gcr.io/google-samples/kubernetes-bootcamp:v10": gcr.io/google-samples/kubernetes-bootcamp:v10: not found',
    );
    expect(resolveImage('gcr.io/google-samples/kubernetes-bootcamp:v2').exists).toBe(false);
    expect(resolveImage('gcr.io/google-samples/kubernetes-bootcamp').exists).toBe(false);
    expect(resolveImage('jocatalin/kubernetes-bootcamp:v10').exists).toBe(false);
  });
});

describe('server.js under node 6', () => {
  const start = (image: string) =>
    startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 10_000, restartCount: 0, seed: 3, podIP: '10.244.1.5', hostname: 'kubernetes-bootcamp-5cc66bcc9b-mmfgc' });

  it('answers every path with its hello and version, and logs the start and each request as console.log prints them', () => {
    const p = start('gcr.io/google-samples/kubernetes-bootcamp:v1');
    expect(serveHttp(p, 12_000, 8080, '/')).toMatchObject({ status: 200, body: 'Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-5cc66bcc9b-mmfgc | v=1\n' });
    expect(serveHttp(p, 13_500, 8080, '/anything?x=1')).toMatchObject({ status: 200 });
    const lines = processLogs(p, 14_000).map((l) => l.text);
    expect(lines).toHaveLength(4);
    // Two spaces after `On:` and one after the name, then the "\n" argument's blank line.
    expect(lines[0]).toMatch(/^Kubernetes Bootcamp App Started At: 2025-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \| Running On: {2}kubernetes-bootcamp-5cc66bcc9b-mmfgc $/);
    expect(lines[1]).toBe('');
    const started = Date.parse(lines[0]!.slice('Kubernetes Bootcamp App Started At: '.length, lines[0]!.indexOf(' |')));
    const at = (line: string): number => Date.parse(line.slice(line.indexOf('Log Time: ') + 'Log Time: '.length));
    expect(lines[2]).toMatch(/^Running On: kubernetes-bootcamp-5cc66bcc9b-mmfgc \| Total Requests: 1 \| App Uptime: [\d.]+ seconds \| Log Time: \S+Z$/);
    expect(lines[3]).toContain('| Total Requests: 2 |');
    // The uptime is the request's time since the listen callback, in seconds as JavaScript prints them.
    expect(lines[3]).toContain(`| App Uptime: ${(at(lines[3]!) - started) / 1000} seconds |`);
    expect(at(lines[3]!) - at(lines[2]!)).toBe(1500);
  });

  it('a shell is PID 1 (the Dockerfile\'s shell-form CMD): SIGTERM changes nothing, the kubelet kills it after the grace period', () => {
    expect(signalTerm(start('gcr.io/google-samples/kubernetes-bootcamp:v1'), 12_000)).toBeUndefined();
  });

  it('v2 says v=2', () => {
    expect(serveHttp(start('jocatalin/kubernetes-bootcamp:v2'), 12_000, 8080, '/')?.body).toBe('Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-5cc66bcc9b-mmfgc | v=2\n');
  });
});

describe('a bootcamp Pod, as the tutorial explores it', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, podManifest('bootcamp', 'gcr.io/google-samples/kubernetes-bootcamp:v1'));
    createPod(sim, podManifest('bad', 'gcr.io/google-samples/kubernetes-bootcamp:v10', { node: 'node-2' }));
    sim.advance(30_000);
  });

  it('runs `/bin/sh -c node server.js` from its Dockerfile', () => {
    expect(stateOf(getPod(sim, 'bootcamp'))).toBe('running');
    expect(getPod(sim, 'bootcamp')?.status?.containerStatuses?.[0]?.imageID).toBe('gcr.io/google-samples/kubernetes-bootcamp@sha256:0d6b8ee63bb57c5f5b6156f446b3bc3b3c143d233037f3a2f00e279c8fcc64af');
  });

  it('has node 6.3.1\'s environment, bash, curl and server.js in /', () => {
    const env = inPod(sim, 'bootcamp', ['env']).output;
    expect(env).toContain('HOSTNAME=bootcamp\nNPM_CONFIG_LOGLEVEL=info\nNODE_VERSION=6.3.1\n');
    expect(inPod(sim, 'bootcamp', ['node', '-v']).output).toBe('v6.3.1\n');
    expect(inPod(sim, 'bootcamp', ['ls', '/']).output.split('\n').join(' ')).toBe('bin boot core dev etc home lib lib64 media mnt opt proc root run sbin server.js srv sys tmp usr var ');
    const js = inPod(sim, 'bootcamp', ['cat', 'server.js']).output;
    // 742 bytes: the size of its COPY layer in `docker history`.
    expect(js.length).toBe(742);
    expect(js).toContain('  response.end(" | v=1\\n");\n');
    expect(inPod(sim, 'bootcamp', ['bash', '-c', 'curl -s http://localhost:8080']).output).toBe('Hello Kubernetes bootcamp! | Running on: bootcamp | v=1\n');
    // Debian 8, as `cat /etc/os-release` in the image prints it; no procps in debian:jessie.
    expect(inPod(sim, 'bootcamp', ['cat', '/etc/os-release']).output).toContain('PRETTY_NAME="Debian GNU/Linux 8 (jessie)"\n');
    expect(inPod(sim, 'bootcamp', ['ps']).exitCode).toBe(126);
  });

  it('node runs the image\'s server.js only: another script or -e ends at once, as elsewhere', () => {
    expect(inPod(sim, 'bootcamp', ['node', '-e', 'console.log(1)'])).toEqual({ exitCode: 0, output: '' });
    expect(inPod(sim, 'bootcamp', ['sh', '-c', 'cd /tmp && node other.js; echo $?']).output).toBe('0\n');
  });

  it('frames its answer as Node\'s http module does', () => {
    const head = inPod(sim, 'bootcamp', ['curl', '-sI', 'http://localhost:8080']).output;
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\nContent-Type: text\/plain\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\nConnection: keep-alive\r\n\r\n$/);
    expect(inPod(sim, 'bootcamp', ['curl', '-si', 'http://localhost:8080']).output).toContain('Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\nHello');
  });

  it('counts the requests from inside the container in its log', () => {
    const lines = logs(sim, 'bootcamp').split('\n').filter((l) => l.startsWith('Running On: '));
    expect(lines.map((l) => /Total Requests: (\d+)/.exec(l)?.[1])).toEqual(['1', '2', '3']);
  });

  it('a tag the registry lacks cannot be pulled: ErrImagePull, then ImagePullBackOff', () => {
    expect(stateOf(getPod(sim, 'bad'))).toBe('waiting:ImagePullBackOff');
    expect(eventsFor(sim, 'bad').join('\n')).toContain('gcr.io/google-samples/kubernetes-bootcamp:v10: not found');
  });
});
