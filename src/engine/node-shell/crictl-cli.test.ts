/**
 * crictl's help topics and usage errors on a node, against outputs recorded from urfave/cli
 * v2.27.7's own code running cri-tools v1.36.0's command definitions (crictl-help.recorded.json:
 * `fatal` is the error crictl's main hands to logrus.Fatal, which the node prints as logrus does).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import recorded from './crictl-help.recorded.json';

interface Recorded {
  args: string;
  stdout: string;
  fatal?: string;
  stderr?: string;
  code?: number;
}

const CASES = recorded as Recorded[];
const sim = new Simulation({ seed: 1 });
sim.advance(5_000);

function crictl(args: string): { out: string; err: string; code: number } {
  const r = sim.nodeShell('node-1', `crictl ${args}`);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}

/** logrus's text line for a fatal error: msg quoted as %q. */
const fatalLine = (msg: string): RegExp => new RegExp(`^time="[^"]+" level=fatal msg=${JSON.stringify(msg).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`);

describe('crictl help topics', () => {
  it.each(CASES.map((c) => [c.args, c] as const))('crictl %s prints what crictl v1.36.0 prints', (_args, c) => {
    const r = crictl(c.args);
    expect(r.out).toBe(c.stdout);
    if (c.fatal !== undefined) {
      expect(r.code).toBe(1);
      expect(r.err).toMatch(fatalLine(c.fatal));
    } else {
      expect({ err: r.err, code: r.code }).toEqual({ err: c.stderr, code: c.code });
    }
  });

  it('has a help topic for every subcommand crictl v1.36.0 has, each naming it on its first lines', () => {
    const topics = ['attach', 'checkpoint', 'completion', 'config', 'create', 'events', 'exec', 'imagefsinfo', 'images', 'info', 'inspect', 'inspecti', 'inspectp', 'logs', 'metricdescs', 'metricsp', 'pods', 'port-forward', 'ps', 'pull', 'rm', 'rmi', 'rmp', 'run', 'runp', 'runtime-config', 'start', 'stats', 'statsp', 'stop', 'stopp', 'update', 'update-runtime-config', 'version'];
    for (const t of topics) {
      const r = crictl(`${t} --help`);
      expect(r.code, t).toBe(0);
      expect(r.out.split('\n').slice(0, 2).join('\n'), t).toMatch(new RegExp(`^NAME:\n   crictl ${t} - \\S`));
    }
  });

  it('prints the full help of a command with a description, environment variables and placeholders', () => {
    expect(crictl('rmi -h').out).toBe(`NAME:
   crictl rmi - Remove one or more images

USAGE:
   crictl rmi [command options] IMAGE-ID [IMAGE-ID...]

DESCRIPTION:
   Remove one or more images by ID or reference.

   NOTE: Due to CRI API limitations, when you specify an image by tag (e.g., 'localhost/test:latest'),
   the entire image will be removed along with ALL of its tags, not just the specified tag.
   This behavior differs from 'docker rmi', 'nerdctl rmi', and 'ctr image rm', which only remove
   the specified tag. To remove only a specific tag, use the container runtime's native CLI tool
   (e.g., 'nerdctl', 'ctr', or 'podman').

OPTIONS:
   --all, -a    Remove all images (default: false)
   --prune, -q  Remove all unused images (default: false)
   --help, -h   show help
`);
    expect(crictl('help pull').out).toBe('NAME:\n   crictl pull - Pull an image from a registry\n\nUSAGE:\n   crictl pull [command options] NAME[:TAG|@DIGEST]\n\n');
    expect(crictl('--version')).toEqual({ out: 'crictl version v1.36.0\n', err: '', code: 0 });
  });

  it('runs the modelled commands after global flags, and says which are not modelled', () => {
    expect(crictl('-r unix:///run/containerd/containerd.sock ps -q').code).toBe(0);
    expect(crictl('version')).toEqual({ out: '', err: 'crictl version: not modelled here (ps, pods, images, logs, inspect and their help are)\n', code: 1 });
    expect(crictl('create js -p').err).toBe('crictl create jsonschema: not modelled here (ps, pods, images, logs, inspect and their help are)\n');
  });
});
