import { beforeAll, describe, expect, it } from 'vitest';
import { parseScript } from '../k8s/script';
import { loadKubectlChunks } from './chunks';
import { MAX_LOOP_ITERATIONS } from './prompt-run';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe('compound commands at the prompt', () => {
  it('runs for, while, until, if, case and groups as bash does, through the Session', () => {
    const s = new Session();
    expect(out(s.run('for p in a b; do echo $p; done'))).toBe('a\nb\n');
    expect(out(s.run('for i in 1 2 3; do kubectl run pod$i --image=nginx; done'))).toBe('pod/pod1 created\npod/pod2 created\npod/pod3 created\n');
    expect(out(s.run('kubectl get pods -o name'))).toBe('pod/pod1\npod/pod2\npod/pod3\n');
    expect(out(s.run('if kubectl get deploy web 2>/dev/null; then echo yes; elif true; then echo maybe; else echo no; fi'))).toBe('maybe\n');
    expect(out(s.run('x=0; until [ $x -ge 3 ]; do x=$((x+1)); done; echo $x'))).toBe('3\n');
    expect(out(s.run('for i in 1 2 3 4; do if [ $i = 2 ]; then continue; fi; [ $i = 4 ] && break; echo $i; done'))).toBe('1\n3\n');
    expect(out(s.run('case web.yaml in *.json) echo json;; *.y?ml) echo yaml;; esac'))).toBe('yaml\n');
    expect(out(s.run('{ echo a; echo b; } | wc -l'))).toBe('2\n');
    expect(out(s.run('for i in 1 2; do echo n$i; done > out.txt; cat out.txt'))).toBe('n1\nn2\n');
    expect(out(s.run('for ((i=0; i<3; i++)); do echo $i; done | grep -c .'))).toBe('3\n');
    expect(out(s.run('kubectl get pods -o name | while read p; do echo "<$p>"; done'))).toBe('<pod/pod1>\n<pod/pod2>\n<pod/pod3>\n');
    expect(out(s.run('[[ pod-1 == pod-* && -n x ]] && echo match'))).toBe('match\n');
    expect(out(s.run('(( 2 > 1 )) && echo bigger'))).toBe('bigger\n');
    expect(out(s.run('(X=inner); echo "[$X]"'))).toBe('[]\n');
  });

  it('reports syntax errors and misplaced break with bash messages', () => {
    const s = new Session();
    expect(s.run('for; do')).toEqual({ output: [{ stream: 'stderr', text: "bash: syntax error near unexpected token `;'\n" }], exitCode: 2 });
    expect(out(s.run('for i in a; do done'), 'stderr')).toBe("bash: syntax error near unexpected token `done'\n");
    expect(out(s.run('if true; then echo x'), 'stderr')).toBe('bash: syntax error: unexpected end of file\n');
    expect(out(s.run('break'), 'stderr')).toBe("bash: break: only meaningful in a `for', `while', or `until' loop\n");
    expect(out(s.run('[ a -eq 1 ]'), 'stderr')).toBe('bash: [: a: integer expression expected\n');
  });

  it('reads a compound command over several lines, in the runner and as one line', () => {
    const parsed = parseScript('for i in 1 2; do\n  echo $i\ndone\necho after\n');
    expect(parsed.ok && parsed.commands.map((c) => c.text)).toEqual(['for i in 1 2; do\n  echo $i\ndone', 'echo after']);
    expect(out(new Session().run('for i in 1 2; do\n  echo $i\ndone'))).toBe('1\n2\n');
  });

  it('stops a loop that never ends, saying why', () => {
    const s = new Session();
    const r = s.run('while true; do :; done');
    expect(r.exitCode).toBe(1);
    expect(out(r, 'stderr')).toMatch(new RegExp(`^bash: loop stopped after ${MAX_LOOP_ITERATIONS} iterations: this terminal runs a line to its end`));
    const t0 = s.sim.now;
    const slept = s.run('while true; do sleep 60; done');
    expect(out(slept, 'stderr')).toMatch(/^bash: loop stopped after 15m of simulated time/);
    expect(s.sim.now - t0).toBe(15 * 60_000);
    expect(out(s.run('while true; do echo y; done'), 'stderr')).toMatch(/^bash: loop stopped after 1000 lines of output/);
  });

  it('stamps output written after time moved with when it ran, and a Ctrl+C replay stops the loop there', () => {
    const s = new Session();
    const t0 = s.sim.now;
    const r = s.run('sleep 5 && kubectl get ns default -o name');
    // The line's last moment: no stamp, as a lone command's.
    expect(r.output).toEqual([{ stream: 'stdout', text: 'namespace/default\n' }]);
    const t1 = s.sim.now;
    const r2 = s.run('kubectl get ns default -o name; sleep 5');
    expect(r2.output).toEqual([{ stream: 'stdout', text: 'namespace/default\n', at: t1 + 150 }]);
    expect(t1).toBe(t0 + 5150);

    const loop = 'while true; do kubectl get ns default -o name; sleep 5; done';
    const fresh = new Session();
    const start = fresh.sim.now;
    const cut = fresh.run(loop, undefined, { interruptAt: start + 12_000 });
    expect(cut.exitCode).toBe(130);
    expect(cut.output.map((c) => c.at)).toEqual([start + 150, start + 5300, start + 10_450]);
    expect(fresh.sim.now).toBe(start + 12_000);
    // Replaying the log (the Ctrl+C included) rebuilds the same moment.
    const replay = new Session();
    for (const c of fresh.log) replay.run(c.line, c.stdin, c.interruptAt === undefined ? {} : { interruptAt: c.interruptAt });
    expect(replay.sim.now).toBe(fresh.sim.now);
  });
});

