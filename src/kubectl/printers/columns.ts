/**
 * Server-side table columns (printers.go) for each resource the simulator serves. `wide`
 * columns have Priority 1 and appear only with `-o wide`. Cells are already strings, as
 * kubectl renders them (`<none>`, `<unset>`, `<pending>` where the printer puts them).
 *
 * Over 400 lines on purpose: one lookup table, an entry per served kind, read like printers.go's
 * own registration list (the RBAC kinds' longer rules already live in rbac-columns.ts).
 */
import type {
  ConfigMap,
  CronJob,
  CSIDriver,
  CSINode,
  ControllerRevision,
  DaemonSet,
  Deployment,
  EndpointSlice,
  Job,
  JobCondition,
  KEvent,
  KObject,
  Lease,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodDisruptionBudget,
  ReplicaSet,
  Secret,
  StatefulSet,
  Service,
  PriorityClass,
  RuntimeClass,
  StorageClass,
  ComponentStatus,
} from '../../k8s/types';
import { formatLabelSelector } from '../../k8s/labels';
import { nodeRoles, nodeStatus } from '../../k8s/printers/node';
import { podRow } from '../../k8s/printers/pod';
import { accessModes, formatLabels, selectorString, since } from '../../k8s/printers/util';
import { eventLastSeenAndCount, eventSource } from '../../k8s/printers/event';
import { RBAC_TABLES } from './rbac-columns';
import { CRD_TABLES } from './crd-columns';
import { NETWORKING_TABLES } from './networking-columns';
import { ADMISSION_POLICY_TABLES } from './admission-policy-columns';
import { QUOTA_TABLES } from './quota-columns';
import { CORE_WORKLOAD_TABLES } from './core-workload-columns';
import { AUTOSCALING_TABLES } from './autoscaling-columns';
import { STORAGE_TABLES } from './storage-columns';
import { CERTIFICATES_TABLES } from './certificates-columns';
import { FLOWCONTROL_TABLES } from './flowcontrol-columns';
import { humanDuration, parseTimestamp } from '../../k8s/time';

export interface Column {
  name: string;
  wide?: boolean;
}

export interface TableDef {
  columns: Column[];
  /** One cell per column, wide columns included. */
  cells(obj: KObject, now: number): string[];
  /** The list printer's own row order, where it sorts (printFlowSchemaList); else the list's. */
  order?(objs: readonly KObject[]): KObject[];
}

const age = (o: KObject, now: number): string => since(o.metadata.creationTimestamp, now);

function containerCells(spec: { containers?: { name: string; image?: string }[] } | undefined): [string, string] {
  const cs = spec?.containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(',')];
}

/** printControllerRevision's CONTROLLER: formatResourceName of the controller's group kind, `daemonset.apps/x`. */
function controllerName(o: KObject): string {
  const ref = o.metadata.ownerReferences?.find((r) => r.controller);
  if (!ref) return '<none>';
  const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
  return `${ref.kind.toLowerCase()}${group ? `.${group}` : ''}/${ref.name}`;
}

