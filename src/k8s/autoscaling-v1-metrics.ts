/**
 * The v1 (v2beta1-shaped) MetricSpec and MetricStatus that autoscaling/v1 keeps in its
 * `autoscaling.alpha.kubernetes.io/metrics` and `.../current-metrics` annotations, and their
 * conversion to and from v2. Upstream: k8s.io/api autoscaling/v1 types.go (field order and
 * omitempty, which JSON.stringify must reproduce) and pkg/apis/autoscaling/v1/conversion.go
 * (Convert_*MetricSource*, Convert_*MetricStatus*).
 */
import type { MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from './autoscaling';

type Json = Record<string, unknown>;
type Selector = unknown;

/** k8s.io/api autoscaling/v1 MetricSpec: type, object, pods, resource, containerResource, external. */
export interface V1MetricSpec {
  type: MetricSpec['type'];
  object?: { target: Json; metricName: string; targetValue: string; selector?: Selector; averageValue?: string };
  pods?: { metricName: string; targetAverageValue: string; selector?: Selector };
  resource?: { name: string; targetAverageUtilization?: number; targetAverageValue?: string };
  containerResource?: { name: string; targetAverageUtilization?: number; targetAverageValue?: string; container: string };
  external?: { metricName: string; metricSelector?: Selector; targetValue?: string; targetAverageValue?: string };
}

export interface V1MetricStatus {
  type: MetricSpec['type'];
  object?: { target: Json; metricName: string; currentValue: string; selector?: Selector; averageValue?: string };
  pods?: { metricName: string; currentAverageValue: string; selector?: Selector };
  resource?: { name: string; currentAverageUtilization?: number; currentAverageValue: string };
  containerResource?: { name: string; currentAverageUtilization?: number; currentAverageValue: string; container: string };
  external?: { metricName: string; metricSelector?: Selector; currentValue: string; currentAverageValue?: string };
}

/** A v2 MetricIdentifier / MetricTarget / described object, read loosely (pods, object and external are stored as sent). */
interface V2Source {
  name?: string;
  container?: string;
  target?: MetricTarget;
  current?: MetricValueStatus;
  metric?: { name?: string; selector?: Selector };
  describedObject?: Json;
}

/** Keeps only the defined keys, in the order given (Go's omitempty on pointers). */
function defined<T extends object>(o: T): T {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** CrossVersionObjectReference: kind, name, apiVersion. */
function objectRef(o: Json | undefined): Json {
  return defined({ kind: o?.['kind'] ?? '', name: o?.['name'] ?? '', apiVersion: o?.['apiVersion'] });
}

export function metricSpecToV1(m: MetricSpec): V1MetricSpec {
  const out: V1MetricSpec = { type: m.type };
  switch (m.type) {
    case 'Object': {
      const s = (m.object ?? {}) as V2Source;
      out.object = defined({ target: objectRef(s.describedObject), metricName: s.metric?.name ?? '', targetValue: s.target?.value ?? '0', selector: s.metric?.selector, averageValue: s.target?.averageValue });
      break;
    }
    case 'Pods': {
      const s = (m.pods ?? {}) as V2Source;
      out.pods = defined({ metricName: s.metric?.name ?? '', targetAverageValue: s.target?.averageValue ?? '0', selector: s.metric?.selector });
      break;
    }
    case 'Resource':
      out.resource = defined({ name: m.resource?.name ?? '', targetAverageUtilization: m.resource?.target.averageUtilization, targetAverageValue: m.resource?.target.averageValue });
      break;
    case 'ContainerResource': {
      const s = m.containerResource;
      out.containerResource = defined({ name: s?.name ?? '', targetAverageUtilization: s?.target.averageUtilization, targetAverageValue: s?.target.averageValue, container: s?.container ?? '' });
      break;
    }
    case 'External': {
      const s = (m.external ?? {}) as V2Source;
      out.external = defined({ metricName: s.metric?.name ?? '', metricSelector: s.metric?.selector, targetValue: s.target?.value, targetAverageValue: s.target?.averageValue });
      break;
    }
  }
  return out;
}

function identifier(name: string | undefined, selector: Selector): Json {
  return defined({ name: name ?? '', selector });
}

export function metricSpecFromV1(m: V1MetricSpec): MetricSpec {
  const out: MetricSpec = { type: m.type };
  switch (m.type) {
    case 'Object': {
      const s = m.object;
      // A v1 object metric with an averageValue targets the average, else the value.
      const target = defined({ type: s?.averageValue === undefined ? 'Value' : 'AverageValue', value: s?.targetValue ?? '0', averageValue: s?.averageValue });
      out.object = { describedObject: objectRef(s?.target), target, metric: identifier(s?.metricName, s?.selector) };
      break;
    }
    case 'Pods':
      out.pods = { metric: identifier(m.pods?.metricName, m.pods?.selector), target: { type: 'AverageValue', averageValue: m.pods?.targetAverageValue ?? '0' } };
      break;
    case 'Resource': {
      const s = m.resource;
      out.resource = { name: s?.name ?? '', target: defined({ type: s?.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization', averageValue: s?.targetAverageValue, averageUtilization: s?.targetAverageUtilization }) };
      break;
    }
    case 'ContainerResource': {
      const s = m.containerResource;
      out.containerResource = { name: s?.name ?? '', target: defined({ type: s?.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization', averageValue: s?.targetAverageValue, averageUtilization: s?.targetAverageUtilization }), container: s?.container ?? '' };
      break;
    }
    case 'External': {
      const s = m.external;
      out.external = { metric: identifier(s?.metricName, s?.metricSelector), target: defined({ type: s?.targetValue === undefined ? 'AverageValue' : 'Value', value: s?.targetValue, averageValue: s?.targetAverageValue }) };
      break;
    }
  }
  return out;
}

/** The v2 status's per-type source: MetricStatus here types only `resource`; the rest are read loosely. */
function statusSource(m: MetricStatus, key: 'object' | 'pods' | 'containerResource' | 'external'): V2Source {
  return ((m as unknown as Record<string, unknown>)[key] ?? {}) as V2Source;
}

export function metricStatusToV1(m: MetricStatus): V1MetricStatus {
  const out: V1MetricStatus = { type: m.type };
  switch (m.type) {
    case 'Object': {
      const s = statusSource(m, 'object');
      out.object = defined({ target: objectRef(s.describedObject), metricName: s.metric?.name ?? '', currentValue: s.current?.value ?? '0', selector: s.metric?.selector, averageValue: s.current?.averageValue });
      break;
    }
    case 'Pods': {
      const s = statusSource(m, 'pods');
      out.pods = defined({ metricName: s.metric?.name ?? '', currentAverageValue: s.current?.averageValue ?? '0', selector: s.metric?.selector });
      break;
    }
    case 'Resource':
      // currentAverageValue has no omitempty: a utilization-only status still says "0".
      out.resource = defined({ name: m.resource?.name ?? '', currentAverageUtilization: m.resource?.current.averageUtilization, currentAverageValue: m.resource?.current.averageValue ?? '0' });
      break;
    case 'ContainerResource': {
      const s = statusSource(m, 'containerResource');
      out.containerResource = defined({ name: s.name ?? '', currentAverageUtilization: s.current?.averageUtilization, currentAverageValue: s.current?.averageValue ?? '0', container: s.container ?? '' });
      break;
    }
    case 'External': {
      const s = statusSource(m, 'external');
      out.external = defined({ metricName: s.metric?.name ?? '', metricSelector: s.metric?.selector, currentValue: s.current?.value ?? '0', currentAverageValue: s.current?.averageValue });
      break;
    }
  }
  return out;
}

export function metricStatusFromV1(m: V1MetricStatus): Json {
  switch (m.type) {
    case 'Object': {
      const s = m.object;
      return { type: m.type, object: { metric: identifier(s?.metricName, s?.selector), current: defined({ value: s?.currentValue ?? '0', averageValue: s?.averageValue }), describedObject: objectRef(s?.target) } };
    }
    case 'Pods':
      return { type: m.type, pods: { metric: identifier(m.pods?.metricName, m.pods?.selector), current: { averageValue: m.pods?.currentAverageValue ?? '0' } } };
    case 'Resource':
      return { type: m.type, resource: { name: m.resource?.name ?? '', current: defined({ averageValue: m.resource?.currentAverageValue ?? '0', averageUtilization: m.resource?.currentAverageUtilization }) } };
    case 'ContainerResource': {
      const s = m.containerResource;
      return { type: m.type, containerResource: { name: s?.name ?? '', current: defined({ averageValue: s?.currentAverageValue ?? '0', averageUtilization: s?.currentAverageUtilization }), container: s?.container ?? '' } };
    }
    case 'External': {
      const s = m.external;
      return { type: m.type, external: { metric: identifier(s?.metricName, s?.metricSelector), current: defined({ value: s?.currentValue ?? '0', averageValue: s?.currentAverageValue }) } };
    }
  }
}
