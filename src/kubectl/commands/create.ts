/**
 * `kubectl create -f` (POST each object; AlreadyExists is an error) and the generators:
 * `create deployment`, `create job`, `create cronjob`, `create poddisruptionbudget`, `create quota`, `create namespace`, `create configmap`, `create serviceaccount`,
 * `create priorityclass` (create-priorityclass.ts), `create token` (create-token.ts), `create secret generic|docker-registry|tls`,
 * `create service clusterip|nodeport|loadbalancer|externalname` (create-service.ts), `create ingress` (create-ingress.ts) and
 * `create role|clusterrole|rolebinding|clusterrolebinding` (create-rbac.ts). A generator prints the typed object its client-go
 * client sent or got back (typed-kinds.ts), so `-o json` follows the Go structs.
 * About 400 lines: `create -f`, the command tree and the one send/print path every generator
 * shares live together; the bigger generators' builders are in their own modules.
 */
import type { CronJob, KObject } from '../../k8s/types';
import { resolveResource, resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, isNetworkError, plainError, withSource, type Failure } from '../errors';
import { parentUsage } from '../help/parent-usage';
import { parseFlags, splitCommand, type CommandNode, type FlagDef, type Flags } from '../flags';
import { changeCause, RECORD_FLAG, recordInto } from '../record';
import { namespaceOf, type Env } from '../env';
import type { Positional } from '../command-spec';
import { placeObject, withLastApplied, withTypedLastApplied } from '../apply/objects';
import { randomSuffixes } from '../rand-suffix';
import { typedObject } from './typed-kinds';
import { DRY_RUN_FLAG, FILENAME_FLAG, GENERATOR_WRITE_FLAGS, OUTPUT_FLAG, TEMPLATE_FLAGS, VALIDATE_FLAG, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { buildSecret, isSecretType, SECRET_FLAGS } from './create-secret';
import { buildConfigMap, CONFIGMAP_FLAGS } from './create-configmap';
import { RBAC_GENERATOR_FLAGS, rbacGenerator } from './create-rbac';
import { buildPodDisruptionBudget, PDB_FLAGS } from './create-pdb';
import { buildQuota, QUOTA_FLAGS } from './create-quota';
import { buildPriorityClass, PRIORITY_CLASS_FLAGS } from './create-priorityclass';
import { CREATE_TOKEN_FLAGS, createToken } from './create-token';
import { goQuote } from '../printers/go-template/lex';
import { buildIngress, INGRESS_FLAGS, typedIngress } from './create-ingress';
import { buildService, checkRequiredServiceFlags, isServiceKind, SERVICE_FLAGS, serviceType, typedService } from './create-service';
import { runCreateRaw } from './create-raw';
import { failIfSchemaUnreachable, failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';

export const CREATE_FILE_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  VALIDATE_FLAG,
  { name: 'save-config', kind: 'bool' },
  { name: 'edit', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'raw', kind: 'string' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  RECORD_FLAG,
];

/** The generators' own flags, each with cmdutil's printing and writing flags (GENERATOR_WRITE_FLAGS). */
const CREATE_DEPLOYMENT_FLAGS: FlagDef[] = [
  { name: 'image', kind: 'stringArray' },
  { name: 'replicas', short: 'r', kind: 'int' },
  { name: 'port', kind: 'int' },
  ...GENERATOR_WRITE_FLAGS,
];

/** How a generator departs from the rest. */
interface SendOptions {
  /** false: --save-config is not read (create service never copies it into its options). */
  saveConfig?: boolean;
  /** The typed object kubectl prints and --save-config encodes; a generator's default is typedObject. */
  typed?: (o: KObject) => KObject;
  /** `create -f --record`'s change cause, written after the last-applied annotation (create.go's order). */
  cause?: string;
}

function send(env: Env, flags: Flags, info: ResourceInfo, obj: KObject, source: string | undefined, generated = false, opts: SendOptions = {}): Failure | undefined {
  const dry = dryRunOf(flags);
  // A generator writes the namespace into its object only when it is enforced (given with -n);
  // the request goes to the namespace either way.
  const built = generated && !flags.has('namespace') && obj.metadata.namespace !== undefined ? { ...obj, metadata: withoutNamespace(obj.metadata) } : obj;
  const typed = opts.typed ?? (generated ? typedObject : undefined);
  const saveConfig = opts.saveConfig ?? flags.bool('save-config');
  const configured = !saveConfig ? built : typed ? withTypedLastApplied(built, typed) : withLastApplied(built).modified;
  const body = opts.cause === undefined ? configured : { ...configured, metadata: { ...configured.metadata } };
  recordInto(body, opts.cause);
  if (dry === 'client') {
    printResult(env, flags, info, body, withDryRun('created', dry), typed);
    return undefined;
  }
  const ns = !generated ? obj.metadata.namespace : info.namespaced ? namespaceOf(env, flags) : undefined;
  // What client-go sends is the typed object's JSON.
  const res = env.client.create(info, ns, typed ? typed(body) : body, dry === 'server');
  if (!res.ok) return { api: withSource(res.error, 'creating', source) };
  printResult(env, flags, info, res.value, withDryRun('created', dry), typed);
  return undefined;
}

function withoutNamespace(meta: KObject['metadata']): KObject['metadata'] {
  const { namespace: _ns, ...rest } = meta;
  return rest as KObject['metadata'];
}

function fromFiles(env: Env, flags: Flags, cause: string | undefined): number {
  const loaded = loadInputs(env, flags, !['false', 'ignore'].includes(flags.str('validate', 'strict')));
  if (!['false', 'ignore'].includes(flags.str('validate', 'strict'))) failIfSchemaUnreachable(env, flags, loaded);
  failIfUnrecognizable(env, flags, loaded);
  if (loaded.docs.length === 0 && loaded.errors.length === 0) throw plainError('no objects passed to create');
  const errors: Failure[] = [...loaded.errors];
  for (const doc of loaded.docs) {
    const obj = placeObject(doc.info, doc.obj, namespaceOf(env, flags), flags.has('namespace'));
    const f = send(env, flags, doc.info, obj, doc.source, false, cause === undefined ? {} : { cause });
    if (f) errors.push(f);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

/**
 * create_deployment.go buildPodSpec: the container is named after the image's base name;
 * sanitizeAndUniquify turns `_` and `.` into `-` and then adds a random suffix.
 */
function containerName(image: string, suffix: () => string): string {
  const name = (image.split('/').pop() ?? image).split(':')[0]!.split('@')[0]!;
  return /[_.]/.test(name) ? `${name.replace(/[_.]/g, '-')}-${suffix()}` : name;
}

/**
 * NameFromCommandArgs (create.go): only the words before a bare `--` count (cobra's
 * ArgsLenAtDash), so `create deployment web --image=busybox -- sleep 3600` names one object.
 */
function requireName(flags: Flags, what: string): string {
  const named = flags.args.length - (flags.afterDash?.length ?? 0);
  if (named !== 1) throw new CmdError(`error: exactly one NAME is required, got ${named}\nSee 'kubectl create ${what} -h' for help and examples\n`);
  return flags.args[0]!;
}

function deployment(env: Env, flags: Flags): number {
  const name = requireName(flags, 'deployment');
  const images = flags.list('image');
  if (images.length === 0) throw new CmdError(`error: required flag(s) "image" not set\n`);
  // Complete takes args[1:] as the command: every word after the name, before or after `--`.
  const command = flags.args.slice(1);
  if (images.length > 1 && command.length > 0) throw plainError('cannot specify multiple --image options and command');
  const port = flags.int('port', -1);
  const labels = { app: name };
  const suffix = randomSuffixes(`${name}/${images.join(',')}/${env.sim.now}`);
  const containers = images.map((image) => ({ name: containerName(image, suffix), image, ...(command.length ? { command } : {}) }));
  // Only the first container gets --port.
  if (port >= 0 && containers[0]) Object.assign(containers[0], { ports: [{ containerPort: port }] });
  const obj: KObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: namespaceOf(env, flags), labels },
    spec: { replicas: flags.int('replicas', 1), selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers } } },
  };
  return finish(env, flags, resourceInfo('deployments')!, obj, 'deployment');
}

