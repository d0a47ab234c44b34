/**
 * What the attached shell knows about itself and how it prompts: the variables each shell sets
 * as it starts (engine/images/shell-vars.ts) and PS1 (src/k8s/shell-prompt.ts). Recorded with
 * bash 5.2.15, dash 0.5.12 and BusyBox 1.35 on this machine (`env -i`, and under script(1)).
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';

describe('the variables a container shell sets itself', () => {
  it("bash: the image's version, the machine, SHLVL, PPID, UID, HOSTNAME", () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    // debian is Debian 13 (trixie): its bash is 5.2.37, as `bash --version` says there.
    expect(text(s.run('echo "$BASH|$BASH_VERSION|${BASH_VERSINFO[@]}|${#BASH_VERSINFO[@]}"'))).toBe('/usr/bin/bash|5.2.37(1)-release|5 2 37 1 release x86_64-pc-linux-gnu|6\n');
    expect(text(s.run('echo "$HOSTTYPE|$MACHTYPE|$OSTYPE|$SHLVL|$PPID|$UID|$EUID|$HOSTNAME"'))).toBe('x86_64|x86_64-pc-linux-gnu|linux-gnu|1|0|0|0|db\n');
    // SHLVL is exported and counts up in a child bash, whose parent is this shell; the rest stay the shell's own.
    const pid = text(s.run('echo $$')).trim();
    expect(text(s.run(`bash -c 'echo "$SHLVL $PPID"'`))).toBe(`2 ${pid}\n`);
    expect(text(s.run('env | grep -cE "^(BASH|BASH_VERSION|PPID|UID|HOSTTYPE)="'))).toBe('0\n');
    expect(text(s.run('env | grep ^SHLVL='))).toBe('SHLVL=1\n');
  });

  it('bash: $RANDOM follows bash 5.2 once seeded; SECONDS counts simulated time; LINENO the lines typed; BASHPID is $$', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('RANDOM=1; echo $RANDOM $RANDOM $RANDOM $RANDOM'))).toBe('16807 10791 19566 13983\n');
    expect(text(s.run('RANDOM=42; echo $((RANDOM % 100)) ${RANDOM}'))).toBe('72 26794\n');
    const first = text(s.run('echo $RANDOM'));
    expect(first).toMatch(/^\d{1,5}\n$/);
    expect(text(s.run('echo $LINENO'))).toBe('4\n');
    s.run('SECONDS=0');
    s.run('sleep 3');
    expect(text(s.run('echo $SECONDS'))).toBe('3\n');
    expect(text(s.run('[ $BASHPID = $$ ] && echo same'))).toBe('same\n');
    // `unset` makes it a plain variable, as in bash.
    expect(text(s.run('unset RANDOM; echo "[$RANDOM]"; RANDOM=7; echo $RANDOM'))).toBe('[]\n7\n');
  });

  it('is deterministic: the same session on the same cluster draws the same unseeded numbers', () => {
    const draw = (): string => {
      const s = new Session({ seed: 1, interactive: true, simulation: bootedCopy() });
      s.run('kubectl exec -it db -- bash');
      return text(s.run('echo $RANDOM $RANDOM'));
    };
    expect(draw()).toBe(draw());
  });

  it("BusyBox ash: PS1, SHLVL, PPID, LINENO and its own $RANDOM; no SECONDS or UID", () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('echo "$PS1|$PS2|$PS4|$SHLVL|$PPID|$LINENO|$SECONDS|$UID|$BASH_VERSION"'))).toBe('\\w \\$ |> |+ |1|0|1|||\n');
    expect(text(s.run('RANDOM=1; echo $RANDOM $RANDOM $RANDOM $RANDOM'))).toBe('9882 31274 32415 17757\n');
    expect(text(s.run('RANDOM=42; echo $RANDOM $RANDOM'))).toBe('20351 9206\n');
    // A `-c` script counts its lines from 0 (recorded: `busybox sh -c 'echo $LINENO'` prints 0).
    expect(text(s.run(`sh -c 'echo $SHLVL $LINENO'`))).toBe('2 0\n');
  });

  it('dash: PS1 by the user, PPID, OPTIND; no SHLVL, RANDOM or LINENO', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- sh');
    expect(text(s.run('echo "$PS1|$PS2|$PS4|$OPTIND|$PPID|$SHLVL|$RANDOM|$LINENO"'))).toBe('# |> |+ |1|0|||\n');
  });

  it('a script run by kubectl exec sees the same: bash -c has no PS1, and its parent is the runtime', () => {
    const s = new Session({ simulation: bootedCopy() });
    expect(text(s.run(`kubectl exec db -- bash -c 'echo "[$PS1] $SHLVL $PPID $BASH_VERSION $LINENO"'`))).toBe('[] 1 0 5.2.37(1)-release 1\n');
    expect(text(s.run(`kubectl exec bb -- sh -c 'echo "[$PS1] $SHLVL $PPID"'`))).toBe('[\\w \\$ ] 1 0\n');
    // `$$` is the shell's PID as ps lists it (it said 1), and a child shell's PPID is that.
    const [own, ps, child] = text(s.run(`kubectl exec bb -- sh -c 'echo $$; ps -o pid,args | grep "[s]h -c"; sh -c "echo \\$\\$ \\$PPID"'`)).split('\n');
    expect(ps).toMatch(new RegExp(`^ +${own} sh -c `));
    expect(child).toMatch(new RegExp(`^(\\d+) ${own}$`));
    expect(child!.split(' ')[0]).not.toBe(own);
  });
});

describe("bash in other images", () => {
  it("says the image's own version: Ubuntu 24.04's 5.2.21, 22.04's 5.1.16", () => {
    const s = new Session({ simulation: bootedCopy() });
    s.run('kubectl run u24 --image=ubuntu:24.04 -- sleep 3600');
    s.run('kubectl run u22 --image=ubuntu:22.04 -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/u24 pod/u22 --timeout=2m');
    expect(text(s.run(`kubectl exec u24 -- bash -c 'echo $BASH_VERSION'`))).toBe('5.2.21(1)-release\n');
    expect(text(s.run(`kubectl exec u22 -- bash -c 'echo $BASH_VERSION'`))).toBe('5.1.16(1)-release\n');
  });
});

describe('PS1 draws the attached prompt', () => {
  it("bash starts with Debian's bash.bashrc PS1, and the terminal's prompt follows an assignment", () => {
    const s = terminal();
    expect(s.run('kubectl exec -it db -- bash').attached?.prompt).toBe('root@db:/# ');
    expect(text(s.run('echo "$PS1"'))).toBe('${debian_chroot:+($debian_chroot)}\\u@\\h:\\w\\$ \n');
    expect(s.run(`PS1='\\u@\\h \\W \\$ '`).attached?.prompt).toBe('root@db / # ');
    expect(s.run('cd /etc').attached?.prompt).toBe('root@db etc # ');
    expect(s.run(`PS1='\\s-\\v\\$ '`).attached?.prompt).toBe('bash-5.2# ');
    // Parameters are expanded each time the prompt is printed.
    s.run(`PS1='\${debian_chroot:+($debian_chroot)}\\w\\$ '`);
    expect(s.run('debian_chroot=jail').attached?.prompt).toBe('(jail)/etc# ');
  });

  it('BusyBox ash decodes the escapes too; dash prints them as written and expands parameters', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(s.run(`PS1='\${X:+($X)}\\u@\\h:\\w> '`).attached?.prompt).toBe('root@bb:/> ');
    expect(s.run('X=hi').attached?.prompt).toBe('(hi)root@bb:/> ');
    s.run('exit');
    s.run('kubectl exec -it db -- sh');
    expect(s.run(`PS1='\\u $PWD$ '`).attached?.prompt).toBe('\\u /$ ');
  });
});

describe('trap and local at the attached prompt', () => {
  it('bash: the EXIT trap runs after bash says exit, ERR after a failing line; local is refused at the prompt', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    s.run(`trap 'echo bye' EXIT`);
    expect(text(s.run('trap -p'))).toBe("trap -- 'echo bye' EXIT\n");
    expect(s.run('local x=1')).toMatchObject({ output: [{ text: 'bash: local: can only be used in a function\n' }], exitCode: 1 });
    s.run(`trap 'echo err $?' ERR`);
    expect(text(s.run('false'))).toBe('err 1\n');
    s.run('f() { local v=in; echo $v; return 4; }');
    expect(text(s.run('f; echo "[$v]"'))).toBe('in\nerr 4\n[]\n');
    expect(s.run('exit 3')).toMatchObject({ output: [{ text: 'exit\nbye\n' }, { text: 'command terminated with exit code 3\n' }], exitCode: 3 });
  });

  it('BusyBox ash and dash run the EXIT trap as exit ends them', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run(`trap 'echo bye $?' EXIT`);
    expect(text(s.run('exit'))).toBe('bye 0\n');
    s.run('kubectl exec -it db -- sh');
    s.run(`trap 'echo bye' EXIT`);
    expect(text(s.run('local y'))).toBe('sh: 2: local: not in a function\n');
    expect(text(s.run('exit 2'))).toBe('bye\ncommand terminated with exit code 2\n');
  });
});

describe('history at the attached prompt', () => {
  it('bash: history lists the lines typed, !! !N !-N !PREFIX !$ expand (the expanded line shown first), and ~/.bash_history keeps them for the next bash', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    s.run('echo a b');
    expect(s.run('!!')).toMatchObject({ output: [{ text: 'echo a b\na b\n' }], exitCode: 0 });
    expect(s.run('!99')).toMatchObject({ output: [{ text: 'bash: !99: event not found\n' }], exitCode: 0 });
    expect(text(s.run('!1'))).toBe('echo a b\na b\n');
    expect(text(s.run('echo x !$'))).toBe('echo x b\nx b\n');
    s.run('for i in 1 2; do\necho $i\ndone');
    expect(text(s.run('history 3'))).toBe('    4  echo x b\n    5  for i in 1 2; do echo $i; done\n    6  history 3\n');
    // Not inside single quotes.
    expect(text(s.run(`echo "q !-2 q" 's !! s'`))).toBe(`echo "q for i in 1 2; do echo $i; done q" 's !! s'\nq for i in 1 2; do echo 2; done q s !! s\n`);
    s.run(`PS1='\\! \\$ '`);
    expect(s.run('true').attached?.prompt).toBe('10 # ');
    s.run('exit');
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('history 2'))).toBe('   10  exit\n   11  history 2\n');
    expect(text(s.run('wc -l ~/.bash_history'))).toBe('10 /root/.bash_history\n');
  });

  it('BusyBox ash numbers its history from 0 and expands no !!; dash has no history', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run('echo hi');
    expect(text(s.run('history'))).toBe('   0 echo hi\n   1 history\n');
    expect(text(s.run('!!'))).toBe('sh: !!: not found\n');
    s.run('exit');
    s.run('kubectl exec -it db -- sh');
    expect(text(s.run('history'))).toBe('sh: 1: history: not found\n');
  });
});

describe('read at the attached prompt', () => {
  it('waits for the next typed line: -p is the prompt meanwhile, the rest of the line then goes on', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(s.run('read -p "Name: " name; echo "hello $name"')).toMatchObject({ output: [], attached: { prompt: 'Name: ' } });
    expect(s.run('Jane Doe')).toMatchObject({ output: [{ text: 'hello Jane Doe\n' }], exitCode: 0, attached: { prompt: 'root@db:/# ' } });
    // Without -p the terminal shows nothing while read waits; the last name takes the rest.
    expect(s.run('read a b').attached?.prompt).toBe('');
    s.run('one two three');
    expect(text(s.run('echo "[$a][$b]"'))).toBe('[one][two three]\n');
    // A loop reads line after line; a function, a subshell and a child bash read the terminal too.
    expect(text(s.run('while read -r l; do echo "got $l"; [ "$l" = end ] && break; done; echo out'))).toBe('');
    expect(text(s.run('x'))).toBe('got x\n');
    expect(text(s.run('end'))).toBe('got end\nout\n');
    s.run('f() { read -p "v? " v; echo "f:$v"; }; f');
    expect(text(s.run('abc'))).toBe('f:abc\n');
    s.run(`bash -c 'read c; echo "child:$c"'`);
    expect(text(s.run('kid'))).toBe('child:kid\n');
    // The input is no command: not in the history.
    expect(text(s.run('history 2'))).toBe('    6  bash -c \'read c; echo "child:$c"\'\n    7  history 2\n');
    // With its input elsewhere it does not wait.
    expect(text(s.run('echo x | read y; echo "y=[$y]"'))).toBe('y=[]\n');
  });

  it('BusyBox ash waits the same way', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(s.run('read -p "Pick: " n && echo "n=$n"').attached?.prompt).toBe('Pick: ');
    expect(text(s.run('7'))).toBe('n=7\n');
  });
});
