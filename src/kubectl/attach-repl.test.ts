/**
 * redis-cli's prompt on the page's terminal (engine/images/redis-cli-repl.ts): `kubectl exec -it
 * POD -- redis-cli` gives the terminal to redis-cli until it exits, and `redis-cli` typed at an
 * attached shell does the same inside that shell. Expected texts from redis/redis src/redis-cli.c
 * at 7.4.1 (repl, cliRefreshPrompt, cliConnect, cliOutputGenericHelp) and linenoise.c.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import { Session } from './session';
import { text } from './attach.testing';

let booted: Session | undefined;

/** A page's terminal on a cluster running redis:7.4 as Pod `r`, behind a Service `cache`. */
function terminal(): Session {
  if (!booted) {
    booted = new Session({ seed: 1 });
    booted.run('kubectl run r --image=redis:7.4 --port 6379');
    booted.run('kubectl expose pod r --name cache');
    booted.run('kubectl wait --for=condition=Ready pod/r --timeout=1m');
    // The Service's endpoint and kube-proxy's rules follow the Pod's Ready a moment later.
    booted.run('sim advance 2s');
  }
  return new Session({ seed: 1, interactive: true, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

const prompt = (s: Session, line: string): string | undefined => s.run(line).attached?.prompt;

describe('kubectl exec -it POD -- redis-cli', () => {
  it("opens redis-cli's prompt: each line is a command, replies as on a terminal, quit gives the laptop's prompt back", () => {
    const s = terminal();
    expect(s.run('kubectl exec -it r -- redis-cli')).toMatchObject({ output: [], exitCode: 0, attached: { prompt: '127.0.0.1:6379> ', raw: true } });
    expect(s.run('SET greeting "hello world"')).toMatchObject({ output: [{ text: 'OK\n' }], typedIn: { prompt: '127.0.0.1:6379> ' }, attached: { prompt: '127.0.0.1:6379> ' } });
    expect(text(s.run('get greeting'))).toBe('"hello world"\n');
    expect(text(s.run('rpush q a b'))).toBe('(integer) 2\n');
    expect(text(s.run('lrange q 0 -1'))).toBe('1) "a"\n2) "b"\n');
    expect(text(s.run('get nothing'))).toBe('(nil)\n');
    expect(text(s.run('CONFIG GET maxmemory'))).toBe('1) "maxmemory"\n2) "0"\n');
    expect(text(s.run('nosuch x'))).toBe("(error) ERR unknown command 'nosuch', with args beginning with: 'x' \n");
    // A number first repeats the command; an open quote is sdssplitargs' refusal; a blank line does nothing.
    expect(text(s.run('3 incr hits'))).toBe('(integer) 1\n(integer) 2\n(integer) 3\n');
    expect(text(s.run('0 incr hits'))).toBe('Invalid redis-cli repeat command option value.\n');
    expect(text(s.run('set a "b'))).toBe('Invalid argument(s)\n');
    expect(s.run('   ')).toMatchObject({ output: [], attached: { prompt: '127.0.0.1:6379> ' } });
    // SELECT moves the prompt's database; `chroot` or `exit 3` are no shell's lines here.
    expect(prompt(s, 'select 2')).toBe('127.0.0.1:6379[2]> ');
    expect(text(s.run('chroot /x'))).toBe("(error) ERR unknown command 'chroot', with args beginning with: '/x' \n");
    expect(text(s.run('keys *'))).toBe('(empty array)\n');
    expect(prompt(s, 'select 0')).toBe('127.0.0.1:6379> ');
    const quit = s.run('quit');
    expect(quit).toMatchObject({ output: [], exitCode: 0, typedIn: { prompt: '127.0.0.1:6379> ' } });
    expect(quit.attached).toBeUndefined();
    expect(text(s.run('kubectl exec r -- redis-cli get greeting'))).toBe('hello world\n');
  });

  it('-h, -p and -n change the prompt; a server it cannot reach gives `not connected> ` and the error at each try', () => {
    const s = terminal();
    expect(prompt(s, 'kubectl exec -it r -- redis-cli -h cache -n 2')).toBe('cache:6379[2]> ');
    expect(text(s.run('set k v'))).toBe('OK\n');
    s.run('exit');
    expect(s.run('kubectl exec -it r -- redis-cli -p 7000')).toMatchObject({ output: [{ text: 'Could not connect to Redis at 127.0.0.1:7000: Connection refused\n' }], exitCode: 0, attached: { prompt: 'not connected> ', raw: true } });
    expect(s.run('get k')).toMatchObject({ output: [{ text: 'Could not connect to Redis at 127.0.0.1:7000: Connection refused\n' }], attached: { prompt: 'not connected> ' } });
    // redis-cli's own `connect HOST PORT` tries another server.
    expect(prompt(s, 'connect 127.0.0.1 6379')).toBe('127.0.0.1:6379> ');
    expect(text(s.run('SELECT 99'))).toBe('(error) ERR DB index is out of range\n');
    s.run('exit');
    expect(s.run('kubectl exec -it r -- redis-cli -n 99')).toMatchObject({ output: [{ text: 'SELECT 99 failed: ERR DB index is out of range\n' }], attached: { prompt: '127.0.0.1:6379> ' } });
    expect(text(s.run('get k'))).toBe('(nil)\n');
  });

  it("help is redis-cli's; Ctrl+C and Ctrl+D at the prompt (raw mode: bytes, not signals) leave it with status 0", () => {
    const s = terminal();
    s.run('kubectl exec -it r -- redis-cli');
    expect(text(s.run('help'))).toBe(
      'redis-cli 7.4.5\nTo get help about Redis commands type:\n      "help @<group>" to get a list of commands in <group>\n      "help <command>" for help on <command>\n      "help <tab>" to get a list of possible help topics\n      "quit" to exit\n\nTo set redis-cli preferences:\n      ":set hints" enable online hints\n      ":set nohints" disable online hints\nSet your preferences in ~/.redisclirc\n',
    );
    expect(text(s.run(':set color'))).toBe("unknown redis-cli preference 'color'\n");
    const ctrlC = s.run('\x03');
    expect(ctrlC).toMatchObject({ output: [], exitCode: 0 });
    expect(ctrlC.attached).toBeUndefined();
    s.run('kubectl exec -it r -- redis-cli');
    const ctrlD = s.run('\x04');
    expect(ctrlD).toMatchObject({ output: [], exitCode: 0 });
    expect(ctrlD.attached).toBeUndefined();
  });

  it('ps lists the waiting redis-cli on the terminal; without a terminal (-i with piped input) it reads raw commands and prints no prompt', () => {
    const s = terminal();
    // A BusyBox beside it in its PID namespace, for ps.
    s.run('kubectl debug r --image=busybox:1.36 --target=r --container=dbg -- sleep 3600');
    s.run('sim advance 10s');
    s.run('kubectl exec -it r -c r -- redis-cli');
    // A page control's line runs at the laptop's prompt while the terminal stays redis-cli's.
    const ps = text(s.run('kubectl exec r -c dbg -- ps -o pid,ppid,tty,args', undefined, { laptop: true }));
    expect(ps).toMatch(/^ +(\d+) +0 136,0 +redis-cli$/m);
    s.run('quit');
    expect(text(s.run("printf 'set b 2\\nget b\\nincr b\\n' | kubectl exec -i r -c r -- redis-cli"))).toBe('OK\n2\n3\n');
    s.run('kubectl exec -it r -c r -- bash');
    s.run('redis-cli');
    // Typed at a shell, it is that shell's child in the foreground.
    const shells = text(s.run('kubectl exec r -c dbg -- ps -o pid,ppid,tty,args', undefined, { laptop: true }));
    const bash = /^ +(\d+) +0 136,0 +bash$/m.exec(shells)?.[1];
    expect(bash).toBeDefined();
    expect(shells).toMatch(new RegExp(`^ +\\d+ +${bash} 136,0 +redis-cli$`, 'm'));
  });
});

describe('SHUTDOWN at the prompt', () => {
  it('ends redis-server, the container with it, and the exec session: kubectl says 137; the container restarts', () => {
    const s = terminal();
    s.run('kubectl exec -it r -- redis-cli');
    s.run('set a 1');
    const shut = s.run('shutdown');
    expect(shut).toMatchObject({ output: [{ stream: 'stderr', text: 'command terminated with exit code 137\n' }], exitCode: 137 });
    expect(shut.attached).toBeUndefined();
    s.run('sim advance 3s');
    expect(text(s.run('kubectl get pod r -o jsonpath={.status.containerStatuses[0].restartCount}/{.status.containerStatuses[0].lastState.terminated.reason}'))).toBe('1/Completed');
    expect(text(s.run('kubectl logs r --previous | tail -4'))).toMatch(/\* User requested shutdown\.\.\.\n.*\* Saving the final RDB snapshot before exiting\.\n.*\* DB saved on disk\n.*# Redis is now ready to exit, bye bye\.\.\.\n$/);
  });

  it('from another Pod the server goes away: `not connected> `, and the next command cannot connect', () => {
    const s = terminal();
    s.run('kubectl run c --image=redis:7.4 -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/c --timeout=1m');
    expect(prompt(s, 'kubectl exec -it c -- redis-cli -h cache')).toBe('cache:6379> ');
    expect(s.run('shutdown nosave')).toMatchObject({ output: [], attached: { prompt: 'not connected> ' } });
    expect(s.run('ping')).toMatchObject({ output: [{ text: 'Could not connect to Redis at cache:6379: Connection refused\n' }], attached: { prompt: 'not connected> ' } });
  });
});

describe('redis-cli typed at an attached shell', () => {
  it("takes the shell's terminal until quit; the line then goes on, and $? is redis-cli's", () => {
    const s = terminal();
    expect(prompt(s, 'kubectl exec -it r -- bash')).toBe('root@r:/data# ');
    expect(s.run('redis-cli; echo "back: $?"')).toMatchObject({ output: [], attached: { prompt: '127.0.0.1:6379> ', raw: true } });
    expect(text(s.run('set x 1'))).toBe('OK\n');
    expect(s.run('exit')).toMatchObject({ output: [{ text: 'back: 0\n' }], attached: { prompt: 'root@r:/data# ' } });
    // Piped input: no prompt; stdout is still the terminal, so replies are as on one.
    expect(text(s.run("echo 'get x' | redis-cli"))).toBe('"1"\n');
    // Redirected output is no terminal: it reads its (terminal) stdin as a file ending at once.
    expect(text(s.run('redis-cli > /tmp/out; echo $?; cat /tmp/out'))).toBe('0\n');
    // A server that is not there: the line editor still opens.
    expect(s.run('redis-cli -p 1')).toMatchObject({ output: [{ text: 'Could not connect to Redis at 127.0.0.1:1: Connection refused\n' }], attached: { prompt: 'not connected> ' } });
    expect(prompt(s, '\x03')).toBe('root@r:/data# ');
    expect(text(s.run('echo $?'))).toBe('0\n');
  });
});

describe('kubectl run -it --image=redis … -- sh', () => {
  it("the image's docker-entrypoint.sh execs sh, which waits at the terminal; redis-cli's prompt there lands in the container's log", () => {
    const s = terminal();
    expect(prompt(s, 'kubectl run -it c --image=redis:7.4 -- sh')).toBe('# ');
    expect(prompt(s, 'redis-cli -h cache')).toBe('cache:6379> ');
    expect(text(s.run('set a 1'))).toBe('OK\n');
    expect(prompt(s, '\x03')).toBe('# ');
    // The log keeps what the terminal showed: Ctrl+C echoes no key, only the newline.
    expect(text(s.run('kubectl logs c', undefined, { laptop: true }))).toBe('# redis-cli -h cache\ncache:6379> set a 1\nOK\ncache:6379> \n');
  });
});