describe('expansions at the prompt', () => {
  it('brace-expands words before the other expansions, for loops and kubectl alike (bash 5.2, recorded)', () => {
    const s = new Session();
    expect(out(s.run('for i in {1..3}; do echo -n "$i "; done; echo'))).toBe('1 2 3 \n');
    expect(out(s.run('echo {1..3}"q" a{b,"c d"}e {a,b\\,c}; x=a{1,2}; echo $x'))).toBe('1q 2q 3q abe ac de a b,c\na{1,2}\n');
    expect(out(s.run('kubectl get ns kube-{system,public} -o name'))).toBe('namespace/kube-system\nnamespace/kube-public\n');
    expect(out(s.run('kubectl create ns team-{a,b}'), 'stderr')).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create namespace -h' for help and examples\n");
  });

  it('evaluates $((…)) and ((…)) with bash errors that end the line', () => {
    const s = new Session();
    expect(out(s.run('x=5; echo $((x++ + ++x)) $x $((2**10)) $((-7/2)) $((1<<4)) $((x > 3 ? 1 : 0))'))).toBe('12 7 1024 -3 16 1\n');
    const r = s.run('echo $((1/0)); echo after');
    expect(r).toEqual({ output: [{ stream: 'stderr', text: 'bash: 1/0: division by 0 (error token is "0")\n' }], exitCode: 1 });
    expect(out(s.run('echo $((1+))'), 'stderr')).toBe('bash: 1+: syntax error: operand expected (error token is "+")\n');
    expect(out(s.run('echo $((08))'), 'stderr')).toBe('bash: 08: value too great for base (error token is "08")\n');
    expect(out(s.run('((0)); echo $?'))).toBe('1\n');
  });

  it('expands ${…} forms', () => {
    const s = new Session();
    s.run('NAME=prefix-middle-suffix');
    expect(out(s.run('echo ${NAME:+set} ${#NAME} ${NAME#prefix} ${NAME##*-} ${NAME%suffix} ${NAME%%-*} ${NAME/i/I} ${NAME//i/I} ${NAME:3:4} ${NAME: -3}'))).toBe('set 20 -middle-suffix suffix prefix-middle- prefix prefIx-middle-suffix prefIx-mIddle-suffIx fix- fix\n');
    expect(out(s.run('echo ${U:=dflt} $U'))).toBe('dflt dflt\n');
    const r = s.run('echo ${MISSING:?give it}; echo after');
    expect(r).toEqual({ output: [{ stream: 'stderr', text: 'bash: MISSING: give it\n' }], exitCode: 1 });
  });

  it('expands globs over the workstation, sorted as en_US sorts (digits before letters, case last), and leaves an unmatched one as written', () => {
    const s = new Session({ files: { 'web.yaml': 'a', 'Web-2.yaml': 'b', 'api.yaml': 'c', 'notes.txt': 'd', 'm/x.yaml': 'e' } });
    expect(out(s.run('echo *.yaml'))).toBe('api.yaml Web-2.yaml web.yaml\n');
    expect(out(s.run('echo ?eb.yaml [an]*.txt m/*.yaml "*.yaml"'))).toBe('web.yaml notes.txt m/x.yaml *.yaml\n');
    expect(out(s.run('ls *.json'), 'stderr')).toBe("ls: cannot access '*.json': No such file or directory\n");
    expect(out(s.run('echo ~ ~/x'))).toBe('/home/learner /home/learner/x\n');
  });
});

