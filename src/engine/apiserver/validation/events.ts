/**
 * Event validation, pkg/apis/core/validation/events.go: every Event passes the legacy checks
 * (those of an Event with an eventTime are stricter), and one created through events.k8s.io/v1
 * also the new API's (eventTime required, the deprecated fields unset). The paths are the
 * internal type's (`message`, `reportingController`), except that a core/v1 request names
 * reportingComponent, as upstream words it for that version.
 */
import type { KEvent } from '../../../k8s/types';
import { isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { invalid, path, required } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';

const REPORTING_INSTANCE_LIMIT = 128;
const ACTION_LIMIT = 128;
const REASON_LIMIT = 128;
const NOTE_LIMIT = 1024;

function isZeroTime(v: string | null | undefined): boolean {
  return v === undefined || v === null || v === '';
}

/** legacyValidateEvent. `strictApi`: the request came through events.k8s.io. */
function legacyValidateEvent(e: KEvent, strictApi: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ns = e.metadata.namespace ?? '';
  const involvedNs = e.involvedObject?.namespace ?? '';
  const controllerField = strictApi ? 'reportingController' : 'reportingComponent';
  if (isZeroTime(e.eventTime)) {
    // An "old" Event: its namespace and the involved object's agree (or "default" for a cluster-scoped one).
    const mismatch = involvedNs === '' ? ns !== '' && ns !== 'default' : ns !== involvedNs;
    if (mismatch) errs.push(invalid(path('involvedObject', 'namespace'), involvedNs, 'does not match event.namespace'));
  } else {
    if (involvedNs === '' && ns !== 'default' && ns !== 'kube-system') errs.push(invalid(path('involvedObject', 'namespace'), involvedNs, 'does not match event.namespace'));
    const controller = e.reportingComponent ?? '';
    if (!controller) errs.push(required(path(controllerField)));
    for (const m of isQualifiedName(controller)) errs.push(invalid(path(controllerField), controller, m));
    const instance = e.reportingInstance ?? '';
    if (!instance) errs.push(required(path('reportingInstance')));
    if (instance.length > REPORTING_INSTANCE_LIMIT) errs.push(invalid(path('reportingInstance'), '', `can have at most ${REPORTING_INSTANCE_LIMIT} characters`));
    const action = e.action ?? '';
    if (!action) errs.push(required(path('action')));
    if (action.length > ACTION_LIMIT) errs.push(invalid(path('action'), '', `can have at most ${ACTION_LIMIT} characters`));
    const reason = e.reason ?? '';
    if (!reason) errs.push(required(path('reason')));
    if (reason.length > REASON_LIMIT) errs.push(invalid(path('reason'), '', `can have at most ${REASON_LIMIT} characters`));
    if ((e.message ?? '').length > NOTE_LIMIT) errs.push(invalid(path('message'), '', `can have at most ${NOTE_LIMIT} characters`));
  }
  for (const m of isDNS1123Subdomain(ns)) errs.push(invalid(path('namespace'), ns, m));
  return errs;
}

/** validateV1EventSeries. */
function validateSeries(e: KEvent): FieldError[] {
  if (!e.series) return [];
  const errs: FieldError[] = [];
  if ((e.series.count ?? 0) < 2) errs.push(invalid(path('series.count'), '', 'should be at least 2'));
  if (isZeroTime(e.series.lastObservedTime)) errs.push(required(path('series.lastObservedTime')));
  return errs;
}

/**
 * ValidateEventCreate, or on update the legacy checks and ObjectMeta's (ValidateEventUpdate's
 * strict immutability checks for events.k8s.io are not modelled). `strictApi`: the request came
 * through events.k8s.io/v1.
 */
export function validateEvent(e: KEvent, old: KEvent | undefined, strictApi: boolean): FieldError[] {
  const errs = legacyValidateEvent(e, strictApi);
  if (old) return [...errs, ...validateObjectMetaUpdate(e.metadata, old.metadata)];
  // The strategy's errors come first; BeforeCreate checks ObjectMeta only once they pass.
  if (!strictApi) return errs.length ? errs : validateObjectMeta(e.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateObjectMeta(e.metadata, true, nameIsDNSSubdomain));
  pushAll(errs, validateSeries(e));
  if (isZeroTime(e.eventTime)) errs.push(required(path('eventTime')));
  if (e.type !== 'Normal' && e.type !== 'Warning') errs.push(invalid(path('type'), '', `has invalid value: ${e.type ?? ''}`));
  if (!isZeroTime(e.firstTimestamp)) errs.push(invalid(path('firstTimestamp'), '', 'needs to be unset'));
  if (!isZeroTime(e.lastTimestamp)) errs.push(invalid(path('lastTimestamp'), '', 'needs to be unset'));
  if (e.count) errs.push(invalid(path('count'), '', 'needs to be unset'));
  if (e.source?.component || e.source?.host) errs.push(invalid(path('source'), '', 'needs to be unset'));
  return errs;
}
