import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newLayer, setMode, stat, type BaseFs } from './fs';
import { permOf } from './file-mode';
import { readTar, writeTar } from './tar-format';
import { tar } from './tools-tar';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import type { ToolEnv } from './tool-types';

/**
 * `tar --owner=root --group=root --mtime=@1756717200 -C g -cf - d` by GNU tar 1.34, with
 * d/hello.txt holding "héllo\n" (UTF-8): a directory member and a file member, a 10240-byte record.
 */
const GNU_ARCHIVE = gunzipSync(
  Buffer.from('H4sIAAAAAAACA+3RQQrCMBBA0Vl7ipzAJjGTOY9QoYtCoEbwSp7Dixm700VdRSj8t5khmd0fB+nON6a6zuZ7rntQrxqzj/H9bmZJnMof3K71vDgnSyl16+7X/06Nw3SZ53Ks99q1f05po7999g8hn1Scp3930/PR8h8EAAAAAAAAAAAAAAAAwP68APgJOW4AKAAA', 'base64'),
).toString('utf8');

const ROOT = { uid: 0, gid: 0, uname: 'root', gname: 'root', mtime: 1756717200 };

describe('the tar format', () => {
  it("writes GNU tar's bytes exactly: headers, checksums, UTF-8 sizes and the record padding", () => {
    const ours = writeTar([{ name: 'd/', type: 'dir', content: '', mode: 0o755 }, { name: 'd/hello.txt', type: 'file', content: 'héllo\n', mode: 0o644 }], ROOT, 10240);
    expect(Buffer.from(ours, 'utf8').equals(Buffer.from(GNU_ARCHIVE, 'utf8'))).toBe(true);
  });

  it("reads GNU tar's archive, GNU long names, and says how a stream is broken", () => {
    const read = readTar(GNU_ARCHIVE);
    expect(read.ok && read.members.map((m) => [m.name, m.type, m.content, m.mode.toString(8)])).toEqual([['d/', 'dir', '', '755'], ['d/hello.txt', 'file', 'héllo\n', '644']]);
    const long = `${'x'.repeat(120)}/f`;
    const back = readTar(writeTar([{ name: long, type: 'file', content: 'y', mode: 0o644 }], ROOT));
    expect(back.ok && back.members[0]!.name).toBe(long);
    expect(readTar('')).toMatchObject({ ok: false, error: 'empty' });
    expect(readTar('garbage\n')).toMatchObject({ ok: false, error: 'truncated' });
    expect(readTar('x'.repeat(512))).toMatchObject({ ok: false, error: 'not-tar' });
    expect(readTar(GNU_ARCHIVE.slice(0, 700))).toMatchObject({ ok: false, error: 'truncated' });
  });
});

function env(flavour: 'busybox' | 'coreutils', files: Record<string, string>, stdin = ''): { env: ToolEnv; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const base: BaseFs = {
    file: (p) => files[p],
    isDir: (p) => p === '/' || Object.keys(files).some((f) => f.startsWith(`${p}/`)),
    list: (d) => [...new Set(Object.keys(files).filter((f) => f.startsWith(d === '/' ? '/' : `${d}/`)).map((f) => f.slice(d === '/' ? 1 : d.length + 1).split('/')[0]!))],
  };
  const e: ToolEnv = { io: { stdin, out: (s) => (out += s), err: (s) => (err += s) }, vars: {}, cwd: '/', clock: 0, fs: newLayer(), base, flavour, dialect: flavour === 'busybox' ? 'ash' : 'dash', hostname: 'h', processes: [], version: '' };
  return { env: e, out: () => out, err: () => err };
}

const FILES = { '/etc/app/a.conf': 'a=1\n', '/etc/app/sub/b.conf': 'b=2\n' };

