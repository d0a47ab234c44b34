/**
 * The closed vocabulary lessons, drills and tests use to say what they expect of the cluster:
 * trace patterns (a hop with these fields), object queries (these objects exist in this shape)
 * and conditions built from them. Everything is plain JSON data, so a condition can travel in a
 * lesson file, over postMessage to the worker and in a shared link, and be evaluated the same way
 * headless and in the browser. Matching reads structured fields only (record kind, detail, object
 * references, stored objects), never a trace summary or any other English.
 */
import type { TraceKind } from '../core/trace';

export type Scalar = string | number | boolean;

/**
 * A component: `kube-scheduler` matches that component and its HA instances (`kube-scheduler-2`);
 * `kubelet` matches every kubelet (`kubelet/node-1`…); `kubelet/node-2` matches one; `*` is a
 * wildcard anywhere (`*-controller`).
 */
export type ComponentPattern = string;

/** An object name, with `*` as a wildcard (`go-api-*`). */
export type NamePattern = string;

/**
 * Fields of a record's `detail` that must match: a scalar must be equal, a list means any of
 * these values, `null` means the field must be absent (a Pod create, not its `binding`
 * subresource), a nested object matches the nested detail the same way (a subset match).
 */
export interface DetailPattern {
  [field: string]: Scalar | Scalar[] | null | DetailPattern;
}

export interface TracePattern {
  kind?: TraceKind | TraceKind[];
  from?: ComponentPattern;
  to?: ComponentPattern;
  /** The object the hop is about. */
  object?: { kind?: string; namespace?: string; name?: NamePattern };
  detail?: DetailPattern;
}

/**
 * One field of an object and what it must be. `field` is a dotted path into the object
 * (`spec.nodeName`, `metadata.labels.app`), where `[type=Ready]` picks the first list item with
 * that field value and `[0]` an index (`status.conditions[type=Ready].status`). Two computed
 * columns read as kubectl prints them: `kubectl:STATUS` (Pods and Nodes) and `kubectl:READY`
 * (Pods). With no comparison given, the field must exist.
 */
export interface FieldCondition {
  field: string;
  equals?: Scalar;
  notEquals?: Scalar;
  in?: Scalar[];
  exists?: boolean;
  atLeast?: number;
  atMost?: number;
  /** A regular expression the field's text must match. */
  matches?: string;
}

export interface ObjectQuery {
  /** The object kind (`Pod`, `Node`, `Deployment`, `Lease`…). */
  kind: string;
  /** Omitted: every namespace. */
  namespace?: string;
  name?: NamePattern;
  /** A label selector as `kubectl -l` takes it (`app=go-api`, `tier in (web),env!=prod`). */
  selector?: string;
  /** Conditions every counted object meets. */
  where?: FieldCondition[];
}

export interface CountCondition {
  equals?: number;
  atLeast?: number;
  atMost?: number;
}

/**
 * What must hold. `objects` counts stored objects matching the query; `trace` counts records
 * matching the pattern inside the window the caller gives (a lesson step's span); both default
 * to "at least one". `output` runs a command line on a throwaway copy of the cluster and reads
 * what it printed (evaluated by the command layer, not the engine).
 */
export type Condition =
  | { objects: ObjectQuery; count?: CountCondition }
  | { trace: TracePattern; count?: CountCondition }
  | OutputCondition
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export interface OutputCondition {
  output: string;
  contains?: string;
  notContains?: string;
  matches?: string;
  exitCode?: number;
}

/** Where a run stops: the first trace record matching a pattern, or the first moment a state holds. */
export type Breakpoint = { trace: TracePattern } | { state: Condition };