function moreList(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

function nodeAddress(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

const hasJobCondition = (j: Job, type: JobCondition['type']): boolean => (j.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');

/** printJob's STATUS: terminal conditions first, then deletion, suspension and the interim conditions. */
function jobStatus(j: Job): string {
  if (hasJobCondition(j, 'Complete')) return 'Complete';
  if (hasJobCondition(j, 'Failed')) return 'Failed';
  if (j.metadata.deletionTimestamp) return 'Terminating';
  if (hasJobCondition(j, 'Suspended')) return 'Suspended';
  if (hasJobCondition(j, 'FailureTarget')) return 'FailureTarget';
  if (hasJobCondition(j, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

/** printJob's COMPLETIONS: `succeeded/completions`, or `n/1 of parallelism` for a work queue. */
function jobCompletions(j: Job): string {
  const succeeded = j.status?.succeeded ?? 0;
  if (j.spec?.completions !== undefined) return `${succeeded}/${j.spec.completions}`;
  const parallelism = j.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** printJob's DURATION: running time so far, or start to completion. */
function jobDuration(j: Job, now: number): string {
  const start = j.status?.startTime;
  if (!start) return '';
  const end = j.status?.completionTime ? parseTimestamp(j.status.completionTime) : now;
  return humanDuration(end - parseTimestamp(start));
}

export function servicePorts(svc: Service): string {
  return (svc.spec?.ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? 'TCP'}` : `${p.port}/${p.protocol ?? 'TCP'}`)).join(',');
}

export function serviceExternalIP(svc: Service): string {
  const ext = ((svc.spec as { externalIPs?: string[] } | undefined)?.externalIPs ?? []) as string[];
  switch (svc.spec?.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return ext.length ? ext.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((s) => s !== '');
      const all = [...lb, ...ext];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return svc.spec?.externalName ?? '';
  }
  return '<unknown>';
}

interface EndpointsObject extends KObject {
  subsets?: { addresses?: { ip: string }[]; ports?: { name?: string; port: number }[] }[];
}

function formatEndpoints(ep: EndpointsObject): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addrs = ss.addresses ?? [];
    if ((ss.ports ?? []).length === 0) {
      count += addrs.length;
      for (const a of addrs) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const p of ss.ports ?? []) {
      count += addrs.length;
      for (const a of addrs) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(`${a.ip}:${p.port}`);
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

const TABLES: Record<string, TableDef> = {
  ...RBAC_TABLES,
  ...CRD_TABLES,
  ...CERTIFICATES_TABLES,
  ...FLOWCONTROL_TABLES,
  ...STORAGE_TABLES,
  ...NETWORKING_TABLES,
  ...ADMISSION_POLICY_TABLES,
  ...QUOTA_TABLES,
  ...CORE_WORKLOAD_TABLES,
  ...AUTOSCALING_TABLES,
  // printComponentStatus: the Healthy condition's status, message and error.
  componentstatuses: {
    columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'MESSAGE' }, { name: 'ERROR' }],
    cells(o) {
      const healthy = (o as ComponentStatus).conditions?.find((c) => c.type === 'Healthy');
      const status = healthy === undefined ? 'Unknown' : healthy.status === 'True' ? 'Healthy' : 'Unhealthy';
      return [o.metadata.name ?? '', status, healthy?.message ?? '', healthy?.error ?? ''];
    },
  },
  pods: {
    columns: [{ name: 'NAME' }, { name: 'READY' }, { name: 'STATUS' }, { name: 'RESTARTS' }, { name: 'AGE' }, { name: 'IP', wide: true }, { name: 'NODE', wide: true }, { name: 'NOMINATED NODE', wide: true }, { name: 'READINESS GATES', wide: true }],
    cells(o, now) {
      const pod = o as Pod;
      const r = podRow(pod, now);
      const gates = pod.spec?.readinessGates ?? [];
      const trueGates = gates.filter((g) => (pod.status?.conditions ?? []).find((c) => c.type === g.conditionType)?.status === 'True').length;
      return [
        o.metadata.name ?? '',
        r.ready,
        r.status,
        r.restarts,
        age(o, now),
        pod.status?.podIPs?.[0]?.ip || '<none>',
        pod.spec?.nodeName || '<none>',
        pod.status?.nominatedNodeName || '<none>',
        gates.length ? `${trueGates}/${gates.length}` : '<none>',
      ];
    },
  },
  deployments: {
    columns: [{ name: 'NAME' }, { name: 'READY' }, { name: 'UP-TO-DATE' }, { name: 'AVAILABLE' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
    cells(o, now) {
      const d = o as Deployment;
      const [names, images] = containerCells(d.spec?.template?.spec);
      const s = d.status ?? {};
      return [o.metadata.name ?? '', `${s.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`, String(s.updatedReplicas ?? 0), String(s.availableReplicas ?? 0), age(o, now), names, images, selectorString(d.spec?.selector)];
    },
  },
  daemonsets: {
    columns: [
      { name: 'NAME' },
      { name: 'DESIRED' },
      { name: 'CURRENT' },
      { name: 'READY' },
      { name: 'UP-TO-DATE' },
      { name: 'AVAILABLE' },
      { name: 'NODE SELECTOR' },
      { name: 'AGE' },
      { name: 'CONTAINERS', wide: true },
      { name: 'IMAGES', wide: true },
      { name: 'SELECTOR', wide: true },
    ],
    cells(o, now) {
      const ds = o as DaemonSet;
      const [names, images] = containerCells(ds.spec?.template?.spec);
      const s = ds.status;
      return [
        o.metadata.name ?? '',
        String(s?.desiredNumberScheduled ?? 0),
        String(s?.currentNumberScheduled ?? 0),
        String(s?.numberReady ?? 0),
        String(s?.updatedNumberScheduled ?? 0),
        String(s?.numberAvailable ?? 0),
        formatLabels(ds.spec?.template?.spec?.nodeSelector),
        age(o, now),
        names,
        images,
        formatLabelSelector(ds.spec?.selector),
      ];
    },
  },
  statefulsets: {
    columns: [{ name: 'NAME' }, { name: 'READY' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }],
    cells(o, now) {
      const sts = o as StatefulSet;
      const [names, images] = containerCells(sts.spec?.template?.spec);
      return [o.metadata.name ?? '', `${sts.status?.readyReplicas ?? 0}/${sts.spec?.replicas ?? 0}`, age(o, now), names, images];
    },
  },
  jobs: {
    columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'COMPLETIONS' }, { name: 'DURATION' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
    cells(o, now) {
      const j = o as Job;
      const [names, images] = containerCells(j.spec?.template?.spec);
      return [o.metadata.name ?? '', jobStatus(j), jobCompletions(j), jobDuration(j, now), age(o, now), names, images, formatLabelSelector(j.spec?.selector)];
    },
  },
  cronjobs: {
    columns: [
      { name: 'NAME' },
      { name: 'SCHEDULE' },
      { name: 'TIMEZONE' },
      { name: 'SUSPEND' },
      { name: 'ACTIVE' },
      { name: 'LAST SCHEDULE' },
      { name: 'AGE' },
      { name: 'CONTAINERS', wide: true },
      { name: 'IMAGES', wide: true },
      { name: 'SELECTOR', wide: true },
    ],
    cells(o, now) {
      const cj = o as CronJob;
      const jobSpec = cj.spec?.jobTemplate?.spec;
      const [names, images] = containerCells(jobSpec?.template?.spec);
      const suspend = cj.spec?.suspend === undefined ? '<unset>' : cj.spec.suspend ? 'True' : 'False';
      const last = cj.status?.lastScheduleTime ? since(cj.status.lastScheduleTime, now) : '<none>';
      return [o.metadata.name ?? '', cj.spec?.schedule ?? '', cj.spec?.timeZone ?? '<none>', suspend, String((cj.status?.active ?? []).length), last, age(o, now), names, images, formatLabelSelector(jobSpec?.selector)];
    },
  },
  replicasets: {
    columns: [{ name: 'NAME' }, { name: 'DESIRED' }, { name: 'CURRENT' }, { name: 'READY' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
    cells(o, now) {
      const rs = o as ReplicaSet;
      const [names, images] = containerCells(rs.spec?.template?.spec);
      return [o.metadata.name ?? '', String(rs.spec?.replicas ?? 0), String(rs.status?.replicas ?? 0), String(rs.status?.readyReplicas ?? 0), age(o, now), names, images, formatLabelSelector(rs.spec?.selector)];
    },
  },
  nodes: {
    columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'ROLES' }, { name: 'AGE' }, { name: 'VERSION' }, { name: 'INTERNAL-IP', wide: true }, { name: 'EXTERNAL-IP', wide: true }, { name: 'OS-IMAGE', wide: true }, { name: 'KERNEL-VERSION', wide: true }, { name: 'CONTAINER-RUNTIME', wide: true }],
    cells(o, now) {
      const n = o as Node;
      const info = n.status?.nodeInfo;
      const roles = nodeRoles(n).join(',');
      return [
        o.metadata.name ?? '',
        nodeStatus(n),
        roles || '<none>',
        age(o, now),
        info?.kubeletVersion ?? '',
        nodeAddress(n, 'InternalIP'),
        nodeAddress(n, 'ExternalIP'),
        info?.osImage || '<unknown>',
        info?.kernelVersion || '<unknown>',
        info?.containerRuntimeVersion || '<unknown>',
      ];
    },
  },
  events: {
    columns: [{ name: 'LAST SEEN' }, { name: 'TYPE' }, { name: 'REASON' }, { name: 'OBJECT' }, { name: 'SUBOBJECT', wide: true }, { name: 'SOURCE', wide: true }, { name: 'MESSAGE' }, { name: 'FIRST SEEN', wide: true }, { name: 'COUNT', wide: true }, { name: 'NAME', wide: true }],
    cells(o, now) {
      const e = o as KEvent;
      const first = e.firstTimestamp ? since(e.firstTimestamp, now) : since(e.eventTime, now);
      const { last, count } = eventLastSeenAndCount(e, now);
      const kind = (e.involvedObject?.kind ?? '').toLowerCase();
      const target = e.involvedObject?.name ? `${kind}/${e.involvedObject.name}` : kind;
      return [last, e.type ?? '', e.reason ?? '', target, e.involvedObject?.fieldPath ?? '', eventSource(e), (e.message ?? '').trim(), first, String(count), o.metadata.name ?? ''];
    },
  },
  namespaces: {
    columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', (o as Namespace).status?.phase ?? '', age(o, now)],
  },
  services: {
    columns: [{ name: 'NAME' }, { name: 'TYPE' }, { name: 'CLUSTER-IP' }, { name: 'EXTERNAL-IP' }, { name: 'PORT(S)' }, { name: 'AGE' }, { name: 'SELECTOR', wide: true }],
    cells(o, now) {
      const s = o as Service;
      return [o.metadata.name ?? '', s.spec?.type ?? '', s.spec?.clusterIPs?.[0] ?? '<none>', serviceExternalIP(s), servicePorts(s) || '<none>', age(o, now), formatLabels(s.spec?.selector)];
    },
  },
  endpoints: {
    columns: [{ name: 'NAME' }, { name: 'ENDPOINTS' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', formatEndpoints(o as EndpointsObject), age(o, now)],
  },
  endpointslices: {
    columns: [{ name: 'NAME' }, { name: 'ADDRESSTYPE' }, { name: 'PORTS' }, { name: 'ENDPOINTS' }, { name: 'AGE' }],
    cells(o, now) {
      const s = o as EndpointSlice;
      const ports: string[] = [];
      let pCount = 0;
      let pMore = false;
      for (const p of s.ports ?? []) {
        if (ports.length < 3) ports.push(p.port !== undefined && p.port !== null ? String(p.port) : (p.name ?? '*'));
        else pMore = true;
        pCount++;
      }
      const addrs: string[] = [];
      let aCount = 0;
      let aMore = false;
      for (const ep of s.endpoints ?? []) {
        for (const a of ep.addresses ?? []) {
          if (addrs.length < 3) addrs.push(a);
          else aMore = true;
          aCount++;
        }
      }
      return [o.metadata.name ?? '', s.addressType ?? '', moreList(ports, pMore, pCount, 3), moreList(addrs, aMore, aCount, 3), age(o, now)];
    },
  },
  controllerrevisions: {
    columns: [{ name: 'NAME' }, { name: 'CONTROLLER' }, { name: 'REVISION' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', controllerName(o), String((o as ControllerRevision).revision ?? 0), age(o, now)],
  },
  leases: {
    columns: [{ name: 'NAME' }, { name: 'HOLDER' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', (o as Lease).spec?.holderIdentity ?? '', age(o, now)],
  },
  configmaps: {
    columns: [{ name: 'NAME' }, { name: 'DATA' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', String(Object.keys((o as ConfigMap).data ?? {}).length + Object.keys((o as ConfigMap).binaryData ?? {}).length), age(o, now)],
  },
  secrets: {
    columns: [{ name: 'NAME' }, { name: 'TYPE' }, { name: 'DATA' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', (o as Secret).type ?? '', String(Object.keys((o as Secret).data ?? {}).length), age(o, now)],
  },
  serviceaccounts: {
    columns: [{ name: 'NAME' }, { name: 'SECRETS' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', String(((o as { secrets?: unknown[] }).secrets ?? []).length), age(o, now)],
  },
  persistentvolumeclaims: {
    columns: [{ name: 'NAME' }, { name: 'STATUS' }, { name: 'VOLUME' }, { name: 'CAPACITY' }, { name: 'ACCESS MODES' }, { name: 'STORAGECLASS' }, { name: 'VOLUMEATTRIBUTESCLASS' }, { name: 'AGE' }, { name: 'VOLUMEMODE', wide: true }],
    cells(o, now) {
      const c = o as PersistentVolumeClaim;
      const bound = !!c.spec?.volumeName;
      const vac = (c.spec as { volumeAttributesClassName?: string } | undefined)?.volumeAttributesClassName;
      return [
        o.metadata.name ?? '',
        o.metadata.deletionTimestamp ? 'Terminating' : (c.status?.phase ?? ''),
        c.spec?.volumeName ?? '',
        bound ? (c.status?.capacity?.['storage'] ?? '') : '',
        bound ? accessModes(c.status?.accessModes) : '',
        c.spec?.storageClassName ?? '',
        vac || '<unset>',
        age(o, now),
        c.spec?.volumeMode ?? '<unset>',
      ];
    },
  },
  persistentvolumes: {
    columns: [{ name: 'NAME' }, { name: 'CAPACITY' }, { name: 'ACCESS MODES' }, { name: 'RECLAIM POLICY' }, { name: 'STATUS' }, { name: 'CLAIM' }, { name: 'STORAGECLASS' }, { name: 'VOLUMEATTRIBUTESCLASS' }, { name: 'REASON' }, { name: 'AGE' }, { name: 'VOLUMEMODE', wide: true }],
    cells(o, now) {
      const v = o as PersistentVolume;
      const claim = v.spec?.claimRef ? `${v.spec.claimRef.namespace ?? ''}/${v.spec.claimRef.name ?? ''}` : '';
      const vac = (v.spec as { volumeAttributesClassName?: string } | undefined)?.volumeAttributesClassName;
      return [
        o.metadata.name ?? '',
        v.spec?.capacity?.['storage'] ?? '0',
        accessModes(v.spec?.accessModes),
        v.spec?.persistentVolumeReclaimPolicy ?? '',
        o.metadata.deletionTimestamp ? 'Terminating' : (v.status?.phase ?? ''),
        claim,
        v.spec?.storageClassName ?? '',
        vac || '<unset>',
        (v.status as { reason?: string } | undefined)?.reason ?? '',
        age(o, now),
        v.spec?.volumeMode ?? '<unset>',
      ];
    },
  },
  // printPriorityClass; preemptionPolicy is always set by the v1 defaulting.
  // printPodDisruptionBudget: the bound that is not set prints N/A.
  poddisruptionbudgets: {
    columns: [{ name: 'NAME' }, { name: 'MIN AVAILABLE' }, { name: 'MAX UNAVAILABLE' }, { name: 'ALLOWED DISRUPTIONS' }, { name: 'AGE' }],
    cells(o, now) {
      const pdb = o as PodDisruptionBudget;
      const bound = (v: number | string | undefined): string => (v === undefined ? 'N/A' : String(v));
      return [o.metadata.name ?? '', bound(pdb.spec?.minAvailable), bound(pdb.spec?.maxUnavailable), String(pdb.status?.disruptionsAllowed ?? 0), age(o, now)];
    },
  },
  priorityclasses: {
    columns: [{ name: 'NAME' }, { name: 'VALUE' }, { name: 'GLOBAL-DEFAULT' }, { name: 'AGE' }, { name: 'PREEMPTIONPOLICY' }],
    cells(o, now) {
      const pc = o as PriorityClass;
      return [o.metadata.name ?? '', String(pc.value), String(pc.globalDefault ?? false), age(o, now), pc.preemptionPolicy ?? 'PreemptLowerPriority'];
    },
  },
  // printRuntimeClass.
  runtimeclasses: {
    columns: [{ name: 'NAME' }, { name: 'HANDLER' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', (o as RuntimeClass).handler ?? '', age(o, now)],
  },
  // printCSINode: how many drivers the node's kubelet has registered.
  csinodes: {
    columns: [{ name: 'NAME' }, { name: 'DRIVERS' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', String((o as CSINode).spec?.drivers?.length ?? 0), age(o, now)],
  },
  // printCSIDriver: unset booleans print their API defaults.
  csidrivers: {
    columns: [{ name: 'NAME' }, { name: 'ATTACHREQUIRED' }, { name: 'PODINFOONMOUNT' }, { name: 'STORAGECAPACITY' }, { name: 'TOKENREQUESTS' }, { name: 'REQUIRESREPUBLISH' }, { name: 'MODES' }, { name: 'AGE' }],
    cells(o, now) {
      const spec = (o as CSIDriver).spec ?? {};
      const tokens = spec.tokenRequests ? spec.tokenRequests.map((t) => t.audience).join(',') : '<unset>';
      return [
        o.metadata.name ?? '',
        String(spec.attachRequired ?? true),
        String(spec.podInfoOnMount ?? false),
        String(spec.storageCapacity ?? false),
        tokens,
        String(spec.requiresRepublish ?? false),
        (spec.volumeLifecycleModes ?? []).join(',') || '<none>',
        age(o, now),
      ];
    },
  },
  storageclasses: {
    columns: [{ name: 'NAME' }, { name: 'PROVISIONER' }, { name: 'RECLAIMPOLICY' }, { name: 'VOLUMEBINDINGMODE' }, { name: 'ALLOWVOLUMEEXPANSION' }, { name: 'AGE' }],
    cells(o, now) {
      const sc = o as StorageClass;
      const dflt = o.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true' || o.metadata.annotations?.['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
      return [`${o.metadata.name ?? ''}${dflt ? ' (default)' : ''}`, sc.provisioner ?? '', sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', String(sc.allowVolumeExpansion ?? false), age(o, now)];
    },
  },
};

const DEFAULT_TABLE: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'AGE' }],
  cells: (o, now) => [o.metadata.name ?? '', age(o, now)],
};

export function tableFor(resource: string): TableDef {
  return TABLES[resource] ?? DEFAULT_TABLE;
}
