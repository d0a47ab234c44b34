/**
 * How cobra reads a parent command's line (`rollout`, `config`, `create`, `set`, `auth`,
 * `certificate`, `top`, `cluster-info`, `apply`, `plugin`) before --help or Run: Find strips the
 * flags of each level with that level's own table (an unknown `--flag` takes the next word as its
 * value, unless it is the last but one), then ParseFlags reads the whole line with the found
 * command's table, and only then come --help and DefaultSubCommandRun. Every row was recorded from
 * kubectl 1.35 (output and exit status); the last test replays them against the binary when it is
 * here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';
import { loadKubectlHelp, type KubectlHelp } from './load';

const REAL_KUBECTL = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'reconcile-kubectl', 'kubectl');

/** stdout and stderr: literal text, or `@topic` for that command's help text. */
type Row = [line: string, stdout: string, stderr: string, code: number];

const flag = (name: string, path: string): string => `error: unknown flag: --${name}\nSee 'kubectl ${path} --help' for usage.\n`;
const unknownCommand = (word: string, path: string): string => `error: unknown command "${word}"\nSee 'kubectl ${path} -h' for help and examples\n`;

const ROWS: Row[] = [
  // An unknown flag beside a parent named alone: its own table has none but the global flags.
  ['rollout --bogus -h', '', flag('bogus', 'rollout'), 1],
  ['rollout -h --bogus', '', flag('bogus', 'rollout'), 1],
  ['rollout --bogus', '', flag('bogus', 'rollout'), 1],
  ['config --bogus', '', flag('bogus', 'config'), 1],
  ['config --bogus -h', '', flag('bogus', 'config'), 1],
  ['create --bogus -h', '', flag('bogus', 'create'), 1],
  ['create --bogus', '', flag('bogus', 'create'), 1],
  ['set --bogus', '', flag('bogus', 'set'), 1],
  ['set --bogus -h', '', flag('bogus', 'set'), 1],
  ['auth --bogus -h', '', flag('bogus', 'auth'), 1],
  ['auth --bogus', '', flag('bogus', 'auth'), 1],
  ['certificate --bogus', '', flag('bogus', 'certificate'), 1],
  ['certificate --bogus -h', '', flag('bogus', 'certificate'), 1],
  ['certificate -o yaml', '', "error: unknown shorthand flag: 'o' in -o\nSee 'kubectl certificate --help' for usage.\n", 1],
  ['set -o yaml', '', "error: unknown shorthand flag: 'o' in -o\nSee 'kubectl set --help' for usage.\n", 1],
  ['top --bogus -h', '', flag('bogus', 'top'), 1],
  ['top --bogus', '', flag('bogus', 'top'), 1],
  ['cluster-info --bogus -h', '', flag('bogus', 'cluster-info'), 1],
  ['plugin --bogus -h', '', flag('bogus', 'plugin'), 1],
  ['rollout -Z status', '', "error: unknown shorthand flag: 'Z' in -Z\nSee 'kubectl rollout --help' for usage.\n", 1],
  // An unknown flag without `=` takes the next word, so the subcommand after it is not found...
  ['rollout --bogus status', '', flag('bogus', 'rollout'), 1],
  ['create --bogus secret generic', '', flag('bogus', 'create'), 1],
  ['apply --bogus view-last-applied', '', flag('bogus', 'apply'), 1],
  ['apply --bogus view-last-applied -h', '', flag('bogus', 'apply'), 1],
  // ...while with `=` it stands alone, and the subcommand's own table refuses it.
  ['rollout --bogus=1 status -h', '', flag('bogus', 'rollout status'), 1],
  ['top --bogus=1 pod -h', '', flag('bogus', 'top pod'), 1],
  ['config --bogus=1 view', '', flag('bogus', 'config view'), 1],
  ['create --bogus=1 secret generic -h', '', flag('bogus', 'create secret generic'), 1],
  ['rollout status --bogus -h', '', flag('bogus', 'rollout status'), 1],
  ['config view --bogus -h', '', flag('bogus', 'config view'), 1],
  ['auth can-i --bogus -h', '', flag('bogus', 'auth can-i'), 1],
  ['cluster-info dump --bogus -h', '', flag('bogus', 'cluster-info dump'), 1],
  ['create secret --bogus -h', '', flag('bogus', 'create secret'), 1],
  ['create secret -h --bogus', '', flag('bogus', 'create secret'), 1],
  ['apply view-last-applied --bogus -h', '', flag('bogus', 'apply view-last-applied'), 1],
  // A flag only another table has: apply's --prune is no flag of view-last-applied.
  ['apply --prune view-last-applied', '', flag('prune', 'apply view-last-applied'), 1],
  // Global flags only: DefaultSubCommandRun's usage, exit 1 (rollout's on stdout); with -h, the help.
  ['rollout -n x', '@rollout', '', 1],
  ['rollout -n x -h', '@rollout', '', 0],
  ['config -n x', '', '@config', 1],
  ['config -n x -h', '@config', '', 0],
  ['set -n x', '', '@set', 1],
  ['top -n x', '', '@top', 1],
  ['plugin -n x', '', '@plugin', 1],
  ['create secret -n x', '', '@create secret', 1],
  // A word that is no subcommand: RequireNoArguments, or the runnable parent's own Run.
  ['config -n x bogus', '', unknownCommand('bogus', 'config'), 1],
  ['rollout bogus', '', unknownCommand('bogus', 'rollout'), 1],
  ['create bogus', '', "error: Unexpected args: [bogus]\nSee 'kubectl create -h' for help and examples\n", 1],
  ['apply bogus', '', "error: Unexpected args: [bogus]\nSee 'kubectl apply -h' for help and examples\n", 1],
  // certificate has no Run: cobra prints its help, exit 0.
  ['certificate', '@certificate', '', 0],
  ['certificate -n x', '@certificate', '', 0],
  ['--bogus -h', '', "error: unknown flag: --bogus\nSee 'kubectl --help' for usage.\n", 1],
];

