import { describe, expect, it } from 'vitest';
import { CmdError } from './errors';
import { parseFlags, splitCommand, type FlagDef } from './flags';

const DEFS: FlagDef[] = [
  { name: 'output', short: 'o', kind: 'string' },
  { name: 'watch', short: 'w', kind: 'bool' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'replicas', kind: 'int' },
  { name: 'filename', short: 'f', kind: 'strings' },
  { name: 'dry-run', kind: 'string', noOptDefault: 'unchanged' },
];

function error(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as CmdError).text;
  }
  return '';
}

describe('pflag-style parsing', () => {
  it('accepts every value form and interleaved arguments', () => {
    const f = parseFlags(['pods', '-oyaml', '-n', 'kube-system', 'x', '--replicas=3', '-Aw', '-f', 'a.yaml,b.yaml', '--dry-run'], DEFS, 'kubectl get');
    expect(f.args).toEqual(['pods', 'x']);
    expect(f.str('output')).toBe('yaml');
    expect(f.str('namespace')).toBe('kube-system');
    expect(f.int('replicas', 0)).toBe(3);
    expect(f.bool('all-namespaces')).toBe(true);
    expect(f.bool('watch')).toBe(true);
    expect(f.list('filename')).toEqual(['a.yaml', 'b.yaml']);
    expect(f.str('dry-run')).toBe('unchanged');
  });

  it('keeps everything after -- as arguments', () => {
    const f = parseFlags(['x', '--', 'sh', '-c', 'echo'], DEFS, 'kubectl run');
    expect(f.args).toEqual(['x', 'sh', '-c', 'echo']);
    expect(f.afterDash).toEqual(['sh', '-c', 'echo']);
  });

  it('prints pflag errors with the help pointer', () => {
    expect(error(() => parseFlags(['--foo'], DEFS, 'kubectl get'))).toBe("error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n");
    expect(error(() => parseFlags(['-x'], DEFS, 'kubectl get'))).toBe("error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage.\n");
    expect(error(() => parseFlags(['--replicas=abc'], DEFS, 'kubectl scale'))).toBe(
      'error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl scale --help\' for usage.\n',
    );
    expect(error(() => parseFlags(['-o'], DEFS, 'kubectl get'))).toBe("error: flag needs an argument: 'o' in -o\nSee 'kubectl get --help' for usage.\n");
  });

  it('finds the command word after leading global flags', () => {
    expect(splitCommand(['-n', 'kube-system', 'get', 'pods'])).toEqual({ words: ['get'], rest: ['-n', 'kube-system', 'pods'] });
  });

  it('finds a two-word command path wherever the flags sit, as cobra does', () => {
    const create = { flags: [{ name: 'image', kind: 'stringArray' as const }, { name: 'dry-run', kind: 'string' as const, noOptDefault: 'unchanged' }], subcommands: ['deployment', 'configmap'] };
    const commandOf = (w: string): typeof create | undefined => (w === 'create' ? create : undefined);
    expect(splitCommand(['-n', 'default', 'create', 'deployment', 'x', '--image=nginx'], commandOf)).toEqual({ words: ['create', 'deployment'], rest: ['-n', 'default', 'x', '--image=nginx'] });
    expect(splitCommand(['create', '--image', 'deployment', 'deployment', 'x'], commandOf)).toEqual({ words: ['create', 'deployment'], rest: ['--image', 'deployment', 'x'] });
    expect(splitCommand(['create', '--dry-run', 'configmap', 'c'], commandOf)).toEqual({ words: ['create', 'configmap'], rest: ['--dry-run', 'c'] });
    expect(splitCommand(['--as', 'jane', 'create', '-f', 'x.yaml'], commandOf)).toEqual({ words: ['create'], rest: ['--as', 'jane', '-f', 'x.yaml'] });
  });
});