const CREATE_JOB_FLAGS: FlagDef[] = [{ name: 'image', kind: 'string' }, { name: 'from', kind: 'string' }, ...GENERATOR_WRITE_FLAGS];
const CREATE_CRONJOB_FLAGS: FlagDef[] = [
  { name: 'image', kind: 'string' },
  { name: 'schedule', kind: 'string' },
  { name: 'restart', kind: 'string' },
  ...GENERATOR_WRITE_FLAGS,
];

/** createJobFromCronJob: the CronJob's job template, marked as a manual run and owned by the CronJob. */
function jobFromCronJob(env: Env, flags: Flags, name: string, from: string): KObject {
  const slash = from.indexOf('/');
  const info = slash > 0 ? resolveResource(from.slice(0, slash)) : undefined;
  if (!info || slash < 0) throw plainError(`from must be an existing cronjob`);
  const got = env.client.get(info, namespaceOf(env, flags), from.slice(slash + 1));
  if (!got.ok) throw new CmdError(failureText([{ api: got.error }]));
  if (info.resource !== 'cronjobs') throw plainError(`unknown object type *v1.${info.kind}`);
  const cj = got.value as CronJob;
  const t = cj.spec.jobTemplate;
  const metadata: KObject['metadata'] = {
    annotations: { 'cronjob.kubernetes.io/instantiate': 'manual', ...(t.metadata?.annotations ?? {}) },
    name,
    namespace: namespaceOf(env, flags),
    ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name ?? '', uid: cj.metadata.uid ?? '', controller: true }],
  };
  if (t.metadata?.labels) metadata.labels = { ...t.metadata.labels };
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: structuredClone(t.spec) };
}