let help: KubectlHelp;
let sim: Simulation;
beforeAll(async () => {
  help = await loadKubectlHelp();
  sim = new Simulation({ seed: 1 });
});

const text = (s: string): string => (s.startsWith('@') ? help.topics[s.slice(1)]! : s);

describe("a parent command's flags, before its help and its Run", () => {
  it.each(ROWS)('kubectl %s', (line, stdout, stderr, code) => {
    expect(kubectl(sim, line)).toMatchObject({ stdout: text(stdout), stderr: text(stderr), code });
  });

  it.skipIf(!existsSync(REAL_KUBECTL))('are what kubectl 1.35 prints (skipped: no kubectl binary in node_modules/.cache/reconcile-kubectl)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parent-flags-'));
    writeFileSync(join(dir, 'config'), 'apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "https://127.0.0.1:1"}\n  name: c\nusers:\n- name: u\n  user: {token: t}\ncontexts:\n- context: {cluster: c, user: u}\n  name: x\ncurrent-context: x\n');
    // A help text is compared by its first line: the simulator's lists only the subcommands it runs.
    const shown = (s: string): string => (s.startsWith('@') ? `${text(s).split('\n')[0]}\n` : s);
    const firstLine = (s: string, topic: boolean): string => (topic ? `${s.split('\n')[0]}\n` : s);
    for (const [line, stdout, stderr, code] of ROWS) {
      const real = spawnSync(REAL_KUBECTL, line.split(' '), { encoding: 'utf8', env: { HOME: dir, KUBECONFIG: join(dir, 'config') } });
      const seen = { stdout: firstLine(real.stdout, stdout.startsWith('@')), stderr: firstLine(real.stderr, stderr.startsWith('@')), code: real.status };
      expect(seen, line).toEqual({ stdout: shown(stdout), stderr: shown(stderr), code });
    }
  });
});
