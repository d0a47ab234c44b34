/**
 * `kubectl cp <file-spec-src> <file-spec-dest>` as kubectl 1.36 does it (pkg/cmd/cp/cp.go): no
 * copy protocol of its own, only `pods/exec` and the container's tar.
 *
 * From a Pod: one exec of `tar cf - SRC` (with --retries, `sh -c "tar cf - SRC | tail -c+N"`),
 * whose stdout is read as an archive and unpacked on the workstation with cp.go's untarAll rules —
 * the member names lose the source's prefix, so the destination is the copy itself, never a
 * directory to copy into. The exec's stderr and the container-default notice go to kubectl's
 * *stdout* (the tar pipe's ErrOut is o.Out). The exec runs in a goroutine whose failure races the
 * unpacking; a tar that still closes its archive (a missing source) loses that race, so kubectl
 * prints tar's messages and exits 0 (kubernetes/kubectl#980). When no archive arrives (no tar in
 * the image) the exec's exit status wins.
 *
 * To a Pod: the local source must exist, an exec of `test -d DEST` (output discarded, any failure
 * meaning "no") decides whether DEST is a directory to copy into, then Go's archive/tar stream of
 * the source, named after the destination's base, is the stdin of `tar -xmf - -C DIR`.
 */
import type { Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { readTar, writeTar, type ExecChunk, type TarMember, type Workstation } from '../../engine/index';
import { utf8Length } from '../../k8s/utf8';
import { EPOCH_MS } from '../../k8s/time';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { containerOf } from './exec';
import { ancestry, base, clean, dir, extractFileSpec, inside, join, remotePath, stripLeadingSlash, stripPathShortcuts, type FileSpec } from './cp-paths';

export const CP_FLAGS: FlagDef[] = [
  { name: 'container', short: 'c', kind: 'string', values: 'containers' },
  { name: 'no-preserve', kind: 'bool' },
  { name: 'retries', kind: 'int' },
];

const PODS = resourceInfo('pods')!;
/** Go's FileInfoHeader modes: the permission bits with c_ISREG / c_ISDIR. */
const GO_FILE_MODE = 0o100644;
const GO_DIR_MODE = 0o40755;
/** The learner's account on the workstation, as archive/tar records the files' owner. */
const LEARNER = { uid: 1000, gid: 1000, uname: 'learner', gname: 'learner' };

interface Copy {
  env: Env;
  ws: Workstation;
  namespace: string;
  container: string;
  noPreserve: boolean;
  retries: number;
}

interface Ran {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Both, as written. */
  streams: ExecChunk[];
}

/**
 * ExecOptions.Run: the Pod, its phase, its container (the defaulting notice to `notice`), then
 * one `POST pods/<name>/exec`. A failure before the command runs is thrown, as CheckErr prints it.
 */
function execute(c: Copy, spec: FileSpec, command: string[], stdin: string | undefined, notice: (text: string) => void): Ran {
  const { env } = c;
  const namespace = spec.namespace || c.namespace;
  const got = env.client.get(PODS, namespace, spec.pod);
  if (!got.ok) throw new CmdError(fatalText(got.error));
  const pod = got.value as Pod;
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw plainError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  const container = containerOf(env, pod, c.container, false, notice);
  const res = env.client.raw({
    verb: 'create',
    resource: 'pods',
    subresource: 'exec',
    namespace,
    name: spec.pod,
    execOptions: { container, command, ...(stdin !== undefined ? { stdin } : {}) },
  });
  if (!res.ok) throw new CmdError(fatalText(res.error));
  const outcome = res.exec;
  if (!outcome) return { exitCode: 0, stdout: '', stderr: '', streams: [] };
  if (outcome.type === 'upgrade-failed') throw plainError(`unable to upgrade connection: ${outcome.message}`);
  const streams = outcome.streams ?? [{ stream: 'stdout', text: outcome.output }];
  const of = (s: ExecChunk['stream']): string => streams.filter((c) => c.stream === s).map((c) => c.text).join('');
  // tar never waits on anything; one that did would be killed with its container (137).
  return { exitCode: outcome.type === 'running' ? 137 : outcome.exitCode, stdout: of('stdout'), stderr: of('stderr'), streams };
}

const terminated = (code: number): CmdError => new CmdError(`command terminated with exit code ${code}\n`, code);

export function runCp(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, CP_FLAGS, 'kubectl cp');
  if (flags.args.length !== 2) throw plainError('source and destination are required');
  const src = extractFileSpec(flags.args[0]!);
  const dest = extractFileSpec(flags.args[1]!);
  if (src.pod && dest.pod) throw plainError('one of src or dest must be a local file specification');
  if (src.file === '' || dest.file === '') throw plainError('filepath can not be empty');
  if (!src.pod && !dest.pod) throw plainError('one of src or dest must be a remote file specification');
  if (!env.workstation) throw plainError('kubectl cp needs a local filesystem, which this caller has not given');
  const c: Copy = { env, ws: env.workstation, namespace: namespaceOf(env, flags), container: flags.str('container'), noPreserve: flags.bool('no-preserve'), retries: flags.int('retries', 0) };
  if (src.pod) copyFromPod(c, src, dest.file);
  else copyToPod(c, src.file, dest);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// From a Pod
// ---------------------------------------------------------------------------------------------

/** A negative --retries retries for ever; the simulation stops after this many. */
const ENDLESS_RETRIES = 10;

/** TarPipe: the archive as read, re-execed from the byte it stopped at while retries remain. */
function readFromPod(c: Copy, src: FileSpec): TarMember[] {
  const { env } = c;
  const notice = (t: string): void => env.out.out(t);
  let stream = '';
  let tries = 0;
  for (;;) {
    const command = c.retries !== 0 ? ['sh', '-c', `tar cf - ${src.file} | tail -c+${tries === 0 ? 0 : utf8Length(stream) + 1}`] : ['tar', 'cf', '-', src.file];
    const ran = execute(c, src, command, undefined, notice);
    env.out.out(ran.stderr);
    stream += ran.stdout;
    const read = readTar(stream);
    if (read.ok) return read.members;
    if (ran.exitCode !== 0) throw terminated(ran.exitCode);
    const limit = c.retries < 0 ? ENDLESS_RETRIES : c.retries;
    if (read.error !== 'not-tar' && tries < limit) {
      tries++;
      env.out.out(`Resuming copy at ${utf8Length(stream)} bytes, retry ${tries}/${c.retries}\n`);
      continue;
    }
    if (c.retries !== 0 && read.error !== 'not-tar') env.out.out(`Dropping out copy after ${tries} retries\n`);
    if (read.error === 'empty') return [];
    throw plainError(read.error === 'not-tar' ? 'archive/tar: invalid tar header' : 'unexpected EOF');
  }
}

/** os.MkdirAll on the workstation, with Go's PathError texts. */
function mkdirAll(ws: Workstation, path: string): void {
  for (const p of ancestry(path)) {
    const s = ws.stat(p);
    if (s.kind === 'dir') continue;
    if (s.kind === 'file') throw plainError(`mkdir ${p}: not a directory`);
    // Outside home and /tmp the laptop's system directories are taken to exist: the write into them is what fails.
    if (ws.writable(p)) ws.makeDir(p);
  }
}

function copyFromPod(c: Copy, src: FileSpec, destFile: string): void {
  const { env, ws } = c;
  const members = readFromPod(c, src);
  const prefix = stripPathShortcuts(clean(stripLeadingSlash(src.file)));
  let symlinkWarned = false;
  for (const m of members) {
    if (!m.name.startsWith(prefix)) throw plainError('tar contents corrupted');
    const target = join(destFile, remotePath(m.name.slice(prefix.length)));
    if (!inside(destFile, target)) {
      env.out.err(`warning: file ${JSON.stringify(target)} is outside target destination, skipping\n`);
      continue;
    }
    mkdirAll(ws, dir(target));
    if (m.type === 'dir') {
      mkdirAll(ws, target);
      continue;
    }
    if (m.type === 'symlink') {
      // untarAll names the namespace as the spec wrote it: `-n ""` for `POD:PATH` (cp.go).
      const ns = src.namespace;
      env.out.err(
        symlinkWarned
          ? `warning: skipping symlink: ${JSON.stringify(target)} -> ${JSON.stringify(m.linkname ?? '')}\n`
          : `warning: skipping symlink: ${JSON.stringify(target)} -> ${JSON.stringify(m.linkname ?? '')} (consider using "kubectl exec -n ${JSON.stringify(ns)} ${JSON.stringify(src.pod)} -- tar cf - ${JSON.stringify(src.file)} | tar xf -")\n`,
      );
      symlinkWarned = true;
      continue;
    }
    const s = ws.stat(target);
    if (s.kind === 'dir') throw plainError(`open ${target}: is a directory`);
    if (!ws.writable(target)) throw plainError(`open ${target}: permission denied`);
    ws.writeFile(target, m.content);
  }
}

// ---------------------------------------------------------------------------------------------
// To a Pod
// ---------------------------------------------------------------------------------------------

/** recursiveTar: files (and empty directories) named from the destination's base; no entries for non-empty directories. */
function tarMembers(ws: Workstation, srcPath: string, destName: string, out: TarMember[]): void {
  const s = ws.stat(srcPath);
  if (s.kind === 'file') {
    out.push({ name: destName, type: 'file', content: s.content, mode: GO_FILE_MODE });
    return;
  }
  if (s.kind !== 'dir') return;
  const names = ws.entries(srcPath);
  if (names.length === 0) out.push({ name: destName, type: 'dir', content: '', mode: GO_DIR_MODE });
  for (const n of names) tarMembers(ws, join(srcPath, n), join(destName, n), out);
}

function copyToPod(c: Copy, srcFile: string, dest: FileSpec): void {
  const { env, ws } = c;
  if (ws.stat(srcFile).kind === 'none') throw plainError(`${srcFile} doesn't exist in local filesystem`);
  let destFile = dest.file;
  try {
    if (execute(c, dest, ['test', '-d', dest.file], undefined, () => {}).exitCode === 0) destFile = join(destFile, base(srcFile));
  } catch {
    // checkDestinationIsDir: any failure only means the destination is not known to be a directory.
  }
  const members: TarMember[] = [];
  tarMembers(ws, clean(srcFile), base(clean(destFile)), members);
  const archive = writeTar(members, { ...LEARNER, mtime: Math.floor((EPOCH_MS + env.sim.now) / 1000) });
  const command = c.noPreserve ? ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-'] : ['tar', '-xmf', '-'];
  const destDir = dir(destFile);
  if (destDir !== '') command.push('-C', destDir);
  const ran = execute(c, dest, command, archive, (t) => env.out.err(t));
  for (const c of ran.streams) {
    if (c.stream === 'stderr') env.out.err(c.text);
    else env.out.out(c.text);
  }
  if (ran.exitCode !== 0) throw terminated(ran.exitCode);
}
