/**
 * `kubectl create configmap` from files, directories, env files and literals, `--append-hash`,
 * and `create secret generic`'s env files and hash: every expected text below is what kubectl
 * v1.35.2 printed for the same line and the same files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;
beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  sim.advance(20_000);
});

const FILES = {
  'conf/app.properties': 'color=blue\nsize=10\n',
  'conf/greeting.txt': 'hello\n',
  'app.env': '# c\nA=1\r\nB=two words\nC\n',
};
const run = (line: string) => kubectl(sim, line, { files: FILES });

describe('kubectl create configmap', () => {
  it('takes a file under its base name, `key=path` under the key, then the literals', () => {
    expect(run('create configmap app --from-file=cfg=conf/app.properties --from-literal=x=y --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
data:
  cfg: |
    color=blue
    size=10
  x: "y"
kind: ConfigMap
metadata:
  name: app
`);
  });

  it('takes every file of a directory, and refuses a key name for one', () => {
    expect(run('create configmap app --from-file=conf --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
data:
  app.properties: |
    color=blue
    size=10
  greeting.txt: |
    hello
kind: ConfigMap
metadata:
  name: app
`);
    expect(run('create configmap app --from-file=k=conf --dry-run=client -o yaml').stderr).toBe('error: cannot give a key name for a directory path\n');
    expect(run('create configmap app --from-file=missing.txt --dry-run=client -o yaml').stderr).toBe('error: error reading missing.txt: no such file or directory\n');
  });

  it('reads an env file: comments skipped, a CR dropped, a bare key empty (kubectl’s own environment has none)', () => {
    expect(run('create configmap app --from-env-file=app.env --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
data:
  A: "1"
  B: two words
  C: ""
kind: ConfigMap
metadata:
  name: app
`);
    expect(run('create configmap app --from-env-file=app.env --from-literal=a=b --dry-run=client').stderr).toBe('error: from-env-file cannot be combined with from-file or from-literal\n');
  });

  it('names it after its content with --append-hash', () => {
    expect(run('create configmap app --from-literal=x=y --append-hash --dry-run=client -o name').stdout).toBe('configmap/app-t7kf5kc774\n');
    expect(run('create configmap app --from-file=conf/app.properties --from-file=conf/greeting.txt --append-hash --dry-run=client -o name').stdout).toBe('configmap/app-75bbhc29f6\n');
  });

  it('refuses a bad or repeated key with kubectl’s messages', () => {
    expect(run('create configmap app --from-literal=x=1 --from-literal=x=2 --dry-run=client').stderr).toBe('error: cannot add key "x", another key by that name already exists in Data for ConfigMap "app"\n');
    expect(run("create configmap app --from-literal='bad key=1' --dry-run=client").stderr).toBe(
      `error: "bad key" is not a valid key name for a ConfigMap: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')\n`,
    );
  });

  it('creates it on the server with the keys it read', () => {
    expect(run('create configmap from-files --from-file=conf').stdout).toBe('configmap/from-files created\n');
    expect(run('get configmap from-files -o yaml').stdout).toContain('  greeting.txt: |\n    hello\n');
  });
});

describe('kubectl create secret generic', () => {
  it('reads an env file as kubectl does, and names it after its content with --append-hash', () => {
    expect(run('create secret generic s --from-env-file=app.env --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
data:
  A: MQ==
  B: dHdvIHdvcmRz
  C: ""
kind: Secret
metadata:
  name: s
`);
    expect(run('create secret generic s --from-literal=x=y --append-hash --dry-run=client -o name').stdout).toBe('secret/s-8gmmc427fm\n');
    expect(run('create secret generic s --from-file=conf/greeting.txt --type=Opaque --append-hash --dry-run=client -o name').stdout).toBe('secret/s-kbmk588bfm\n');
    expect(run('create secret docker-registry d --docker-username=u --docker-password=p --docker-server=r.io --append-hash --dry-run=client -o name').stdout).toBe('secret/d-4k4g2db5d6\n');
  });
});
