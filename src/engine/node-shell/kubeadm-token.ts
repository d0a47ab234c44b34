/**
 * `kubeadm token list|create|delete|generate` (cmd/kubeadm/app/cmd/token.go): bootstrap tokens as
 * kube-system Secrets of type bootstrap.kubernetes.io/token, read and written through
 * kube-apiserver as admin.conf's user — so `kubectl get secrets -n kube-system` sees a created
 * one, the bootstrap signer signs cluster-info with it, and the token cleaner deletes it when it
 * expires. `create --print-join-command` prints GetJoinWorkerCommand's line with the CA pin
 * (pubkeypin: sha256 of the CA certificate's SubjectPublicKeyInfo, from admin.conf's CA).
 * A generated token is drawn from the seed and the moment, not the world's PRNG.
 * Approximate: create's retries with backoff are not modelled (one attempt, its error wrapped).
 */
import {
  BOOTSTRAP_TOKEN_NAMESPACE,
  BOOTSTRAP_TOKEN_SECRET_PREFIX,
  BOOTSTRAP_TOKEN_SECRET_TYPE,
  bootstrapTokenToSecret,
  DESCRIPTION_KEY,
  EXPIRATION_KEY,
  EXTRA_GROUPS_KEY,
  KUBEADM_NODE_TOKEN_GROUP,
  parseBootstrapToken,
  secretData,
  TOKEN_CHARS,
  TOKEN_ID_KEY,
  TOKEN_SECRET_KEY,
} from '../../k8s/bootstrap-token';
import { pemDecode } from '../../k8s/der';
import { parseX509, publicKeyDer } from '../../k8s/pkix';
import { fnv1a, sha256 } from '../../k8s/sha256';
import { parseDuration, parseRfc3339Unix, rfc3339 } from '../../k8s/time';
import type { Secret } from '../../k8s/types';
import type { SimMillis } from '../../k8s/units';
import { clusterCaPem } from '../apiserver/cluster-ca';
import { lbAddress } from '../apiserver/handler';
import { nextUint32, seedRng } from '../core/rng';
import type { World } from '../world';
import type { ShellIo } from './io';
import { kubeadmError, kubeadmRequest, missingKubeconfig, parseFlags, requestError, shortHumanDuration, tokenKubeconfig, unixNow, type FileReader } from './kubeadm-client';
import { tabwrite } from './tabwriter';

const SECRETS_PATH = `/api/v1/namespaces/${BOOTSTRAP_TOKEN_NAMESPACE}/secrets`;
/** bootstrapapi.BootstrapTokenPattern and BootstrapTokenIDPattern, as %q prints them. */
const TOKEN_PATTERN = '"^([a-z0-9]{6})\\\\.([a-z0-9]{16})$"';
const ID_PATTERN = '"^([a-z0-9]{6})$"';

/** kubeadm's default usages and groups for a token (constants.DefaultTokenUsages, DefaultTokenGroups). */
const DEFAULT_USAGES = ['signing', 'authentication'];

/** bootstraputil.GenerateBootstrapToken, seeded: six and sixteen characters of [a-z0-9]. */
function generateToken(w: World, salt: string): string {
  const rng = seedRng(fnv1a(`${w.seed}|${w.now}|${salt}|kubeadm-token`));
  const draw = (n: number): string => Array.from({ length: n }, () => TOKEN_CHARS[nextUint32(rng) % TOKEN_CHARS.length]).join('');
  return `${draw(6)}.${draw(16)}`;
}

