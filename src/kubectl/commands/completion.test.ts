/**
 * `kubectl completion SHELL`, `kubectl plugin list` and `kubectl alpha` through the kubectl entry
 * point and the Session's prompt, and — when the binary is here — against the real kubectl 1.35
 * (its alpha with kuberc turned off, as v1.36 builds it), whose outputs these are.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import { kubectl, sessionRunner } from '../testing';
import { loadKubectlHelp, type KubectlHelp } from '../help/load';

const REAL_KUBECTL = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'reconcile-kubectl', 'kubectl');

let help: KubectlHelp;
let sim: Simulation;
/** What a line prints and returns, the streams apart. */
const run = (line: string): { stdout: string; stderr: string; code: number } => {
  const r = kubectl(sim, line);
  return { stdout: r.stdout, stderr: r.stderr, code: r.code };
};
beforeAll(async () => {
  help = await loadKubectlHelp();
  sim = new Simulation({ seed: 1 });
});

describe('kubectl completion', () => {
  it("prints kubectl's boilerplate, then cobra's script for the shell", () => {
    const bash = kubectl(sim, 'completion bash');
    expect(bash).toMatchObject({ stderr: '', code: 0 });
    expect(bash.stdout).toMatch(/^\n# Copyright 2016 The Kubernetes Authors\.\n[\s\S]*# bash completion V2 for kubectl {30}-\*- shell-script -\*-\n/);
    expect(bash.stdout).toContain('\n__start_kubectl()\n');
    expect(bash.stdout).toMatch(/\n {4}complete -o default -F __start_kubectl kubectl\n/);
    expect(kubectl(sim, 'completion zsh').stdout).toMatch(/^#compdef kubectl\ncompdef _kubectl kubectl\n\n# Copyright 2016/);
    expect(kubectl(sim, 'completion fish').stdout).toContain('# fish completion for kubectl');
    expect(kubectl(sim, 'completion powershell').stdout).toContain('# powershell completion for kubectl');
    for (const shell of ['bash', 'zsh', 'fish', 'powershell']) expect(kubectl(sim, `completion ${shell}`).stdout).toBe(help.completion[shell]);
  });

  it('answers a missing, unknown or second shell with its usage errors', () => {
    const usage = (msg: string): { stdout: string; stderr: string; code: number } => ({ stdout: '', stderr: `error: ${msg}\nSee 'kubectl completion -h' for help and examples\n`, code: 1 });
    expect(run('completion')).toEqual(usage('Shell not specified.'));
    expect(run('completion tcsh')).toEqual(usage('Unsupported shell type "tcsh".'));
    expect(run('completion bash zsh')).toEqual(usage('Too many arguments. Expected only the shell type.'));
    expect(kubectl(sim, 'completion --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl completion --help' for usage.\n");
    expect(kubectl(sim, 'completion --help').stdout).toMatch(/^Output shell completion code for the specified shell \(bash, zsh, fish, or powershell\)\./);
  });

  it('is what the prompt sources, from a process substitution or from a file it wrote', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('source <(kubectl completion bash)')).toEqual({ out: '', err: '', code: 0 });
    expect(run('kubectl completion bash > ~/.kube/completion.bash.inc')).toEqual({ out: '', err: '', code: 0 });
    expect(run('source ~/.kube/completion.bash.inc')).toEqual({ out: '', err: '', code: 0 });
    expect(run('kubectl completion zsh > _kubectl; . _kubectl')).toEqual({ out: '', err: '', code: 0 });
    expect(run('echo "export A=1" > a.sh; source a.sh').code).toBe(1);
    expect(run('source nope.sh')).toEqual({ out: '', err: 'bash: nope.sh: No such file or directory\n', code: 1 });
    expect(run('source')).toEqual({ out: '', err: 'bash: source: filename argument required\nsource: usage: source filename [arguments]\n', code: 2 });
  });
});

describe('kubectl plugin and kubectl alpha', () => {
  it('finds no plugins on the laptop, with any arguments', () => {
    const none = { stdout: '', stderr: 'error: unable to find any kubectl plugins in your PATH\n', code: 1 };
    for (const line of ['plugin list', 'plugin list --name-only', 'plugin list extra']) expect(run(line), line).toEqual(none);
    expect(run('plugin')).toEqual({ stdout: '', stderr: help.topics['plugin'], code: 1 });
    expect(run('plugin foo bar')).toEqual({ stdout: '', stderr: `error: unknown command "foo bar"\nSee 'kubectl plugin -h' for help and examples\n`, code: 1 });
    expect(kubectl(sim, 'plugin list --bogus -h').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl plugin list --help' for usage.\n");
  });

  it('says v1.36 has no alpha commands, for its help too', () => {
    const none = { stdout: '', stderr: 'No alpha commands are available in this version of kubectl\n', code: 0 };
    for (const line of ['alpha', 'alpha kuberc', 'alpha --help', 'help alpha', '-n x alpha']) expect(run(line), line).toEqual(none);
    expect(run('alpha --bar')).toEqual({ stdout: '', stderr: "error: unknown flag: --bar\nSee 'kubectl alpha --help' for usage.\n", code: 1 });
  });

  it.skipIf(!existsSync(REAL_KUBECTL))('match the real kubectl 1.35 byte for byte (skipped: no kubectl binary in node_modules/.cache/reconcile-kubectl)', () => {
    expect(execFileSync(REAL_KUBECTL, ['version', '--client'], { encoding: 'utf8', env: { HOME: '/root' } })).toMatch(/^Client Version: v1\.35\./);
    const lines = ['completion bash', 'completion zsh', 'completion fish', 'completion powershell', 'completion', 'completion ksh', 'completion bash zsh', 'plugin list', 'plugin', 'plugin foo', 'alpha', 'alpha --help', 'alpha --bar', 'completion --help', 'plugin list --help', '--help'];
    for (const line of lines) {
      // No plugins on its PATH, and kuberc off (v1.36 moved it out of alpha; the overview lists
      // only what runs here, so it has no kuberc line either).
      const real = spawnSync(REAL_KUBECTL, line.split(' '), { encoding: 'utf8', env: { HOME: '/root', PATH: '/nonexistent-plugins', KUBECTL_KUBERC: 'false' } });
      const stderr = real.stderr.replace(/^Unable to read directory "\/nonexistent-plugins" from your PATH: .*\n/m, '');
      expect(run(line), line).toEqual({ stdout: real.stdout, stderr, code: real.status });
    }
  });
});
