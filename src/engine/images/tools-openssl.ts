/**
 * `openssl` on the learner's laptop (OpenSSL 3.0.19, as `openssl version` prints on the machine
 * the formats were recorded on): the subset a user's client certificate needs — `genrsa [-out F]
 * [bits]`, `req -new -key F -subj /CN=…/O=… [-out F]`, `req -in F -noout -text|-subject`, `x509
 * -in F -noout -text|-subject|-issuer|-enddate|-startdate|-serial|-dates|-pubkey`, `version`, and
 * kubeadm's CA-hash pipeline's `rsa -pubin -outform der` and `dgst -sha256` (tools-openssl-digest.ts). Keys,
 * requests and certificates are real DER (k8s/pkix.ts) but carry no cryptography: a key's modulus
 * is bytes seeded from the simulated clock and the output path (so a replay writes the same
 * key), and a request's signature is bytes derived from what it signs. Texts and exit codes are
 * openssl's, recorded there; the error-queue lines carry a fixed thread address.
 * Approximate: `req -new` without `-subj` does not prompt (it says so and fails); no passphrases,
 * other key types, or `-x509`/`ca` signing.
 */
import { pemDecode, pemEncode } from '../../k8s/der';
import { csrDer, csrInfoDer, parseCertificateRequest, parseX509, publicKeyDer, publicKeyOfPrivate, rsaPrivateKeyDer, type PublicKey } from '../../k8s/pkix';
import { nameOneLine, parseSubjectArg } from '../../k8s/pkix-name';
import { fnv1a, sha256 } from '../../k8s/sha256';
import { nextUint32, seedRng } from '../core/rng';
import { stat, writeFile } from './fs';
import { path, type Tool, type ToolEnv } from './tool-types';
import { dgst, rsa } from './tools-openssl-digest';
import { opensslCertificateText, opensslDate, opensslRequestText } from './openssl-text';

const ERR = '800B7EA6AA7F0000';

function readIn(env: ToolEnv, file: string | undefined): string | undefined {
  if (file === undefined) return env.io.stdin;
  const st = stat(env.fs, env.base, path(env, file));
  return st.kind === 'file' ? st.content : undefined;
}

function writeOut(env: ToolEnv, file: string | undefined, text: string, cmd: string): boolean {
  if (file === undefined) {
    env.io.out(text);
    return true;
  }
  try {
    writeFile(env.fs, env.base, path(env, file), text, false);
    return true;
  } catch {
    env.io.err(`${cmd}: Can't open "${file}" for writing, No such file or directory\n`);
    return false;
  }
}

function seededBytes(seed: number, n: number): number[] {
  const rng = seedRng(seed);
  return Array.from({ length: n }, () => nextUint32(rng) & 0xff);
}

/** Options of the form `-name value` or `-flag`, in order. */
function options(args: string[], valued: readonly string[]): { opts: [string, string | undefined][]; rest: string[]; bad?: string } {
  const opts: [string, string | undefined][] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-')) rest.push(a);
    else if (valued.includes(a)) opts.push([a, args[++i]]);
    else opts.push([a, undefined]);
  }
  return { opts, rest };
}

const opt = (o: [string, string | undefined][], name: string): string | undefined => o.find(([k]) => k === name)?.[1];
const has = (o: [string, string | undefined][], name: string): boolean => o.some(([k]) => k === name);

function genrsa(args: string[], env: ToolEnv): number {
  const { opts, rest } = options(args, ['-out']);
  const bitsArg = rest[0] ?? '2048';
  if (!/^\d+$/.test(bitsArg)) {
    env.io.err(`genrsa: Can't parse "${bitsArg}" as a number\n`);
    return 1;
  }
  const bytes = Math.max(64, Math.floor(Number(bitsArg) / 8));
  const out = opt(opts, '-out');
  const seed = fnv1a(`${env.clock}|${out ?? '-'}|${bitsArg}`);
  const modulus = seededBytes(seed, bytes);
  modulus[0]! |= 0x80;
  modulus[bytes - 1]! |= 1;
  let n = 1;
  const pem = pemEncode('PRIVATE KEY', rsaPrivateKeyDer(modulus, (len) => seededBytes(seed ^ (0x9e3779b9 * n++), len)));
  return writeOut(env, out, pem, 'genrsa') ? 0 : 1;
}

function loadKey(env: ToolEnv, file: string): PublicKey | undefined {
  const text = readIn(env, file);
  if (text === undefined) {
    env.io.err(`Could not open file or uri for loading private key from ${file}\n${ERR}:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n${ERR}:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:266:calling stat(${file})\n`);
    return undefined;
  }
  const block = pemDecode(text);
  const key = block ? publicKeyOfPrivate(block.der, block.label) : undefined;
  if (!key) env.io.err(`Could not read private key from ${file}\n`);
  return key;
}