/** The CA pin kubeadm join checks: `sha256:` and the hex of sha256(SubjectPublicKeyInfo). */
export function caCertHash(caPem: string): string {
  const block = pemDecode(caPem);
  const cert = block ? parseX509(block.der) : undefined;
  if (!cert) return '';
  return `sha256:${[...sha256(publicKeyDer(cert.publicKey))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Go's time.ParseDuration for --ttl (a bare number other than 0 has no unit), in ms. */
function parseTtl(text: string): number | string {
  if (text === '0') return 0;
  if (/^[0-9.]+$/.test(text)) return `time: missing unit in duration "${text}"`;
  const ms = parseDuration(text);
  return ms === undefined ? `time: invalid duration "${text}"` : ms;
}

function create(w: World, node: string, args: string[], io: ShellIo, kubeconfig: string | undefined, path: string): number {
  const parsed = parseFlags(args, ['ttl', 'description', 'usages', 'groups', 'config', 'certificate-key', 'kubeconfig'], ['print-join-command', 'dry-run']);
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  const ttlText = parsed.flags.get('ttl') ?? '24h0m0s';
  const ttl = parseTtl(ttlText);
  if (typeof ttl === 'string') return kubeadmError(io, `invalid argument "${ttlText}" for "--ttl" flag: ${ttl}`);
  const given = parsed.rest[0];
  if (given !== undefined && !parseBootstrapToken(given)) return kubeadmError(io, `the bootstrap token "${given}" was not of the form ${TOKEN_PATTERN}`);
  if (kubeconfig === undefined) return kubeadmError(io, missingKubeconfig(path));
  const token = given ?? generateToken(w, String(w.etcd.revision));
  const { id, secret } = parseBootstrapToken(token)!;
  const usages = (parsed.flags.get('usages')?.split(',') ?? DEFAULT_USAGES).filter(Boolean);
  const groups = (parsed.flags.get('groups')?.split(',') ?? [KUBEADM_NODE_TOKEN_GROUP]).filter(Boolean);
  const expiration = ttl > 0 ? rfc3339((w.now + ttl) as SimMillis) : undefined;
  const body = bootstrapTokenToSecret({ id, secret, description: parsed.flags.get('description') ?? '', ...(expiration ? { expiration } : {}), usages, groups });
  const name = body.metadata.name!;
  // UpdateOrCreateTokens: create, or update the Secret of a token that is already there.
  const existing = kubeadmRequest(w, node, { verb: 'get', resource: 'secrets', namespace: BOOTSTRAP_TOKEN_NAMESPACE, name });
  const res = existing.ok && existing.object
    ? kubeadmRequest(w, node, { verb: 'update', resource: 'secrets', namespace: BOOTSTRAP_TOKEN_NAMESPACE, name, body: { ...body, metadata: { ...body.metadata, resourceVersion: existing.object.metadata.resourceVersion } } as Secret })
    : kubeadmRequest(w, node, { verb: 'create', resource: 'secrets', namespace: BOOTSTRAP_TOKEN_NAMESPACE, body });
  if (!res.ok) return kubeadmError(io, `failed to create or update bootstrap token with name ${name}: ${requestError(w, res, existing.ok ? 'PUT' : 'POST', existing.ok ? `${SECRETS_PATH}/${name}` : SECRETS_PATH)}`);
  if (parsed.flags.get('print-join-command') === 'true') {
    // The template's `\` + newline + tab are stripped: one line, with the template's trailing space.
    io.out(`kubeadm join ${lbAddress(w)} --token ${token} --discovery-token-ca-cert-hash ${caCertHash(clusterCaPem(w))} \n`);
  } else io.out(`${token}\n`);
  return 0;
}

/** formatBootstrapToken's row: TTL and usages padded as the source pads them. */
function tokenRow(s: Secret, now: number): string[] {
  const id = secretData(s, TOKEN_ID_KEY);
  const expText = secretData(s, EXPIRATION_KEY);
  const exp = expText ? parseRfc3339Unix(expText) : undefined;
  const usages = Object.keys(s.data ?? {})
    .filter((k) => k.startsWith('usage-bootstrap-') && secretData(s, k) === 'true')
    .map((k) => k.slice('usage-bootstrap-'.length))
    .sort();
  const groups = secretData(s, EXTRA_GROUPS_KEY);
  return [
    `${id}.${secretData(s, TOKEN_SECRET_KEY)}`,
    (exp === undefined ? '<forever>' : shortHumanDuration(exp - now)).padEnd(9),
    exp === undefined ? '<never>' : expText,
    (usages.join(',') || '<none>').padEnd(22),
    (secretData(s, DESCRIPTION_KEY) || '<none>').padEnd(56),
    groups || '<none>',
  ];
}

function list(w: World, node: string, args: string[], io: ShellIo): number {
  const parsed = parseFlags(args, ['output', 'kubeconfig'], ['dry-run', 'allow-missing-template-keys', 'show-managed-fields'], { o: 'output' });
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  if (parsed.rest.length) return kubeadmError(io, `unknown command "${parsed.rest[0]}" for "kubeadm token list"`);
  if ((parsed.flags.get('output') ?? 'text') !== 'text') {
    io.err(`kubeadm: only the text output of token list is modelled here\n`);
    return 1;
  }
  const res = kubeadmRequest(w, node, { verb: 'list', resource: 'secrets', namespace: BOOTSTRAP_TOKEN_NAMESPACE, fieldSelector: [{ field: 'type', op: '=', value: BOOTSTRAP_TOKEN_SECRET_TYPE }] });
  if (!res.ok) return kubeadmError(io, `failed to list bootstrap tokens: ${requestError(w, res, 'Get', `${SECRETS_PATH}?fieldSelector=type%3Dbootstrap.kubernetes.io%2Ftoken`)}`);
  const now = unixNow(w);
  const header = ['TOKEN', 'TTL', 'EXPIRES', 'USAGES', 'DESCRIPTION', 'EXTRA GROUPS'];
  // The printer makes a tabwriter per token and prints the header with the first one only.
  (res.items ?? []).forEach((s, i) => io.out(tabwrite(i === 0 ? [header, tokenRow(s as Secret, now)] : [tokenRow(s as Secret, now)], 10, 3)));
  return 0;
}

function remove(w: World, node: string, args: string[], io: ShellIo): number {
  const parsed = parseFlags(args, ['kubeconfig'], ['dry-run']);
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  if (!parsed.rest.length) return kubeadmError(io, `missing argument; 'token delete' is missing token of form ${TOKEN_PATTERN} or ${ID_PATTERN}`);
  for (const arg of parsed.rest) {
    const id = /^[a-z0-9]{6}$/.test(arg) ? arg : parseBootstrapToken(arg)?.id;
    if (id === undefined) return kubeadmError(io, `given token didn't match pattern ${TOKEN_PATTERN} or ${ID_PATTERN}`);
    const name = `${BOOTSTRAP_TOKEN_SECRET_PREFIX}${id}`;
    const res = kubeadmRequest(w, node, { verb: 'delete', resource: 'secrets', namespace: BOOTSTRAP_TOKEN_NAMESPACE, name });
    if (!res.ok) return kubeadmError(io, `failed to delete bootstrap token "${id}": ${requestError(w, res, 'Delete', `${SECRETS_PATH}/${name}`)}`);
    io.out(`bootstrap token "${id}" deleted\n`);
  }
  return 0;
}

