/**
 * `kubeadm` in the node's shell (kubernetes/kubernetes cmd/kubeadm, v1.36 as the cluster): the
 * day-2 commands on a kubeadm machine — `version [-o short|json|yaml]`, `certs check-expiration`
 * (kubeadm-certs.ts), `certs renew` (kubeadm-renew.ts), `token list|create|delete|generate`
 * (kubeadm-token.ts). The same binary on a
 * worker, where there is no admin.conf: the token commands fail as clientcmd does, and
 * check-expiration finds the certificates missing. A word that is no kubeadm command is cobra's
 * `unknown command` error with its suggestions; the commands that build or change the cluster
 * (init, join, reset, upgrade, …) say that they are not modelled here.
 */
import { BUILD_INFO, GIT_VERSION, MAJOR, MINOR } from '../../k8s/version';
import { unknownCommandText } from '../../k8s/cobra-suggest';
import { toYaml } from '../../k8s/printers/yaml';
import type { World } from '../world';
import { stat } from '../images/fs';
import type { NodeDisk, ShellIo } from './io';
import { checkExpiration } from './kubeadm-certs';
import { kubeadmError, parseFlags } from './kubeadm-client';
import { renew } from './kubeadm-renew';
import { token } from './kubeadm-token';

/** NewKubeadmCommand's subcommands in the order it adds them, then cobra's `help` (cobra suggests from these). */
const COMMANDS = ['certs', 'completion', 'config', 'init', 'join', 'reset', 'version', 'token', 'upgrade', 'kubeconfig', 'help'];

/** cobra's legacyArgs error for the root command, with findSuggestions' list. */
function unknownCommand(io: ShellIo, word: string): number {
  return kubeadmError(io, unknownCommandText(word, 'kubeadm', COMMANDS.map((name) => ({ name }))));
}

/** `%#v` of the version.Info kubeadm was built with (component-base/version.Get). */
function versionGoSyntax(): string {
  const b = BUILD_INFO;
  return `&version.Info{Major:"${MAJOR}", Minor:"${MINOR}", EmulationMajor:"", EmulationMinor:"", MinCompatibilityMajor:"", MinCompatibilityMinor:"", GitVersion:"${GIT_VERSION}", GitCommit:"${b.gitCommit}", GitTreeState:"${b.gitTreeState}", BuildDate:"${b.buildDate}", GoVersion:"${b.goVersion}", Compiler:"${b.compiler}", Platform:"${b.platform}"}`;
}

/** RunVersion: `%#v`, the GitVersion, or the Version struct as JSON (MarshalIndent) or YAML (sorted keys); a blank emulation field is omitted. */
function version(args: string[], io: ShellIo): number {
  const parsed = parseFlags(args, ['output'], [], { o: 'output' });
  if ('error' in parsed) return kubeadmError(io, parsed.error);
  if (parsed.rest.length) return kubeadmError(io, `unknown command "${parsed.rest[0]}" for "kubeadm version"`);
  const info = { major: MAJOR, minor: MINOR, gitVersion: GIT_VERSION, ...BUILD_INFO };
  const of = parsed.flags.get('output') ?? '';
  switch (of) {
    case '':
      io.out(`kubeadm version: ${versionGoSyntax()}\n`);
      return 0;
    case 'short':
      io.out(`${GIT_VERSION}\n`);
      return 0;
    case 'json':
      io.out(`${JSON.stringify({ clientVersion: info }, null, 2)}\n`);
      return 0;
    case 'yaml':
      // sigs.k8s.io/yaml ends with a newline and Fprintln adds one: a blank line.
      io.out(`${toYaml({ clientVersion: info })}\n`);
      return 0;
    default:
      return kubeadmError(io, `invalid output format: ${of}`);
  }
}

/** A file as kubeadm opens it: this command line's view of the node's disk. */
function reader(disk: NodeDisk): (p: string) => string | undefined {
  return (p) => {
    const s = stat(disk.layer, disk.base, p);
    return s.kind === 'file' ? s.content : undefined;
  };
}

function certs(w: World, node: string, args: string[], disk: NodeDisk, io: ShellIo): number {
  const [sub, ...rest] = args;
  if (sub === 'check-expiration') return checkExpiration(w, node, rest, reader(disk), io);
  if (sub === 'renew') return renew(w, node, rest, disk, io);
  if (sub === 'certificate-key' || sub === 'generate-csr') {
    io.err(`kubeadm certs ${sub}: not modelled here (check-expiration and renew are)\n`);
    return 1;
  }
  io.err('kubeadm certs: the help text is not modelled here; check-expiration and renew are the modelled commands\n');
  return 1;
}

export function kubeadm(w: World, node: string, args: string[], io: ShellIo, disk: NodeDisk): number {
  // Global flags (-v, --rootfs) are accepted and change nothing here.
  const words = args.filter((a, i) => !/^(-v|--v|--rootfs)(=|$)/.test(a) && !/^(-v|--v|--rootfs)$/.test(args[i - 1] ?? ''));
  const [cmd, ...rest] = words;
  switch (cmd) {
    case 'version':
      return version(rest, io);
    case 'certs':
    case 'certificates':
      return certs(w, node, rest, disk, io);
    case 'token':
      return token(w, node, rest, reader(disk), io);
    case 'init':
    case 'join':
    case 'reset':
    case 'upgrade':
    case 'config':
    case 'kubeconfig':
    case 'completion':
    case 'alpha':
      io.err(`kubeadm ${cmd}: not modelled here (the simulated cluster is built and upgraded by the simulator)\n`);
      return 1;
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.err('kubeadm: the help text is not modelled here; the modelled commands are version, certs check-expiration and token\n');
      return 1;
    default:
      if (cmd.startsWith('-')) return kubeadmError(io, cmd.startsWith('--') ? `unknown flag: ${cmd.split('=')[0]}` : `unknown shorthand flag: '${cmd[1]}' in ${cmd}`);
      return unknownCommand(io, cmd);
  }
}
