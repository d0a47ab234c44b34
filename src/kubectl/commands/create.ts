/**
 * `kubectl create -f` (POST each object; AlreadyExists is an error) and the generators:
 * `create deployment`, `create namespace`, `create configmap`, `create serviceaccount`.
 */
import type { KObject } from '../../k8s/types';
import { resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, isNetworkError, plainError, withSource, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { loadManifests } from '../manifest';
import { placeObject, withLastApplied } from '../apply/objects';
import { DRY_RUN_FLAG, FILENAME_FLAG, OUTPUT_FLAG, VALIDATE_FLAG, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { setOwn } from '../../k8s/own';

export const CREATE_FILE_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  VALIDATE_FLAG,
  { name: 'save-config', kind: 'bool' },
  { name: 'edit', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
];

export const CREATE_GENERATOR_FLAGS: FlagDef[] = [
  { name: 'image', kind: 'stringArray' },
  { name: 'replicas', short: 'r', kind: 'int' },
  { name: 'port', kind: 'int' },
  { name: 'from-literal', kind: 'stringArray' },
  { name: 'save-config', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
];

function send(env: Env, flags: Flags, info: ResourceInfo, obj: KObject, source: string | undefined): Failure | undefined {
  const dry = dryRunOf(flags);
  const body = flags.bool('save-config') ? withLastApplied(obj).modified : obj;
  if (dry === 'client') {
    printResult(env, flags, info, body, withDryRun('created', dry));
    return undefined;
  }
  const res = env.client.create(info, obj.metadata.namespace, body, dry === 'server');
  if (!res.ok) return { api: withSource(res.error, 'creating', source) };
  printResult(env, flags, info, res.value, withDryRun('created', dry));
  return undefined;
}

function fromFiles(env: Env, flags: Flags): number {
  const loaded = loadManifests(env.files, env.stdin, flags.list('filename'), !['false', 'ignore'].includes(flags.str('validate', 'strict')));
  if (loaded.docs.length === 0 && loaded.errors.length === 0) throw plainError('no objects passed to create');
  const errors: Failure[] = [...loaded.errors];
  for (const doc of loaded.docs) {
    const obj = placeObject(doc.info, doc.obj, namespaceOf(flags), flags.has('namespace'));
    const f = send(env, flags, doc.info, obj, doc.source);
    if (f) errors.push(f);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

/** create_deployment.go buildPodSpec: the container name is the image's base name. */
function containerName(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split(':')[0]!.split('@')[0]!;
  return name.replace(/_/g, '-');
}

function requireName(flags: Flags, what: string): string {
  const name = flags.args[0];
  if (!name) throw new CmdError(`error: exactly one NAME is required, got 0\nSee 'kubectl create ${what} -h' for help and examples\n`);
  if (flags.args.length > 1) throw new CmdError(`error: exactly one NAME is required, got ${flags.args.length}\nSee 'kubectl create ${what} -h' for help and examples\n`);
  return name;
}

function deployment(env: Env, flags: Flags): number {
  const name = requireName(flags, 'deployment');
  const images = flags.list('image');
  if (images.length === 0) throw new CmdError(`error: required flag(s) "image" not set\n`);
  const port = flags.int('port', -1);
  const labels = { app: name };
  const containers = images.map((image) => ({
    image,
    name: containerName(image),
    ...(port >= 0 ? { ports: [{ containerPort: port }] } : {}),
    resources: {},
  }));
  const obj: KObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { labels, name, namespace: namespaceOf(flags) },
    spec: { replicas: flags.int('replicas', 1), selector: { matchLabels: labels }, strategy: {}, template: { metadata: { labels }, spec: { containers } } },
    status: {},
  };
  return finish(env, flags, resourceInfo('deployments')!, obj, 'deployment');
}

function namespace(env: Env, flags: Flags): number {
  const name = requireName(flags, 'namespace');
  return finish(env, flags, resourceInfo('namespaces')!, { apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: {}, status: {} });
}

function configmap(env: Env, flags: Flags): number {
  const name = requireName(flags, 'configmap');
  const data: Record<string, string> = {};
  for (const lit of flags.list('from-literal')) {
    const i = lit.indexOf('=');
    if (i <= 0) throw plainError(`invalid literal source ${lit}, expected key=value`);
    setOwn(data, lit.slice(0, i), lit.slice(i + 1));
  }
  return finish(env, flags, resourceInfo('configmaps')!, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: namespaceOf(flags) }, data }, 'configmap');
}

function serviceaccount(env: Env, flags: Flags): number {
  const name = requireName(flags, 'serviceaccount');
  return finish(env, flags, resourceInfo('serviceaccounts')!, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: namespaceOf(flags) } }, 'serviceaccount');
}

/**
 * Sends a generator's object. `what` is the generator's wrapping of a failed Create
 * (`failed to create deployment: %v` in create_deployment.go), which turns the server's Status
 * into a plain error; create namespace returns the Status unwrapped.
 */
function finish(env: Env, flags: Flags, info: ResourceInfo, obj: KObject, what?: string): number {
  const f = send(env, flags, info, obj, undefined);
  if (!f) return 0;
  if (what === undefined || !('api' in f) || isNetworkError(f.api)) throw new CmdError(failureText([f]));
  throw plainError(`failed to create ${what}: ${f.api.message}`);
}

/** The generators by name, each with its cobra aliases. */
const GENERATORS: Record<string, { run: (env: Env, flags: Flags) => number; aliases: readonly string[] }> = {
  configmap: { run: configmap, aliases: ['cm'] },
  deployment: { run: deployment, aliases: ['deploy'] },
  namespace: { run: namespace, aliases: ['ns'] },
  serviceaccount: { run: serviceaccount, aliases: ['sa'] },
};

export const CREATE_SUBCOMMANDS: readonly string[] = Object.keys(GENERATORS);
export const CREATE_SUBCOMMAND_ALIASES: readonly string[] = Object.values(GENERATORS).flatMap((g) => g.aliases);

function generator(word: string): ((env: Env, flags: Flags) => number) | undefined {
  for (const [name, g] of Object.entries(GENERATORS)) if (name === word || g.aliases.includes(word)) return g.run;
  return undefined;
}

export function runCreate(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub !== undefined && !sub.startsWith('-')) {
    const gen = generator(sub);
    if (!gen) {
      // cobra hands a word that is no subcommand to create's own Run, which takes no arguments.
      const words = parseFlags(argv, CREATE_FILE_FLAGS, 'kubectl create').args;
      throw plainError(`Unexpected args: [${words.join(' ')}]\nSee 'kubectl create -h' for help and examples`);
    }
    const flags = parseFlags(argv.slice(1), CREATE_GENERATOR_FLAGS, `kubectl create ${sub}`);
    checkOutput(flags);
    return gen(env, flags);
  }
  const flags = parseFlags(argv, CREATE_FILE_FLAGS, 'kubectl create');
  checkOutput(flags);
  if (flags.list('filename').length === 0) {
    throw new CmdError(`error: must specify one of -f and -k\n`);
  }
  return fromFiles(env, flags);
}
