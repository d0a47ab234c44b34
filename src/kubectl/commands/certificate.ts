/**
 * `kubectl certificate approve|deny NAME... [-f FILE] [--force] [-o …]` (kubectl's
 * pkg/cmd/certificates): fetch each CertificateSigningRequest, add an `Approved` condition
 * (reason KubectlApprove, "This CSR was approved by kubectl certificate approve.") or a `Denied`
 * one (KubectlDeny), and send it through the approval subresource (UpdateApproval). A request
 * that already has the condition is left alone unless --force, and still printed; one with the
 * opposite condition is `certificate signing request "x" is already Denied`. A conflict is
 * retried (ten times) on a fresh copy. Errors are collected and printed after the rest
 * (ContinueOnError), and a run that found nothing says `No resources found`.
 * `kubectl certificate` alone prints its help to stdout, exit 0 (its Run is cmd.Help()).
 */
import type { CertificateSigningRequest } from '../../k8s/certificates';
import { resourceInfo } from '../../k8s/resources';
import type { KObject } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';
import { kubectlHelp, loadKubectlHelp } from '../help/load';
import { checkOutput, FILENAME_FLAG, OUTPUT_FLAG, printResult, TEMPLATE_FLAGS } from './common';
import { collectTargets } from './targets';

const CSRS = resourceInfo('certificatesigningrequests')!;

export const CERTIFICATE_SUBCOMMANDS = ['approve', 'deny'] as const;

export const CERTIFICATE_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'force', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
];

const CHANGE = {
  approve: { mustNot: 'Denied', type: 'Approved', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.', done: 'approved' },
  deny: { mustNot: 'Approved', type: 'Denied', reason: 'KubectlDeny', message: 'This CSR was denied by kubectl certificate deny.', done: 'denied' },
} as const;

function help(env: Env): number {
  const text = kubectlHelp()?.topics['certificate'];
  if (!text) void loadKubectlHelp();
  env.out.out(text ?? "Run 'kubectl certificate --help' for usage.\n");
  return 0;
}

/** One request's change, retried on a conflict; a Failure when it cannot be made. */
function modify(env: Env, csr: CertificateSigningRequest, change: (typeof CHANGE)[keyof typeof CHANGE], force: boolean): Failure | undefined {
  let current = csr;
  for (let i = 0; ; i++) {
    const conditions = current.status?.conditions ?? [];
    const blocking = conditions.find((c) => c.type === change.mustNot);
    if (blocking) return { text: `certificate signing request ${JSON.stringify(current.metadata.name)} is already ${blocking.type}` };
    if (conditions.some((c) => c.type === change.type) && !force) return undefined;
    const next = { ...current, status: { ...current.status, conditions: [...conditions, { type: change.type, status: 'True', reason: change.reason, message: change.message, lastUpdateTime: rfc3339(env.sim.now) }] } };
    const res = env.client.update(CSRS, undefined, next as KObject, false, 'approval');
    if (res.ok) return undefined;
    if (!('network' in res.error) && res.error.code === 409 && i < 10) {
      const again = env.client.get(CSRS, undefined, current.metadata.name ?? '');
      if (!again.ok) return { api: again.error };
      current = again.value as CertificateSigningRequest;
      continue;
    }
    return { api: res.error };
  }
}

export function runCertificate(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub !== 'approve' && sub !== 'deny') return help(env);
  const flags = parseFlags(argv.slice(1), CERTIFICATE_FLAGS, `kubectl certificate ${sub}`);
  checkOutput(flags, env.files);
  if (flags.args.length === 0 && !usesFiles(flags)) throw plainError('one or more CSRs must be specified as <name> or -f <filename>');
  const targets = collectTargets(env, flags, flags.args.length ? ['certificatesigningrequests', ...flags.args] : []);
  const errors: Failure[] = [...targets.errors];
  let found = 0;
  for (const t of targets.items) {
    if (t.info !== CSRS) {
      errors.push({ text: `can only handle CertificateSigningRequest.certificates.k8s.io objects, got ${t.info.group ? `${t.info.kind}.${t.info.group}` : t.info.kind}` });
      continue;
    }
    const failed = modify(env, t.obj as CertificateSigningRequest, CHANGE[sub], flags.bool('force'));
    if (failed) {
      errors.push(failed);
      continue;
    }
    found++;
    // PrintObj(info.Object): the request as fetched, named with the operation.
    printResult(env, flags, CSRS, t.obj, CHANGE[sub].done);
  }
  if (found === 0 && errors.length === 0) env.out.out('No resources found\n');
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
