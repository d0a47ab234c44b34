/**
 * `agnhost webhook` (kubernetes test/images/agnhost/webhook): the admission handlers main.go
 * registers, with their real decisions, messages and JSON patches. serve() answers the
 * AdmissionReview in the version it came in (a v1beta1 review is answered through the same v1
 * handler); a body that is no AdmissionReview gets `400 Request could not be decoded`, and a
 * request that is not application/json gets no body at all (serve() returns without writing,
 * which net/http sends as an empty 200). The patches go out as []byte: base64 in the JSON.
 */
import { base64Encode } from '../../k8s/base64';

export type WebhookAnswer = { kind: 'reply'; status: number; body: string; contentType: string; delayMs: number } | { kind: 'hang' } | { kind: 'not-found' };

interface Review {
  uid?: string;
  kind?: { group?: string; version?: string; kind?: string };
  resource?: { group?: string; version?: string; resource?: string };
  subResource?: string;
  name?: string;
  operation?: string;
  object?: Record<string, unknown> | null;
  oldObject?: Record<string, unknown> | null;
}

interface Response {
  allowed: boolean;
  status?: { message?: string; reason?: string; status?: string; code?: number };
  patch?: string;
  patchType?: string;
}

type Handler = (r: Review, sidecarImage: string) => Response | 'hang' | null;

const allow = (): Response => ({ allowed: true });
const deny = (message: string): Response => ({ allowed: false, status: { message } });
const jsonPatch = (patch: string): Response => ({ allowed: true, patch: base64Encode(patch), patchType: 'JSONPatch' });

function labelsOf(o: Record<string, unknown> | null | undefined): Record<string, string> {
  return ((o?.['metadata'] as { labels?: Record<string, string> } | undefined)?.labels ?? {}) as Record<string, string>;
}

function isResource(r: Review, resource: string): boolean {
  return r.resource?.group === '' && r.resource?.version === 'v1' && r.resource?.resource === resource;
}

/** fmt's %s of a metav1.GroupVersionResource: `&{ v1 pods}`. */
const expectResource = (resource: string): Response => deny(`expect resource to be &{ v1 ${resource}}`);

const PODS_INIT_CONTAINER_PATCH = `[
		 {"op":"add","path":"/spec/initContainers","value":[{"image":"webhook-added-image","name":"webhook-added-init-container","resources":{}}]}
	]`;

function containers(o: Record<string, unknown> | null | undefined, field: string): { name?: string }[] {
  return ((o?.['spec'] as Record<string, unknown> | undefined)?.[field] as { name?: string }[] | undefined) ?? [];
}

/** admitPods: only pods without the disallowed label or container name. */
const admitPods: Handler = (r) => {
  if (!isResource(r, 'pods')) return expectResource('pods');
  let msg = '';
  let allowed = true;
  const v = labelsOf(r.object)['webhook-e2e-test'];
  if (v === 'webhook-disallow') {
    allowed = false;
    msg += 'the pod contains unwanted label; ';
  }
  if (v === 'wait-forever') return 'hang';
  for (const c of containers(r.object, 'containers')) {
    if ((c.name ?? '').includes('webhook-disallow')) {
      allowed = false;
      msg += 'the pod contains unwanted container name; ';
    }
  }
  return allowed ? allow() : deny(msg.trim());
};

function podPatch(r: Review, should: boolean, patch: string): Response | null {
  if (!isResource(r, 'pods')) return null;
  return should ? jsonPatch(patch) : allow();
}

