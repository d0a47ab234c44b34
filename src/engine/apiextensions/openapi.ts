/**
 * The OpenAPI v3 document of a custom resource group version, as the apiextensions-apiserver
 * publishes it from each CRD's schema: apiVersion, kind and metadata (ObjectMeta) added with
 * the same descriptions as the built-in kinds', the rest is the CRD's structural schema, keyed
 * `<reversed group>.<version>.<Kind>` (`com.example.stable.v1.CronTab`). `kubectl explain` reads it.
 */
import type { JSONSchemaProps } from '../../k8s/apiextensions';
import { openApiDocument } from '../apiserver/openapi';
import type { World } from '../world';
import { customResources } from './served';

type Schema = Record<string, unknown>;

function reversed(group: string): string {
  return group.split('.').reverse().join('.');
}

export function customOpenApiDocument(w: World, group: string, version: string): Schema | undefined {
  const served = customResources(w).filter((r) => r.group === group && r.version === version);
  if (served.length === 0) return undefined;
  const core = openApiDocument('', 'v1') as { components: { schemas: Record<string, Schema> } };
  const schemas: Record<string, Schema> = { ...core.components.schemas };
  const pod = (schemas['io.k8s.api.core.v1.Pod']?.['properties'] ?? {}) as Record<string, Schema>;
  const paths: Record<string, Schema> = {};
  for (const info of served) {
    const gvk = { group: info.group, kind: info.kind, version: info.version };
    paths[`/apis/${group}/${version}${info.namespaced ? '/namespaces/{namespace}' : ''}/${info.resource}`] = { get: { 'x-kubernetes-group-version-kind': gvk } };
    const own: JSONSchemaProps = info.custom.schema ?? { type: 'object' };
    schemas[`${reversed(group)}.${version}.${info.kind}`] = {
      ...own,
      properties: { apiVersion: pod['apiVersion'], kind: pod['kind'], metadata: pod['metadata'], ...(own.properties ?? {}) },
      'x-kubernetes-group-version-kind': [gvk],
    };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes CRD Swagger', version: 'v0.1.0' }, paths, components: { schemas } };
}
