/**
 * zod schemas for the condition vocabulary of src/engine/observe/pattern.ts, so lesson and drill
 * files are checked against exactly what the engine evaluates. The compile-time assertions at
 * the end fail typecheck if the two drift apart.
 */
import { z } from 'zod';
import type { TraceKind } from '../engine/core/trace';
import type { Breakpoint, Condition, CountCondition, FieldCondition, ObjectQuery, TracePattern } from '../engine/observe/pattern';
import { parseDuration } from '../k8s/time';

const TRACE_KIND_SET = {
  request: true,
  authn: true,
  authz: true,
  'mutating-admission': true,
  validation: true,
  'validating-admission': true,
  'etcd-write': true,
  'etcd-commit': true,
  'etcd-read': true,
  response: true,
  watch: true,
  reconcile: true,
  schedule: true,
  cri: true,
  cni: true,
  oci: true,
  csi: true,
  probe: true,
  event: true,
  lease: true,
  process: true,
  pleg: true,
  fault: true,
  proxy: true,
} as const satisfies Record<TraceKind, true>;

export const TRACE_KINDS = Object.keys(TRACE_KIND_SET) as TraceKind[];

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** `30s`, `2m`, `1h30m`, `500ms`: simulated time, as `sim advance` takes it. */
export const DurationSchema = z
  .string()
  .refine((s) => parseDuration(s) !== undefined, { message: 'not a duration: write it like 30s, 2m or 1h30m' })
  .describe('Simulated time, like 30s, 2m or 1h30m.');


type DetailPatternValue = string | number | boolean | null | (string | number | boolean)[] | { [k: string]: DetailPatternValue };
const DetailPatternSchema: z.ZodType<{ [k: string]: DetailPatternValue }> = z.lazy(() => z.record(z.string(), z.union([Scalar, z.null(), z.array(Scalar), DetailPatternSchema])));

export const TracePatternSchema = z
  .object({
    kind: z.union([z.enum(TRACE_KINDS), z.array(z.enum(TRACE_KINDS)).min(1)]).optional(),
    from: z.string().min(1).optional().describe('A component: kube-scheduler, kubelet, kubelet/node-2, replicaset-controller, *-controller'),
    to: z.string().min(1).optional(),
    object: z.object({ kind: z.string().min(1).optional(), namespace: z.string().optional(), name: z.string().min(1).optional() }).strict().optional(),
    detail: DetailPatternSchema.optional().describe("Fields of the record's detail (see `sim trace`): e.g. { verb: create, resource: pods, subresource: binding }"),
  })
  .strict();

export const FieldConditionSchema = z
  .object({
    field: z.string().min(1).describe('A dotted path (status.phase, status.conditions[type=Ready].status) or kubectl:STATUS / kubectl:READY'),
    equals: Scalar.optional(),
    notEquals: Scalar.optional(),
    in: z.array(Scalar).min(1).optional(),
    exists: z.boolean().optional(),
    atLeast: z.number().optional(),
    atMost: z.number().optional(),
    matches: z.string().optional(),
  })
  .strict();

export const ObjectQuerySchema = z
  .object({
    kind: z.string().min(1),
    namespace: z.string().optional(),
    name: z.string().min(1).optional(),
    selector: z.string().optional(),
    where: z.array(FieldConditionSchema).optional(),
  })
  .strict();

export const CountSchema = z.object({ equals: z.number().int().min(0).optional(), atLeast: z.number().int().min(0).optional(), atMost: z.number().int().min(0).optional() }).strict();

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ objects: ObjectQuerySchema, count: CountSchema.optional() }).strict(),
    z.object({ trace: TracePatternSchema, count: CountSchema.optional() }).strict(),
    z
      .object({
        output: z.string().min(1).describe('A command line run on a copy of the cluster; its output is matched'),
        contains: z.string().optional(),
        notContains: z.string().optional(),
        matches: z.string().optional(),
        exitCode: z.number().int().optional(),
      })
      .strict(),
    z.object({ all: z.array(ConditionSchema).min(1) }).strict(),
    z.object({ any: z.array(ConditionSchema).min(1) }).strict(),
    z.object({ not: ConditionSchema }).strict(),
  ]),
);

export const BreakpointSchema = z.union([z.object({ trace: TracePatternSchema }).strict(), z.object({ state: ConditionSchema }).strict()]);

// Compile-time proof that what the schema accepts is what the engine evaluates.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const proofs: [Same<z.infer<typeof TracePatternSchema>, TracePattern>, Same<z.infer<typeof FieldConditionSchema>, FieldCondition>, Same<z.infer<typeof ObjectQuerySchema>, ObjectQuery>, Same<z.infer<typeof CountSchema>, CountCondition>, Same<z.infer<typeof BreakpointSchema>, Breakpoint>] = [true, true, true, true, true];
void proofs;
