/**
 * `openssl rsa` and `openssl dgst` as far as kubeadm's documented CA-hash pipeline needs them:
 * `openssl x509 -pubkey -in ca.crt | openssl rsa -pubin -outform der 2>/dev/null | openssl dgst
 * -sha256 -hex`. DER travels through a pipe as one character per byte (what `rsa -outform der`
 * writes), and `dgst` hashes a text's characters as bytes (UTF-8 when one is beyond a byte).
 * Texts and exit codes recorded from OpenSSL 3.0.19 on the laptop the formats come from.
 * Approximate: `rsa` only converts a public key (`-pubin`) or takes a private key's public half
 * (`-pubout`); `dgst` knows SHA-256 only.
 */
import { pemDecode, pemEncode } from '../../k8s/der';
import { parsePublicKeyDer, publicKeyDer, publicKeyOfPrivate } from '../../k8s/pkix';
import { sha256 } from '../../k8s/sha256';
import { utf8Bytes } from '../../k8s/utf8';
import { stat, writeFile } from './fs';
import { path, type ToolEnv } from './tool-types';

const ERR = '800B7EA6AA7F0000';

function readFile(env: ToolEnv, file: string): string | undefined {
  const st = stat(env.fs, env.base, path(env, file));
  return st.kind === 'file' ? st.content : undefined;
}

/** Text as the bytes a file or pipe holds: one per character, UTF-8 when a character does not fit a byte. */
function bytesOf(text: string): number[] {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return utf8Bytes(text);
  return Array.from(text, (c) => c.charCodeAt(0));
}

export function rsa(args: string[], env: ToolEnv): number {
  let inFile: string | undefined;
  let outFile: string | undefined;
  let outform = 'pem';
  let pubin = false;
  let pubout = false;
  let noout = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-in') inFile = args[++i];
    else if (a === '-out') outFile = args[++i];
    else if (a === '-outform') outform = (args[++i] ?? '').toLowerCase();
    else if (a === '-pubin') pubin = true;
    else if (a === '-pubout') pubout = true;
    else if (a === '-noout') noout = true;
    else {
      env.io.err(`rsa: this simulated openssl supports -in, -out, -outform der|pem, -pubin, -pubout and -noout only\n`);
      return 1;
    }
  }
  if (!pubin && !pubout) {
    env.io.err('rsa: this simulated openssl converts public keys only (-pubin, or -pubout from a private key)\n');
    return 1;
  }
  const text = inFile === undefined ? env.io.stdin : readFile(env, inFile);
  const block = text === undefined ? undefined : pemDecode(text);
  const key = block ? (pubin ? (block.label === 'PUBLIC KEY' ? parsePublicKeyDer(block.der) : undefined) : publicKeyOfPrivate(block.der, block.label)) : undefined;
  if (!key || key.alg !== 'rsa') {
    env.io.err(`Could not read ${pubin ? 'public' : 'private'} key from ${inFile ?? '<stdin>'}\n`);
    return 1;
  }
  if (noout) return 0;
  env.io.err('writing RSA key\n');
  const der = publicKeyDer(key);
  const out = outform === 'der' ? String.fromCharCode(...der) : pemEncode('PUBLIC KEY', der);
  if (outFile === undefined) env.io.out(out);
  else writeFile(env.fs, env.base, path(env, outFile), out, false);
  return 0;
}

export function dgst(args: string[], env: ToolEnv): number {
  let name = 'SHA256';
  let coreutils = false;
  const files: string[] = [];
  for (const a of args) {
    if (a === '-sha256') name = 'SHA2-256';
    else if (a === '-hex') continue;
    else if (a === '-r') coreutils = true;
    else if (a.startsWith('-')) {
      env.io.err(`dgst: this simulated openssl supports -sha256, -hex and -r only\n`);
      return 1;
    } else files.push(a);
  }
  const line = (label: string, text: string): string => {
    const hex = [...sha256(bytesOf(text))].map((b) => b.toString(16).padStart(2, '0')).join('');
    return coreutils ? `${hex} *${label}\n` : `${name}(${label})= ${hex}\n`;
  };
  if (!files.length) {
    env.io.out(line('stdin', env.io.stdin));
    return 0;
  }
  let code = 0;
  for (const f of files) {
    const text = readFile(env, f);
    if (text === undefined) {
      env.io.err(`${f}: No such file or directory\n${ERR}:error:80000002:system library:file_ctrl:No such file or directory:../crypto/bio/bss_file.c:297:calling fopen(${f}, r)\n${ERR}:error:10080002:BIO routines:file_ctrl:system lib:../crypto/bio/bss_file.c:300:\n`);
      code = 1;
    } else env.io.out(line(f, text));
  }
  return code;
}
