/**
 * `id` with and without a USER operand in debian:12 and busybox:1.36 containers. Expected texts
 * recorded on this machine (GNU id 9.1 under LC_ALL=C, BusyBox 1.35's id applet) against the
 * image's own /etc/passwd and /etc/group (userland-files.ts).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', line]);

describe('id USER', () => {
  it("describes the named account from the image's tables, not the caller", () => {
    expect(run('debian:12', 'id nobody')).toMatchObject({ exitCode: 0, output: 'uid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n' });
    expect(run('debian:12', 'id daemon; id -u nobody; id -un nobody; id -G nobody; id -gn nobody')).toMatchObject({ output: 'uid=1(daemon) gid=1(daemon) groups=1(daemon)\n65534\nnobody\n65534\nnogroup\n' });
    // GNU takes a number as a uid when no account has that name.
    expect(run('debian:12', 'id 65534').output).toBe('uid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n');
    expect(run('debian:12', 'id')).toMatchObject({ output: 'uid=0(root) gid=0(root) groups=0(root)\n' });
  });

  it('fails for an unknown user with each implementation’s message', () => {
    expect(run('debian:12', 'id nosuch; echo $?').output).toBe("id: 'nosuch': no such user\n1\n");
    expect(run('debian:12', 'id nosuch nobody; echo $?').output).toBe("id: 'nosuch': no such user\nuid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n1\n");
    expect(run('busybox:1.36', 'id nosuch; echo $?').output).toBe('id: unknown user nosuch\n1\n');
    expect(run('busybox:1.36', 'id 65534; echo $?').output).toBe('id: unknown user 65534\n1\n');
  });

  it("BusyBox: its own tables (root is in wheel), one operand at most, -n only with -u/-g/-G", () => {
    expect(run('busybox:1.36', 'id root').output).toBe('uid=0(root) gid=0(root) groups=0(root),10(wheel)\n');
    expect(run('busybox:1.36', 'id -un; id -n; echo $?').output).toMatch(/^root\nBusyBox v1\.36\.1 .*\n\nUsage: id \[-ugGnr\] \[USER\]\n[^]*\n1\n$/);
    expect(run('debian:12', 'id -n; echo $?').output).toBe('id: cannot print only names or real IDs in default format\n1\n');
  });

  it("walks getopt's rules: GNU's table and prefixes, BusyBox's getopt32 with its usage (recorded: `id -q`, `id --g`)", () => {
    expect(run('debian:12', 'id --us --na nobody; id nobody -G; id -q; id --g').output).toBe(
      "nobody\n65534\nid: invalid option -- 'q'\nTry 'id --help' for more information.\nid: option '--g' is ambiguous; possibilities: '--group' '--groups'\nTry 'id --help' for more information.\n",
    );
    expect(run('busybox:1.36', 'id nobody -u; id -q; echo $?').output).toMatch(/^65534\nid: invalid option -- 'q'\nBusyBox v1\.36\.1 .*\n\nUsage: id \[-ugGnr\] \[USER\]\n[^]*\n1\n$/);
  });
});
