/**
 * OpenAPI for real clients. The documents are the engine's (`/openapi/v3/<gv>`, the schemas
 * `kubectl explain` reads); this adds what kube-apiserver's paths carry and kubectl's validation
 * reads: a PATCH operation per object path, tagged with its kind and taking `fieldValidation`.
 * With it, `kubectl apply`/`create` see that the server validates fields (cli-runtime's
 * queryParamVerifierV3) and send `fieldValidation=Strict` instead of downloading OpenAPI v2,
 * which is not served. It also carries upstream's descriptions, enums and required fields, as
 * the kubectl port's explain joins them (so a real `kubectl explain` prints the same text).
 */
import { createHash } from 'node:crypto';
import { RESOURCES, REVIEW_RESOURCES, type ResourceInfo } from '../k8s/resources';
import { crossGroupViews } from '../k8s/served-versions';
import API_DOCS from '../kubectl/explain/api-docs.json';
import { describeDocument, type ApiDocs, type Doc as DescribedDoc } from '../kubectl/explain/describe';

type Doc = { paths?: Record<string, Record<string, unknown>> };

const QUERY = (name: string): object => ({ name, in: 'query', schema: { type: 'string', uniqueItems: true } });

export function withPatchPaths(body: string): string {
  const doc = JSON.parse(body) as Doc;
  describeDocument(doc as DescribedDoc, API_DOCS as ApiDocs);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const gvk = (item['get'] as Record<string, unknown> | undefined)?.['x-kubernetes-group-version-kind'];
    if (!gvk) continue;
    doc.paths![`${path}/{name}`] = {
      patch: { 'x-kubernetes-action': 'patch', 'x-kubernetes-group-version-kind': gvk, parameters: [QUERY('dryRun'), QUERY('fieldManager'), QUERY('fieldValidation'), { name: 'force', in: 'query', schema: { type: 'boolean', uniqueItems: true } }] },
    };
  }
  return JSON.stringify(doc);
}

/** `/openapi/v3`: the group versions with a document, each at a URL whose hash names its content. */
export function openApiV3Root(custom: readonly ResourceInfo[] = []): object {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const r of [...RESOURCES, ...REVIEW_RESOURCES, ...crossGroupViews(RESOURCES), ...custom]) {
    const gv = r.group ? `apis/${r.group}/${r.version}` : `api/${r.version}`;
    // The documents never change while the server runs, so a hash of the path is a stable etag.
    paths[gv] ??= { serverRelativeURL: `/openapi/v3/${gv}?hash=${createHash('sha512').update(gv).digest('hex').toUpperCase()}` };
  }
  return { paths };
}
