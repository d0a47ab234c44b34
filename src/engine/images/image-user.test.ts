/**
 * An image's configured User as containerd reads it (CRI ImageStatus, oci.WithUser), and what a
 * container's process then is: `id`, `whoami`, `ps` and /proc/1/status agree. Alpine's accounts
 * are alpine-baselayout's: root is in the groups its /etc/group lists root in, as
 * `docker run alpine id` shows (uid=0(root) gid=0(root) groups=0(root),1(bin),…,27(video)).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod, getPod, inPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { criImageUser, resolveUser, rowsOf } from './image-user';

const PASSWD = rowsOf('root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n');
const GROUP = rowsOf('root:x:0:\nnobody:x:65534:\nstaff:x:50:\nnonroot:x:65532:\n');

describe("an image config's User", () => {
  it('is a uid for CRI when its user part is numeric, else a username; "" is neither', () => {
    expect(criImageUser(undefined)).toBeUndefined();
    expect(criImageUser('')).toBeUndefined();
    expect(criImageUser('101')).toEqual({ uid: 101 });
    expect(criImageUser('65535:65535')).toEqual({ uid: 65535 });
    expect(criImageUser('nonroot:nonroot')).toEqual({ username: 'nonroot' });
    expect(criImageUser('0')).toEqual({ uid: 0 });
  });

  it("resolves as containerd's WithUser: a name through passwd, a group through group, a bare uid takes its entry's gid or 0", () => {
    expect(resolveUser('', PASSWD, GROUP)).toMatchObject({ uid: 0, gid: 0 });
    expect(resolveUser('nonroot:nonroot', PASSWD, GROUP)).toMatchObject({ uid: 65532, gid: 65532 });
    expect(resolveUser('65534', PASSWD, GROUP)).toMatchObject({ uid: 65534, gid: 65534 });
    expect(resolveUser('1000', PASSWD, GROUP)).toMatchObject({ uid: 1000, gid: 0, entry: undefined });
    expect(resolveUser('65535:65535', [], [])).toMatchObject({ uid: 65535, gid: 65535 });
    expect(resolveUser('nobody:staff', PASSWD, GROUP)).toMatchObject({ uid: 65534, gid: 50 });
  });
});

describe("a container's user", () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, podManifest('cu', 'curlimages/curl:8.17.0', { container: { command: ['sleep', '3600'] } }));
    createPod(sim, podManifest('al', 'alpine:3.22', { container: { command: ['sleep', '3600'] } }));
    createPod(sim, podManifest('al1000', 'alpine:3.22', { container: { command: ['sleep', '3600'], securityContext: { runAsUser: 1000, runAsGroup: 3000 } }, spec: { securityContext: { supplementalGroups: [2000] } } }));
    createPod(sim, podManifest('deb', 'debian:12', { container: { command: ['sleep', '3600'] } }));
    const shared = podManifest('shared', 'nginx:1.27', { spec: { shareProcessNamespace: true } });
    shared.spec.containers.push({ name: 'shell', image: 'busybox:1.36', command: ['sleep', '3600'] });
    createPod(sim, shared);
    const running = (n: string): boolean => {
      const all = getPod(sim, n)?.status?.containerStatuses ?? [];
      return all.length > 0 && all.every((c) => c.state?.running !== undefined);
    };
    sim.runUntil(() => ['cu', 'al', 'al1000', 'deb', 'shared'].every(running), 120_000);
  });
  const run = (pod: string, script: string): string => inPod(sim, pod, ['sh', '-c', script]).output;

  it("is the image's USER (curlimages/curl's curl_user), named from its /etc/passwd everywhere", () => {
    expect(run('cu', 'id; whoami; echo $HOME')).toBe('uid=100(curl_user) gid=101(curl_group) groups=101(curl_group)\ncurl_user\n/home/curl_user\n');
    expect(run('cu', 'grep -E "^(Uid|Gid|Groups)" /proc/1/status')).toBe('Uid:\t100\t100\t100\t100\nGid:\t101\t101\t101\t101\nGroups:\t101 \n');
    // BusyBox ps cuts a name to 8 columns.
    expect(run('cu', 'ps -o user,comm | head -2')).toBe('USER     COMMAND\ncurl_use sleep\n');
    expect(run('cu', 'tail -1 /etc/passwd; tail -1 /etc/group')).toBe('curl_user:x:100:101:Linux User,,,:/home/curl_user:/sbin/nologin\ncurl_group:x:101:curl_user\n');
    expect(getPod(sim, 'cu')?.status?.containerStatuses?.[0]?.user?.linux).toEqual({ uid: 100, gid: 101, supplementalGroups: [101] });
  });

  it("is root in Alpine with the groups alpine-baselayout's /etc/group lists root in", () => {
    const groups = 'groups=0(root),1(bin),2(daemon),3(sys),4(adm),6(disk),10(wheel),11(floppy),20(dialout),26(tape),27(video)';
    expect(run('al', 'id')).toBe(`uid=0(root) gid=0(root) ${groups}\n`);
    expect(run('al', 'grep Groups /proc/1/status')).toBe('Groups:\t0 1 2 3 4 6 10 11 20 26 27 \n');
    expect(run('al', 'id -un nobody; id nobody; id guest')).toBe('nobody\nuid=65534(nobody) gid=65534(nobody) groups=65534(nobody)\nuid=405(guest) gid=100(users) groups=100(users)\n');
  });

  it("of another container's process is named from the viewer's /etc/passwd (the docs' share-process-namespace page: `101` for nginx's workers in busybox's ps)", () => {
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: 'shared', execOptions: { command: ['ps', '-o', 'user,args'], container: 'shell' } });
    if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
    expect(res.exec.output).toContain('101      nginx: worker process\n');
    expect(res.exec.output).toContain('root     nginx: master process nginx -g daemon off;\n');
  });

  it('is a bare uid where the image has no entry for it (numbers, HOME /), as on Debian', () => {
    expect(run('al1000', 'id; echo $HOME')).toBe('uid=1000 gid=3000 groups=2000,3000\n/\n');
    expect(run('deb', 'id')).toBe('uid=0(root) gid=0(root) groups=0(root)\n');
  });
});
