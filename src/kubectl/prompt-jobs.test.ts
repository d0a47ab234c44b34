/**
 * bash's job control at the laptop's prompt, through the real Session. Every text was recorded
 * from bash 5.2.15 on this machine: interactively with `script -qfc "bash --norc --noprofile -i"`
 * fed one line at a time (a pause between lines, so a killed job is reaped before the next
 * prompt, as when a person types), and non-interactively with `bash script.sh`:
 *
 *   $ sleep 100 &            → [1] 26662              (stderr)
 *   $ jobs                   → [1]+  Running                 sleep 100 &
 *   $ sleep 200 &; jobs      → [1]-  Running …  /  [2]+  Running …
 *   $ kill %1                → (nothing; the notice waits for the next line)
 *   $ echo x                 → x  then  [1]+  Terminated              sleep 100
 *   $ kill -9 %1 / -INT / -HUP  → Killed / Interrupt / Hangup
 *   $ false &  (Enter)       → [1]+  Exit 1                  false
 *   $ kill %1; wait %1; echo st=$?  → [1]+  Terminated              sleep 100 / st=143
 *   $ kill %5 / fg %5 / jobs %5 / wait %5 → bash: kill: %5: no such job (1) … wait's status 127
 *   $ fg (none) → bash: fg: current: no such job;  bg with a running job → bash: bg: job 1 already in background
 *   $ kill 99999999 → bash: kill: (99999999) - No such process;  kill → its usage line, status 2
 *   bash script.sh: no `[1] PID`, no notices; `fg` → fg: no job control; `jobs` lists an exited
 *   job once (`[3]+  Exit 1                  false`) and never one a signal killed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import type { CommandResult } from './types';

beforeAll(() => loadKubectlChunks());

const text = (r: CommandResult): string => r.output.map((c) => (c.stream === 'stderr' ? `!${c.text}` : c.text)).join('');

describe('job control, interactive (the page)', () => {
  it('CMD & prints [N] PID on stderr, $! is the PID, jobs lists them with + and -', () => {
    const s = new Session({ seed: 1, interactive: true });
    expect(text(s.run('sleep 100 &'))).toBe('![1] 4066\n');
    expect(text(s.run('echo $!'))).toBe('4066\n');
    expect(text(s.run('jobs'))).toBe('[1]+  Running                 sleep 100 &\n');
    expect(text(s.run('sleep 200 &'))).toBe('![2] 4067\n');
    expect(text(s.run('jobs'))).toBe('[1]-  Running                 sleep 100 &\n[2]+  Running                 sleep 200 &\n');
    expect(text(s.run('jobs -l'))).toBe('[1]- 4066 Running                 sleep 100 &\n[2]+ 4067 Running                 sleep 200 &\n');
    expect(text(s.run('jobs -p'))).toBe('4066\n4067\n');
    // Recorded: bash -c 'type jobs fg bg kill wait'.
    expect(text(s.run('type jobs fg bg kill wait'))).toBe('jobs is a shell builtin\nfg is a shell builtin\nbg is a shell builtin\nkill is a shell builtin\nwait is a shell builtin\n');
  });

  it('kill %N: the notice comes at the end of the next line; signals name themselves', () => {
    const s = new Session({ seed: 1, interactive: true });
    s.run('sleep 100 &');
    expect(text(s.run('kill %1'))).toBe('');
    expect(text(s.run('echo x'))).toBe('x\n![1]+  Terminated              sleep 100\n');
    for (const [sig, words] of [['-9', 'Killed'], ['-INT', 'Interrupt'], ['-s HUP', 'Hangup']] as const) {
      s.run('sleep 100 &');
      s.run(`kill ${sig} %1`);
      expect(text(s.run('echo y'))).toBe(`y\n![1]+  ${words.padEnd(24)}sleep 100\n`);
    }
    s.run('sleep 100 &');
    expect(text(s.run('kill %1; wait %1; echo st=$?'))).toBe('![1]+  Terminated              sleep 100\nst=143\n');
    expect(text(s.run('kill 4066'))).toBe('!bash: kill: (4066) - No such process\n');
  });

  it('a job that ends by itself is noticed before the next prompt (Done, Exit N)', () => {
    const s = new Session({ seed: 1, interactive: true });
    expect(text(s.run('true &'))).toBe('![1] 4066\n![1]+  Done                    true\n');
    expect(text(s.run('false &'))).toBe('![1] 4067\n![1]+  Exit 1                  false\n');
    s.run('sleep 2 &');
    expect(text(s.run('sleep 3'))).toBe('![1]+  Done                    sleep 2\n');
    // Anything else runs at once; a wait in it is cut short, and it says so.
    expect(text(s.run('kubectl get ns default -w &'))).toBe(
      '![1] 4069\nNAME      STATUS   AGE\ndefault   Active   11s\n!bash: [1] kubectl get ns default -w: a background job here runs to its end at once, so its wait was cut short (kubectl port-forward, kubectl proxy and sleep keep running in the background)\n![1]+  Exit 130                kubectl get ns default -w\n',
    );
  });

  it('errors: no such job, no current job, usage, bg of a running job', () => {
    const s = new Session({ seed: 1, interactive: true });
    expect(s.run('fg').exitCode).toBe(1);
    expect(text(s.run('fg'))).toBe('!bash: fg: current: no such job\n');
    expect(text(s.run('bg'))).toBe('!bash: bg: current: no such job\n');
    expect(text(s.run('kill'))).toBe('!kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n');
    expect(s.shell.status).toBe(2);
    s.run('sleep 100 &');
    expect(text(s.run('bg'))).toBe('!bash: bg: job 1 already in background\n');
    expect(text(s.run('kill %5; echo st=$?'))).toBe('!bash: kill: %5: no such job\nst=1\n');
    expect(text(s.run('jobs %5; echo st=$?'))).toBe('!bash: jobs: %5: no such job\nst=1\n');
    expect(text(s.run('fg %5; echo st=$?'))).toBe('!bash: fg: %5: no such job\nst=1\n');
    expect(text(s.run('wait %5; echo st=$?'))).toBe('!bash: wait: %5: no such job\nst=127\n');
    expect(text(s.run('kill 99999999'))).toBe('!bash: kill: (99999999) - No such process\n');
  });

  it('fg brings a job back: its command line, then it runs until it ends or Ctrl+C (130 for what dies of SIGINT)', () => {
    const s = new Session({ seed: 1, interactive: true });
    s.run('sleep 30 &');
    const before = s.sim.now;
    expect(text(s.run('fg %1'))).toBe('sleep 30\n');
    expect(s.sim.now - before).toBeGreaterThanOrEqual(29_000);
    s.run('sleep 100 &');
    const r = s.run('fg', undefined, { interruptAt: s.sim.now + 2_000 });
    expect(text(r)).toBe('sleep 100\n');
    expect(r.exitCode).toBe(130);
    expect(text(s.run('jobs'))).toBe('');
  });

  it('wait with no job is 0 at once; wait on a sleep job takes its time', () => {
    const s = new Session({ seed: 1, interactive: true });
    expect(text(s.run('wait; echo st=$?'))).toBe('st=0\n');
    s.run('sleep 10 &');
    const before = s.sim.now;
    expect(text(s.run('wait; echo st=$?'))).toBe('st=0\n');
    expect(s.sim.now - before).toBeGreaterThanOrEqual(9_000);
    s.run('sleep infinity &');
    expect(text(s.run('jobs'))).toBe('[1]+  Running                 sleep infinity &\n');
    const r = s.run('wait', undefined, { interruptAt: s.sim.now + 3_000 });
    expect(r.exitCode).toBe(130);
  });

  it('a background job takes no pipe or redirection of the lines that follow: its lines reach the terminal', () => {
    const s = new Session({ seed: 1, interactive: true });
    s.run('kubectl create deployment web --image=nginx');
    s.run('kubectl rollout status deployment/web --timeout=2m');
    s.run('kubectl port-forward deploy/web 8080:80 &');
    const r = s.run('curl -s localhost:8080 > page.html; wc -l < page.html');
    expect(text(r)).toBe('Handling connection for 8080\n23\n');
    // A job started with redirections keeps writing through them, as a process keeps its descriptors.
    expect(text(s.run('kubectl port-forward deploy/web 8090:80 > pf.log 2>&1 &'))).toBe('![2] 4067\n');
    expect(text(s.run('curl -s localhost:8090 | grep title'))).toBe('<title>Welcome to nginx!</title>\n');
    expect(text(s.run('cat pf.log'))).toBe('Forwarding from 127.0.0.1:8090 -> 80\nForwarding from [::1]:8090 -> 80\nHandling connection for 8090\n');
    // Nor does a command substitution capture them.
    expect(text(s.run('P=$(curl -s localhost:8080); echo ${#P}'))).toBe('Handling connection for 8080\n614\n');
  });
});

describe('job control in a script (the runner: bash script.sh)', () => {
  it('no [N] PID and no notices; jobs lists an exited job once, never a killed one; fg has no job control', () => {
    const s = new Session({ seed: 1 });
    expect(text(s.run('sleep 100 &'))).toBe('');
    expect(text(s.run('echo "pid-set=$([ -n "$!" ] && echo yes)"'))).toBe('pid-set=yes\n');
    expect(text(s.run('jobs'))).toBe('[1]+  Running                 sleep 100 &\n');
    s.run('sleep 200 &');
    s.run('kill %1');
    s.run('sleep 1');
    expect(text(s.run('jobs'))).toBe('[2]+  Running                 sleep 200 &\n');
    s.run('false &');
    s.run('sleep 1');
    expect(text(s.run('jobs'))).toBe('[2]-  Running                 sleep 200 &\n[3]+  Exit 1                  false\n');
    expect(text(s.run('jobs'))).toBe('[2]+  Running                 sleep 200 &\n');
    expect(text(s.run('fg %2; echo fg=$?'))).toBe('!bash: fg: no job control\nfg=1\n');
  });
});
