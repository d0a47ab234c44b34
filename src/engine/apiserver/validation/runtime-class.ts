/**
 * RuntimeClasses (pkg/apis/node/validation: ValidateRuntimeClass, ValidateRuntimeClassUpdate).
 * The registry's update runs both, as its strategy does, so an update is reported against the
 * new object's own rules first and then the immutable handler. The handler is a DNS-1123 label
 * because it is handed to the CRI runtime verbatim as RunPodSandboxRequest.runtime_handler.
 */
import type { RuntimeClass, Toleration } from '../../../k8s/types';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { duplicate, immutable, invalid, path, type Path } from './field';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isDNS1123Label, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validateResourceRequirements } from './resources';
import { validateTolerations } from './podspec';

/** Go's map[core.Toleration]bool key: the list-map keys, tolerationSeconds left out. */
function tolerationKey(t: Toleration): string {
  return JSON.stringify([t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '']);
}

/** validateTolerations of the node package: the core checks, then no two with the same keys. */
function validateClassTolerations(tols: Toleration[], p: Path): FieldError[] {
  const errs = validateTolerations(tols, p);
  const seen = new Set<string>();
  tols.forEach((t, i) => {
    const k = tolerationKey(t);
    // The bad value is rendered as JSON in the struct's field order, whatever order the body had.
    if (seen.has(k)) errs.push(duplicate(p.index(i), { key: t.key || undefined, operator: t.operator || undefined, value: t.value || undefined, effect: t.effect || undefined, tolerationSeconds: t.tolerationSeconds }));
    else seen.add(k);
  });
  return errs;
}

function validateCreate(rc: RuntimeClass): FieldError[] {
  const errs = validateObjectMeta(rc.metadata, false, nameIsDNSSubdomain);
  const handler = rc.handler ?? '';
  for (const m of isDNS1123Label(handler)) errs.push(invalid(path('handler'), handler, m));
  // ValidateContainerResourceRequirements over {Limits: podFixed}: hence `overhead.limits[...]`.
  if (rc.overhead) pushAll(errs, validateResourceRequirements({ limits: rc.overhead.podFixed ?? {} }, path('overhead')));
  const s = rc.scheduling;
  if (s) {
    if (s.nodeSelector) pushAll(errs, validateLabels(s.nodeSelector, path('scheduling', 'nodeSelector')));
    pushAll(errs, validateClassTolerations(s.tolerations ?? [], path('scheduling', 'tolerations')));
  }
  return errs;
}

export function validateRuntimeClass(rc: RuntimeClass, old: RuntimeClass | undefined): FieldError[] {
  const errs = validateCreate(rc);
  if (old) {
    pushAll(errs, validateObjectMetaUpdate(rc.metadata, old.metadata));
    pushAll(errs, immutable(rc.handler ?? '', old.handler ?? '', path('handler')));
  }
  return errs;
}