describe('tar in a container', () => {
  it('creates an archive of a tree on stdout, saying once that it removed the leading /', () => {
    const gnu = env('coreutils', FILES);
    expect(tar(['cf', '-', '/etc/app'], gnu.env)).toEqual({ status: 0 });
    expect(gnu.err()).toBe("tar: Removing leading `/' from member names\n");
    expect(gnu.out().length % 10240).toBe(0);
    const names = readTar(gnu.out());
    expect(names.ok && names.members.map((m) => m.name)).toEqual(['etc/app/', 'etc/app/a.conf', 'etc/app/sub/', 'etc/app/sub/b.conf']);
    const busybox = env('busybox', FILES);
    tar(['-cvf', '-', '/etc/app/a.conf'], busybox.env);
    expect(busybox.err()).toBe("tar: removing leading '/' from member names\netc/app/a.conf\n");
  });

  it("fails on a missing operand with each tar's words and status, after closing the archive", () => {
    const gnu = env('coreutils', FILES);
    expect(tar(['cf', '-', '/nope'], gnu.env)).toEqual({ status: 2 });
    expect(gnu.err()).toBe("tar: Removing leading `/' from member names\ntar: /nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n");
    expect(readTar(gnu.out())).toEqual({ ok: true, members: [] });
    const busybox = env('busybox', FILES);
    expect(tar(['cf', '-', '/nope'], busybox.env)).toEqual({ status: 1 });
    expect(busybox.err()).toBe('tar: /nope: No such file or directory\ntar: error exit delayed from previous errors\n');
  });

  it('extracts stdin under -C as kubectl cp runs it, and lists with t and tv', () => {
    const archive = writeTar([{ name: 'x/y.txt', type: 'file', content: 'hi\n', mode: 0o100644 }], ROOT);
    const gnu = env('coreutils', { '/tmp/.keep': '' }, archive);
    expect(tar(['--no-same-permissions', '--no-same-owner', '-xmf', '-', '-C', '/tmp'], gnu.env)).toEqual({ status: 0 });
    expect(stat(gnu.env.fs, gnu.env.base, '/tmp/x/y.txt')).toEqual({ kind: 'file', content: 'hi\n' });
    const list = env('coreutils', {}, archive);
    tar(['tvf', '-'], list.env);
    expect(list.out()).toBe('-rw-r--r-- root/root         3 2025-09-01 09:00 x/y.txt\n');
  });

  it("reports what GNU and BusyBox tar report for a bad -C, no archive, and bad usage", () => {
    const gnu = env('coreutils', {}, 'x');
    expect(tar(['-xf', '-', '-C', '/nodir'], gnu.env)).toEqual({ status: 2 });
    expect(gnu.err()).toBe('tar: /nodir: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n');
    const bb = env('busybox', {}, 'x');
    expect(tar(['-xf', '-', '-C', '/nodir'], bb.env)).toEqual({ status: 1 });
    expect(bb.err()).toBe("tar: can't change directory to '/nodir': No such file or directory\n");
    const empty = env('coreutils', {});
    expect(tar(['tf', '-'], empty.env)).toEqual({ status: 2 });
    expect(empty.err()).toBe('tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n');
    const cowardly = env('coreutils', {});
    expect(tar(['cf', '-'], cowardly.env)).toEqual({ status: 2 });
    expect(cowardly.err()).toBe("tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n");
    const invalid = env('coreutils', {});
    expect(tar(['qcf', '-', 'x'], invalid.env)).toEqual({ status: 64 });
    expect(invalid.err()).toBe("tar: invalid option -- 'q'\nTry 'tar --help' or 'tar --usage' for more information.\n");
  });

  it('records each member\'s mode and restores it as each tar does for root and for another user', () => {
    const src = env('coreutils', { '/w/run.sh': '#!/bin/sh\n', '/w/d/x': '' });
    setMode(src.env.fs, src.env.base, '/w/run.sh', 0o4775);
    setMode(src.env.fs, src.env.base, '/w/d', 0o1777);
    tar(['cf', '-', '-C', '/w', 'run.sh', 'd'], src.env);
    const read = readTar(src.out());
    expect(read.ok && read.members.map((m) => [m.name, m.mode.toString(8)])).toEqual([['run.sh', '4775'], ['d/', '1777'], ['d/x', '644']]);
    // Recorded with GNU tar 1.34 and BusyBox 1.35, as root and as nobody (umask 022): `ls -l` after `tar xf` / `tar xpf`.
    const modes = (flavour: 'busybox' | 'coreutils', uid: number, args: string[]): string[] => {
      const e = env(flavour, { '/t/.keep': '' }, src.out());
      if (uid !== 0) e.env.user = { uid, gid: uid, name: 'nobody', group: 'nogroup', home: '/nonexistent' };
      expect(tar([...args, '-', '-C', '/t'], e.env)).toEqual({ status: 0 });
      return [permOf(e.env.fs, e.env.base, '/t/run.sh', 'file').toString(8), permOf(e.env.fs, e.env.base, '/t/d', 'dir').toString(8)];
    };
    expect(modes('coreutils', 0, ['-xf'])).toEqual(['4775', '1777']);
    expect(modes('busybox', 0, ['-xf'])).toEqual(['4775', '1777']);
    expect(modes('coreutils', 65534, ['-xf'])).toEqual(['755', '755']);
    expect(modes('coreutils', 65534, ['-xpf'])).toEqual(['4775', '1777']);
    expect(modes('busybox', 65534, ['-xf'])).toEqual(['755', '1755']);
    expect(modes('busybox', 65534, ['-xpf'])).toEqual(['755', '1755']);
    // kubectl cp --no-preserve: GNU tar as root then applies the umask.
    expect(modes('coreutils', 0, ['--no-same-permissions', '-xmf'])).toEqual(['755', '755']);
  });
});

