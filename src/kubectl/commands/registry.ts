/**
 * Every supported kubectl command by its first word, registered with the flag tables it parses
 * with and the kind of arguments it takes (cobra's Command), so its description can never drift
 * from what it accepts.
 */
import type { CommandSpec } from '../command-spec';
import type { Command } from '../env';
import { runGet, GET_FLAGS } from './get';
import { runApply, APPLY_FLAGS, APPLY_SUBCOMMANDS } from './apply';
import { SET_LAST_APPLIED_FLAGS, VIEW_LAST_APPLIED_FLAGS } from './apply-last-applied';
import { EDIT_LAST_APPLIED_FLAGS } from './apply-edit-last-applied';
import { runCreate, CREATE_FILE_FLAGS, CREATE_ALL_GENERATOR_FLAGS, CREATE_SUBCOMMAND_FLAGS, CREATE_SUBCOMMAND_ALIASES, CREATE_SUBCOMMAND_POSITIONALS, CREATE_SUBCOMMANDS } from './create';
import { runDescribe, DESCRIBE_FLAGS } from './describe';
import { runDelete, DELETE_FLAGS } from './delete';
import { runScale, SCALE_FLAGS } from './scale';
import { runRollout, ROLLOUT_FLAGS, ROLLOUT_SUBCOMMAND_FLAGS, ROLLOUT_RESOURCES, ROLLOUT_SUBCOMMANDS } from './rollout';
import { runSet, SET_FLAGS, SET_SUBCOMMAND_FLAGS, SET_SUBCOMMAND_ALIASES, SET_SUBCOMMANDS } from './set';
import { SET_RESOURCES_FLAGS } from './set-resources';
import { SET_ENV_FLAGS } from './set-env';
import { SET_SUBJECT_FLAGS } from './set-subject';
import { SET_SELECTOR_FLAGS } from './set-selector';
import { runWait, WAIT_FLAGS } from './wait';
import { runAnnotate, runLabel, LABEL_FLAGS } from './label';
import { runCordon, runDrain, runUncordon, NODE_FLAGS } from './node';
import { runLogs, LOGS_FLAGS } from './logs';
import { runApiResources, runApiVersions, runClusterInfo, runVersion, API_RESOURCES_FLAGS, API_VERSIONS_FLAGS, CLUSTER_INFO_FLAGS, VERSION_FLAGS } from './info';
import { CLUSTER_INFO_DUMP_FLAGS } from './cluster-info-dump';
import { runExpose, runRun, EXPOSE_FLAGS, RUN_FLAGS } from './expose';
import { runExec, EXEC_FLAGS } from './exec';
import { runTaint, TAINT_FLAGS } from './taint';
import { runPatch, PATCH_FLAGS } from './patch';
import { runReplace, REPLACE_FLAGS } from './replace';
import { runAuth, AUTH_FLAGS, AUTH_SUBCOMMAND_FLAGS, AUTH_SUBCOMMANDS, WHOAMI_FLAGS } from './auth';
import { runCp, CP_FLAGS } from './cp';
import { TOP_FLAGS, TOP_SUBCOMMAND_FLAGS, TOP_SUBCOMMANDS, TOP_SUBCOMMAND_ALIASES } from './unmodelled';
import { runAttach, ATTACH_FLAGS } from './attach';
import { runPortForward, PORT_FORWARD_FLAGS } from './port-forward';
import { runProxy, PROXY_FLAGS } from './proxy';
import { runDebug, DEBUG_FLAGS } from './debug';
import { runTop } from './top';
import { AUTOSCALE_FLAGS, runAutoscale } from './autoscale';
import { runEvents, EVENTS_FLAGS } from './events';
import { runDiff, DIFF_FLAGS } from './diff';
import { runExplain, EXPLAIN_FLAGS } from './explain';
import { runEdit, EDIT_FLAGS } from './edit';
import { runKustomize, KUSTOMIZE_FLAGS } from './kustomize';
import { runCompletion, COMPLETION_SHELLS } from './completion';
import { runPlugin, PLUGIN_FLAGS, PLUGIN_SUBCOMMANDS } from './plugin';
import { runConfig, CONFIG_FLAGS, CONFIG_SUBCOMMAND_FLAGS, CONFIG_SUBCOMMAND_ALIASES, CONFIG_SUBCOMMANDS } from './config';
import { runCertificate, CERTIFICATE_FLAGS, CERTIFICATE_SUBCOMMANDS } from './certificate';

