/**
 * `kubectl describe`: by name (falling back to a name-prefix match, as kubectl does), by type,
 * selector or file; several descriptions are separated by a blank line pair.
 */
import type { ConfigMap, CronJob, CSINode, Ingress, IngressClass, IPAddress, ServiceCIDR, DaemonSet, Endpoints, Deployment, Job, KObject, Namespace, Node, PersistentVolume, PersistentVolumeClaim, Pod, PodDisruptionBudget, PriorityClass, ReplicaSet, Secret, Service, StorageClass } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { parseResourceArgs } from '../builder';
import { CmdError, failureText, isNetworkError, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { enhanceListError, listOptions } from '../selectors';
import { stringMeta } from '../apply/objects';
import { FILENAME_FLAG } from './common';
import { describePod } from '../describe/pod';
import { SHOW_EVENTS, type DescriberSettings } from '../describe/common';
import { describeDaemonSet, describeDeployment, describeReplicaSet } from '../describe/workloads';
import { describeStatefulSet } from '../describe/statefulset';
import { describeReplicationController } from '../describe/replication-controller';
import type { ReplicationController } from '../../k8s/types';
import type { StatefulSet } from '../../k8s/types';
import { describeNode } from '../describe/node';
import { describeCronJob, describeJob } from '../describe/batch';
import { describeEndpoints, describeService } from '../describe/service';
import { describeIPAddress, describeServiceCIDR } from '../describe/service-cidr';
import { describeIngress, describeIngressClass } from '../describe/ingress';
import { describeCSINode, describePersistentVolume, describePersistentVolumeClaim, describeStorageClass, describeVolumeAttributesClass } from '../describe/storage';
import type { VolumeAttributesClass } from '../../k8s/storage-objects';
import { describeEndpointSlice } from '../describe/endpointslice';
import type { EndpointSlice } from '../../k8s/types';
import { describePriorityClass } from '../describe/priorityclass';
import { describePodDisruptionBudget } from '../describe/policy';
import { describeHorizontalPodAutoscaler } from '../describe/autoscaling';
import type { HorizontalPodAutoscaler } from '../../k8s/autoscaling';
import { describeLimitRange, describeQuota } from '../describe/quota';
import type { LimitRange, ResourceQuota } from '../../k8s/types';
import { describeNetworkPolicy } from '../describe/network-policy';
import type { NetworkPolicy } from '../../k8s/types';
import { describeConfigMap, describeGeneric, describeNamespace, describeSecret, describeServiceAccount } from '../describe/other';
import { pushAll } from '../../k8s/arrays';
import type { Role } from '../../k8s/rbac';
import { describeRole, describeRoleBinding } from '../describe/rbac';
import { atStorageVersion } from '../../k8s/served-versions';
import { failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';
import { describeCertificateSigningRequest } from '../describe/certificates';
import type { CertificateSigningRequest } from '../../k8s/certificates';

export const DESCRIBE_FLAGS: FlagDef[] = [
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'show-events', kind: 'bool' },
  { name: 'chunk-size', kind: 'int' },
];

export function describeObject(env: Env, info: ResourceInfo, obj: KObject, settings: DescriberSettings = SHOW_EVENTS): string {
  const now = env.sim.now;
  const c = env.client;
  switch (info.resource) {
    case 'pods':
      return describePod(c, obj as Pod, now, settings);
    case 'deployments':
      return describeDeployment(c, obj as Deployment, now, settings);
    case 'replicasets':
      return describeReplicaSet(c, obj as ReplicaSet, now, settings);
    case 'replicationcontrollers':
      return describeReplicationController(c, obj as ReplicationController, now, settings);
    case 'daemonsets':
      return describeDaemonSet(c, obj as DaemonSet, now, settings);
    case 'statefulsets':
      return describeStatefulSet(c, obj as StatefulSet, now, settings);
    case 'jobs':
      return describeJob(c, obj as Job, now, settings);
    case 'cronjobs':
      return describeCronJob(c, obj as CronJob, now, settings);
    case 'nodes':
      return describeNode(c, obj as Node, now, settings);
    case 'services':
      return describeService(c, obj as Service, now, settings);
    case 'endpoints':
      return describeEndpoints(c, obj as Endpoints, now, settings);
    case 'namespaces':
      return describeNamespace(obj as Namespace, c);
    case 'configmaps':
      return describeConfigMap(c, obj as ConfigMap, now, settings);
    case 'secrets':
      return describeSecret(obj as Secret);
    case 'serviceaccounts':
      return describeServiceAccount(c, obj, now, settings);
    case 'roles':
    case 'clusterroles':
      return describeRole(obj as Role);
    case 'rolebindings':
    case 'clusterrolebindings':
      return describeRoleBinding(obj);
    case 'persistentvolumeclaims':
      return describePersistentVolumeClaim(c, obj as PersistentVolumeClaim, now, settings);
    case 'persistentvolumes':
      return describePersistentVolume(c, obj as PersistentVolume, now, settings);
    case 'storageclasses':
      return describeStorageClass(c, obj as StorageClass, now, settings);
    case 'endpointslices':
      return describeEndpointSlice(c, obj as EndpointSlice, now, settings);
    case 'csinodes':
      return describeCSINode(c, obj as CSINode, now, settings);
    case 'certificatesigningrequests':
      return describeCertificateSigningRequest(c, obj as CertificateSigningRequest, now, settings);
    case 'volumeattributesclasses':
      return describeVolumeAttributesClass(c, obj as VolumeAttributesClass, now, settings);
    case 'ingresses':
      return describeIngress(c, obj as Ingress, now, settings);
    case 'ingressclasses':
      return describeIngressClass(c, obj as IngressClass, now, settings);
    case 'servicecidrs':
      return describeServiceCIDR(c, obj as ServiceCIDR, now, settings);
    case 'ipaddresses':
      return describeIPAddress(c, obj as IPAddress, now, settings);
    case 'resourcequotas':
      return describeQuota(obj as ResourceQuota);
    case 'limitranges':
      return describeLimitRange(obj as LimitRange);
    case 'poddisruptionbudgets':
      return describePodDisruptionBudget(c, obj as PodDisruptionBudget, now, settings);
    case 'horizontalpodautoscalers':
      return describeHorizontalPodAutoscaler(c, obj as HorizontalPodAutoscaler, now, settings);
    case 'priorityclasses':
      return describePriorityClass(c, obj as PriorityClass, now, settings);
    case 'networkpolicies':
      return describeNetworkPolicy(obj as NetworkPolicy);
    default:
      return describeGeneric(c, obj, now, settings);
  }
}

export function runDescribe(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, DESCRIBE_FLAGS, 'kubectl describe');
  const ns = namespaceOf(env, flags);
  const allNs = flags.bool('all-namespaces');
  let groups;
  if (usesFiles(flags)) {
    const loaded = loadInputs(env, flags);
    if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
    failIfUnrecognizable(env, flags, loaded, { bare: true });
    groups = loaded.docs.map((d) => ({ info: atStorageVersion(d.info), names: [stringMeta(d.obj, 'name')], ns: stringMeta(d.obj, 'namespace') || undefined }));
  } else {
    if (flags.args.length === 0) throw plainError('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
    // The describer reads the storage version whatever version was named (kubectl's
    // HorizontalPodAutoscalerDescriber gets autoscaling/v2).
    groups = parseResourceArgs(flags.args).map((g) => ({ ...g, info: atStorageVersion(g.info), ns: undefined as string | undefined }));
  }
  const found: { info: ResourceInfo; obj: KObject }[] = [];
  /** DescribeMatchingResources: the objects whose name starts with the one not found, printed each with a newline. */
  const matched: { info: ResourceInfo; obj: KObject }[] = [];
  const errors: Failure[] = [];
  const prefixForm = flags.args.length === 2 && !flags.args[0]!.includes('/') && !flags.args[0]!.includes(',');
  for (const g of groups) {
    const gns = g.ns ?? ns;
    if (g.names.length === 0) {
      const r = env.client.list(g.info, allNs ? undefined : gns, listOptions(flags, g.info));
      if (r.ok) pushAll(found, r.value.map((obj) => ({ info: g.info, obj })));
      else errors.push({ api: enhanceListError(r.error, g.info, flags) });
      continue;
    }
    for (const name of g.names) {
      const r = env.client.getNamed(g.info, gns, name);
      if (r.ok) {
        found.push({ info: g.info, obj: r.value });
        continue;
      }
      if (prefixForm && !isNetworkError(r.error) && r.error.reason === 'NotFound') {
        const all = env.client.list(g.info, gns);
        const matches = all.ok ? all.value.filter((o) => (o.metadata.name ?? '').startsWith(name)) : [];
        if (matches.length) {
          pushAll(matched, matches.map((obj) => ({ info: g.info, obj })));
          continue;
        }
      }
      errors.push({ api: r.error });
    }
  }
  // kubectl 1.36 (b902e43): without --show-events, Events are left out when the builder failed
  // (a prefix match included) or found more than one object.
  const settings = { showEvents: flags.has('show-events') ? flags.bool('show-events') : errors.length === 0 && matched.length === 0 && found.length <= 1 };
  for (const m of matched) env.out.out(`${describeObject(env, m.info, m.obj, settings)}\n`);
  found.forEach((f, i) => env.out.out(i === 0 ? describeObject(env, f.info, f.obj, settings) : `\n\n${describeObject(env, f.info, f.obj, settings)}`));
  if (found.length === 0 && matched.length === 0 && errors.length === 0) {
    const namespaced = groups.every((g) => g.info.namespaced) && !allNs;
    env.out.err(namespaced ? `No resources found in ${ns} namespace.\n` : 'No resources found\n');
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