const HANDLERS: Record<string, Handler> = {
  '/always-allow-delay-5s': () => ({ allowed: true, status: { message: 'this webhook allows all requests' } }),
  '/always-deny': () => deny('this webhook denies all requests'),
  '/add-label': (r) => {
    const labels = labelsOf(r.object);
    if (Object.keys(labels).length === 0) return jsonPatch(`[\n         { "op": "add", "path": "/metadata/labels", "value": {"added-label": "yes"}}\n     ]`);
    if (!('added-label' in labels)) return jsonPatch(`[\n         { "op": "add", "path": "/metadata/labels/added-label", "value": "yes" }\n     ]`);
    if (labels['added-label'] !== 'yes') return jsonPatch(`[\n         { "op": "replace", "path": "/metadata/labels/added-label", "value": "yes" }\n     ]`);
    return allow();
  },
  '/pods': admitPods,
  '/pods/attach': (r) => {
    if (r.name !== 'to-be-attached-pod') return allow();
    if (!isResource(r, 'pods')) return deny(`expect resource to be &{ v1 pods}, got &{${r.resource?.group ?? ''} ${r.resource?.version ?? ''} ${r.resource?.resource ?? ''}}`);
    if (r.subResource !== 'attach') return deny(`expect subresource to be attach, got ${r.subResource ?? ''}`);
    const o = r.object ?? {};
    return o['stdin'] === true && o['container'] === 'container1' ? deny("attaching to pod 'to-be-attached-pod' is not allowed") : allow();
  },
  '/mutating-pods': (r) => {
    const name = (r.object?.['metadata'] as { name?: string } | undefined)?.name;
    return podPatch(r, name === 'webhook-to-be-mutated' && !containers(r.object, 'initContainers').some((c) => c.name === 'webhook-added-init-container'), PODS_INIT_CONTAINER_PATCH);
  },
  '/mutating-pods-sidecar': (r, sidecarImage) => {
    if (!sidecarImage) return { allowed: false, status: { status: 'Failure', message: 'No image specified by the sidecar-image parameter', code: 500 } };
    const patch = `[\n\t\t{"op":"add", "path":"/spec/containers/-","value":{"image":"${sidecarImage}","name":"webhook-added-sidecar","resources":{}}}\n\t]`;
    return podPatch(r, !containers(r.object, 'containers').some((c) => c.name === 'webhook-added-sidecar'), patch);
  },
  '/configmaps': (r) => {
    if (!isResource(r, 'configmaps')) return null;
    const data = (((r.operation === 'DELETE' ? r.oldObject : r.object)?.['data'] ?? {}) as Record<string, string>);
    const v = data['webhook-e2e-test'];
    if (v === 'webhook-disallow' && (r.operation === 'CREATE' || r.operation === 'UPDATE')) return { allowed: false, status: { reason: 'the configmap contains unwanted key and value' } };
    if (v === 'webhook-nondeletable' && r.operation === 'DELETE') return { allowed: false, status: { reason: 'the configmap cannot be deleted because it contains unwanted key and value' } };
    return allow();
  },
  '/mutating-configmaps': (r) => {
    if (!isResource(r, 'configmaps')) return null;
    const data = (r.object?.['data'] ?? {}) as Record<string, string>;
    let patch = '';
    if (data['mutation-start'] === 'yes') patch = `[\n         { "op": "add", "path": "/data/mutation-stage-1", "value": "yes" }\n     ]`;
    if (data['mutation-stage-1'] === 'yes') patch = `[\n         { "op": "add", "path": "/data/mutation-stage-2", "value": "yes" }\n     ]`;
    return patch ? jsonPatch(patch) : allow();
  },
  '/custom-resource': (r) => {
    const v = (((r.operation === 'DELETE' ? r.oldObject : r.object)?.['data'] ?? {}) as Record<string, unknown>)['webhook-e2e-test'];
    if (v === 'webhook-disallow' && (r.operation === 'CREATE' || r.operation === 'UPDATE')) return { allowed: false, status: { reason: 'the custom resource contains unwanted data' } };
    if (v === 'webhook-nondeletable' && r.operation === 'DELETE') return { allowed: false, status: { reason: 'the custom resource cannot be deleted because it contains unwanted key and value' } };
    return allow();
  },
  '/mutating-custom-resource': (r) => {
    const data = (r.object?.['data'] ?? {}) as Record<string, unknown>;
    if (data['mutation-start'] === 'yes') return jsonPatch(`[\n         { "op": "add", "path": "/data/mutation-stage-1", "value": "yes" }\n     ]`);
    if (data['mutation-stage-1'] === 'yes') return jsonPatch(`[\n         { "op": "add", "path": "/data/mutation-stage-2", "value": "yes" }\n     ]`);
    return allow();
  },
  '/crd': (r) => {
    const labels = labelsOf(r.object);
    return labels['webhook-e2e-test'] === 'webhook-disallow' ? deny('the crd contains unwanted label') : allow();
  },
};

/** One POST to the webhook server; `not-found` for a path main.go does not register. */
export function agnhostWebhook(path: string, contentType: string, body: string, sidecarImage: string): WebhookAnswer {
  const route = path.split('?')[0]!;
  if (route === '/readyz') return { kind: 'reply', status: 200, body: 'ok', contentType: 'text/plain; charset=utf-8', delayMs: 0 };
  const handler = HANDLERS[route];
  if (!handler) return { kind: 'not-found' };
  if (contentType !== 'application/json') return { kind: 'reply', status: 200, body: '', contentType: 'text/plain; charset=utf-8', delayMs: 0 };
  let review: { apiVersion?: string; kind?: string; request?: Review };
  try {
    review = JSON.parse(body) as typeof review;
  } catch {
    return { kind: 'reply', status: 400, body: `Request could not be decoded: couldn't get version/kind; json parse error\n`, contentType: 'text/plain; charset=utf-8', delayMs: 0 };
  }
  const version = review.apiVersion === 'admission.k8s.io/v1' || review.apiVersion === 'admission.k8s.io/v1beta1' ? review.apiVersion : undefined;
  if (!version || review.kind !== 'AdmissionReview') {
    return { kind: 'reply', status: 400, body: `Request could not be decoded: no kind "${review.kind ?? ''}" is registered for version "${review.apiVersion ?? ''}" in scheme "k8s.io/kubernetes/test/images/agnhost/webhook/scheme.go:29"\n`, contentType: 'text/plain; charset=utf-8', delayMs: 0 };
  }
  const request = review.request ?? {};
  const response = handler(request, sidecarImage);
  if (response === 'hang') return { kind: 'hang' };
  // A nil response marshals as `"response":{"uid":…,"allowed":false}` once main.go sets the uid.
  const answered = { uid: request.uid ?? '', ...(response ?? { allowed: false }) };
  const out = { kind: 'AdmissionReview', apiVersion: version, response: answered };
  return { kind: 'reply', status: 200, body: JSON.stringify(out), contentType: 'application/json', delayMs: route === '/always-allow-delay-5s' ? 5000 : 0 };
}
