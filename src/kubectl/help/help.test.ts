/**
 * Per-command help through the kubectl entry point: kubectl 1.35's text for the command a line
 * names, wherever `--help`/`-h` stands among its arguments; `kubectl help <path>`; unknown topics;
 * `kubectl options`; `--help` after `--` left to the exec'd command. The data is checked against
 * the registry (every topic there) and, when the binary is here, against the real kubectl.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { HELP, ROOT_USAGE } from '../commands/help';
import { kubectl } from '../testing';
import { loadKubectlHelp, type KubectlHelp } from './load';
import { helpTopics } from './topics';

const REAL_KUBECTL = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'reconcile-kubectl', 'kubectl');

let help: KubectlHelp;
let sim: Simulation;
beforeAll(async () => {
  help = await loadKubectlHelp();
  sim = new Simulation({ seed: 1 });
});

const topic = (path: string): string => help.topics[path]!;
const helped = (text: string): { stdout: string; stderr: string; code: number } => ({ stdout: text, stderr: '', code: 0 });

describe('kubectl <command> --help', () => {
  it("prints the command's own help on stdout, exit 0, with -h or --help anywhere among its arguments", () => {
    expect(topic('get')).toMatch(/^Display one or many resources\.\n/);
    for (const line of ['get --help', 'get -h', 'get pods -h -o wide', 'get -h extra args', '-n kube-system get --help']) {
      expect(kubectl(sim, line), line).toMatchObject(helped(topic('get')));
    }
  });

  it('reports a flag that does not parse first, as cobra parses flags before it looks at --help', () => {
    expect(kubectl(sim, 'get --foo --help')).toMatchObject({ stdout: '', stderr: "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n", code: 1 });
    expect(kubectl(sim, 'logs --tail=x -h').stderr).toMatch(/^error: invalid argument "x" for "--tail" flag/);
    // A flag it knows, and anything after `--`, still lets the help through.
    expect(kubectl(sim, 'get pods -o wide --help')).toMatchObject(helped(topic('get')));
    expect(kubectl(sim, 'exec -h web -- ls --foo')).toMatchObject(helped(topic('exec')));
  });

  it('prints a subcommand\'s help, an alias\'s being its command\'s', () => {
    expect(kubectl(sim, 'rollout status -h')).toMatchObject(helped(topic('rollout status')));
    expect(topic('rollout status')).toMatch(/^Show the status of the rollout\.\n/);
    expect(kubectl(sim, 'set image deployment/web web=nginx -h')).toMatchObject(helped(topic('set image')));
    expect(kubectl(sim, 'create deployment --help')).toMatchObject(helped(topic('create deployment')));
    expect(kubectl(sim, 'create deploy web --image=nginx --help')).toMatchObject(helped(topic('create deployment')));
    expect(kubectl(sim, 'create secret generic --help')).toMatchObject(helped(topic('create secret generic')));
    expect(kubectl(sim, '-n default create secret tls x -h')).toMatchObject(helped(topic('create secret tls')));
    expect(kubectl(sim, 'top nodes -h')).toMatchObject(helped(topic('top node')));
    expect(kubectl(sim, 'auth can-i --help')).toMatchObject(helped(topic('auth can-i')));
    expect(kubectl(sim, 'config view --help')).toMatchObject(helped(topic('config view')));
  });

  it('stops at the word cobra stops at: an unknown subcommand, or one `-h` swallows as its value', () => {
    expect(kubectl(sim, 'rollout bogus --help')).toMatchObject(helped(topic('rollout')));
    expect(kubectl(sim, 'rollout -h status')).toMatchObject(helped(topic('rollout')));
    expect(kubectl(sim, 'create secret --help generic')).toMatchObject(helped(topic('create secret')));
    expect(kubectl(sim, '--help get')).toMatchObject(helped(HELP));
  });

  it("lists only the subcommands that run here, as the commands' own usage does", () => {
    expect(kubectl(sim, 'auth --help').stdout).toBe(kubectl(sim, 'auth').stderr);
    expect(kubectl(sim, 'config --help').stdout).toBe(kubectl(sim, 'config').stderr);
    expect(kubectl(sim, 'create secret --help').stdout).toBe(kubectl(sim, 'create secret').stderr);
    const create = kubectl(sim, 'create --help').stdout;
    expect(create).toContain('\n  deployment            Create a deployment with the specified name\n');
    expect(create).toContain('\n  ingress               Create an ingress with the specified name\n');
    expect(create).toContain('\n  priorityclass         Create a priority class with the specified name\n');
  });

  it('a parent command run alone prints its help and exits 1, on stderr (rollout: stdout), as DefaultSubCommandRun does', () => {
    for (const parent of ['top', 'auth', 'set', 'config', 'create secret']) {
      expect(kubectl(sim, parent)).toMatchObject({ stdout: '', stderr: kubectl(sim, `${parent} --help`).stdout, code: 1 });
    }
    expect(kubectl(sim, 'rollout')).toMatchObject({ stdout: kubectl(sim, 'rollout --help').stdout, stderr: '', code: 1 });
    for (const parent of ['top', 'auth', 'set', 'rollout', 'config']) {
      expect(kubectl(sim, `${parent} bogus`)).toMatchObject({ stderr: `error: unknown command "bogus"\nSee 'kubectl ${parent} -h' for help and examples\n`, code: 1 });
    }
  });

  it("leaves --help after -- to the command exec runs, and answers exec's own before it", () => {
    const etcdctl = kubectl(sim, 'exec -n kube-system etcd-control-plane -- etcdctl --help');
    expect(etcdctl.stdout).toContain('etcdctl - A simple command line client for etcd3.');
    expect(etcdctl.stdout).not.toContain('kubectl');
    expect(kubectl(sim, 'exec -n kube-system etcd-control-plane --help -- etcdctl')).toMatchObject(helped(topic('exec')));
  });

  it("prints v1.36's --profile for debug (default general, as the command does), not the 1.35 binary's legacy", () => {
    const out = kubectl(sim, 'debug --help').stdout;
    expect(out).toContain(`\n    --profile='general':\n\tOptions are "general", "baseline", "restricted", "netadmin" or "sysadmin". Defaults to "general"\n`);
    expect(out).not.toContain("--profile='legacy'");
    // The rest of the flags are the binary's, untouched.
    expect(out).toContain("\n    -q, --quiet=false:\n\tIf true, suppress informational messages.\n");
  });

  it('says a real command that does not run here is not available, for its help too', () => {
    for (const line of ['kuberc --help', 'help kuberc']) {
      expect(kubectl(sim, line).stderr, line).toMatch(/^error: "kubectl kuberc" is not available in this simulator; supported commands: annotate, /);
    }
  });
});

describe('kubectl help', () => {
  it('prints the help of the command path it is given, the overview without one', () => {
    expect(kubectl(sim, 'help get')).toMatchObject(helped(topic('get')));
    expect(kubectl(sim, 'help rollout status')).toMatchObject(helped(topic('rollout status')));
    expect(kubectl(sim, 'help -n default create secret docker-registry')).toMatchObject(helped(topic('create secret docker-registry')));
    expect(kubectl(sim, 'help rollout bogus')).toMatchObject(helped(topic('rollout')));
    expect(kubectl(sim, 'help')).toMatchObject(helped(HELP));
    for (const line of ['help help', 'help --help', 'help get -h']) expect(kubectl(sim, line), line).toMatchObject(helped(topic('help')));
  });

  it('names an unknown topic on stderr, then the root usage, exit 0', () => {
    expect(kubectl(sim, 'help bogus extra')).toMatchObject({ stdout: '', stderr: `Unknown help topic [\`bogus\` \`extra\`]\n\n${ROOT_USAGE}`, code: 0 });
    expect(kubectl(sim, "help 'a`b'").stderr).toMatch(/^Unknown help topic \["a`b"\]\n\n\nBasic Commands \(Beginner\):\n/);
    expect(kubectl(sim, 'help --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl help --help' for usage.\n");
  });
});

describe('kubectl options', () => {
  it("prints the global options; its own help is empty; a flag is an error", () => {
    expect(kubectl(sim, 'options')).toMatchObject(helped(help.options));
    expect(help.options).toMatch(/^The following options can be passed to any command:\n/);
    expect(kubectl(sim, '-n default options')).toMatchObject(helped(help.options));
    for (const line of ['options --help', 'options -h', 'help options']) expect(kubectl(sim, line), line).toMatchObject(helped(''));
    expect(kubectl(sim, 'options --bogus')).toMatchObject({ stderr: "error: unknown flag: --bogus\nRun 'kubectl options' without flags.\n", code: 1 });
  });
});

describe('the help data', () => {
  it('has every command and subcommand the simulator registers', () => {
    const missing = helpTopics().filter(({ path }) => !Object.hasOwn(help.topics, help.aliases[path] ?? path));
    expect(missing).toEqual([]);
  });

  it.skipIf(!existsSync(REAL_KUBECTL))('matches the real kubectl 1.35 byte for byte (skipped: no kubectl binary in node_modules/.cache/reconcile-kubectl)', () => {
    const real = (args: string[]): string => execFileSync(REAL_KUBECTL, args, { encoding: 'utf8', env: { HOME: '/root' } });
    expect(real(['version', '--client'])).toMatch(/^Client Version: v1\.35\./);
    for (const line of ['get --help', 'rollout status --help', 'create secret generic -h', 'options']) {
      expect(kubectl(sim, line).stdout, line).toBe(real(line.split(' ')));
    }
  });
});
