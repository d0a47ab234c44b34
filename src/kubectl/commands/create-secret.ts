/**
 * `kubectl create secret generic|docker-registry|tls` (create_secret.go, create_secret_docker.go,
 * create_secret_tls.go): the Secret is built client-side, its values base64-encoded into `data`,
 * then POSTed; a failed Create is wrapped as `failed to create secret %v` (no colon, as upstream).
 */
import { base64Encode } from '../../k8s/base64';
import type { KObject } from '../../k8s/types';
import { setOwn } from '../../k8s/own';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { isConfigMapKey } from '../../k8s/string-validation';
import { GENERATOR_WRITE_FLAGS } from './common';
import { addEnvFiles, addFiles, addLiterals, contentHash, type AddKey } from './data-sources';

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

/** addKeyFromLiteralToSecret: validation.IsConfigMapKey (its messages joined by ";"), then no duplicate key. */
function addKey(data: Record<string, string>, key: string, value: string): void {
  const errs = isConfigMapKey(key);
  if (errs.length) throw plainError(`"${key}" is not valid key name for a Secret ${errs.join(';')}`);
  if (Object.hasOwn(data, key)) throw plainError(`cannot add key ${key}, another key by that name already exists`);
  setOwn(data, key, base64Encode(value));
}

/** The Secret of `create secret <type> NAME`, or a CmdError with kubectl's validation message. */
export function buildSecret(env: Env, type: SecretType, flags: Flags, name: string, namespace: string): KObject {
  const data: Record<string, string> = {};
  const add: AddKey = (key, value) => addKey(data, key, value);
  let secretType: string;
  switch (type) {
    case 'generic': {
      const files = flags.list('from-file');
      const literals = flags.list('from-literal');
      const envFiles = flags.list('from-env-file');
      if (envFiles.length && (files.length || literals.length)) throw plainError('from-env-file cannot be combined with from-file or from-literal');
      addLiterals(literals, add);
      addFiles(env.files, files, add);
      addEnvFiles(env.files, envFiles, add, 'secret');
      secretType = flags.str('type');
      break;
    }
    case 'docker-registry': {
      const files = flags.list('from-file');
      const [user, password, server] = [flags.str('docker-username'), flags.str('docker-password'), flags.str('docker-server', 'https://index.docker.io/v1/')];
      if (files.length === 0 && (!user || !password || !server)) {
        throw plainError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
      }
      if (files.length) addFiles(env.files, files, add);
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
  // SecretHash: the kind, type, name and data (as base64, as json.Marshal writes []byte).
  const named = flags.bool('append-hash') ? `${name}-${contentHash({ kind: 'Secret', type: secretType, name, data })}` : name;
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: named, namespace }, data, ...(secretType ? { type: secretType } : {}) };
}