/** `kubeadm token …` on `node`, whose files say which kubeconfig the clientset would load. */
export function token(w: World, node: string, args: string[], read: FileReader, io: ShellIo): number {
  const [sub, ...rest] = args;
  const explicit = rest.find((a) => a.startsWith('--kubeconfig='))?.slice('--kubeconfig='.length) ?? (rest.includes('--kubeconfig') ? rest[rest.indexOf('--kubeconfig') + 1] : undefined);
  const path = explicit ?? tokenKubeconfig(read);
  const kubeconfig = read(path) !== undefined ? path : undefined;
  switch (sub) {
    case 'generate':
      if (rest.length) return kubeadmError(io, `unknown command "${rest[0]}" for "kubeadm token generate"`);
      io.out(`${generateToken(w, 'generate')}\n`);
      return 0;
    case 'create':
      // Flags and the token's form are checked before the clientset is built.
      return create(w, node, rest, io, kubeconfig, path);
    case 'list':
    case 'delete':
      if (kubeconfig === undefined) return kubeadmError(io, missingKubeconfig(path));
      return sub === 'list' ? list(w, node, rest, io) : remove(w, node, rest, io);
    case undefined:
      io.err("kubeadm token: the help text is not modelled here; its commands are create, delete, generate and list\n");
      return 1;
    default:
      // SubCmdRun: an unknown word is an invalid subcommand.
      return kubeadmError(io, `invalid subcommand "${args.join(' ')}"\nSee 'kubeadm token -h' for help and examples`);
  }
}
