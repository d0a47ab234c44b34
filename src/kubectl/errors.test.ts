import { describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import { runKubectl } from './index';
import { failureText, fatalText } from './errors';
import { kubectl } from './testing';

describe('error formats', () => {
  it('rebuilds Invalid errors from their causes, one line or a * list', () => {
    const one = { code: 422, reason: 'Invalid' as const, message: 'x', details: { kind: 'Deployment', name: 'web', causes: [{ type: 'FieldValueRequired', field: 'spec.selector', message: 'Required value' }] } };
    expect(fatalText(one)).toBe('The Deployment "web" is invalid: spec.selector: Required value\n');
    const two = { ...one, details: { ...one.details, causes: [...one.details.causes, { type: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "A": must be lowercase' }] } };
    expect(fatalText(two)).toBe('The Deployment "web" is invalid: \n* spec.selector: Required value\n* metadata.name: Invalid value: "A": must be lowercase\n');
  });

  it('prints status errors with and without a reason, and several errors one per line', () => {
    expect(fatalText({ code: 500, reason: '', message: 'etcdserver: request timed out' })).toBe('Error from server: etcdserver: request timed out\n');
    expect(failureText([{ text: 'first problem' }, { api: { code: 404, reason: 'NotFound', message: 'pods "a" not found' } }])).toBe('first problem\nError from server (NotFound): pods "a" not found\n');
    expect(failureText([{ text: 'only problem' }])).toBe('error: only problem\n');
  });
});

describe('kubectl against a broken cluster', () => {
  it('reports a refused connection when no kube-apiserver runs', () => {
    const sim = new Simulation({ seed: 1 });
    expect(sim.injectFault('kube-apiserver').ok).toBe(true);
    expect(kubectl(sim, 'get pods')).toMatchObject({ stderr: 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n', code: 1 });
    expect(kubectl(sim, 'version')).toMatchObject({
      stdout: 'Client Version: v1.36.1\nKustomize Version: v5.8.1\n',
      stderr: 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n',
      code: 1,
    });
  });

  it('reports an i/o timeout when the server cannot be reached', () => {
    // No fault target cuts the workstation off (the engine's pickServer answers this for a
    // partitioned machine); the text kubectl prints for it is checked on the error itself.
    expect(fatalText({ network: true, server: '10.0.0.10:6443', message: 'dial tcp 10.0.0.10:6443: i/o timeout' })).toBe('Unable to connect to the server: dial tcp 10.0.0.10:6443: i/o timeout\n');
  });

  it('fails writes, consistent reads and readyz when etcd loses quorum; a resourceVersion=0 read is served from the cache', () => {
    const sim = new Simulation({ seed: 1 });
    expect(sim.injectFault('etcd').ok).toBe(true);
    expect(kubectl(sim, 'create namespace kt-x')).toMatchObject({ stderr: 'Error from server: etcdserver: request timed out\n', code: 1 });
    expect(kubectl(sim, 'get ns default -o name')).toMatchObject({ stderr: 'Error from server: etcdserver: request timed out\n', code: 1 });
    expect(kubectl(sim, "get --raw '/api/v1/namespaces?resourceVersion=0'")).toMatchObject({ code: 0 });
    const ready = kubectl(sim, 'get --raw /readyz');
    expect(ready.code).toBe(1);
    expect(ready.stderr.startsWith('Error from server (InternalError): an error on the server ("[+]ping ok\\n[+]log ok\\n[-]etcd failed: reason withheld\\n[-]etcd-readiness failed: reason withheld\\n')).toBe(true);
    expect(ready.stderr.endsWith('readyz check failed") has prevented the request from succeeding\n')).toBe(true);
  });
});

describe('command dispatch', () => {
  const sim = new Simulation({ seed: 1 });
  it('rejects unknown commands and explains unsupported ones in one line', () => {
    expect(kubectl(sim, 'frobnicate')).toMatchObject({ stderr: 'error: unknown command "frobnicate" for "kubectl"\n', code: 1 });
    // cobra's suggestions (recorded from kubectl 1.35; SuggestFor as kubectl 1.36 sets it).
    expect(kubectl(sim, 'gett pods -n x')).toMatchObject({ stderr: 'error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n', code: 1 });
    expect(kubectl(sim, 'rm pod x').stderr).toBe('error: unknown command "rm" for "kubectl"\n\nDid you mean this?\n\trun\n\tdelete\n\tcp\n');
    expect(kubectl(sim, 'inspect pod x').stderr).toBe('error: unknown command "inspect" for "kubectl"\n\nDid you mean this?\n\tdescribe\n');
    expect(kubectl(sim, 'ls').stderr).toBe('error: unknown command "ls" for "kubectl"\n\nDid you mean this?\n\tget\n\tlogs\n\tcp\n');
    const kuberc = kubectl(sim, 'kuberc view');
    expect(kuberc.code).toBe(1);
    expect(kuberc.stderr.split('\n')).toHaveLength(2);
    expect(kuberc.stderr).toMatch(/^error: "kubectl kuberc" is not available in this simulator; supported commands: annotate, api-resources, api-versions, apply, /);
  });

  it('prints the help overview', () => {
    expect(kubectl(sim, '').stdout).toContain('kubectl controls the Kubernetes cluster manager.');
    expect(kubectl(sim, 'help').stdout).toContain('  rollout         Manage the rollout of a resource\n');
  });

  it('turns an internal failure into an error line instead of throwing', () => {
    const files = {
      readFile: () => {
        throw new Error('disk on fire');
      },
      listDir: () => undefined,
    };
    const r = runKubectl({ sim, files }, ['apply', '-f', 'x.yaml']);
    expect(r).toEqual({ output: [{ stream: 'stderr', text: 'error: internal error: disk on fire\n' }], exitCode: 1 });
  });
});
