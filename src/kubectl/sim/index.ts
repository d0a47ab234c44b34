/**
 * `sim` directives: what a kubectl user cannot express — moving simulated time, reading the
 * trace, component health, topology. Lessons and scripts use the same lines a student types.
 * Each directive is registered with the flags it reads and its arguments' kind, like kubectl's
 * commands (../commands/registry.ts).
 */
import { TOPOLOGIES } from '../../engine/index';
import type { CommandSpec } from '../command-spec';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simAdvance } from './advance';
import { CURL_FLAGS, simCurl } from './curl';
import { FAIL_FLAGS, simFail, simRecover } from './faults';
import { simStatus } from './status';
import { simTrace, TRACE_FLAGS } from './trace';
import { simTopology } from './topology';
import { simWhy, WHY_FLAGS } from './why';

export const SIM_HELP = `sim directives:
  sim advance <duration>          let simulated time pass (e.g. 30s, 5m, 1h30m)
  sim trace [--last N] [--all] [--kind K,...] [--object KIND/NAME]...
                                  print the messages between components
  sim status                      every component, where it runs and its health
  sim why pod/<name> [-n NS]      why a Pod is on its node, or still Pending: each node's verdict
  sim topology basic|ha           rebuild the cluster with another shape
  sim fail <target>               stop a component, an instance or a node part; power off (node/N)
                                  or cut off (network/N) a node
  sim fail latency/<component|node> [--delay 2s]
                                  delay every watch event kube-apiserver sends to kube-scheduler,
                                  kube-controller-manager or a node's processes (latency/kube-apiserver:
                                  to everyone); default 2s
  sim fail watch-drop/<component> kube-apiserver silently stops delivering watch events to
                                  kube-scheduler, kube-controller-manager, kubelet/<node> or
                                  kube-proxy/<node>; the watches stay open, the caches go stale;
                                  recover closes them and the Reflectors relist
  sim fail --list                 every fault target and its state
  sim recover <target>            let a failed target start again
  sim curl <service>[:port][/path] --from <node> [-n NS]
                                  an HTTP GET from a node through its kube-proxy rules
  sim help                        this list
`;

export type SimDirective = CommandSpec<(session: Session, argv: string[]) => CommandResult>;

export const SIM_DIRECTIVES: Record<string, SimDirective> = {
  advance: { run: simAdvance, flags: [], positional: 'none', aliases: ['wait'] },
  curl: { run: simCurl, flags: CURL_FLAGS, positional: 'service' },
  fail: { run: simFail, flags: FAIL_FLAGS, positional: 'fault-target' },
  help: { run: () => ok(SIM_HELP), flags: [], positional: 'none', aliases: ['--help', '-h'] },
  recover: { run: simRecover, flags: [], positional: 'fault-target' },
  status: { run: simStatus, flags: [], positional: 'none' },
  topology: { run: simTopology, flags: [], positional: 'none', subcommands: TOPOLOGIES },
  trace: { run: simTrace, flags: TRACE_FLAGS, positional: 'none' },
  why: { run: simWhy, flags: WHY_FLAGS, positional: 'pod' },
};

function directive(word: string): SimDirective | undefined {
  for (const [name, d] of Object.entries(SIM_DIRECTIVES)) if (name === word || d.aliases?.includes(word)) return d;
  return undefined;
}

export function runSim(session: Session, argv: string[]): CommandResult {
  const [sub, ...rest] = argv;
  if (sub === undefined) return fail(`error: a sim directive is required\n${SIM_HELP}`);
  const d = directive(sub);
  return d ? d.run(session, rest) : fail(`error: unknown sim directive "${sub}"\n${SIM_HELP}`);
}
