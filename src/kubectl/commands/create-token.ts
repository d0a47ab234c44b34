/**
 * `kubectl create token SERVICE_ACCOUNT_NAME` (create_token.go): POSTs a TokenRequest to the
 * serviceaccounts/token subresource and prints the token, or with `-o` the TokenRequest. Its
 * errors are plain (`failed to create token: %v` wraps the server's, so kubectl never prints
 * `Error from server`).
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { plainError } from '../errors';
import { namespaceOf, type Env } from '../env';
import type { FlagDef, Flags } from '../flags';
import { OUTPUT_FLAG, TEMPLATE_FLAGS, printResult } from './common';
import { always, inOrder, kind, value, type Order } from './typed-order';

export const CREATE_TOKEN_FLAGS: FlagDef[] = [
  { name: 'audience', kind: 'stringArray' },
  { name: 'duration', kind: 'duration' },
  { name: 'bound-object-kind', kind: 'string', values: ['Node', 'Pod', 'Secret'] },
  { name: 'bound-object-name', kind: 'string' },
  { name: 'bound-object-uid', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
];

/** boundObjectKinds: the kinds a token may be bound to, all core/v1. */
const BOUND_OBJECT_KINDS = ['Node', 'Pod', 'Secret'];

/** How the printers name what came back: `tokenrequest.authentication.k8s.io/<sa>`. */
const TOKEN_REQUEST = { resource: 'tokenrequests', kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', namespaced: true } as ResourceInfo;

/** TokenOptions.Validate, after Complete took the one NAME (create.ts checks it). */
function validate(flags: Flags): void {
  const ms = flags.duration('duration', 0);
  if (ms < 0) throw plainError('--duration must be greater than or equal to 0');
  if (ms % 1000 !== 0) throw plainError('--duration cannot be expressed in units less than seconds');
  if (flags.list('audience').some((a) => a === '')) throw plainError('--audience must not be an empty string');
  const kind = flags.str('bound-object-kind');
  if (kind === '') {
    if (flags.str('bound-object-name') !== '') throw plainError('--bound-object-name can only be set if --bound-object-kind is provided');
    if (flags.str('bound-object-uid') !== '') throw plainError('--bound-object-uid can only be set if --bound-object-kind is provided');
  } else {
    if (!BOUND_OBJECT_KINDS.includes(kind)) throw plainError(`supported --bound-object-kind values are ${BOUND_OBJECT_KINDS.join(', ')}`);
    if (flags.str('bound-object-name') === '') throw plainError('--bound-object-name is required if --bound-object-kind is provided');
  }
}

/** authenticationv1.TokenRequest: its spec's and status's fields have no omitempty, so unset ones are written as null. */
const TOKEN_REQUEST_ORDER: Order = kind({
  spec: value({ audiences: always(0, null), expirationSeconds: always(0, null), boundObjectRef: always({ kind: 0, apiVersion: 0, name: 0, uid: 0 }, null) }),
  status: value({ token: always(0, ''), expirationTimestamp: always(0, null) }),
});

const typedTokenRequest = (o: KObject): KObject => inOrder(o, TOKEN_REQUEST_ORDER) as KObject;

/** TokenOptions.Run for the ServiceAccount `name`. */
export function createToken(env: Env, flags: Flags, name: string): number {
  validate(flags);
  const seconds = flags.duration('duration', 0) / 1000;
  const kind = flags.str('bound-object-kind');
  const audiences = flags.list('audience');
  // What client-go sends: nil audiences and boundObjectRef marshal as null, a zero duration is left out.
  const body = {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { creationTimestamp: null },
    spec: {
      audiences: audiences.length ? audiences : null,
      ...(seconds > 0 ? { expirationSeconds: seconds } : {}),
      boundObjectRef: kind ? { kind, apiVersion: 'v1', name: flags.str('bound-object-name'), ...(flags.str('bound-object-uid') ? { uid: flags.str('bound-object-uid') } : {}) } : null,
    },
    status: { token: '', expirationTimestamp: null },
  } as unknown as KObject;
  const ns = namespaceOf(env, flags);
  const res = env.client.raw({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: ns, name, body });
  if (!res.ok) throw plainError(`failed to create token: ${'network' in res.error ? env.client.unsentText(res.error) : res.error.message}`);
  const out = res.object as (KObject & { status?: { token?: string } }) | undefined;
  const token = out?.status?.token ?? '';
  if (token === '') throw plainError('failed to create token: no token in server response');
  const output = flags.str('output');
  if (output === 'name') {
    // No RESTMapping of its own in the printers: the NamePrinter names the kind and group.
    env.out.out(`tokenrequest.authentication.k8s.io/${out!.metadata.name ?? ''}\n`);
    return 0;
  }
  if (output !== '') {
    printResult(env, flags, TOKEN_REQUEST, out!, 'created', typedTokenRequest);
    return 0;
  }
  // The terminal gets a newline after the token (printers.IsTerminal).
  env.out.out(`${token}\n`);
  return 0;
}
