/**
 * `kubectl create secret generic|docker-registry|tls` (create_secret.go, create_secret_docker.go,
 * create_secret_tls.go): the Secret is built client-side, its values base64-encoded into `data`,
 * then POSTed; a failed Create is wrapped as `failed to create secret %v` (no colon, as upstream).
 */
import { envVarNameError } from '../env-var-name';
import { base64Encode } from '../../k8s/base64';
import type { KObject } from '../../k8s/types';
import { setOwn } from '../../k8s/own';
import { CmdError, plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { GENERATOR_WRITE_FLAGS } from './common';

const COMMON: FlagDef[] = [{ name: 'append-hash', kind: 'bool' }, ...GENERATOR_WRITE_FLAGS];

export const SECRET_FLAGS: Record<SecretType, FlagDef[]> = {
  generic: [
    { name: 'from-file', kind: 'strings', values: 'files' },
    { name: 'from-literal', kind: 'stringArray' },
    { name: 'from-env-file', kind: 'strings', values: 'files' },
    { name: 'type', kind: 'string' },
    ...COMMON,
  ],
  'docker-registry': [
    { name: 'docker-username', kind: 'string' },
    { name: 'docker-password', kind: 'string' },
    { name: 'docker-email', kind: 'string' },
    { name: 'docker-server', kind: 'string' },
    { name: 'from-file', kind: 'strings', values: 'files' },
    ...COMMON,
  ],
  tls: [{ name: 'cert', kind: 'string', values: 'files' }, { name: 'key', kind: 'string', values: 'files' }, ...COMMON],
};

export type SecretType = 'generic' | 'docker-registry' | 'tls';

export function isSecretType(word: string): word is SecretType {
  return word === 'generic' || word === 'docker-registry' || word === 'tls';
}

const KEY_FMT = '[-._a-zA-Z0-9]+';

/** addKeyFromLiteralToSecret: validation.IsConfigMapKey, then no duplicate key. */
function addKey(data: Record<string, string>, key: string, value: string): void {
  if (!new RegExp(`^${KEY_FMT}$`).test(key) || key.length > 253 || key === '.' || key === '..' || key.startsWith('..')) {
    const why = !new RegExp(`^${KEY_FMT}$`).test(key)
      ? `a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '${KEY_FMT}')`
      : key.length > 253
        ? 'must be no more than 253 characters'
        : key === '.' ? `must not be '.'` : key === '..' ? `must not be '..'` : `must not start with '..'`;
    throw plainError(`"${key}" is not valid key name for a Secret ${why}`);
  }
  if (Object.hasOwn(data, key)) throw plainError(`cannot add key ${key}, another key by that name already exists`);
  setOwn(data, key, base64Encode(value));
}

/** util.ParseLiteralSource: split at the first `=`; a leading `=` or none is refused. */
function fromLiterals(data: Record<string, string>, sources: string[]): void {
  for (const src of sources) {
    const i = src.indexOf('=');
    if (i <= 0) throw plainError(`invalid literal source ${src}, expected key=value`);
    addKey(data, src.slice(0, i), src.slice(i + 1));
  }
}

/** util.ParseFileSource and handleSecretFromFileSources: `path`, `key=path`, or a directory's files. */
function fromFiles(env: Env, data: Record<string, string>, sources: string[]): void {
  for (const src of sources) {
    const eq = (src.match(/=/g) ?? []).length;
    if (eq === 1 && src.startsWith('=')) throw plainError(`key name for file path ${src.slice(1)} missing`);
    if (eq === 1 && src.endsWith('=')) throw plainError(`file path for key name ${src.slice(0, -1)} missing`);
    if (eq > 1) throw plainError("key names or file paths cannot contain '='");
    const [key, path] = eq === 1 ? (src.split('=') as [string, string]) : [src.replace(/\/+$/, '').split('/').pop()!, src];
    const content = env.files.readFile(path);
    if (content !== undefined) {
      addKey(data, key, content);
      continue;
    }
    const listed = env.files.listDir(path);
    if (!listed) throw plainError(`error reading ${path}: no such file or directory`);
    if (eq === 1) throw plainError('cannot give a key name for a directory path');
    for (const file of listed) {
      const body = env.files.readFile(file);
      if (body !== undefined) addKey(data, file.split('/').pop()!, body);
    }
  }
}

/** handleSecretFromEnvFileSources: `KEY=value` lines; blank lines and `#` comments skipped. */
function fromEnvFiles(env: Env, data: Record<string, string>, sources: string[]): void {
  for (const path of sources) {
    const content = env.files.readFile(path);
    if (content === undefined) {
      if (env.files.listDir(path)) throw plainError('env secret file cannot be a directory');
      throw plainError(`error reading ${path}: no such file or directory`);
    }
    content.split("\n").forEach((raw) => {
      const line = raw.replace(/^\uFEFF/, '').trimStart();
      if (line === '' || line.startsWith('#')) return;
      const i = line.indexOf('=');
      const key = i < 0 ? line : line.slice(0, i);
      const bad = envVarNameError(key);
      if (bad) throw plainError(`"${key}" is not a valid key name: ${bad}`);
      // A bare KEY takes the value from kubectl's own environment, which is empty here.
      if (i < 0) return;
      addKey(data, key, line.slice(i + 1));
    });
  }
}

/** The Secret of `create secret <type> NAME`, or a CmdError with kubectl's validation message. */
export function buildSecret(env: Env, type: SecretType, flags: Flags, name: string, namespace: string): KObject {
  const data: Record<string, string> = {};
  let secretType: string;
  switch (type) {
    case 'generic': {
      const files = flags.list('from-file');
      const literals = flags.list('from-literal');
      const envFiles = flags.list('from-env-file');
      if (envFiles.length && (files.length || literals.length)) throw plainError('from-env-file cannot be combined with from-file or from-literal');
      fromLiterals(data, literals);
      fromFiles(env, data, files);
      fromEnvFiles(env, data, envFiles);
      secretType = flags.str('type');
      break;
    }
    case 'docker-registry': {
      const files = flags.list('from-file');
      const [user, password, server] = [flags.str('docker-username'), flags.str('docker-password'), flags.str('docker-server', 'https://index.docker.io/v1/')];
      if (files.length === 0 && (!user || !password || !server)) {
        throw plainError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
      }
      if (files.length) fromFiles(env, data, files);
      else {
        // json.Marshal of DockerConfigJSON: field order username, password, email, auth; empty ones omitted.
        const entry: Record<string, string> = {};
        if (user) entry['username'] = user;
        if (password) entry['password'] = password;
        if (flags.str('docker-email')) entry['email'] = flags.str('docker-email');
        entry['auth'] = base64Encode(`${user}:${password}`);
        const auths: Record<string, Record<string, string>> = {};
        setOwn(auths, server, entry);
        setOwn(data, '.dockerconfigjson', base64Encode(JSON.stringify({ auths })));
      }
      secretType = 'kubernetes.io/dockerconfigjson';
      break;
    }
    case 'tls': {
      const [cert, key] = [flags.str('cert'), flags.str('key')];
      if (!cert || !key) throw plainError('key and cert must be specified');
      const read = (p: string): string => {
        const text = env.files.readFile(p);
        if (text === undefined) throw plainError(`Cannot read file ${p}, open ${p}: no such file or directory`);
        return text;
      };
      const [certPem, keyPem] = [read(cert), read(key)];
      // tls.X509KeyPair's first checks: a PEM CERTIFICATE block, then a PEM private key block.
      // The certificate's and key's contents are not parsed or matched here.
      if (!/-----BEGIN CERTIFICATE-----/.test(certPem)) throw plainError('tls: failed to find any PEM data in certificate input');
      if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(keyPem)) throw plainError('tls: failed to find any PEM data in key input');
      data['tls.crt'] = base64Encode(certPem);
      data['tls.key'] = base64Encode(keyPem);
      secretType = 'kubernetes.io/tls';
      break;
    }
  }
  if (flags.bool('append-hash')) throw new CmdError('error: --append-hash is not available in this simulator\n');
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace }, data, ...(secretType ? { type: secretType } : {}) };
}