/** create_job.go: a Job of one container named after the Job, restartPolicy Never, or a manual run of a CronJob. */
function job(env: Env, flags: Flags): number {
  const name = requireName(flags, 'job');
  const command = flags.args.slice(1);
  const image = flags.str('image');
  const from = flags.str('from');
  if ((image === '' && from === '') || (image !== '' && from !== '')) throw plainError('either --image or --from must be specified');
  if (command.length > 0 && from !== '') throw plainError('cannot specify --from and command');
  const obj: KObject =
    from !== ''
      ? jobFromCronJob(env, flags, name, from)
      : {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name, namespace: namespaceOf(env, flags) },
          spec: { template: { spec: { containers: [{ name, image, ...(command.length ? { command } : {}) }], restartPolicy: 'Never' } } },
        };
  return finish(env, flags, resourceInfo('jobs')!, obj, 'job');
}

/** create_cronjob.go: the job template repeats the CronJob's name; restartPolicy defaults to OnFailure. */
function cronjob(env: Env, flags: Flags): number {
  const missing = ['image', 'schedule'].filter((f) => !flags.has(f));
  if (missing.length) throw new CmdError(`error: required flag(s) ${missing.map((f) => `"${f}"`).join(', ')} not set\n`);
  const name = requireName(flags, 'cronjob');
  const command = flags.args.slice(1);
  const container = { name, image: flags.str('image'), ...(command.length ? { command } : {}) };
  const obj: KObject = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: namespaceOf(env, flags) },
    spec: {
      schedule: flags.str('schedule'),
      jobTemplate: { metadata: { name }, spec: { template: { spec: { containers: [container], restartPolicy: flags.str('restart') || 'OnFailure' } } } },
    },
  };
  return finish(env, flags, resourceInfo('cronjobs')!, obj, 'cronjob');
}

const CREATE_PDB_FLAGS: FlagDef[] = [...PDB_FLAGS, ...GENERATOR_WRITE_FLAGS];

