/**
 * kube-apiserver's authorization filter for a request that will find no route: WithAuthorization
 * runs before the mux, on the RequestInfo the path's shape names (src/k8s/request-info.ts), so
 * `GET /apis/example.com/v1/widgets` by a ServiceAccount that may not list widgets is a 403 that
 * names them, and only an authorized client learns the path is a 404 (or its method a 405).
 */
import { requestInfo } from '../../k8s/request-info';
import type { World } from '../world';
import { authorize, forbiddenMessage, impersonate, impersonationChecks, type Impersonation, type UserInfo } from './auth';
import { authorizeNonResource, authorizeResource } from './rbac-authorizer';
import type { StatusError } from './status';
import { forbidden } from './status';

/**
 * The 403 the filter answers `method url` by `user`, or undefined when it lets the request on.
 * Its details are responsewriters.Forbidden's: the object, its group and resource in
 * StatusDetails' field order (empty ones left out); empty for a path.
 */
export function refusedBeforeRouting(w: World, user: UserInfo, method: string, url: string): StatusError | undefined {
  const info = requestInfo(method, url);
  if (!info) return undefined;
  if (!info.resourceRequest) {
    if (authorizeNonResource(w, user, info.verb, info.path)) return undefined;
    return { ...forbidden(`forbidden: User ${JSON.stringify(user.name)} cannot ${info.verb} path ${JSON.stringify(info.path)}`), details: {} };
  }
  const resource = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  const namespace = info.namespace || undefined;
  const name = info.name || undefined;
  if (authorizeResource(w, user, { verb: info.verb, group: info.apiGroup, resource, namespace, name })) return undefined;
  const details = { ...(name ? { name } : {}), ...(info.apiGroup ? { group: info.apiGroup } : {}), kind: info.resource };
  return { ...forbidden(forbiddenMessage(user, info.verb, info.apiGroup, resource, namespace, name)), details };
}

/**
 * WithImpersonation, which runs between authentication and the authorization filter: each thing
 * `--as`/`--as-group`/`--as-uid` asks for is authorized for the real user (the first refusal is
 * the 403), then the request goes on as the impersonated user. handler.ts runs the same checks,
 * tracing each, for a request that has a route.
 */
export function impersonating(w: World, user: UserInfo, imp: Impersonation): { user: UserInfo } | { refused: StatusError } {
  for (const c of impersonationChecks(imp)) {
    if (!authorize(w, user, 'impersonate', c.group, c.resource, c.namespace, c.name)) return { refused: forbidden(forbiddenMessage(user, 'impersonate', c.group, c.resource, c.namespace, c.name)) };
  }
  return { user: impersonate(imp) };
}