export type KubectlCommand = CommandSpec<Command>;

export const COMMANDS: Record<string, KubectlCommand> = {
  annotate: { run: runAnnotate, flags: LABEL_FLAGS, positional: 'resources' },
  'api-resources': { run: runApiResources, flags: API_RESOURCES_FLAGS, positional: 'none' },
  'api-versions': { run: runApiVersions, flags: API_VERSIONS_FLAGS, positional: 'none' },
  // A line is plain apply's until its second word names a subcommand; the tables share most flags.
  apply: {
    run: runApply,
    flags: [...APPLY_FLAGS, ...VIEW_LAST_APPLIED_FLAGS, ...SET_LAST_APPLIED_FLAGS, ...EDIT_LAST_APPLIED_FLAGS],
    positional: 'none',
    subcommands: APPLY_SUBCOMMANDS,
    subcommandPositionals: { 'edit-last-applied': 'resources', 'view-last-applied': 'resources' },
    ownFlags: APPLY_FLAGS,
    subcommandFlags: { 'edit-last-applied': EDIT_LAST_APPLIED_FLAGS, 'set-last-applied': SET_LAST_APPLIED_FLAGS, 'view-last-applied': VIEW_LAST_APPLIED_FLAGS },
  },
  attach: { run: runAttach, flags: ATTACH_FLAGS, positional: 'pod' },
  auth: { run: runAuth, flags: [...AUTH_FLAGS, ...WHOAMI_FLAGS], positional: 'none', subcommands: AUTH_SUBCOMMANDS, ownFlags: [], subcommandFlags: AUTH_SUBCOMMAND_FLAGS },
  autoscale: { run: runAutoscale, flags: AUTOSCALE_FLAGS, positional: 'resources' },
  certificate: { run: runCertificate, flags: CERTIFICATE_FLAGS, positional: 'none', subcommands: CERTIFICATE_SUBCOMMANDS, ownFlags: [], subcommandFlags: { approve: CERTIFICATE_FLAGS, deny: CERTIFICATE_FLAGS } },
  'cluster-info': { run: runClusterInfo, flags: [...CLUSTER_INFO_FLAGS, ...CLUSTER_INFO_DUMP_FLAGS], positional: 'none', subcommands: ['dump'], ownFlags: CLUSTER_INFO_FLAGS, subcommandFlags: { dump: CLUSTER_INFO_DUMP_FLAGS } },
  completion: { run: runCompletion, flags: [], positional: 'none', validArgs: COMPLETION_SHELLS },
  config: { run: runConfig, flags: CONFIG_FLAGS, positional: 'none', subcommands: CONFIG_SUBCOMMANDS, subcommandAliases: CONFIG_SUBCOMMAND_ALIASES, ownFlags: [], subcommandFlags: CONFIG_SUBCOMMAND_FLAGS },
  cordon: { run: runCordon, flags: NODE_FLAGS, positional: 'nodes' },
  cp: { run: runCp, flags: CP_FLAGS, positional: 'cp-path' },
  // `create -f` and the generators parse different tables; a line may be either until its second word.
  create: { run: runCreate, flags: [...CREATE_FILE_FLAGS, ...CREATE_ALL_GENERATOR_FLAGS], positional: 'none', subcommands: CREATE_SUBCOMMANDS, subcommandAliases: CREATE_SUBCOMMAND_ALIASES, subcommandPositionals: CREATE_SUBCOMMAND_POSITIONALS, ownFlags: CREATE_FILE_FLAGS, subcommandFlags: CREATE_SUBCOMMAND_FLAGS },
  debug: { run: runDebug, flags: DEBUG_FLAGS, positional: 'pod' },
  delete: { run: runDelete, flags: DELETE_FLAGS, positional: 'resources' },
  describe: { run: runDescribe, flags: DESCRIBE_FLAGS, positional: 'resources' },
  diff: { run: runDiff, flags: DIFF_FLAGS, positional: 'none' },
  drain: { run: runDrain, flags: NODE_FLAGS, positional: 'nodes' },
  edit: { run: runEdit, flags: EDIT_FLAGS, positional: 'resources' },
  events: { run: runEvents, flags: EVENTS_FLAGS, positional: 'none' },
  exec: { run: runExec, flags: EXEC_FLAGS, positional: 'pod' },
  explain: { run: runExplain, flags: EXPLAIN_FLAGS, positional: 'none' },
  expose: { run: runExpose, flags: EXPOSE_FLAGS, positional: 'resources' },
  // `all` is the builder's category (builder.ts ALL_CATEGORY).
  get: { run: runGet, flags: GET_FLAGS, positional: 'resources', categories: ['all'] },
  kustomize: { run: runKustomize, flags: KUSTOMIZE_FLAGS, positional: 'none' },
  label: { run: runLabel, flags: LABEL_FLAGS, positional: 'resources' },
  logs: { run: runLogs, flags: LOGS_FLAGS, positional: 'pod-then-container' },
  patch: { run: runPatch, flags: PATCH_FLAGS, positional: 'resources' },
  plugin: { run: runPlugin, flags: PLUGIN_FLAGS, positional: 'none', subcommands: PLUGIN_SUBCOMMANDS, ownFlags: [], subcommandFlags: { list: PLUGIN_FLAGS } },
  'port-forward': { run: runPortForward, flags: PORT_FORWARD_FLAGS, positional: 'pod' },
  proxy: { run: runProxy, flags: PROXY_FLAGS, positional: 'none' },
  replace: { run: runReplace, flags: REPLACE_FLAGS, positional: 'none' },
  rollout: { run: runRollout, flags: ROLLOUT_FLAGS, positional: 'resources', subcommands: ROLLOUT_SUBCOMMANDS, resources: ROLLOUT_RESOURCES, ownFlags: [], subcommandFlags: ROLLOUT_SUBCOMMAND_FLAGS },
  run: { run: runRun, flags: RUN_FLAGS, positional: 'none' },
  scale: { run: runScale, flags: SCALE_FLAGS, positional: 'resources' },
  set: { run: runSet, flags: [...SET_FLAGS, ...SET_RESOURCES_FLAGS, ...SET_ENV_FLAGS.filter((f) => f.name !== 'containers'), ...SET_SUBJECT_FLAGS, ...SET_SELECTOR_FLAGS], positional: 'resources', subcommands: SET_SUBCOMMANDS, subcommandAliases: SET_SUBCOMMAND_ALIASES, ownFlags: [], subcommandFlags: SET_SUBCOMMAND_FLAGS },
  taint: { run: runTaint, flags: TAINT_FLAGS, positional: 'nodes' },
  top: { run: runTop, flags: TOP_FLAGS, positional: 'none', subcommands: TOP_SUBCOMMANDS, subcommandAliases: TOP_SUBCOMMAND_ALIASES, ownFlags: [], subcommandFlags: TOP_SUBCOMMAND_FLAGS },
  uncordon: { run: runUncordon, flags: NODE_FLAGS, positional: 'nodes' },
  version: { run: runVersion, flags: VERSION_FLAGS, positional: 'none' },
  wait: { run: runWait, flags: WAIT_FLAGS, positional: 'resources' },
};