function poddisruptionbudget(env: Env, flags: Flags): number {
  const name = requireName(flags, 'poddisruptionbudget');
  return finish(env, flags, resourceInfo('poddisruptionbudgets')!, buildPodDisruptionBudget(flags, name, namespaceOf(env, flags)), 'poddisruptionbudgets');
}

const CREATE_QUOTA_FLAGS: FlagDef[] = [...QUOTA_FLAGS, ...GENERATOR_WRITE_FLAGS];

function quota(env: Env, flags: Flags): number {
  const name = requireName(flags, 'quota');
  return finish(env, flags, resourceInfo('resourcequotas')!, buildQuota(flags, name, namespaceOf(env, flags)), 'quota');
}

function priorityclass(env: Env, flags: Flags): number {
  const name = requireName(flags, 'priorityclass');
  return finish(env, flags, resourceInfo('priorityclasses')!, buildPriorityClass(flags, name), 'priorityclass');
}

function namespace(env: Env, flags: Flags): number {
  const name = requireName(flags, 'namespace');
  return finish(env, flags, resourceInfo('namespaces')!, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
}

function configmap(env: Env, flags: Flags): number {
  const name = requireName(flags, 'configmap');
  return finish(env, flags, resourceInfo('configmaps')!, buildConfigMap(env, flags, name, namespaceOf(env, flags)), 'configmap');
}

function serviceaccount(env: Env, flags: Flags): number {
  const name = requireName(flags, 'serviceaccount');
  return finish(env, flags, resourceInfo('serviceaccounts')!, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: namespaceOf(env, flags) } }, 'serviceaccount');
}

/**
 * Sends a generator's object. `what` is the generator's wrapping of a failed Create
 * (`failed to create deployment: %v` in create_deployment.go), which turns the server's Status
 * into a plain error; create namespace returns the Status unwrapped.
 */
function finish(env: Env, flags: Flags, info: ResourceInfo, obj: KObject, what?: string, opts: SendOptions = {}): number {
  const f = send(env, flags, info, obj, undefined, true, opts);
  if (!f) return 0;
  if (what === undefined || !('api' in f)) throw new CmdError(failureText([f]));
  // The generator's typed client wraps a request that was never answered too (recorded: `failed to create deployment: Post "…": dial tcp …`).
  throw plainError(`failed to create ${what}: ${isNetworkError(f.api) ? env.client.unsentText(f.api) : f.api.message}`);
}

/** `create secret` as cobra's Find sees it: its types are its subcommands (help/topics.ts walks it too). */
export const SECRET_COMMAND = { flags: Object.values(SECRET_FLAGS).flat(), ownFlags: [], subcommands: Object.keys(SECRET_FLAGS), subcommandFlags: SECRET_FLAGS } satisfies CommandNode & { subcommandFlags: Readonly<Record<string, readonly FlagDef[]>> };

/**
 * `create secret <type>`: cobra's DefaultSubCommandRun prints the usage for a bare `create
 * secret`, and a word that is no type is an unknown command.
 */
function secret(env: Env, argv: string[]): number {
  // Global flags may stand before the type (`-n x create secret generic …`), as cobra finds it.
  const { words, rest } = splitCommand(['secret', ...argv], (w) => (w === 'secret' ? SECRET_COMMAND : undefined));
  const type = words[1];
  if (type === undefined || !isSecretType(type)) {
    // The parent has only the global flags; DefaultSubCommandRun quotes every argument, joined:
    // `create secret bogus x` is `unknown command "bogus x"`.
    const args = parseFlags(argv, [], 'kubectl create secret').args;
    if (args.length === 0) return parentUsage(env, 'create secret', 'err');
    throw plainError(`unknown command ${goQuote(args.join(' '))}\nSee 'kubectl create secret -h' for help and examples`);
  }
  const flags = parseFlags(rest, SECRET_FLAGS[type], `kubectl create secret ${type}`);
  checkOutput(flags, env.files);
  const name = requireName(flags, `secret ${type}`);
  const obj = buildSecret(env, type, flags, name, namespaceOf(env, flags));
  const f = send(env, flags, resourceInfo('secrets')!, obj, undefined, true);
  if (!f) return 0;
  if (!('api' in f) || isNetworkError(f.api)) throw new CmdError(failureText([f]));
  throw plainError(`failed to create secret ${f.api.message}`);
}

