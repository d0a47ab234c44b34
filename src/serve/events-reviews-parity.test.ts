/**
 * events.k8s.io/v1 and the review APIs, the real kubectl 1.35 against `reconcile serve` beside
 * our port on a cluster of the same seed: explain's schema and descriptions, api-resources and
 * api-versions, the name printer's `<unknown>` for a nameless review, the Invalid and BadRequest
 * errors, and client-go's warning for the `ev` short name both groups carry.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

const FILES: Record<string, string> = {
  'sar.yaml': 'apiVersion: authorization.k8s.io/v1\nkind: SubjectAccessReview\nspec:\n  user: jane\n  resourceAttributes: {namespace: default, verb: list, resource: pods}\n',
  'empty.yaml': 'apiVersion: authorization.k8s.io/v1\nkind: SubjectAccessReview\nspec: {}\n',
  'lsar.yaml': 'apiVersion: authorization.k8s.io/v1\nkind: LocalSubjectAccessReview\nmetadata: {namespace: default}\nspec:\n  user: jane\n  resourceAttributes: {namespace: other, verb: get, resource: pods}\n',
  'tr.yaml': 'apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec: {token: garbage}\n',
  'tr0.yaml': 'apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec: {token: ""}\n',
  'bad-event.yaml': 'apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: bad}\nregarding: {kind: Pod, name: web}\nnote: nope\n',
};

let kubectl: KubectlBinary;
const setup = servedSession('events-reviews', { session: { seed: 1, files: FILES } });

beforeAll(async () => {
  kubectl = await kubectlBinary();
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(setup.home, name), text);
});

describe('events.k8s.io and the review APIs: the real kubectl and our port agree', () => {
  it.each([
    'api-resources',
    'api-versions',
    'explain events --api-version=events.k8s.io/v1',
    'explain events.regarding --api-version=events.k8s.io/v1',
    'get events.events.k8s.io -n kube-system -o name',
    'get ev -n kube-system -o name',
    'create -f sar.yaml',
    'create -f sar.yaml -o yaml',
    'create -f empty.yaml',
    'create -f lsar.yaml',
    'create -f tr.yaml -o yaml',
    'create -f tr0.yaml',
    'create -f bad-event.yaml',
  ])('kubectl %s', async (line) => {
    const real = await runKubectl(kubectl, setup.served, setup.home, line.split(' ').map((w) => (w in FILES ? join(setup.home, w) : w)));
    const port = runPort(setup.session, `kubectl ${line}`);
    expect({ stdout: port.stdout, stderr: port.stderr, code: port.code }).toEqual({ stdout: real.stdout, stderr: real.stderr.replaceAll(`${setup.home}/`, ''), code: real.code });
  });
});
