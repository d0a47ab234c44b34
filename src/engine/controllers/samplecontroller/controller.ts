/**
 * kubernetes/sample-controller's controller.go, the canonical custom controller: a Foo
 * (samplecontroller.k8s.io/v1alpha1, spec.deploymentName, spec.replicas) owns a Deployment
 * of nginx with that name; the sync creates it when missing, refuses one it does not control
 * (ErrResourceExists), scales it to spec.replicas, copies the Deployment's availableReplicas
 * into the Foo's status and records `Synced`. Level-based like the built-in controllers: the
 * informers on foos and deployments only queue `namespace/name` keys, and each sync reads the
 * caches. It is not a kube-controller-manager controller upstream (it runs as its own process
 * with its own client); `sim controller start|stop sample` runs it beside them (optional.ts).
 */
import type { Deployment, KObject } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import { cloneData } from '../../core/clone';
import { metaKey, splitKey, type Delta } from '../../client/informer';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from '../framework';
import { mustSucceed, runSync, SyncError } from '../util/errors';
import { controllerRefOf, newControllerRef } from '../util/meta';

export const FOO_GROUP = 'samplecontroller.k8s.io';
export const FOO_API_VERSION = `${FOO_GROUP}/v1alpha1`;
export const FOOS = 'foos';

interface Foo extends KObject {
  spec?: { deploymentName?: string; replicas?: number };
  status?: { availableReplicas?: number };
}

/** The events and messages of controller.go. */
const SUCCESS_SYNCED = 'Synced';
const ERR_RESOURCE_EXISTS = 'ErrResourceExists';
const MESSAGE_RESOURCE_SYNCED = 'Foo synced successfully';

/** newDeployment: nginx:latest with the labels app=nginx, controller=<foo>, owned by the Foo. */
function newDeployment(foo: Foo): Deployment {
  const labels = { app: 'nginx', controller: foo.metadata.name ?? '' };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: foo.spec?.deploymentName ?? '', namespace: foo.metadata.namespace, ownerReferences: [newControllerRef(foo, FOO_API_VERSION, 'Foo')] },
    spec: {
      ...(foo.spec?.replicas !== undefined ? { replicas: foo.spec.replicas } : {}),
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } },
    },
  } as Deployment;
}

/** handleObject: a Deployment's change queues the Foo that controls it. */
function keysFor(ctx: ControllerContext, resource: string, d: Delta): string[] {
  const obj = d.cur ?? d.old;
  if (!obj) return [];
  if (resource === FOOS) return [metaKey(obj)];
  const ref = controllerRefOf(obj);
  if (!ref || ref.kind !== 'Foo') return [];
  const foo = ctx.cache(FOOS).cache.get(`${obj.metadata.namespace}/${ref.name}`);
  return foo ? [metaKey(foo)] : [];
}

function syncHandler(ctx: ControllerContext, key: string): ReconcileResult {
  const { namespace, name } = splitKey(key);
  const foo = ctx.cache(FOOS).cache.get(key) as Foo | undefined;
  // "foo '<key>' in work queue no longer exists": nothing to do.
  if (!foo) return DONE;
  const deploymentName = foo.spec?.deploymentName ?? '';
  // "<key>: deployment name must be specified": handled (logged), not retried.
  if (!deploymentName) return DONE;
  let deployment = ctx.cache('deployments').cache.get(`${namespace}/${deploymentName}`) as Deployment | undefined;
  if (!deployment) deployment = mustSucceed(ctx.request({ verb: 'create', resource: 'deployments', namespace, body: newDeployment(foo) })) as Deployment;
  if (controllerRefOf(deployment)?.uid !== foo.metadata.uid) {
    const msg = `Resource "${deploymentName}" already exists and is not managed by Foo`;
    ctx.record(foo, { type: 'Warning', reason: ERR_RESOURCE_EXISTS, message: msg });
    throw new SyncError(msg);
  }
  const want = foo.spec?.replicas;
  ctx.observe(want ?? 1, deployment.status?.availableReplicas ?? 0);
  if (want !== undefined && want !== deployment.spec?.replicas) {
    const next = cloneData(deployment);
    next.spec = newDeployment(foo).spec;
    deployment = mustSucceed(ctx.request({ verb: 'update', resource: 'deployments', namespace, name: deploymentName, body: next })) as Deployment;
  }
  // updateFooStatus: UpdateStatus with the Deployment's availableReplicas.
  const available = deployment.status?.availableReplicas ?? 0;
  if (foo.status?.availableReplicas !== available) {
    const copy = cloneData(foo);
    copy.status = { ...(copy.status ?? {}), availableReplicas: available };
    mustSucceed(ctx.request({ verb: 'update', resource: FOOS, subresource: 'status', namespace, name, body: copy }));
  }
  ctx.record(foo, { type: 'Normal', reason: SUCCESS_SYNCED, message: MESSAGE_RESOURCE_SYNCED });
  return DONE;
}

export const sampleController: ControllerDef = {
  name: 'sample',
  actor: componentId('sample-controller'),
  informers: [FOOS, 'deployments'],
  keysFor,
  reconcile: (ctx, key) => runSync(() => syncHandler(ctx, key)),
};
