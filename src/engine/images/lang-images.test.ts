import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod, podManifest, inPod as exec } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import { resolveImage } from './catalog';

// The official language images as official-images 11d93407dc lists their tags and their
// Dockerfiles build them (lang-images.ts); the version lines as the programs print them
// (lang-tools.ts, python.ts).

const sh = (sim: Simulation, pod: string, script: string) => exec(sim, pod, ['sh', '-c', script]);

let sim: Simulation;

beforeAll(() => {
  sim = bootCluster();
  for (const [name, image] of [
    ['py', 'python:3.12'],
    ['slim', 'python:3.12-slim'],
    ['alpine', 'python:3.12-alpine'],
    ['py3', 'python:3'],
    ['py311bw', 'python:3.11-slim-bookworm'],
    ['node', 'node:22'],
    ['nodeslim', 'node:lts-slim'],
    ['nodetx', 'node:24-trixie'],
    ['go', 'golang:1.25'],
    ['goalpine', 'golang:1.24-alpine'],
    ['rb', 'ruby:3.4'],
    ['rbalpine', 'ruby:3.3-alpine'],
    ['rbold', 'ruby:3.2.5-slim'],
    ['py38', 'python:3.8-slim'],
    ['node18', 'node:18-alpine'],
  ] as const) {
    createPod(sim, podManifest(name, image, { container: { command: ['sleep', '3600'] } }));
  }
  sim.advance(240_000);
});

describe('python images', () => {
  it('python3 and python print the tag\'s CPython version; pip the one ensurepip bundles', () => {
    expect(exec(sim, 'py', ['python3', '--version'])).toEqual({ exitCode: 0, output: 'Python 3.12.11\n' });
    expect(exec(sim, 'py', ['python', '-V']).output).toBe('Python 3.12.11\n');
    expect(exec(sim, 'py', ['pip', '--version']).output).toBe('pip 25.0.1 from /usr/local/lib/python3.12/site-packages/pip (python 3.12)\n');
    expect(exec(sim, 'py3', ['pip3', '-V']).output).toBe('pip 25.2 from /usr/local/lib/python3.14/site-packages/pip (python 3.14)\n');
    expect(exec(sim, 'py311bw', ['python3.11', '--version']).output).toBe('Python 3.11.13\n');
  });

  it('the default tag is buildpack-deps:trixie: curl, wget, git, procps; -slim has none of them, -alpine BusyBox wget', () => {
    expect(exec(sim, 'py', ['which', 'python3', 'pip', 'curl', 'wget', 'git', 'ps'])).toEqual({
      exitCode: 0,
      output: '/usr/local/bin/python3\n/usr/local/bin/pip\n/usr/bin/curl\n/usr/bin/wget\n/usr/bin/git\n/usr/bin/ps\n',
    });
    expect(sh(sim, 'py', 'grep VERSION_CODENAME /etc/os-release; curl --version | head -1 | cut -d" " -f1-2').output).toBe('VERSION_CODENAME=trixie\ncurl 8.14.1\n');
    expect(exec(sim, 'slim', ['which', 'python3', 'curl', 'wget', 'git'])).toEqual({ exitCode: 1, output: '/usr/local/bin/python3\n' });
    expect(exec(sim, 'slim', ['curl', '--version']).exitCode).toBe(126);
    expect(exec(sim, 'alpine', ['which', 'curl']).exitCode).toBe(1);
    expect(sh(sim, 'alpine', 'wget 2>&1 | head -1').output).toMatch(/^BusyBox v/);
    expect(sh(sim, 'alpine', 'command -v bash; python3 --version; grep VERSION_ID /etc/os-release').output).toBe('Python 3.12.11\nVERSION_ID=3.22.1\n');
    expect(sh(sim, 'py311bw', 'grep VERSION_CODENAME /etc/os-release').output).toBe('VERSION_CODENAME=bookworm\n');
  });

  it('the Dockerfile\'s ENV: PATH with /usr/local/bin first, LANG until 3.12, GPG_KEY, PYTHON_VERSION, PYTHON_SHA256', () => {
    expect(sh(sim, 'py', 'env | grep -E "^(PATH|LANG|GPG_KEY|PYTHON_)"').output).toBe(
      'PATH=/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nLANG=C.UTF-8\nGPG_KEY=7169605F62C751356D054A26A821E680E5FA6305\nPYTHON_VERSION=3.12.11\nPYTHON_SHA256=c30bb24b7f1e9a19b11b55a546434f74e739bb4c271a3e3a80ff4380d49f7adb\n',
    );
    // 3.13 dropped LANG; 3.14 is checked with sigstore, no GPG_KEY.
    expect(sh(sim, 'py3', 'env | grep -cE "^(LANG|GPG_KEY)="').output).toBe('0\n');
  });

  it('which and command -v agree: /usr/bin on merged-/usr Debian, /bin for BusyBox', () => {
    expect(sh(sim, 'py', 'which ls sh; command -v ls; type sh').output).toBe('/usr/bin/ls\n/usr/bin/sh\n/usr/bin/ls\nsh is /usr/bin/sh\n');
    // The Dockerfile puts /usr/local/bin before a PATH that already has it: which -a walks both.
    expect(sh(sim, 'alpine', 'which ls; command -v ls; which -a python3').output).toBe('/bin/ls\n/bin/ls\n/usr/local/bin/python3\n/usr/local/bin/python3\n');
    expect(exec(sim, 'py', ['which'])).toEqual({ exitCode: 1, output: '' });
  });

  it('programs it ships but the classroom does not run say so', () => {
    expect(exec(sim, 'py', ['git', 'clone', 'https://github.com/kubernetes/examples'])).toEqual({ exitCode: 126, output: 'git: installed, but not simulated in this classroom\n' });
    expect(exec(sim, 'py', ['pip', 'install', 'flask']).exitCode).toBe(126);
    // The interpreter itself is not modelled: a program ends at once, quietly (but for the short
    // env-and-exit kind of `-c` manifests carry, python-snippet.ts).
    expect(exec(sim, 'py', ['python3', '-c', 'import json; print(json.dumps(1))'])).toEqual({ exitCode: 0, output: '' });
    expect(exec(sim, 'py', ['python3', '-c', 'print(1)'])).toEqual({ exitCode: 0, output: '1\n' });
  });
});

