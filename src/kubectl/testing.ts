/**
 * Test support: run a kubectl command line against a Simulation and collect its streams. Kept
 * out of the *.test.ts files so every command test shares one harness.
 */
import type { Simulation } from '../engine/index';
import { runKubectl } from './index';
import { tokenize } from '../k8s/script';
import type { CommandResult, FileSource } from './types';

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
  /** Both streams interleaved in write order. */
  all: string;
  raw: CommandResult;
}

export function memoryFiles(files: Record<string, string>): FileSource {
  return {
    readFile: (p) => {
      const key = p.replace(/^\.\//, '');
      return Object.hasOwn(files, key) ? files[key] : undefined;
    },
    listDir: (p) => {
      const dir = p.replace(/^\.\//, '').replace(/\/+$/, '');
      const inside = Object.keys(files).filter((f) => f.startsWith(`${dir}/`) && !f.slice(dir.length + 1).includes('/'));
      return inside.length ? inside.sort() : undefined;
    },
  };
}

export function kubectl(sim: Simulation, line: string, opts: { files?: Record<string, string>; stdin?: string } = {}): RunResult {
  const tok = tokenize(line.replace(/^kubectl\s+/, ''));
  if (!tok.ok) throw new Error(tok.message);
  const ctx = { sim, files: memoryFiles(opts.files ?? {}), ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}) };
  const raw = runKubectl(ctx, tok.argv);
  const pick = (s: 'stdout' | 'stderr'): string => raw.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), code: raw.exitCode, all: raw.output.map((c) => c.text).join(''), raw };
}

/** A three-replica nginx ReplicationController, for the RC tests and their parity run against the real kubectl. */
export const NGINX_RC = `apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
`;

/** The CronTab CRD of the Kubernetes docs (with a short name, a category and printer columns), for tests of custom resources. */
export const CRONTAB_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct], categories: [all]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
              replicas: {type: integer}
    additionalPrinterColumns:
    - {name: Spec, type: string, jsonPath: .spec.cronSpec}
    - {name: Replicas, type: integer, jsonPath: .spec.replicas, priority: 1}
`;

/** A server's answer with what the cluster's state decides (uids, times, resource versions, generated names) held still. */
export function maskServerFields(s: string): string {
  return s
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
    .replace(/"creationTimestamp": "[^"]+"/g, '"creationTimestamp": "<time>"')
    .replace(/"resourceVersion": "\d+"/g, '"resourceVersion": "<rv>"')
    .replace(/kube-api-access-[a-z0-9]{5}/g, 'kube-api-access-<x>');
}

/** What a command line wrote to one stream, joined. */
export function streamText(r: CommandResult, stream: 'stdout' | 'stderr' = 'stdout'): string {
  return r.output
    .filter((c) => c.stream === stream)
    .map((c) => c.text)
    .join('');
}

/** A line run on a Session, as a terminal shows it: stdout, stderr and the exit code. */
export function sessionRunner(s: { run(line: string, stdin?: string): CommandResult }): (line: string, stdin?: string) => { out: string; err: string; code: number } {
  return (line, stdin) => {
    const r = s.run(line, stdin);
    return { out: streamText(r, 'stdout'), err: streamText(r, 'stderr'), code: r.exitCode };
  };
}

/**
 * Output without the klog errors kubectl logs when a cold discovery cache cannot reach the
 * server (discovery-failure.ts, tested there), for tests about what comes after them.
 */
export function withoutDiscoveryLog<T extends string | { err: string }>(r: T): T {
  const strip = (s: string): string => s.replace(/^E\d{4} [^\n]* memcache\.go:265\] [^\n]*\n/gm, '');
  return (typeof r === 'string' ? strip(r) : Object.assign({}, r, { err: strip(r.err) })) as T;
}
