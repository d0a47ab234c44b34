/**
 * What kubectl says of itself rather than of one command: the root overview (bare `kubectl`,
 * `kubectl --help`, `kubectl help`), limited to the commands that run here, and the error for a
 * real command that does not. Each command's own help is kubectl's text (../help/print.ts).
 */
import type { CobraCommand } from '../../k8s/cobra-suggest';
import { CmdError } from '../errors';
import { COMMANDS } from './registry';

/**
 * The root usage: the command overview, limited to what runs here. After the help topic it does
 * not know, `kubectl help bogus` prints it (cobra's root Usage()).
 */
export const ROOT_USAGE = `
Basic Commands (Beginner):
  create          Create a resource from a file or from stdin
  expose          Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service
  run             Run a particular image on the cluster
  set             Set specific features on objects

Basic Commands (Intermediate):
  explain         Get documentation for a resource
  get             Display one or many resources
  edit            Edit a resource on the server
  delete          Delete resources by file names, stdin, resources and names, or by resources and label selector

Deploy Commands:
  rollout         Manage the rollout of a resource
  scale           Set a new size for a deployment, replica set, or replication controller
  autoscale       Auto-scale a deployment, replica set, stateful set, or replication controller

Cluster Management Commands:
  certificate     Modify certificate resources
  cluster-info    Display cluster information
  top             Display resource (CPU/memory) usage
  cordon          Mark node as unschedulable
  uncordon        Mark node as schedulable
  drain           Drain node in preparation for maintenance
  taint           Update the taints on one or more nodes

Troubleshooting and Debugging Commands:
  describe        Show details of a specific resource or group of resources
  logs            Print the logs for a container in a pod
  attach          Attach to a running container
  exec            Execute a command in a container
  port-forward    Forward one or more local ports to a pod
  proxy           Run a proxy to the Kubernetes API server
  cp              Copy files and directories to and from containers
  auth            Inspect authorization
  debug           Create debugging sessions for troubleshooting workloads and nodes
  events          List events

Advanced Commands:
  diff            Diff the live version against a would-be applied version
  apply           Apply a configuration to a resource by file name or stdin
  patch           Update fields of a resource
  replace         Replace a resource by file name or stdin
  wait            Wait for a specific condition on one or many resources
  kustomize       Build a kustomization target from a directory or URL

Settings Commands:
  label           Update the labels on a resource
  annotate        Update the annotations on a resource
  completion      Output shell completion code for the specified shell (bash, zsh, fish, or powershell)

Subcommands provided by plugins:

Other Commands:
  api-resources   Print the supported API resources on the server
  api-versions    Print the supported API versions on the server, in the form of "group/version"
  config          Modify kubeconfig files
  plugin          Provides utilities for interacting with plugins
  version         Print the client and server version information

Usage:
  kubectl [flags] [options]

Use "kubectl <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/** `kubectl`, `kubectl help`, `kubectl --help`: the root's description, then its usage. */
export const HELP = `kubectl controls the Kubernetes cluster manager.

 Find more information at: https://kubernetes.io/docs/reference/kubectl/
${ROOT_USAGE}`;

/** Real kubectl commands this simulator does not model (one error line names the alternatives). */
/**
 * kubectl v1.36's root subcommands in the order NewKubectlCommand adds them (its command groups,
 * then config, plugin, version, api-versions, api-resources, options, kuberc), as cobra's
 * SuggestionsFor walks them for `Did you mean this?`, with their SuggestFor words. alpha (no
 * subcommands in 1.36) and cobra's help command are no candidates.
 */
export const ROOT_COMMANDS: readonly CobraCommand[] = [
  ...['create', 'expose', 'run', 'set', 'explain'].map((name) => ({ name })),
  { name: 'get', suggestFor: ['list', 'ls'] },
  { name: 'edit' },
  { name: 'delete', suggestFor: ['rm', 'remove'] },
  ...['rollout', 'scale', 'autoscale', 'certificate', 'cluster-info'].map((name) => ({ name })),
  { name: 'top', suggestFor: ['stats'] },
  ...['cordon', 'uncordon', 'drain', 'taint'].map((name) => ({ name })),
  { name: 'describe', suggestFor: ['inspect'] },
  ...['logs', 'attach', 'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait', 'kustomize', 'label', 'annotate', 'completion'].map((name) => ({ name })),
  ...['config', 'plugin', 'version', 'api-versions', 'api-resources', 'options', 'kuberc'].map((name) => ({ name })),
];

export const UNSUPPORTED: readonly string[] = ['kuberc'];

/** The error for a real kubectl command (or its help) that this simulator does not model. */
export function notAvailable(word: string): CmdError {
  return new CmdError(`error: "kubectl ${word}" is not available in this simulator; supported commands: ${Object.keys(COMMANDS).sort().join(', ')}\n`);
}
