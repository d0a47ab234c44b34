/**
 * Before the help chunk has arrived (a fresh module registry: nothing loaded it), every help
 * prints the root overview and starts the load; once in, the same line prints the command's help.
 * `kubectl completion`'s scripts travel in the same chunk.
 */
import { expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { HELP } from '../commands/help';
import { kubectl } from '../testing';
import { kubectlHelp, loadKubectlHelp } from './load';

it('falls back to the root overview until the help arrives, then prints the command\'s', async () => {
  const sim = new Simulation({ seed: 1 });
  expect(kubectlHelp()).toBeUndefined();
  for (const line of ['get --help', 'help rollout status', 'options']) expect(kubectl(sim, line), line).toMatchObject({ stdout: HELP, stderr: '', code: 0 });
  // The completion scripts come with the help: until then the command says so, and starts the load.
  expect(kubectl(sim, 'completion bash')).toMatchObject({ stdout: '', stderr: 'error: the bash completion script has not loaded yet in this simulator; run the command again\n', code: 1 });
  const help = await loadKubectlHelp();
  expect(kubectl(sim, 'completion bash').stdout).toBe(help.completion['bash']);
  expect(kubectl(sim, 'get --help').stdout).toBe(help.topics['get']);
  expect(kubectl(sim, 'options').stdout).toBe(help.options);
});