describe('cd and xargs', () => {
  it('moves the working directory for files, programs and kubectl -f, and keeps it on replay and in a fork', () => {
    const s = new Session({ files: { 'm/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: moved\n' } });
    expect(s.run('cd m')).toEqual({ output: [], exitCode: 0 });
    expect(out(s.run('pwd; echo $PWD $OLDPWD'))).toBe('/home/learner/m\n/home/learner/m /home/learner\n');
    expect(out(s.run('kubectl apply -f cm.yaml && ls && echo hi > note.txt'))).toBe('configmap/moved created\ncm.yaml\n');
    expect(out(s.run('cd -; cat m/note.txt'))).toBe('/home/learner\nhi\n');
    expect(out(s.run('cd nope'), 'stderr')).toBe('bash: cd: nope: No such file or directory\n');
    expect(out(s.run('cd m/cm.yaml'), 'stderr')).toBe('bash: cd: m/cm.yaml: Not a directory\n');
    s.run('cd /tmp');
    expect(out(s.fork().run('pwd'))).toBe('/tmp\n');
    const replay = new Session({ files: { 'm/cm.yaml': 'x' } });
    for (const c of s.log) replay.run(c.line, c.stdin);
    expect(out(replay.run('pwd; cd; pwd'))).toBe('/tmp\n/home/learner\n');
  });

  it('runs xargs commands through the Session: deleting Pods, -n1, -I, -r, -t and its statuses', () => {
    const s = new Session();
    s.run('for i in 1 2; do kubectl run p$i --image=nginx; done');
    expect(out(s.run('kubectl get pods -o name | xargs -n1 echo got'))).toBe('got pod/p1\ngot pod/p2\n');
    expect(out(s.run('kubectl get pods -o name | xargs -I{} echo "[{}]"'))).toBe('[pod/p1]\n[pod/p2]\n');
    const t = s.run('echo a b | xargs -t echo');
    expect(t.output).toEqual([{ stream: 'stderr', text: 'echo a b\n' }, { stream: 'stdout', text: 'a b\n' }]);
    expect(out(s.run('printf "" | xargs -r echo hi'))).toBe('');
    expect(out(s.run('printf "" | xargs echo hi'))).toBe('hi\n');
    expect(out(s.run('printf "a,b" | xargs -d, -n1'))).toBe('a\nb\n');
    expect(s.run('echo x | xargs nope')).toEqual({ output: [{ stream: 'stderr', text: 'xargs: nope: No such file or directory\n' }], exitCode: 127 });
    expect(s.run('echo pod/nope | xargs kubectl get').exitCode).toBe(123);
    expect(out(s.run("echo \"'a b\" | xargs"), 'stderr')).toBe('xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n');
    expect(out(s.run('kubectl get pods -o name | xargs kubectl delete'))).toBe('pod "p1" deleted from default namespace\npod "p2" deleted from default namespace\n');
    expect(out(s.run('kubectl get pods -o name'))).toBe('');
  });

  it("walks xargs' options as GNU xargs 4.9's getopt_long does (recorded)", () => {
    const s = new Session();
    // --max-lines's argument is optional, so it is only ever attached: `1` is the command.
    expect(s.run("echo 'a b' | xargs --max-lines 1 echo")).toEqual({ output: [{ stream: 'stderr', text: 'xargs: 1: No such file or directory\n' }], exitCode: 127 });
    expect(out(s.run("printf 'a b\\nc\\n' | xargs -l echo"))).toBe('a b\nc\n');
    expect(out(s.run("printf 'a b\\nc\\n' | xargs --max-l=2 echo"))).toBe('a b c\n');
    expect(out(s.run('echo a | xargs -P 0 -tn1 echo'))).toBe('a\n');
    expect(out(s.run('echo a | xargs -n 0 echo'), 'stderr')).toBe("xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n");
    expect(out(s.run('echo a | xargs -Q'), 'stderr')).toBe("xargs: invalid option -- 'Q'\nTry 'xargs --help' for more information.\n");
    expect(out(s.run('echo a | xargs --foo'), 'stderr')).toBe("xargs: unrecognized option '--foo'\nTry 'xargs --help' for more information.\n");
    expect(out(s.run('echo a | xargs -n'), 'stderr')).toBe("xargs: option requires an argument -- 'n'\nTry 'xargs --help' for more information.\n");
    // The command ends the options: -Q after it is echo's word.
    expect(out(s.run('echo a | xargs echo -Q'))).toBe('-Q a\n');
  });
});

