import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, processExit, processLogs, startProcess, startupMs, type ProcessState } from './process';
import type { ProcessInput } from './types';

function start(image: string, command?: string[], args?: string[], extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', ...(command ? { command } : {}), ...(args ? { args } : {}), ...extra });
}
const sh = (script: string, image = 'busybox:1.36', extra: Partial<ProcessInput> = {}): ProcessState => start(image, ['sh', '-c', script], undefined, extra);
const text = (p: ProcessState, now: number): string[] => processLogs(p, now).map((l) => l.text);

describe('shell: the docs\' scripts', () => {
  it('the counter loop prints a numbered date every second and never exits', () => {
    const p = start('busybox:1.28', ['/bin/sh', '-c', 'i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done']);
    expect(processExit(p)).toBeUndefined();
    expect(text(p, 2500)).toEqual(['0: Mon Sep  1 09:00:00 UTC 2025', '1: Mon Sep  1 09:00:01 UTC 2025', '2: Mon Sep  1 09:00:02 UTC 2025']);
    expect(processLogs(p, 60_000)).toHaveLength(61);
    expect(processLogs(p, 60_000).at(-1)).toEqual({ at: 60_000, stream: 'stdout', text: '60: Mon Sep  1 09:01:00 UTC 2025' });
  });

  it('the same loop without `do` is a syntax error, as in busybox', () => {
    const p = sh('i=0; while true; echo "$i: $(date)"; i=$((i+1)); sleep 1; done');
    expect(processExit(p)).toEqual({ at: 0, exitCode: 2, reason: 'Error' });
    expect(text(p, 10)).toEqual(['sh: syntax error: unexpected "done" (expecting "do")']);
  });

  it('exec-liveness.yaml: /tmp/healthy exists for 30 s, the process exits after 630 s', () => {
    const p = start('registry.k8s.io/busybox:1.27.2', undefined, ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600']);
    expect(processExit(p)).toEqual({ at: 630_000, exitCode: 0, reason: 'Completed' });
    expect(execInContainer(p, 29_999, ['cat', '/tmp/healthy'])).toMatchObject({ exitCode: 0, output: '' });
    expect(execInContainer(p, 30_000, ['cat', '/tmp/healthy'])).toMatchObject({ exitCode: 1, output: "cat: can't open '/tmp/healthy': No such file or directory\n" });
  });

  it('init-containers.yaml: wget saves info.cern.ch and exits 0', () => {
    const p = start('busybox:1.28', ['wget', '-O', '/work-dir/index.html', 'http://info.cern.ch']);
    const exit = processExit(p);
    expect(exit?.exitCode).toBe(0);
    expect(exit?.reason).toBe('Completed');
    expect(text(p, 5000)).toEqual([
      'Connecting to info.cern.ch (188.184.67.127:80)',
      "saving to '/work-dir/index.html'",
      'index.html           100% |********************************|   646  0:00:00 ETA',
      "'/work-dir/index.html' saved",
    ]);
  });

  it('the pi Job prints 2000 digits of π and completes', () => {
    const p = start('perl:5.34.0', ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)']);
    const exit = processExit(p);
    expect(exit).toMatchObject({ exitCode: 0, reason: 'Completed' });
    const logs = processLogs(p, exit!.at);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.at).toBe(exit!.at);
    expect(logs[0]!.text).toHaveLength(2001);
    expect(logs[0]!.text.startsWith('3.14159265358979323846264338327950288419716939937510')).toBe(true);
    expect(logs[0]!.text.endsWith('4780275901')).toBe(true);
    expect(processLogs(p, exit!.at - 1)).toEqual([]);
  });

  it('`nginx -g daemon off;` run from a script becomes the server, serving files the script wrote', () => {
    const p = sh('echo "<h1>hello</h1>" > /usr/share/nginx/html/index.html; exec nginx -g "daemon off;"', 'nginx:1.27');
    expect(processExit(p)).toBeUndefined();
    expect(startupMs(p)).toBeGreaterThan(0);
    expect(execInContainer(p, 5000, ['curl', '-s', 'localhost'])).toMatchObject({ exitCode: 0, output: '<h1>hello</h1>\n' });
  });

  it("dapi-volume.yaml: BusyBox ash's `[[ ... ]]` is test with a closing `]]`; dash has none", () => {
    const p = start('busybox:1.36', ['sh', '-c'], ["if [[ -e /etc/passwd ]]; then echo yes; fi; [[ -e /nope ]] || echo no; [[ -e /etc; echo $?"]);
    expect(text(p, 1000)).toEqual(['yes', 'no', 'sh: missing ]]', '2']);
    const d = start('debian:12', ['sh', '-c'], ['[[ -e /etc/passwd ]]; echo $?']);
    expect(text(d, 1000)).toEqual(['sh: 1: [[: not found', '127']);
  });

  it('crashloop.yaml: prints, sleeps, prints an error, exits 1', () => {
    const p = sh("echo starting; sleep 2; echo 'fatal: config missing'; exit 1");
    expect(processExit(p)).toEqual({ at: 2000, exitCode: 1, reason: 'Error' });
    expect(processLogs(p, 10_000)).toEqual([
      { at: 0, stream: 'stdout', text: 'starting' },
      { at: 2000, stream: 'stdout', text: 'fatal: config missing' },
    ]);
  });
});

