import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { processExit, processLogs, startProcess, type ProcessState } from './process';
import { runFilter } from './text-filters.testing';

const run = (name: string, args: string[], stdin: string): string => runFilter(name, args, stdin)?.stdout ?? '<none>';

describe('the image shell filters a terminal pipeline runs', () => {
  it('grep prints context lines with -- between groups that do not touch (-A, -B, -C)', () => {
    const text = 'a\nx1\nb\nc\nd\nx2\ne\n';
    expect(run('grep', ['-A1', 'x'], text)).toBe('x1\nb\n--\nx2\ne\n');
    expect(run('grep', ['-B', '1', 'x2'], text)).toBe('d\nx2\n');
    expect(run('grep', ['--context=1', 'b'], text)).toBe('x1\nb\nc\n');
    expect(run('grep', ['-A5', 'x'], text)).toBe('x1\nb\nc\nd\nx2\ne\n');
  });

  it("awk picks fields, with NR / regex / comparison patterns and -F", () => {
    const table = 'NAME   READY   STATUS\nweb-1  1/1     Running\nweb-2  0/1     Pending\n';
    expect(run('awk', ['{print $1}'], table)).toBe('NAME\nweb-1\nweb-2\n');
    expect(run('awk', ['NR>1 {print $1, $NF}'], table)).toBe('web-1 Running\nweb-2 Pending\n');
    expect(run('awk', ['$3 == "Pending" {print $1}'], table)).toBe('web-2\n');
    expect(run('awk', ['/Running/'], table)).toBe('web-1  1/1     Running\n');
    expect(run('awk', ['-F/', '{print $2}'], 'pod/a\npod/b\n')).toBe('a\nb\n');
    expect(runFilter('awk', ['{system("ls")}'], table)?.status).toBe(2);
  });

  it('writes an output file on the workstation, and offers only the filters that read stdin', () => {
    expect(runFilter('sort', ['-o', '/tmp/x'], 'b\na\n')).toEqual({ stdout: '', stderr: '', status: 0 });
    expect(runFilter('sort', ['-o', '-'], 'b\na\n')?.stdout).toBe('a\nb\n');
    expect(runFilter('tee', ['/tmp/x'], 'a')).toBeUndefined();
    expect(runFilter('cat', [], 'a')).toBeUndefined();
  });
});

/** A container running `sh -c script`; each log line as `stream:text`. */
const sh = (script: string, image = 'busybox:1.36'): ProcessState =>
  startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sh', '-c', script] });
const logs = (script: string, image?: string): string[] => processLogs(sh(script, image), 0).map((l) => `${l.stream}:${l.text}`);