function req(args: string[], env: ToolEnv): number {
  const { opts } = options(args, ['-key', '-subj', '-out', '-in']);
  if (has(opts, '-new')) {
    const keyFile = opt(opts, '-key');
    const subj = opt(opts, '-subj');
    if (subj === undefined || keyFile === undefined) {
      env.io.err('req: this simulated openssl needs -key FILE and -subj "/CN=…/O=…" (it does not prompt)\n');
      return 1;
    }
    const parsed = parseSubjectArg(subj);
    if (!parsed.ok) {
      env.io.err(`req: ${parsed.message}\n`);
      return 1;
    }
    for (const w of parsed.warnings) env.io.err(`req warning: ${w}\n`);
    const key = loadKey(env, keyFile);
    if (!key) return 1;
    const info = csrInfoDer(parsed.attrs, key);
    const digest = sha256(info);
    const sig = seededBytes((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!, key.alg === 'rsa' ? key.modulus.length : 72);
    const pem = pemEncode('CERTIFICATE REQUEST', csrDer(info, key, sig));
    if (has(opts, '-noout')) return 0;
    return writeOut(env, opt(opts, '-out'), pem, 'req') ? 0 : 1;
  }
  const file = opt(opts, '-in');
  const text = readIn(env, file);
  if (text === undefined) {
    env.io.err(`Can't open "${file}" for reading, No such file or directory\n${ERR}:error:80000002:system library:BIO_new_file:No such file or directory:../crypto/bio/bss_file.c:67:calling fopen(${file}, r)\n${ERR}:error:10000080:BIO routines:BIO_new_file:no such file:../crypto/bio/bss_file.c:75:\nUnable to load X509 request\n`);
    return 1;
  }
  const block = pemDecode(text);
  const csr = block?.label === 'CERTIFICATE REQUEST' ? parseCertificateRequest(block.der) : undefined;
  if (!csr || !block) {
    env.io.err(`Unable to load X509 request\n${ERR}:error:0480006C:PEM routines:get_name:no start line:../crypto/pem/pem_lib.c:760:Expecting: CERTIFICATE REQUEST\n`);
    return 1;
  }
  for (const [k] of opts) {
    if (k === '-text') env.io.out(opensslRequestText(csr));
    if (k === '-subject') env.io.out(`subject=${nameOneLine(csr.subject)}\n`);
  }
  if (!has(opts, '-noout')) env.io.out(pemEncode('CERTIFICATE REQUEST', [...block.der]));
  return 0;
}

function x509(args: string[], env: ToolEnv): number {
  const { opts } = options(args, ['-in']);
  const file = opt(opts, '-in');
  const text = readIn(env, file);
  if (text === undefined) {
    env.io.err(`Could not open file or uri for loading certificate from ${file}\n${ERR}:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n${ERR}:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:266:calling stat(${file})\nUnable to load certificate\n`);
    return 1;
  }
  const block = pemDecode(text);
  const cert = block?.label === 'CERTIFICATE' ? parseX509(block.der) : undefined;
  if (!cert || !block) {
    env.io.err(`Could not read certificate from ${file ?? '<stdin>'}\nUnable to load certificate\n`);
    return 1;
  }
  for (const [k] of opts) {
    if (k === '-text') env.io.out(opensslCertificateText(cert));
    if (k === '-subject') env.io.out(`subject=${nameOneLine(cert.subject)}\n`);
    if (k === '-issuer') env.io.out(`issuer=${nameOneLine(cert.issuer)}\n`);
    if (k === '-startdate' || k === '-dates') env.io.out(`notBefore=${opensslDate(cert.notBefore)}\n`);
    if (k === '-enddate' || k === '-dates') env.io.out(`notAfter=${opensslDate(cert.notAfter)}\n`);
    if (k === '-pubkey') env.io.out(pemEncode('PUBLIC KEY', publicKeyDer(cert.publicKey)));
    if (k === '-serial') env.io.out(`serial=${cert.serial.map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase()}\n`);
  }
  if (!has(opts, '-noout')) env.io.out(pemEncode('CERTIFICATE', [...block.der]));
  return 0;
}

export const openssl: Tool = (args, env) => {
  const [cmd, ...rest] = args;
  switch (cmd) {
    case 'genrsa':
      return { status: genrsa(rest, env) };
    case 'req':
      return { status: req(rest, env) };
    case 'x509':
      return { status: x509(rest, env) };
    case 'rsa':
      return { status: rsa(rest, env) };
    case 'dgst':
      return { status: dgst(rest, env) };
    case 'version':
      env.io.out('OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n');
      return { status: 0 };
    case undefined:
      // Approximate: openssl lists every command here (`help:` and its tables), exit 0.
      env.io.out('help:\n\nStandard commands\ndgst              genrsa            req               rsa               \nversion           x509              \n');
      return { status: 0 };
    default:
      env.io.err(`Invalid command '${cmd}'; type "help" for a list.\n`);
      return { status: 1 };
  }
};