/** Recorded on this machine: GNU tar 1.34 and BusyBox 1.35's tar (1.36.1's getopt32long table and usage from its tar.c). */
describe("tar's options on the shared walker", () => {
  const sh = (image: string) => {
    const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
    return (line: string) => execInContainer(p, 1000, ['sh', '-c', `cd /tmp; echo hi > a; ${line}`]).output;
  };
  const TRY = "Try 'tar --help' or 'tar --usage' for more information.\n";
  it("GNU: argp's prefixes and ambiguity lists, its words and 64, old options' own message and 2", () => {
    const run = sh('nginx:1.27');
    expect(run('tar --cre -f /dev/null a; echo $?; tar -cvf/dev/null a; tar cf /dev/null a -v')).toBe('0\na\na\n');
    expect(run('tar --verb; echo $?; tar --list=x; tar xf; echo $?; tar -0; tar cvfQ - a; echo $?')).toBe(
      `tar: option '--verb' is ambiguous; possibilities: '--verbose' '--verbatim-files-from'\n${TRY}64\ntar: option '--list' doesn't allow an argument\n${TRY}` +
        `tar: Old option 'f' requires an argument.\n${TRY}2\ntar: Options '-[0-7][lmh]' not supported by *this* tar\n${TRY}tar: invalid option -- 'Q'\n${TRY}64\n`,
    );
    expect(run('tar --ex 2>&1 | head -1')).toBe(
      "tar: option '--ex' is ambiguous; possibilities: '--extract' '--exclude' '--exclude-from' '--exclude-caches' '--exclude-caches-under' '--exclude-caches-all' '--exclude-tag' '--exclude-ignore' '--exclude-ignore-recursive' '--exclude-tag-under' '--exclude-tag-all' '--exclude-vcs' '--exclude-vcs-ignores' '--exclude-backups'\n",
    );
    // An option the real tar has that the simulation does not model.
    expect(run('tar --exclude-vcs -cf /dev/null a; echo $?')).toBe("tar: option '--exclude-vcs' is not supported by this simulator\n2\n");
  });
  it("BusyBox: `tar fc FILE` is -cf FILE; conflicting modes are the usage alone", () => {
    const run = sh('busybox:1.36');
    expect(run('tar fc /tmp/t.tar a; echo $?; tar tf /tmp/t.tar')).toBe('0\na\n');
    expect(run('tar -cx; echo $?')).toMatch(/^BusyBox v1\.36\.1 [^]*\n\t--to-command COMMAND\tPipe files to COMMAND\n1\n$/);
    expect(run("tar --verb -cf /dev/null a; echo $?; tar --wildcards -cf /dev/null a 2>&1 | head -1")).toBe("a\n0\ntar: unrecognized option '--wildcards'\n");
  });
});