describe('time at the prompt', () => {
  it('reports the pipeline\'s simulated time as bash formats it, TIMEFORMAT and -p included', () => {
    const s = new Session();
    expect(out(s.run('type time'))).toBe('time is a shell keyword\n');
    expect(out(s.run('time sleep 2'), 'stderr')).toBe('\nreal\t0m2.000s\nuser\t0m0.000s\nsys\t0m0.000s\n');
    expect(out(s.run('time -p sleep 1.5'), 'stderr')).toBe('real 1.50\nuser 0.00\nsys 0.00\n');
    expect(out(s.run('time for i in 1 2; do sleep 30; done'), 'stderr')).toBe('\nreal\t1m0.000s\nuser\t0m0.000s\nsys\t0m0.000s\n');
    // The pipeline's status is its own; a redirection inside the pipeline leaves the report on the shell's stderr.
    const piped = s.run('time sleep 1 2>/dev/null | cat');
    expect(piped.exitCode).toBe(0);
    expect(out(piped, 'stderr')).toBe('\nreal\t0m1.000s\nuser\t0m0.000s\nsys\t0m0.000s\n');
    expect(s.run('time ! true').exitCode).toBe(1);
    expect(out(s.run('{ time sleep 1; } 2>/dev/null; echo quiet'))).toBe('quiet\n');
    expect(out(s.run("TIMEFORMAT='%R|%1lR|%0R|%%'; time sleep 61.25"), 'stderr')).toBe('61.250|1m1.2s|61|%\n');
    expect(out(s.run("TIMEFORMAT=''; time sleep 1"), 'stderr')).toBe('');
    expect(out(s.run("TIMEFORMAT='%x'; time sleep 1"), 'stderr')).toBe("bash: TIMEFORMAT: `x': invalid format character\n");
    expect(out(s.run('unset TIMEFORMAT; time'), 'stderr')).toBe('\nreal\t0m0.000s\nuser\t0m0.000s\nsys\t0m0.000s\n');
  });

  it('times kubectl against the simulated cluster: a rollout takes what its Pods take to start', () => {
    const s = new Session();
    s.run('kubectl create deployment web --image=nginx --replicas=2');
    const r = s.run('time kubectl rollout status deployment/web');
    expect(out(r)).toContain('deployment "web" successfully rolled out');
    const real = /real\t(\d+)m(\d+)\.(\d{3})s/.exec(out(r, 'stderr'));
    expect(real).not.toBeNull();
    expect(Number(real![1]) * 60 + Number(real![2])).toBeGreaterThanOrEqual(1);
  });
});
