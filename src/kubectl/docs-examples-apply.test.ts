/**
 * Every file the docs' example URLs serve (k8s/docs-examples*.ts) is what its page applies: it
 * parses, and `kubectl apply --dry-run=server -f https://k8s.io/examples/PATH` is accepted by the
 * real engine's kube-apiserver (defaulting, validation, admission), printing one
 * `KIND/NAME created (server dry run)` line per object. The namespaces the manifests name, and
 * the ServiceAccounts their Pods run as, are created first, as their pages do. A template (TEMPLATES) is applied as its page expands it first:
 * job-tmpl.yaml's `$ITEM` is no name the API server takes, so the page's `sed` fills it in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';
import { ALL_DOCS_EXAMPLES } from '../k8s/docs-examples';

beforeAll(() => loadKubectlChunks());

const MANIFESTS = Object.entries(ALL_DOCS_EXAMPLES).filter(([path]) => path.endsWith('.yaml'));

/** PATH → the pipe stage its page puts between curl and kubectl (tasks/job/parallel-processing-expansion). */
const TEMPLATES: Readonly<Record<string, string>> = { 'application/job/job-tmpl.yaml': 'sed "s/\\$ITEM/apple/"' };

function objects(text: string): Record<string, unknown>[] {
  const docs = parseAllDocuments(text);
  for (const d of docs) expect(d.errors).toEqual([]);
  return docs.map((d) => d.toJS() as Record<string, unknown>).filter((o) => o !== null);
}

describe('the docs’ example manifests', () => {
  it('each parses and is accepted by kubectl apply --dry-run=server through the engine', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const namespaces = new Set<string>();
    const accounts = new Set<string>();
    for (const [, { text }] of MANIFESTS) {
      for (const o of objects(text)) {
        const ns = (o['metadata'] as { namespace?: string } | undefined)?.namespace;
        if (ns) namespaces.add(ns);
        // A Pod's ServiceAccount must exist (pod-projected-svc-token.yaml's build-robot, made by its page).
        const sa = o['kind'] === 'Pod' ? (o['spec'] as { serviceAccountName?: string }).serviceAccountName : undefined;
        if (sa) accounts.add(`${sa} --namespace=${ns ?? 'default'}`);
      }
    }
    for (const ns of namespaces) if (run(`kubectl get namespace ${ns}`).code !== 0) expect(run(`kubectl create namespace ${ns}`).code).toBe(0);
    for (const sa of accounts) expect(run(`kubectl create serviceaccount ${sa}`).code).toBe(0);
    for (const [path, { text }] of MANIFESTS) {
      const expand = TEMPLATES[path];
      const r = run(
        expand === undefined
          ? `kubectl apply --dry-run=server -f https://k8s.io/examples/${path}`
          : `curl -sL https://k8s.io/examples/${path} | ${expand} | kubectl apply --dry-run=server -f -`,
      );
      expect({ path, err: r.err, code: r.code }).toEqual({ path, err: '', code: 0 });
      expect(r.out.split('\n').filter((l) => l.endsWith(' (server dry run)')).length, path).toBe(objects(text).length);
    }
  });

  it('a template is refused as it stands: the page expands it first', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const r = run('kubectl apply --dry-run=server -f https://k8s.io/examples/application/job/job-tmpl.yaml');
    expect(r.code).toBe(1);
    expect(r.err).toContain('metadata.name: Invalid value: "process-item-$ITEM": a lowercase RFC 1123 subdomain');
    expect(run('curl -sL https://k8s.io/examples/application/job/job-tmpl.yaml | sed "s/\\$ITEM/apple/" | kubectl apply --dry-run=server -f -').out).toBe(
      'job.batch/process-item-apple created (server dry run)\n',
    );
  });
});
