/**
 * `sim` directives: what a kubectl user cannot express — moving simulated time, reading the
 * trace, component health, topology. Lessons and scripts use the same lines a student types.
 */
import type { Session } from '../session';
import { fail, ok } from '../session';
import type { CommandResult } from '../types';
import { simAdvance } from './advance';
import { simCurl } from './curl';
import { simFail, simRecover } from './faults';
import { simStatus } from './status';
import { simTrace } from './trace';
import { simTopology } from './topology';
import { simWhy } from './why';

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

export function runSim(session: Session, argv: string[]): CommandResult {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'advance':
    case 'wait':
      return simAdvance(session, rest);
    case 'trace':
      return simTrace(session, rest);
    case 'status':
      return simStatus(session, rest);
    case 'why':
      return simWhy(session, rest);
    case 'topology':
      return simTopology(session, rest);
    case 'fail':
      return simFail(session, rest);
    case 'recover':
      return simRecover(session, rest);
    case 'curl':
      return simCurl(session, rest);
    case 'help':
    case '--help':
    case '-h':
      return ok(SIM_HELP);
    case undefined:
      return fail(`error: a sim directive is required\n${SIM_HELP}`);
    default:
      return fail(`error: unknown sim directive "${sub}"\n${SIM_HELP}`);
  }
}
