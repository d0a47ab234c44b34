/**
 * `kubectl config set PROPERTY_NAME PROPERTY_VALUE` and `kubectl config unset PROPERTY_NAME`
 * (pkg/cmd/config set.go, unset.go, navigation_step_parser.go): the name is read against
 * clientcmd's internal api.Config by its fields' json tags — a map key may contain dots, and runs
 * until the next part that is a field of the map's values (`clusters.10.0.0.10.server`) — and the
 * value is written by the field's Go kind: a string, a bool (strconv.ParseBool), bytes (base64
 * unless --set-raw-bytes). The internal names differ from the file's where the file says `as`
 * (`act-as`). Fields nothing here models (extensions, exec and auth-provider plugins, act-as-groups)
 * fail as kubectl fails on them, panics included. Recorded from kubectl v1.35.2
 * (config-set.test.ts cites the transcripts).
 */
import { base64Error, decodeBase64 } from '../../k8s/base64';
import { CmdError, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { utf8Bytes, type Kubeconfig, type KubeconfigAuthInfo, type KubeconfigCluster, type KubeconfigContext } from '../kubeconfig';
import { CONFIG_USAGE } from './config-usage';

export const SET_FLAGS: FlagDef[] = [{ name: 'set-raw-bytes', kind: 'bool' }];

type MapOf = 'clusters' | 'users' | 'contexts';

/** The Go kinds of api.Config's fields, as the navigation and modifyConfig switch on them. */
type GoType =
  | { kind: 'string' | 'bool' | 'bytes'; prop?: string }
  /** []string (act-as-groups), *ExecConfig / *AuthProviderConfig: present in the struct, never settable. */
  | { kind: 'strings' | 'ptr' }
  | { kind: 'struct'; name: string; fields: Readonly<Record<string, GoType>> }
  | { kind: 'map'; of: MapOf }
  /** map[string]runtime.Object (extensions), map[string][]string (act-as-user-extra). */
  | { kind: 'objects' | 'string-lists' };

const str = (prop?: string): GoType => (prop ? { kind: 'string', prop } : { kind: 'string' });
const EXTENSIONS: GoType = { kind: 'objects' };

/** api.Preferences. */
const PREFERENCES: GoType = { kind: 'struct', name: 'api.Preferences', fields: { colors: { kind: 'bool', prop: 'colors' }, extensions: EXTENSIONS } };
/** The struct types of the maps' values, by their json tags (`-` is LocationOfOrigin, never written). */
const VALUES: Readonly<Record<MapOf, GoType & { kind: 'struct' }>> = {
  clusters: {
    kind: 'struct',
    name: 'api.Cluster',
    fields: {
      '-': str(),
      server: str('server'),
      'tls-server-name': str('tlsServerName'),
      'insecure-skip-tls-verify': { kind: 'bool', prop: 'insecureSkipTlsVerify' },
      'certificate-authority': str('certificateAuthority'),
      'certificate-authority-data': { kind: 'bytes', prop: 'certificateAuthorityData' },
      'proxy-url': str('proxyUrl'),
      'disable-compression': { kind: 'bool', prop: 'disableCompression' },
      extensions: EXTENSIONS,
    },
  },
  users: {
    kind: 'struct',
    name: 'api.AuthInfo',
    fields: {
      '-': str(),
      'client-certificate': str('clientCertificate'),
      'client-certificate-data': { kind: 'bytes', prop: 'clientCertificateData' },
      'client-key': str('clientKey'),
      'client-key-data': { kind: 'bytes', prop: 'clientKeyData' },
      token: str('token'),
      tokenFile: str('tokenFile'),
      'act-as': str('as'),
      'act-as-uid': str('asUid'),
      'act-as-groups': { kind: 'strings' },
      'act-as-user-extra': { kind: 'string-lists' },
      username: str('username'),
      password: str('password'),
      'auth-provider': { kind: 'ptr' },
      exec: { kind: 'ptr' },
      extensions: EXTENSIONS,
    },
  },
  contexts: { kind: 'struct', name: 'api.Context', fields: { '-': str(), cluster: str('cluster'), user: str('user'), namespace: str('namespace'), extensions: EXTENSIONS } },
};
/** api.Config: kind and apiVersion are accepted and lost (the file is written as v1 Config). */
const CONFIG: GoType & { kind: 'struct' } = {
  kind: 'struct',
  name: 'api.Config',
  fields: {
    kind: str(),
    apiVersion: str(),
    preferences: PREFERENCES,
    clusters: { kind: 'map', of: 'clusters' },
    users: { kind: 'map', of: 'users' },
    contexts: { kind: 'map', of: 'contexts' },
    'current-context': str('currentContext'),
    extensions: EXTENSIONS,
  },
};

/** Where this kubectl binary's api.Preferences type descriptor lies: fmt prints a step's reflect.Type as that pointer. */
const TYPE_ADDRESSES: Readonly<Record<string, string>> = { 'api.Preferences': '0x210a5c0' };

interface Step {
  value: string;
  type: GoType;
}

/** A Go panic: its message, then the goroutine's stack as recorded (the real one's addresses change per run). */
class Panic extends CmdError {
  constructor(message: string, trace: string) {
    super(`panic: ${message}\n\ngoroutine 1 [running]:\n${trace}`, 2);
  }
}

/** The frames below `config set`'s Run, the same in every recorded panic but for their addresses. */
const COBRA_FRAMES = `k8s.io/kubectl/pkg/cmd/config.NewCmdConfigSet.func1(0xc000432c08?, {0xc000831e80?, 0x2?, 0x2?})
\tk8s.io/kubectl/pkg/cmd/config/set.go:79 +0xa6
github.com/spf13/cobra.(*Command).execute(0xc000432c08, {0xc000831e20, 0x2, 0x2})
\tgithub.com/spf13/cobra@v1.10.0/command.go:1019 +0xae7
github.com/spf13/cobra.(*Command).ExecuteC(0xc0002fc308)
\tgithub.com/spf13/cobra@v1.10.0/command.go:1148 +0x465
github.com/spf13/cobra.(*Command).Execute(...)
\tgithub.com/spf13/cobra@v1.10.0/command.go:1071
k8s.io/component-base/cli.run(0xc0002fc308)
\tk8s.io/component-base/cli/run.go:146 +0x23e
k8s.io/component-base/cli.RunNoErrOutput(...)
\tk8s.io/component-base/cli/run.go:82
main.main()
\tk8s.io/kubernetes/cmd/kubectl/kubectl.go:40 +0x37
`;

const NAVIGATION_PANIC = `reflect.elem(0xc0001f4770?)
\treflect/type.go:742 +0x9a
reflect.(*rtype).Elem(0x7ffe165a2a6d?)
\treflect/type.go:746 +0x15
k8s.io/kubectl/pkg/cmd/config.newNavigationSteps({0x7ffe165a2a6d, 0xc})
\tk8s.io/kubectl/pkg/cmd/config/navigation_step_parser.go:53 +0x28d
k8s.io/kubectl/pkg/cmd/config.setOptions.run({{0x28a0a40, 0xc00002e1e0}, {0x7ffe165a2a6d, 0xc}, {0x7ffe165a2a7a, 0x1}, 0x0})
\tk8s.io/kubectl/pkg/cmd/config/set.go:99 +0x145
${COBRA_FRAMES}`;

const MODIFY_PANIC = `k8s.io/kubectl/pkg/cmd/config.modifyConfig({0xc00042bc40?, 0xc0004541e8?, 0x2879880?}, 0xc000899020, {0x7ffecd0b2a7a, 0x1}, 0x0, 0x0)
\tk8s.io/kubectl/pkg/cmd/config/set.go:261 +0x8ae
k8s.io/kubectl/pkg/cmd/config.modifyConfig({0x2037640?, 0xc000454100?, 0xc000420698?}, 0xc000899020, {0x7ffecd0b2a7a, 0x1}, 0x0, 0x0)
\tk8s.io/kubectl/pkg/cmd/config/set.go:253 +0xbee
k8s.io/kubectl/pkg/cmd/config.modifyConfig({0x1e82e20?, 0xc0004e3a78?, 0x2879880?}, 0xc000899020, {0x7ffecd0b2a7a, 0x1}, 0x0, 0x0)
\tk8s.io/kubectl/pkg/cmd/config/set.go:177 +0x73e
k8s.io/kubectl/pkg/cmd/config.modifyConfig({0x2159480?, 0xc0004e3a40?, 0x0?}, 0xc000899020, {0x7ffecd0b2a7a, 0x1}, 0x0, 0x0)
\tk8s.io/kubectl/pkg/cmd/config/set.go:253 +0xbee
k8s.io/kubectl/pkg/cmd/config.setOptions.run({{0x28a0a40, 0xc000136320}, {0x7ffecd0b2a6a, 0xf}, {0x7ffecd0b2a7a, 0x1}, 0x0})
\tk8s.io/kubectl/pkg/cmd/config/set.go:109 +0x1b5
${COBRA_FRAMES}`;

/** newNavigationSteps: the path read against the types, before anything is changed. */
function navigationSteps(path: string): Step[] {
  const parts = path.split('.');
  const steps: Step[] = [];
  let type: GoType = CONFIG;
  for (let i = 0; i < parts.length; ) {
    if (type.kind === 'map') {
      // findNameStep: the key runs up to the first later part that names a field of the values.
      const values: GoType & { kind: 'struct' } = VALUES[type.of];
      const rest = parts.slice(i + 1);
      const field = rest.findIndex((p) => Object.hasOwn(values.fields, p));
      const name = parts.slice(i, field < 0 ? parts.length : i + 1 + field).join('.');
      steps.push({ value: name, type: values });
      i += name.split('.').length;
      type = values;
    } else if (type.kind === 'objects') {
      throw new Panic('reflect: Elem of invalid type runtime.Object', NAVIGATION_PANIC);
    } else if (type.kind === 'string-lists') {
      throw plainError('string is not of type struct');
    } else if (type.kind === 'struct') {
      const part = parts[i]!;
      if (!Object.hasOwn(type.fields, part)) {
        const after = steps.map((s) => `{${s.value} ${s.type.kind === 'struct' ? (TYPE_ADDRESSES[s.type.name] ?? '0x0') : '0x0'}}`).join(' ');
        throw plainError(`unable to parse ${path} after [${after}] at ${type.name}`);
      }
      steps.push({ value: part, type: type.fields[part]! });
      i++;
      type = type.fields[part]!;
    } else {
      throw plainError(`unable to parse one or more field values of ${path}`);
    }
  }
  return steps;
}

/** The fake heap addresses `%v` of a map of pointers prints: each run of the real one prints others. */
function goMap(names: readonly string[]): string {
  return `map[${[...names].sort().map((n, i) => `${n}:0xc000${(0x4b8820 + 0x50 * i).toString(16)}`).join(' ')}]`;
}

type Entry = KubeconfigCluster | KubeconfigAuthInfo | KubeconfigContext;

function newEntry(of: MapOf, name: string): Entry {
  if (of === 'clusters') return { name, server: '' };
  if (of === 'contexts') return { name, cluster: '', user: '' };
  return { name };
}

/** A struct's field as a writable slot: the model's property, or nothing (fields not modelled). */
type Obj = Record<string, unknown>;

/** strconv.ParseBool. */
function toBool(value: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw plainError(`strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
}

/** The zero value a field is unset to: required strings stay as "", the rest are left out. */
function zero(obj: Obj, prop: string): void {
  if (prop === 'server' || prop === 'cluster' || prop === 'user' || prop === 'currentContext') obj[prop] = '';
  else delete obj[prop];
}

interface Edit {
  k: Kubeconfig;
  steps: Step[];
  at: number;
  value: string;
  unset: boolean;
  rawBytes: boolean;
}

/** modifyConfig on a struct (the Config, Preferences or a map's entry). */
function modifyStruct(e: Edit, type: GoType & { kind: 'struct' }, obj: Obj): void {
  const step = e.steps[e.at++];
  const more = e.at < e.steps.length;
  const field = step ? type.fields[step.value] : undefined;
  if (!step || !field) {
    // Only api.Preferences can be reached without a step: `config set preferences x`.
    throw plainError(`unable to locate path config.navigationStep{stepValue:"", stepType:reflect.Type(nil)} under {${obj['colors'] === true} map[]}`);
  }
  if (!more && e.unset) {
    if (field.kind === 'map') e.k[field.of] = [];
    else if (field.kind === 'struct') delete obj['colors'];
    else if ('prop' in field && field.prop) zero(obj, field.prop);
    return;
  }
  switch (field.kind) {
    case 'struct':
      return modifyStruct(e, field, obj);
    case 'map':
      return modifyMap(e, field.of);
    case 'objects':
    case 'string-lists':
      throw plainError('can\'t set a map to a value: map[]');
    case 'strings':
      throw plainError('unrecognized slice type. string');
    case 'ptr':
      throw new Panic('unrecognized type: <nil>', MODIFY_PANIC);
    case 'string':
      if (field.prop) obj[field.prop] = e.value;
      return;
    case 'bool':
      obj[field.prop!] = toBool(e.value);
      return;
    case 'bytes': {
      if (e.rawBytes) {
        obj[field.prop!] = { kind: 'bytes', data: utf8Bytes(e.value) };
        return;
      }
      const bad = base64Error(e.value);
      if (bad) throw plainError(`error decoding input value: ${bad}`);
      obj[field.prop!] = { kind: 'bytes', data: decodeBase64(e.value) };
      return;
    }
  }
}

/** Deletes a map's key (SetMapIndex with no value). */
function remove(k: Kubeconfig, of: MapOf, name: string): void {
  if (of === 'clusters') k.clusters = k.clusters.filter((x) => x.name !== name);
  else if (of === 'users') k.users = k.users.filter((x) => x.name !== name);
  else k.contexts = k.contexts.filter((x) => x.name !== name);
}

/** modifyConfig on clusters, users or contexts: the step is the key. */
function modifyMap(e: Edit, of: MapOf): void {
  const list: Entry[] = e.k[of];
  const step = e.steps[e.at++];
  const more = e.at < e.steps.length;
  if (!step || (!more && !e.unset)) throw plainError(`can't set a map to a value: ${goMap(list.map((x) => x.name))}`);
  if (!more) {
    remove(e.k, of, step.value);
    return;
  }
  let entry = list.find((x) => x.name === step.value);
  if (!entry) {
    if (e.unset) throw plainError(`current map key \`${step.value}\` is invalid`);
    entry = newEntry(of, step.value);
    list.push(entry);
  }
  modifyStruct(e, VALUES[of], entry as unknown as Obj);
}

function edit(env: Env, path: string, value: string, unset: boolean, rawBytes: boolean): void {
  const steps = navigationSteps(path);
  const k = env.kubeconfig;
  modifyStruct({ k, steps, at: 0, value, unset, rawBytes }, CONFIG, k as unknown as Obj);
}

export function configSet(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SET_FLAGS, 'kubectl config set');
  if (flags.args.length !== 2) {
    env.out.out(CONFIG_USAGE.set);
    throw plainError(`Unexpected args: [${flags.args.join(' ')}]`);
  }
  const [path, value] = flags.args as [string, string];
  if (value === '') throw plainError('you cannot use set to unset a property');
  if (path === '') throw plainError('you must specify a property');
  edit(env, path, value, false, flags.bool('set-raw-bytes'));
  env.out.out(`Property ${JSON.stringify(path)} set.\n`);
  return 0;
}

export function configUnset(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, [], 'kubectl config unset');
  if (flags.args.length !== 1) {
    env.out.out(CONFIG_USAGE.unset);
    throw plainError(`Unexpected args: [${flags.args.join(' ')}]`);
  }
  const path = flags.args[0]!;
  if (path === '') throw plainError('you must specify a property');
  edit(env, path, '', true, true);
  env.out.out(`Property ${JSON.stringify(path)} unset.\n`);
  return 0;
}
