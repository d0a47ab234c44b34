/**
 * apiextensions.k8s.io/v1: the CustomResourceDefinition type and the one rule every layer shares
 * about it — which resource an established CRD serves (`crdResourceInfo`), so the apiserver's
 * handler, discovery, kubectl's RESTMapper and its printers all read a CRD the same way.
 */
import type { KObject, ObjectMeta } from './types';
import type { ResourceInfo } from './resources';

/** The structural schema subset the simulation validates and prunes with. */
export interface JSONSchemaProps {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, JSONSchemaProps>;
  required?: string[];
  items?: JSONSchemaProps;
  additionalProperties?: JSONSchemaProps | boolean;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
}

export interface CustomResourceColumnDefinition {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: { status?: Record<string, never>; scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string } };
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  selectableFields?: { jsonPath: string }[];
}

export interface CustomResourceDefinitionNames {
  plural: string;
  singular?: string;
  kind: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
}

export interface CustomResourceDefinitionCondition {
  type: 'Established' | 'NamesAccepted' | 'Terminating' | 'NonStructuralSchema' | 'KubernetesAPIApprovalPolicyConformant';
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface CustomResourceDefinition extends KObject {
  metadata: ObjectMeta;
  spec: {
    group: string;
    names: CustomResourceDefinitionNames;
    scope: 'Namespaced' | 'Cluster';
    versions: CustomResourceDefinitionVersion[];
    conversion?: { strategy: string };
  };
  status?: {
    conditions?: CustomResourceDefinitionCondition[];
    acceptedNames?: CustomResourceDefinitionNames;
    storedVersions?: string[];
  };
}

/** The finalizer the CRD strategy adds, removed once every custom object is gone. */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** What a served custom resource carries besides its discovery row. */
export interface CustomResourceSource {
  crd: string;
  schema: JSONSchemaProps | undefined;
  columns: readonly CustomResourceColumnDefinition[];
  categories: readonly string[];
  /** Field labels a field selector may name besides metadata's: each `selectableFields` jsonPath without its leading dot. */
  selectableFields: readonly string[];
}

export function crdCondition(crd: CustomResourceDefinition, type: CustomResourceDefinitionCondition['type']): CustomResourceDefinitionCondition | undefined {
  return crd.status?.conditions?.find((c) => c.type === type);
}

export function isEstablished(crd: CustomResourceDefinition): boolean {
  return crdCondition(crd, 'Established')?.status === 'True';
}

/** The version objects are stored and served at (the simulation serves this one version). */
export function storageVersion(crd: CustomResourceDefinition): CustomResourceDefinitionVersion | undefined {
  return crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
}

const memo = new WeakMap<CustomResourceDefinition, ResourceInfo & { custom: CustomResourceSource }>();

/**
 * The discovery row an established CRD adds, with what validation and printing need. Stored
 * objects are never mutated after commit, so the row is memoised per stored CRD.
 */
export function crdResourceInfo(crd: CustomResourceDefinition): ResourceInfo & { custom: CustomResourceSource } {
  const hit = memo.get(crd);
  if (hit) return hit;
  const v = storageVersion(crd);
  const names = crd.status?.acceptedNames?.plural ? crd.status.acceptedNames : crd.spec.names;
  const subresources = [...(v?.subresources?.status ? ['status'] : []), ...(v?.subresources?.scale ? ['scale'] : [])];
  const info = {
    resource: names.plural,
    singular: names.singular || names.kind.toLowerCase(),
    kind: names.kind,
    group: crd.spec.group,
    version: v?.name ?? '',
    namespaced: crd.spec.scope === 'Namespaced',
    shortNames: names.shortNames ?? [],
    verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'],
    subresources,
    custom: {
      crd: crd.metadata.name ?? '',
      schema: v?.schema?.openAPIV3Schema,
      columns: v?.additionalPrinterColumns ?? [],
      categories: names.categories ?? [],
      selectableFields: (v?.selectableFields ?? []).map((f) => f.jsonPath.replace(/^\./, '')),
    },
  };
  memo.set(crd, info);
  return info;
}

export function customSource(info: ResourceInfo): CustomResourceSource | undefined {
  return (info as { custom?: CustomResourceSource }).custom;
}
