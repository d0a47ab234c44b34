/**
 * Per-kind validation dispatch: each kind's strategy Validate (create) or ValidateUpdate
 * (update), in the modules beside this one. Status writes are validated by the components'
 * own strategies upstream and carry nothing a learner types, so they pass through.
 */
import type { ConfigMap, CSINode, ControllerRevision, CronJob, DaemonSet, Deployment, EndpointSlice, Job, KObject, Lease, Namespace, Node, PersistentVolume, PersistentVolumeClaim, Pod, PodDisruptionBudget, PriorityClass, ReplicaSet, Secret, Service, StorageClass } from '../../../k8s/types';
import type { LimitRange, ResourceQuota } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import type { World } from '../../world';
import type { FieldError } from '../status';
import { validateCronJob, validateJob } from './batch';
import { validatePodDisruptionBudget } from './policy';
import { validateLimitRange, validateResourceQuota } from './quota';
import type { APIService, HorizontalPodAutoscaler } from '../../../k8s/autoscaling';
import { validateAPIService, validateHorizontalPodAutoscaler } from './autoscaling';
import { validateNetworkPolicy } from './network-policy';
import type { Ingress, IngressClass, IPAddress, NetworkPolicy, ServiceCIDR } from '../../../k8s/types';
import { validateIngress, validateIngressClass } from './ingress';
import { validateIPAddress, validateServiceCIDR } from './service-cidr';
import { validateRuntimeClass } from './runtime-class';
import { validateFlowSchema, validatePriorityLevelConfiguration } from './flowcontrol';
import type { FlowSchema, PriorityLevelConfiguration } from '../../../k8s/flowcontrol';
import { validatePodTemplate, validateReplicationController } from './replication-controller';
import type { PodTemplate, ReplicationController } from '../../../k8s/types';
import type { RuntimeClass } from '../../../k8s/types';
import { dedupe } from './field';
import type { ClusterRole, Role, RoleBinding } from '../../../k8s/rbac';
import { validateClusterRole, validateRole, validateRoleBinding } from './rbac';
import { validateConfigMap, validateSecret } from './config';
import { validateEndpointSlice, validateLease, validateMetaOnly, validateNamespace, validateNamespaceFinalize, validateNode, validatePriorityClass } from './misc';
import { validatePod, validatePodEphemeralContainersUpdate, validatePodUpdate } from './pod';
import { validatePodResize } from './pod-resize';
import { validateService } from './service';
import { validateCSINode, validatePersistentVolume, validatePersistentVolumeClaim, validateStorageClass } from './storage';
import { validateCSIStorageCapacity, validateVolumeAttachment, validateVolumeAttributesClass } from './storage-objects';
import type { CSIStorageCapacity, VolumeAttachment, VolumeAttributesClass } from '../../../k8s/storage-objects';
import { customSource, type CustomResourceDefinition } from '../../../k8s/apiextensions';
import { validateCrd } from '../../apiextensions/crd-validation';
import { validateCustom } from '../../apiextensions/schema';
import { validateControllerRevision, validateDaemonSet, validateDeployment, validateReplicaSet } from './workloads';
import { validateStatefulSet } from './statefulset';
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../k8s/admission-policy';
import { validateValidatingAdmissionPolicy, validateValidatingAdmissionPolicyBinding } from './admission-policy';
import type { WebhookConfiguration } from '../../../k8s/webhook-configuration';
import { validateWebhookConfiguration } from './webhook-configuration';
import type { KEvent, StatefulSet } from '../../../k8s/types';
import { validateEvent } from './events';
import { validateCertificateSigningRequest } from './certificates';
import type { CertificateSigningRequest } from '../../../k8s/certificates';

export interface ValidateOptions {
  /** The subresource written: `status` and `binding` skip spec rules, as their strategies do. */
  subresource?: string;
  /** The group the request named, when not the resource table's (events.k8s.io's Events validate strictly). */
  requestGroup?: string;
}

