/**
 * Which command lines rebuild the cluster: a `sim topology <shape> [flags]` the Session will run
 * and accept. The line is read as the Session reads it (src/k8s/script.ts: `#` comments, a
 * here-document, quotes, each stage of a pipeline) and its words are checked by the very code
 * `sim topology` checks them with (src/k8s/sim-topology.ts). The header's dial shows one that is
 * running as busy; one the learner types under a running lesson waits for "Leave the lesson?"
 * first (Terminal.tsx), as the dial does — but only one that will rebuild: a line `sim topology`
 * refuses (`--nodes abc`, an unknown flag or shape, a missing value) only prints its error, so it
 * runs at once, as it would with no lesson, and the lesson stays.
 */
import { parseScript, splitList, splitPipeline, tokenize } from '../../k8s/script';
import { splitRedirects } from '../../k8s/redirect';
import { parseTopology } from '../../k8s/sim-topology';
import type { CommandTable } from '../../protocol/messages';

export interface Rebuild {
  /** How many workers it builds, when not the default three (`--nodes N`). */
  nodes?: number;
}

/**
 * The words that start a `sim` line, until the worker's command table says (`ready`): only `sim`
 * itself can be followed by `topology` (`sleep` is `sim advance`).
 */
const SIM_LINE: CommandTable['lines'] = { sim: { group: 'sim' } };

/**
 * The rebuild a line asks for, if running it will rebuild the cluster: one command (the Session
 * refuses several on a line) whose list (`a && b; c`) holds a pipeline stage that is
 * `sim topology …` with words it accepts. The last such stage is the cluster that stays (an
 * `&&` after a failure may skip it: asking first is the safe side).
 */
export function rebuildOf(line: string, commands?: CommandTable): Rebuild | undefined {
  const script = parseScript(line);
  if (!script.ok || script.commands.length !== 1) return undefined;
  const list = splitList(script.commands[0]!.text);
  if (!list.ok) return undefined;
  const stages = list.items.flatMap((item) => {
    const pipeline = splitPipeline(item.text);
    return pipeline.ok ? pipeline.stages : [];
  });
  const lines = commands?.lines ?? SIM_LINE;
  let rebuild: Rebuild | undefined;
  for (const stage of stages) {
    // `sim topology ha > /dev/null` rebuilds as well: the Session takes redirections off first.
    const redirected = splitRedirects(stage);
    const words = tokenize(redirected.ok ? redirected.text : stage.trim());
    if (!words.ok) continue;
    const [word, ...rest] = words.argv;
    const started = word !== undefined && Object.hasOwn(lines, word) ? lines[word] : undefined;
    if (started?.group !== 'sim') continue;
    const [directive, ...args] = started.command === undefined ? rest : [started.command, ...rest];
    if (directive !== 'topology') continue;
    const request = parseTopology(args);
    if (typeof request === 'string') continue;
    rebuild = request.options.workers === undefined ? {} : { nodes: request.options.workers };
  }
  return rebuild;
}
