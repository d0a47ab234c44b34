import { TOPOLOGIES, type TopologyName } from '../../engine/index';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';

export function simTopology(session: Session, argv: string[]): CommandResult {
  const name = argv[0];
  if (argv.length !== 1 || !TOPOLOGIES.includes(name as TopologyName)) {
    return fail(`error: usage: sim topology ${TOPOLOGIES.join('|')}`);
  }
  session.rebuild(name as TopologyName);
  const nodes = session.sim.machines().length;
  return ok(`cluster rebuilt with topology ${name}: ${nodes} nodes, all Ready\n`);
}
