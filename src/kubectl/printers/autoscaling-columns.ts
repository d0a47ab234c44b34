/**
 * printers.go's printHorizontalPodAutoscaler (NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE,
 * formatHPAMetrics: `cpu: 12%/50%`, `cpu: <unknown>/50%`, two metrics then `+ N more...`) and
 * kube-aggregator's APIService table (NAME SERVICE AVAILABLE AGE: `Local` or `ns/name`, and the
 * Available condition, with its reason unless True); and the Scale a `/scale` GET prints.
 */
import type { APIService, HorizontalPodAutoscaler, MetricSpec, MetricStatus } from '../../k8s/autoscaling';
import { since } from '../../k8s/printers/util';
import type { Scale } from '../../k8s/scale';
import type { TableDef } from './columns';

function formatMetric(spec: MetricSpec, status: MetricStatus | undefined): string {
  switch (spec.type) {
    case 'Resource': {
      const r = spec.resource;
      if (!r) return '<unknown type>';
      if (r.target.averageValue !== undefined) return `${r.name}: ${status?.resource?.current.averageValue ?? '<unknown>'}/${r.target.averageValue}`;
      const current = status?.resource?.current.averageUtilization;
      const target = r.target.averageUtilization;
      return `${r.name}: ${current === undefined ? '<unknown>' : `${current}%`}/${target === undefined ? '<auto>' : `${target}%`}`;
    }
    case 'ContainerResource': {
      const r = spec.containerResource;
      if (!r) return '<unknown type>';
      if (r.target.averageValue !== undefined) return `${r.name}: <unknown>/${r.target.averageValue}`;
      return `${r.name}: <unknown>/${r.target.averageUtilization === undefined ? '<auto>' : `${r.target.averageUtilization}%`}`;
    }
    case 'Pods':
    case 'Object':
    case 'External':
      return '<unknown>/<unknown>';
    default:
      return '<unknown type>';
  }
}

export function formatHPAMetrics(specs: MetricSpec[] | undefined, statuses: MetricStatus[] | null | undefined): string {
  if (!specs || specs.length === 0) return '<none>';
  const list = specs.map((s, i) => formatMetric(s, statuses?.[i]));
  return list.length > 2 ? `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...` : list.join(', ');
}

const hpa: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'REFERENCE' }, { name: 'TARGETS' }, { name: 'MINPODS' }, { name: 'MAXPODS' }, { name: 'REPLICAS' }, { name: 'AGE' }],
  cells(o, now) {
    const h = o as HorizontalPodAutoscaler;
    const ref = h.spec?.scaleTargetRef;
    return [
      o.metadata.name ?? '',
      `${ref?.kind ?? ''}/${ref?.name ?? ''}`,
      formatHPAMetrics(h.spec?.metrics, h.status?.currentMetrics),
      h.spec?.minReplicas === undefined ? '<unset>' : String(h.spec.minReplicas),
      String(h.spec?.maxReplicas ?? 0),
      String(h.status?.currentReplicas ?? 0),
      since(o.metadata.creationTimestamp, now),
    ];
  },
};

const apiService: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'SERVICE' }, { name: 'AVAILABLE' }, { name: 'AGE' }],
  cells(o, now) {
    const a = o as APIService;
    const svc = a.spec?.service ? `${a.spec.service.namespace}/${a.spec.service.name}` : 'Local';
    const c = a.status?.conditions?.find((x) => x.type === 'Available');
    const available = !c ? 'Unknown' : c.status === 'True' || !c.reason ? c.status : `${c.status} (${c.reason})`;
    return [o.metadata.name ?? '', svc, available, since(o.metadata.creationTimestamp, now)];
  },
};

export const AUTOSCALING_TABLES: Record<string, TableDef> = { horizontalpodautoscalers: hpa, apiservices: apiService };

/**
 * printers.go's printScale, the table a workload's `/scale` answers with (ScaleREST's
 * ConvertToTable): NAME DESIRED AVAILABLE AGE — spec.replicas, status.replicas, the workload's age.
 */
export const SCALE_TABLE: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'DESIRED' }, { name: 'AVAILABLE' }, { name: 'AGE' }],
  cells: (o, now) => {
    const s = o as unknown as Scale;
    return [o.metadata.name ?? '', String(s.spec?.replicas ?? 0), String(s.status?.replicas ?? 0), since(o.metadata.creationTimestamp, now)];
  },
};