/** `create ingress NAME` (alias `ing`): NAME, --dry-run and -o come first (Complete), then Validate. */
function ingress(env: Env, flags: Flags): number {
  const name = requireName(flags, 'ingress');
  dryRunOf(flags);
  return finish(env, flags, resourceInfo('ingresses')!, buildIngress(flags, name, namespaceOf(env, flags)), 'ingress', { typed: typedIngress });
}

/** `create service` as cobra's Find sees it, like SECRET_COMMAND: its types are its subcommands. */
export const SERVICE_COMMAND = { flags: Object.values(SERVICE_FLAGS).flat(), ownFlags: [], subcommands: Object.keys(SERVICE_FLAGS), subcommandFlags: SERVICE_FLAGS } satisfies CommandNode & { subcommandFlags: Readonly<Record<string, readonly FlagDef[]>> };

/**
 * `create service <type>` (alias `svc`), shaped as `create secret`. The checks run in cobra's and
 * ServiceOptions' order: the required --external-name, the NAME, --dry-run and -o (Complete),
 * then Validate and the ports.
 */
function service(env: Env, argv: string[]): number {
  const { words, rest } = splitCommand(['service', ...argv], (w) => (w === 'service' ? SERVICE_COMMAND : undefined));
  const kind = words[1];
  if (kind === undefined || !isServiceKind(kind)) {
    // The parent has only the global flags: `create service --tcp=80` is an unknown flag.
    const args = parseFlags(argv, [], 'kubectl create service').args;
    if (args.length === 0) return parentUsage(env, 'create service', 'err');
    throw plainError(`unknown command ${goQuote(args.join(' '))}\nSee 'kubectl create service -h' for help and examples`);
  }
  const flags = parseFlags(rest, SERVICE_FLAGS[kind], `kubectl create service ${kind}`);
  checkRequiredServiceFlags(kind, flags);
  const name = requireName(flags, `service ${kind}`);
  dryRunOf(flags);
  checkOutput(flags, env.files);
  // Upstream never copies --save-config into its options: the Service gets no last-applied annotation.
  const opts = { saveConfig: false, typed: typedService };
  return finish(env, flags, resourceInfo('services')!, buildService(kind, flags, name, namespaceOf(env, flags)), `${serviceType(kind)} service`, opts);
}

type Generator = {
  aliases: readonly string[];
  /** What its argument names, for completion; unset: nothing completes (no ValidArgsFunction). */
  positional?: Positional;
} & (
  | { run: (env: Env, flags: Flags) => number; flags: FlagDef[] }
  /** Takes its own argv: a generator with subcommands of its own (`create secret generic`). */
  | { runArgv: (env: Env, argv: string[]) => number }
);