function byKind(info: ResourceInfo, obj: KObject, old: KObject | undefined): FieldError[] {
  switch (info.resource) {
    case 'pods':
      return old ? validatePodUpdate(obj as Pod, old as Pod) : validatePod(obj as Pod);
    case 'deployments':
      return validateDeployment(obj as Deployment, old as Deployment | undefined);
    case 'daemonsets':
      return validateDaemonSet(obj as DaemonSet, old as DaemonSet | undefined);
    case 'statefulsets':
      return validateStatefulSet(obj as StatefulSet, old as StatefulSet | undefined);
    case 'controllerrevisions':
      return validateControllerRevision(obj as ControllerRevision, old as ControllerRevision | undefined);
    case 'replicasets':
      return validateReplicaSet(obj as ReplicaSet, old as ReplicaSet | undefined);
    case 'replicationcontrollers':
      return validateReplicationController(obj as ReplicationController, old as ReplicationController | undefined);
    case 'podtemplates':
      return validatePodTemplate(obj as PodTemplate, old as PodTemplate | undefined);
    case 'jobs':
      return validateJob(obj as Job, old as Job | undefined);
    case 'cronjobs':
      return validateCronJob(obj as CronJob, old as CronJob | undefined);
    case 'services':
      return validateService(obj as Service, old as Service | undefined);
    case 'configmaps':
      return validateConfigMap(obj as ConfigMap, old as ConfigMap | undefined);
    case 'secrets':
      return validateSecret(obj as Secret, old as Secret | undefined);
    case 'namespaces':
      return validateNamespace(obj as Namespace, old as Namespace | undefined);
    case 'nodes':
      return validateNode(obj as Node, old as Node | undefined);
    case 'persistentvolumeclaims':
      return validatePersistentVolumeClaim(obj as PersistentVolumeClaim, old as PersistentVolumeClaim | undefined);
    case 'persistentvolumes':
      return validatePersistentVolume(obj as PersistentVolume, old as PersistentVolume | undefined);
    case 'storageclasses':
      return validateStorageClass(obj as StorageClass, old as StorageClass | undefined);
    case 'volumeattachments':
      return validateVolumeAttachment(obj as VolumeAttachment, old as VolumeAttachment | undefined);
    case 'csistoragecapacities':
      return validateCSIStorageCapacity(obj as CSIStorageCapacity, old as CSIStorageCapacity | undefined);
    case 'volumeattributesclasses':
      return validateVolumeAttributesClass(obj as VolumeAttributesClass, old as VolumeAttributesClass | undefined);
    case 'csinodes':
      return validateCSINode(obj as CSINode, old as CSINode | undefined);
    case 'leases':
      return validateLease(obj as Lease, old as Lease | undefined);
    case 'endpointslices':
      return validateEndpointSlice(obj as EndpointSlice, old as EndpointSlice | undefined);
    case 'resourcequotas':
      return validateResourceQuota(obj as ResourceQuota, old as ResourceQuota | undefined);
    case 'limitranges':
      return validateLimitRange(obj as LimitRange, old as LimitRange | undefined);
    case 'poddisruptionbudgets':
      return validatePodDisruptionBudget(obj as PodDisruptionBudget, old as PodDisruptionBudget | undefined);
    case 'networkpolicies':
      return validateNetworkPolicy(obj as NetworkPolicy, old as NetworkPolicy | undefined);
    case 'ingresses':
      return validateIngress(obj as Ingress, old as Ingress | undefined);
    case 'ingressclasses':
      return validateIngressClass(obj as IngressClass, old as IngressClass | undefined);
    case 'servicecidrs':
      return validateServiceCIDR(obj as ServiceCIDR, old as ServiceCIDR | undefined);
    case 'ipaddresses':
      return validateIPAddress(obj as IPAddress, old as IPAddress | undefined);
    case 'flowschemas':
      return validateFlowSchema(obj as FlowSchema, old as FlowSchema | undefined);
    case 'prioritylevelconfigurations':
      return validatePriorityLevelConfiguration(obj as PriorityLevelConfiguration, old as PriorityLevelConfiguration | undefined);
    case 'runtimeclasses':
      return validateRuntimeClass(obj as RuntimeClass, old as RuntimeClass | undefined);
    case 'validatingadmissionpolicies':
      return validateValidatingAdmissionPolicy(obj as ValidatingAdmissionPolicy, old as ValidatingAdmissionPolicy | undefined);
    case 'validatingadmissionpolicybindings':
      return validateValidatingAdmissionPolicyBinding(obj as ValidatingAdmissionPolicyBinding, old as ValidatingAdmissionPolicyBinding | undefined);
    case 'validatingwebhookconfigurations':
    case 'mutatingwebhookconfigurations':
      return validateWebhookConfiguration(obj as WebhookConfiguration, old as WebhookConfiguration | undefined, info.resource === 'mutatingwebhookconfigurations');
    case 'horizontalpodautoscalers':
      return validateHorizontalPodAutoscaler(obj as HorizontalPodAutoscaler, old as HorizontalPodAutoscaler | undefined);
    case 'apiservices':
      return validateAPIService(obj as APIService, old as APIService | undefined);
    case 'customresourcedefinitions':
      return validateCrd(obj as CustomResourceDefinition, old as CustomResourceDefinition | undefined);
    case 'priorityclasses':
      return validatePriorityClass(obj as PriorityClass, old as PriorityClass | undefined);
    case 'roles':
      return validateRole(obj as Role, old as Role | undefined);
    case 'clusterroles':
      return validateClusterRole(obj as ClusterRole, old as ClusterRole | undefined);
    case 'rolebindings':
    case 'clusterrolebindings':
      return validateRoleBinding(obj as RoleBinding, old as RoleBinding | undefined, info.namespaced);
    default:
      return validateMetaOnly(obj, old, info.namespaced);
  }
}

export function validateByKind(_w: World, info: ResourceInfo, obj: KObject, old: KObject | undefined, opts: ValidateOptions = {}): FieldError[] {
  if (opts.subresource === 'finalize' && info.resource === 'namespaces' && old) return dedupe(validateNamespaceFinalize(obj as Namespace, old as Namespace));
  const custom = customSource(info);
  // A custom object's status is validated by the same schema (the status strategy's Validate).
  if (custom) return dedupe([...(opts.subresource ? [] : validateMetaOnly(obj, old, info.namespaced)), ...validateCustom(custom.schema, obj)]);
  // The CSR's status and approval strategies validate the whole object, each with its own allowances.
  if (info.resource === 'certificatesigningrequests') return dedupe(validateCertificateSigningRequest(obj as CertificateSigningRequest, old as CertificateSigningRequest | undefined, opts.subresource));
  if (opts.subresource === 'status' || opts.subresource === 'binding') return [];
  if (opts.subresource === 'ephemeralcontainers' && info.resource === 'pods' && old) return dedupe(validatePodEphemeralContainersUpdate(obj as Pod, old as Pod));
  if (opts.subresource === 'resize' && info.resource === 'pods' && old) return dedupe(validatePodResize(obj as Pod, old as Pod));
  if (info.resource === 'events') return dedupe(validateEvent(obj as KEvent, old as KEvent | undefined, opts.requestGroup === 'events.k8s.io'));
  return dedupe(byKind(info, obj, old));
}