describe('node images', () => {
  it('node, npm, npx and yarn print their versions; the default tag is still Debian 12', () => {
    expect(exec(sim, 'node', ['node', '--version']).output).toBe('v22.20.0\n');
    expect(sh(sim, 'node', 'node -v; npm --version; npx -v; yarn --version').output).toBe('v22.20.0\n10.9.3\n10.9.3\n1.22.22\n');
    expect(sh(sim, 'node', 'env | grep -E "^(NODE|YARN)_"; grep VERSION_CODENAME /etc/os-release').output).toBe('NODE_VERSION=22.20.0\nYARN_VERSION=1.22.22\nVERSION_CODENAME=bookworm\n');
    expect(sh(sim, 'nodetx', 'node -v; npm -v; grep VERSION_CODENAME /etc/os-release').output).toBe('v24.9.0\n11.6.0\nVERSION_CODENAME=trixie\n');
  });

  it('lts-slim is 22 on bookworm-slim: curl and wget purged after the download', () => {
    expect(exec(sim, 'nodeslim', ['which', 'node', 'npm', 'curl', 'wget'])).toEqual({ exitCode: 1, output: '/usr/local/bin/node\n/usr/local/bin/npm\n' });
    expect(exec(sim, 'nodeslim', ['node', '-v']).output).toBe('v22.20.0\n');
  });
});

describe('golang images', () => {
  it('go version, the toolchain on PATH from /usr/local/go/bin, GOPATH /go as the working directory', () => {
    expect(exec(sim, 'go', ['go', 'version']).output).toBe('go version go1.25.2 linux/amd64\n');
    expect(sh(sim, 'go', 'pwd; echo $PATH; env | grep ^GO; which go gcc make git').output).toBe(
      '/go\n/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nGOLANG_VERSION=1.25.2\nGOTOOLCHAIN=local\nGOPATH=/go\n/usr/local/go/bin/go\n/usr/bin/gcc\n/usr/bin/make\n/usr/bin/git\n',
    );
    expect(sh(sim, 'goalpine', 'go version; command -v git bash').output).toBe('go version go1.24.8 linux/amd64\n');
    expect(sh(sim, 'go', 'ls /go; ls -ld /go/src | cut -c1-10').output).toBe('bin\nsrc\ndrwxrwxrwt\n');
  });
});