/** The generators by name, each with its cobra aliases. */
const GENERATORS: Record<string, Generator> = {
  clusterrole: { run: (env, flags) => rbacGenerator(env, flags, 'clusterrole'), flags: RBAC_GENERATOR_FLAGS.clusterrole, aliases: [] },
  clusterrolebinding: { run: (env, flags) => rbacGenerator(env, flags, 'clusterrolebinding'), flags: RBAC_GENERATOR_FLAGS.clusterrolebinding, aliases: [] },
  configmap: { run: configmap, flags: CONFIGMAP_FLAGS, aliases: ['cm'] },
  cronjob: { run: cronjob, flags: CREATE_CRONJOB_FLAGS, aliases: ['cj'] },
  deployment: { run: deployment, flags: CREATE_DEPLOYMENT_FLAGS, aliases: ['deploy'] },
  ingress: { run: ingress, flags: INGRESS_FLAGS, aliases: ['ing'] },
  job: { run: job, flags: CREATE_JOB_FLAGS, aliases: [] },
  namespace: { run: namespace, flags: [...GENERATOR_WRITE_FLAGS], aliases: ['ns'] },
  poddisruptionbudget: { run: poddisruptionbudget, flags: CREATE_PDB_FLAGS, aliases: ['pdb'] },
  priorityclass: { run: priorityclass, flags: PRIORITY_CLASS_FLAGS, aliases: ['pc'] },
  quota: { run: quota, flags: CREATE_QUOTA_FLAGS, aliases: ['resourcequota'] },
  role: { run: (env, flags) => rbacGenerator(env, flags, 'role'), flags: RBAC_GENERATOR_FLAGS.role, aliases: [] },
  rolebinding: { run: (env, flags) => rbacGenerator(env, flags, 'rolebinding'), flags: RBAC_GENERATOR_FLAGS.rolebinding, aliases: [] },
  secret: { runArgv: secret, aliases: [] },
  service: { runArgv: service, aliases: ['svc'] },
  serviceaccount: { run: serviceaccount, flags: [...GENERATOR_WRITE_FLAGS], aliases: ['sa'] },
  token: { run: (env, flags) => createToken(env, flags, requireName(flags, 'token')), flags: CREATE_TOKEN_FLAGS, aliases: [], positional: 'serviceaccount' },
};

/**
 * Every generator's flags together: the command table's view of `create`, so a global flag
 * (`--as`, `-n`) is found on any generator's line.
 */
export const CREATE_ALL_GENERATOR_FLAGS: FlagDef[] = [
  ...CREATE_DEPLOYMENT_FLAGS,
  ...CONFIGMAP_FLAGS,
  ...CREATE_JOB_FLAGS,
  ...CREATE_CRONJOB_FLAGS,
  ...CREATE_PDB_FLAGS,
  ...CREATE_QUOTA_FLAGS,
  ...PRIORITY_CLASS_FLAGS,
  ...CREATE_TOKEN_FLAGS,
  ...INGRESS_FLAGS,
  ...Object.values(SECRET_FLAGS).flat(),
  ...SERVICE_COMMAND.flags,
  ...Object.values(RBAC_GENERATOR_FLAGS).flat(),
].filter((d, i, all) => all.findIndex((o) => o.name === d.name) === i);

export const CREATE_SUBCOMMANDS: readonly string[] = Object.keys(GENERATORS);
export const CREATE_SUBCOMMAND_ALIASES: readonly string[] = Object.values(GENERATORS).flatMap((g) => g.aliases);
/**
 * The generators' own tables, an alias's too; not `secret` and `service`, which have subcommands
 * of their own, each with its table (SECRET_COMMAND, SERVICE_COMMAND).
 */
export const CREATE_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = Object.fromEntries(
  Object.entries(GENERATORS).flatMap(([name, g]) => ('flags' in g ? [name, ...g.aliases].map((word) => [word, g.flags]) : [])),
);
export const CREATE_SUBCOMMAND_POSITIONALS: Readonly<Record<string, Positional>> = Object.fromEntries(
  Object.entries(GENERATORS).flatMap(([name, g]) => (g.positional ? [[name, g.positional]] : [])),
);

function generator(word: string): Generator | undefined {
  for (const [name, g] of Object.entries(GENERATORS)) if (name === word || g.aliases.includes(word)) return g;
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
    if ('runArgv' in gen) return gen.runArgv(env, argv.slice(1));
    const flags = parseFlags(argv.slice(1), gen.flags, `kubectl create ${sub}`);
    checkOutput(flags, env.files);
    return gen.run(env, flags);
  }
  const flags = parseFlags(argv, CREATE_FILE_FLAGS, 'kubectl create');
  const cause = changeCause(env, ['create'], flags);
  checkOutput(flags, env.files);
  if (!usesFiles(flags)) {
    throw new CmdError(`error: must specify one of -f and -k\n`);
  }
  if (flags.str('raw') !== '') return runCreateRaw(env, flags);
  return fromFiles(env, flags, cause);
}