describe('the filters a container runs (GNU in coreutils images, C locale; BusyBox)', () => {
  it("a tool's warning about one FILE comes before the next file's lines, as a terminal shows them", () => {
    expect(logs('printf "b\\n" | cat /nope -')).toEqual(["stderr:cat: can't open '/nope': No such file or directory", 'stdout:b']);
    expect(logs('printf "b\\n" | grep -x b /nope -', 'nginx:1.27')).toEqual(['stderr:grep: /nope: No such file or directory', 'stdout:(standard input):b']);
  });

  it('read FILE operands: head and tail print ==> name <== headers, grep prefixes names', () => {
    const setup = 'printf "1\\n2\\n3\\n" > /tmp/a; printf "x\\n" > /tmp/b; ';
    expect(logs(`${setup}head -n 1 /tmp/a /tmp/b; tail -n +3 /tmp/a; grep -c . /tmp/a /tmp/b`, 'nginx:1.27')).toEqual([
      'stdout:==> /tmp/a <==', 'stdout:1', 'stdout:', 'stdout:==> /tmp/b <==', 'stdout:x', 'stdout:3', 'stdout:/tmp/a:3', 'stdout:/tmp/b:1',
    ]);
    expect(logs(`${setup}sort -r /tmp/a -o /tmp/a; cat /tmp/a; wc -l /tmp/a /tmp/b`, 'nginx:1.27')).toEqual(['stdout:3', 'stdout:2', 'stdout:1', 'stdout:3 /tmp/a', 'stdout:1 /tmp/b', 'stdout:4 total']);
  });

  it("a missing file is each tool's own error; BusyBox says can't open", () => {
    expect(logs('head /nope; sort /nope; echo $?', 'nginx:1.27')).toEqual([
      "stderr:head: cannot open '/nope' for reading: No such file or directory", 'stderr:sort: cannot read: /nope: No such file or directory', 'stdout:2',
    ]);
    expect(logs('head /nope; cut -f1 /nope; grep x /nope; echo $?')).toEqual([
      "stderr:head: can't open '/nope': No such file or directory", "stderr:cut: can't open '/nope': No such file or directory", 'stderr:grep: /nope: No such file or directory', 'stdout:2',
    ]);
  });

  it("wc's columns: GNU's width 7 for a pipe, BusyBox's %9u; one count is never padded", () => {
    expect(logs('printf "a b\\n" | wc', 'nginx:1.27')).toEqual(['stdout:      1       2       4']);
    expect(logs('printf "a b\\n" | wc')).toEqual(['stdout:        1         2         4']);
    expect(logs('printf "a b\\n" | wc -l; printf "a b\\n" | wc -l')).toEqual(['stdout:1', 'stdout:1']);
  });

  it('an unknown option is an error, not a file; an option GNU has but the simulation lacks is refused by name', () => {
    expect(runFilter('head', ['-z'], 'a\n')).toEqual({ stdout: '', stderr: "head: option '-z' is not supported by this simulator\n", status: 1 });
    expect(runFilter('sort', ['--version'], 'a\n')?.stderr).toBe("sort: option '--version' is not supported by this simulator\n");
    expect(logs('head -Q /tmp; echo $?', 'nginx:1.27')).toEqual(["stderr:head: invalid option -- 'Q'", "stderr:Try 'head --help' for more information.", 'stdout:1']);
  });

  it('a container without LANG sorts bytewise and quotes with plain quotes; the terminal sorts as en_US.UTF-8', () => {
    expect(logs('printf "web-1\\nNAME\\napi-1\\n" | sort', 'nginx:1.27')).toEqual(['stdout:NAME', 'stdout:api-1', 'stdout:web-1']);
    expect(runFilter('sort', [], 'web-1\nNAME\napi-1\n')?.stdout).toBe('api-1\nNAME\nweb-1\n');
    expect(logs('tail -n x', 'nginx:1.27')).toEqual(["stderr:tail: invalid number of lines: 'x'"]);
    expect(runFilter('tail', ['-n', 'x'], '')?.stderr).toBe('tail: invalid number of lines: ‘x’\n');
  });

  it('tail -f never returns, unless nothing could be opened', () => {
    expect(processExit(sh('tail -n 1 -f /dev/null'))).toBeUndefined();
    expect(processExit(sh('echo x | tail -f'))).toBeUndefined();
    expect(processExit(sh('tail -f /nope', 'nginx:1.27'))).toMatchObject({ exitCode: 1 });
    expect(logs('tail -f /nope', 'nginx:1.27')).toEqual(["stderr:tail: cannot open '/nope' for reading: No such file or directory", 'stderr:tail: no files remaining']);
    expect(logs('tail /nope; echo $?')).toEqual(["stderr:tail: can't open '/nope': No such file or directory", 'stderr:tail: no files', 'stdout:1']);
  });

  it('tail -F (--retry) waits for a FILE that is not there yet, as the sidecar page\'s logshipper does', () => {
    // Recorded: BusyBox 1.35 and GNU 9.1 say they cannot open it, then wait.
    expect(processExit(sh('tail -F /opt/logs.txt'))).toBeUndefined();
    expect(logs('tail -F /opt/logs.txt')).toEqual(["stderr:tail: can't open '/opt/logs.txt': No such file or directory"]);
    expect(processExit(sh('tail --retry -f /nope', 'nginx:1.27'))).toBeUndefined();
    expect(logs('tail -F /nope', 'nginx:1.27')).toEqual(["stderr:tail: cannot open '/nope' for reading: No such file or directory"]);
  });
});