describe('shell: language', () => {
  it('runs for loops, if/else, && and ||, $? and arithmetic', () => {
    const p = sh('for i in 1 2 3; do echo "item $i"; done; x=$((2*3+1)); if [ $x -gt 5 ]; then echo big; else echo small; fi; false || echo "or $?"; true && echo and');
    expect(text(p, 0)).toEqual(['item 1', 'item 2', 'item 3', 'big', 'or 1', 'and']);
    expect(processExit(p)?.exitCode).toBe(0);
  });

  it('expands env vars and the kubelet\'s $(VAR) in command/args', () => {
    const p = start('busybox', ['sh', '-c', 'echo "$(GREETING) ${GREETING} $HOSTNAME ${MISSING:-fallback} $$(GREETING)"'], undefined, { env: { GREETING: 'hi' } });
    // `$$(GREETING)` escapes the kubelet's expansion; the shell then runs `$(GREETING)` as a command.
    expect(processLogs(p, 0).map((l) => `${l.stream}:${l.text}`)).toEqual(['stderr:sh: GREETING: not found', 'stdout:hi hi demo fallback ']);
  });

  it('while/until loops with break and continue', () => {
    const p = sh('n=0; until [ $n -ge 5 ]; do n=$((n+1)); [ $n -eq 2 ] && continue; [ $n -eq 4 ] && break; echo $n; done; echo end $n');
    expect(text(p, 0)).toEqual(['1', '3', 'end 4']);
  });

  it('redirections, pipes and files', () => {
    const p = sh('echo one > /tmp/f; echo two >> /tmp/f; cat /tmp/f | wc -l; grep tw /tmp/f; ls /nope 2>/dev/null || echo gone; echo err 1>&2');
    expect(processLogs(p, 0).map((l) => `${l.stream}:${l.text}`)).toEqual(['stdout:2', 'stdout:two', 'stdout:gone', 'stderr:err']);
  });

  it('mkdir -p, rm -rf and test -d/-f on the in-container filesystem', () => {
    const p = sh('mkdir -p /data/a/b; touch /data/a/b/x; [ -d /data/a ] && echo dir; rm -rf /data/a; [ -f /data/a/b/x ] || echo removed');
    expect(text(p, 0)).toEqual(['dir', 'removed']);
  });

  it('nested sh -c returns its exit status; exit ends the outer script', () => {
    const p = sh('sh -c "echo inner; exit 3"; echo "outer got $?"; exit 4; echo unreachable');
    expect(text(p, 0)).toEqual(['inner', 'outer got 3']);
    expect(processExit(p)).toEqual({ at: 0, exitCode: 4, reason: 'Error' });
  });

  it('unknown commands print the shell\'s own message and exit 127', () => {
    expect(text(sh('frobnicate --now; echo $?'), 0)).toEqual(['sh: frobnicate: not found', '127']);
    expect(text(sh('frobnicate; echo $?', 'nginx:1.27'), 0)).toEqual(['sh: 1: frobnicate: not found', '127']);
    expect(text(sh('bash -c frobnicate', 'nginx:1.27'), 0)).toEqual(['bash: line 1: frobnicate: command not found']);
    expect(processExit(sh('frobnicate'))).toMatchObject({ exitCode: 127, reason: 'Error' });
  });

  it('test and [ follow bash\'s grammar and fail with status 2 in each shell\'s words (checked against dash 0.5.12 and bash 5.2)', () => {
    expect(text(sh('[ \\( a = a \\) -a ! x = y ]; echo $?; [ " 7 " -gt 3 ]; echo $?', 'nginx:1.27'), 0)).toEqual(['0', '0']);
    expect(text(sh('[ abc -eq 1 ]; echo $?; [ 1 -eq 1; echo $?', 'nginx:1.27'), 0)).toEqual(['sh: 1: [: Illegal number: abc', '2', 'sh: 1: [: missing ]', '2']);
    expect(text(sh("bash -c '[ abc -eq 1 ]; echo $?; [ -gt 5 ]; echo $?'", 'nginx:1.27'), 0)).toEqual(['bash: line 1: [: abc: integer expression expected', '2', 'bash: line 1: [: -gt: unary operator expected', '2']);
    expect(text(sh('[ abc -eq 1 ]; echo $?'), 0)).toEqual(['sh: abc: bad number', '2']);
  });

  it('$((…)) is bash\'s 64-bit arithmetic with assignments, and errors in each shell\'s words (checked against dash 0.5.12 and bash 5.2)', () => {
    expect(text(sh('i=5; echo $((i+=2)) $i $((0x10 + 010)) $((9223372036854775807+1))', 'nginx:1.27'), 0)).toEqual(['7 7 24 -9223372036854775808']);
    expect(text(sh("bash -c 'set -- 4; echo $((2**10)) $(($1*3)) $((${#}+1))'", 'nginx:1.27'), 0)).toEqual(['1024 12 2']);
    expect(text(sh('echo $((2**3))', 'nginx:1.27'), 0)[0]).toBe('sh: 1: arithmetic expression: expecting primary: "2**3"');
    expect(text(sh('echo $((1/0))', 'nginx:1.27'), 0)[0]).toBe('sh: 1: arithmetic expression: division by zero: "1/0"');
    expect(text(sh("bash -c 'echo $((1/0))'", 'nginx:1.27'), 0)[0]).toBe('bash: line 1: 1/0: division by 0 (error token is "0")');
    expect(text(sh('echo $((1/0))'), 0)[0]).toBe('sh: divide by zero');
  });

  it('${…} trims with the prompt\'s patterns, bracket expressions too (checked against dash 0.5.12)', () => {
    expect(text(sh('f=app-v1.2.tar.gz; echo ${f#[a-c]*-} ${f%%.*} ${f%.*} ${f##*[0-9].} ${u:-d} ${u:=set} $u', 'nginx:1.27'), 0)).toEqual(['v1.2.tar.gz app-v1 app-v1.2.tar tar.gz d set set']);
  });

  it('${X:?} and ${X?} are worded as each shell words them (checked against dash 0.5.12 and bash 5.2)', () => {
    expect(text(sh('echo ${z:?}', 'nginx:1.27'), 0)[0]).toBe('sh: 1: z: parameter not set or null');
    expect(text(sh('echo ${z?}', 'nginx:1.27'), 0)[0]).toBe('sh: 1: z: parameter not set');
    expect(text(sh("bash -c 'echo ${z?}'", 'nginx:1.27'), 0)[0]).toBe('bash: line 1: z: parameter not set');
  });

  it('an expansion error ends the script with its shell\'s status (checked against bash 5.2 and dash 0.5.12)', () => {
    const dash = sh('echo start; echo ${z:?gone}; echo after', 'nginx:1.27');
    expect(text(dash, 0)).toEqual(['start', 'sh: 1: z: gone']);
    expect(processExit(dash)).toEqual({ at: 0, exitCode: 2, reason: 'Error' });
    expect(processExit(sh('for i in 1 $((2/0)) 3; do echo $i; done; echo after', 'nginx:1.27'))).toMatchObject({ exitCode: 2 });
    expect(text(sh('for i in 1 0 3; do echo $((6/i)); done; echo after', 'nginx:1.27'), 0)).toEqual(['6', 'sh: 1: arithmetic expression: division by zero: "6/i"']);
    // A nested bash is its own process: it exits (127 for ${X?}, 1 for arithmetic), the outer sh goes on.
    expect(text(sh("bash -c 'echo ${z?}; echo after'; echo \"bash said $?\"; bash -c 'echo $((1+)); echo after'; echo \"bash said $?\"", 'nginx:1.27'), 0)).toEqual([
      'bash: line 1: z: parameter not set',
      'bash said 127',
      'bash: line 1: 1+: syntax error: operand expected (error token is "+")',
      'bash said 1',
    ]);
    // BusyBox ash raises with status 2 as well.
    expect(processExit(sh('echo $((1/0)); echo after'))).toMatchObject({ exitCode: 2, reason: 'Error' });
  });

  it('busybox and GNU tools keep their own error texts', () => {
    expect(text(sh('cat /nope'), 0)).toEqual(["cat: can't open '/nope': No such file or directory"]);
    expect(text(sh('cat /nope', 'nginx:1.27'), 0)).toEqual(['cat: /nope: No such file or directory']);
    expect(text(sh('echo -e "a\\tb"', 'nginx:1.27'), 0)).toEqual(['-e a\tb']);
    expect(text(sh('echo -e "a\\tb"'), 0)).toEqual(['a\tb']);
  });

  it('sleep infinity and tail -f block forever; sh with no script exits at once', () => {
    expect(processExit(sh('sleep infinity'))).toBeUndefined();
    expect(processExit(sh('tail -f /dev/null'))).toBeUndefined();
    expect(processExit(start('busybox:1.36'))).toEqual({ at: 0, exitCode: 0, reason: 'Completed' });
  });

  it('a busy loop without sleep prints for a while, then spins silently forever', () => {
    const p = sh('while true; do echo spin; done');
    expect(processExit(p)).toBeUndefined();
    const n = processLogs(p, 10).length;
    expect(n).toBeGreaterThan(100);
    expect(processLogs(p, 3_600_000).length).toBe(n);
  });

  it('writes to /proc/1/fd/1 from kubectl exec land in the container log', () => {
    const p = sh('sleep 3600');
    execInContainer(p, 1000, ['sh', '-c', 'echo from-exec > /proc/1/fd/1; echo to-exec']);
    expect(processLogs(p, 2000)).toEqual([{ at: 1000, stream: 'stdout', text: 'from-exec' }]);
  });

  it('never throws on arbitrary input, and stays deterministic', () => {
    const alphabet = fc.constantFrom('echo', 'x', '$', '(', ')', '{', '}', '"', "'", '`', ';', '&', '|', '>', '<', ' ', 'do', 'done', 'while', 'true', 'if', 'fi', 'then', 'sleep 1', '$((', '))', '\\', '\n', 'for', 'in', '${', 'exit', 'cat', '#');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 25 }), (parts) => {
        const script = parts.join('');
        const a = sh(script);
        const b = sh(script);
        expect(processExit(a)).toEqual(processExit(b));
        expect(processLogs(a, 5000)).toEqual(processLogs(b, 5000));
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