describe('ruby images', () => {
  it('ruby --version prints the release\'s description, musl\'s platform on Alpine; its ENV names GEM_HOME', () => {
    expect(exec(sim, 'rb', ['ruby', '--version']).output).toBe('ruby 3.4.6 (2025-09-16 revision dbd83256b1) +PRISM [x86_64-linux]\n');
    expect(exec(sim, 'rbalpine', ['ruby', '-v']).output).toBe('ruby 3.3.9 (2025-07-24 revision f5c772fc7c) [x86_64-linux-musl]\n');
    expect(sh(sim, 'rb', 'env | grep -E "^(PATH|GEM_HOME|BUNDLE_APP_CONFIG)="; ls -ld /usr/local/bundle | cut -c1-10; which gem git').output).toBe(
      'PATH=/usr/local/bundle/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nGEM_HOME=/usr/local/bundle\nBUNDLE_APP_CONFIG=/usr/local/bundle\ndrwxrwxrwt\n/usr/local/bin/gem\n/usr/bin/git\n',
    );
    // An older patch's revision is not recorded: ruby says it is not simulated rather than invent one.
    expect(exec(sim, 'rbold', ['ruby', '--version'])).toEqual({ exitCode: 126, output: 'ruby: installed, but not simulated in this classroom\n' });
    expect(exec(sim, 'rb', ['gem', 'install', 'rails']).exitCode).toBe(126);
  });
});

describe('end-of-life lines', () => {
  it('python:3.8-slim and node:18-alpine still pull; what they do not record they do not print', () => {
    expect(exec(sim, 'py38', ['which', 'python3', 'pip', 'curl'])).toEqual({ exitCode: 1, output: '/usr/local/bin/python3\n/usr/local/bin/pip\n' });
    expect(exec(sim, 'py38', ['python3', '--version'])).toEqual({ exitCode: 126, output: 'python3: installed, but not simulated in this classroom\n' });
    expect(sh(sim, 'py38', 'echo "[$PYTHON_VERSION]"; cat /etc/os-release').exitCode).toBe(1);
    expect(sh(sim, 'node18', 'node -v; npm -v; echo $YARN_VERSION').output).toBe('node: installed, but not simulated in this classroom\nnpm: installed, but not simulated in this classroom\n1.22.22\n');
  });
});

describe('tags', () => {
  it('exist as official-images lists them; a patch the line has not reached, a variant it does not have, are not found', () => {
    for (const ok of ['python:3.14.0-slim-trixie', 'python:slim-bookworm', 'python:3.12.4', 'python:alpine3.21', 'node:lts-alpine', 'node:iron', 'node:22.20-bookworm-slim', 'node:22.10.0-alpine', 'golang:1', 'golang:1.25.2-alpine3.22', 'golang:bookworm']) {
      expect(resolveImage(ok).exists, ok).toBe(true);
    }
    for (const old of ['python:3.8', 'python:3.7.17-slim-buster', 'node:18-bullseye-slim', 'golang:1.21-alpine3.20', 'ruby:2.7']) expect(resolveImage(old).exists, old).toBe(true);
    for (const missing of ['python:3.12.99', 'python:3.8-slim-trixie-x', 'python:4.0', 'golang:1.25-slim', 'node:22-buster', 'node:22.21.0', 'node:22.10', 'node:lts-', 'python:3.12-slim-alpine']) {
      expect(resolveImage(missing).exists, missing).toBe(false);
    }
    // Aliases of one build share a digest; its slim build is another image.
    expect(resolveImage('python:3.12').digest).toBe(resolveImage('python:3.12.11-trixie').digest);
    expect(resolveImage('python:3.12').digest).not.toBe(resolveImage('python:3.12-slim').digest);
    expect(resolveImage('node:lts').digest).toBe(resolveImage('node:22').digest);
    expect(resolveImage('golang:alpine').digest).toBe(resolveImage('golang:1.25.2-alpine3.22').digest);
  });
});
