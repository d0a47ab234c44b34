/** Every supported kubectl command by its first word. */
import type { Command } from '../env';
import { runGet } from './get';
import { runApply } from './apply';
import { runCreate } from './create';
import { runDescribe } from './describe';
import { runDelete } from './delete';
import { runScale } from './scale';
import { runRollout } from './rollout';
import { runSet } from './set';
import { runWait } from './wait';
import { runAnnotate, runLabel } from './label';
import { runCordon, runDrain, runUncordon } from './node';
import { runLogs } from './logs';
import { runApiResources, runClusterInfo, runVersion } from './info';
import { runExpose, runRun } from './expose';

export const COMMANDS: Record<string, Command> = {
  annotate: runAnnotate,
  'api-resources': runApiResources,
  apply: runApply,
  'cluster-info': runClusterInfo,
  cordon: runCordon,
  create: runCreate,
  delete: runDelete,
  describe: runDescribe,
  drain: runDrain,
  expose: runExpose,
  get: runGet,
  label: runLabel,
  logs: runLogs,
  rollout: runRollout,
  run: runRun,
  scale: runScale,
  set: runSet,
  uncordon: runUncordon,
  version: runVersion,
  wait: runWait,
};
