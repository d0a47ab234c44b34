/**
 * FlowSchemas and PriorityLevelConfigurations (pkg/apis/flowcontrol/validation/validation.go,
 * v1.36): names are DNS subdomains; the spec's rules, subjects and queuing are checked as
 * upstream checks them, with its messages; the mandatory objects' specs are fixed (the exempt
 * level may change only `spec.exempt`), so an edit of one is refused rather than reverted —
 * what the config producer restores is a deleted mandatory object, or a suggested one whose
 * `apf.kubernetes.io/autoupdate-spec` is "true" (apf-config.ts). Updates run the create rules
 * (ValidateFlowSchemaUpdate calls ValidateFlowSchema).
 *
 * Approximate: the mandatory equality compares the defaulted v1 object, not the internal one
 * (the same fields), and a bad value that is a struct is printed as its JSON in field order.
 */
import { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, sameSpec, type FlowSchema, type FlowSubject, type NonResourcePolicyRule, type PolicyRulesWithSubjects, type PriorityLevelConfiguration, type QueuingConfiguration, type ResourcePolicyRule } from '../../../k8s/flowcontrol';
import { isDNS1123Label, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { forbidden, invalid, notSupported, path, required, duplicate, type Path } from './field';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta';

const SUPPORTED_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const NS_ERR_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";
/** shufflesharding.MaxHashBits. */
const MAX_HASH_BITS = 60;
const MAX_QUEUES = 10_000_000;


function validateVerbs(verbs: string[] | undefined, p: Path): FieldError[] {
  const vs = verbs ?? [];
  if (vs.length === 0) return [required(p, 'verbs must contain at least one value')];
  if (vs.includes('*')) return vs.length > 1 ? [invalid(p, vs, "if '*' is present, must not specify other verbs")] : [];
  return vs.every((v) => SUPPORTED_VERBS.includes(v)) ? [] : [notSupported(p, vs, SUPPORTED_VERBS)];
}

function validateSubject(s: FlowSubject, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const o = s as { kind?: string; user?: { name?: string }; group?: { name?: string }; serviceAccount?: { name?: string; namespace?: string } };
  const userForbidden = (): void => void (o.user && errs.push(forbidden(p.child('user'), "user is forbidden when subject kind is not 'User'")));
  const groupForbidden = (): void => void (o.group && errs.push(forbidden(p.child('group'), "group is forbidden when subject kind is not 'Group'")));
  const saForbidden = (): void => void (o.serviceAccount && errs.push(forbidden(p.child('serviceAccount'), "serviceAccount is forbidden when subject kind is not 'ServiceAccount'")));
  switch (o.kind) {
    case 'ServiceAccount': {
      const sa = o.serviceAccount;
      const sp = p.child('serviceAccount');
      if (!sa) errs.push(required(sp, "serviceAccount is required when subject kind is 'ServiceAccount'"));
      else {
        if (!sa.name) errs.push(required(sp.child('name')));
        else if (sa.name !== '*') for (const m of nameIsDNSSubdomain(sa.name, false)) errs.push(invalid(sp.child('name'), sa.name, m));
        if (sa.namespace) for (const m of isDNS1123Label(sa.namespace)) errs.push(invalid(sp.child('namespace'), sa.namespace, m));
        else errs.push(required(sp.child('namespace'), 'must specify namespace for service account'));
      }
      userForbidden();
      groupForbidden();
      break;
    }
    case 'User':
      if (!o.user) errs.push(required(p.child('user'), "user is required when subject kind is 'User'"));
      else if (!o.user.name) errs.push(required(p.child('user', 'name')));
      saForbidden();
      groupForbidden();
      break;
    case 'Group':
      if (!o.group) errs.push(required(p.child('group'), "group is required when subject kind is 'Group'"));
      else if (!o.group.name) errs.push(required(p.child('group', 'name')));
      saForbidden();
      userForbidden();
      break;
    default:
      errs.push(notSupported(p.child('kind'), o.kind ?? '', ['Group', 'ServiceAccount', 'User']));
  }
  return errs;
}

function validateResourceRule(r: ResourcePolicyRule, p: Path): FieldError[] {
  const errs = validateVerbs(r.verbs, p.child('verbs'));
  const groups = r.apiGroups ?? [];
  if (groups.length === 0) errs.push(required(p.child('apiGroups'), 'resource rules must supply at least one api group'));
  else if (groups.length > 1 && groups.includes('*')) errs.push(invalid(p.child('apiGroups'), groups, "if '*' is present, must not specify other api groups"));
  const resources = r.resources ?? [];
  if (resources.length === 0) errs.push(required(p.child('resources'), 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && resources.includes('*')) errs.push(invalid(p.child('resources'), resources, "if '*' is present, must not specify other resources"));
  const nss = r.namespaces ?? [];
  if (nss.length === 0 && !r.clusterScope) errs.push(required(p.child('namespaces'), 'resource rules that are not cluster scoped must supply at least one namespace'));
  else if (nss.includes('*')) {
    if (nss.length > 1) errs.push(invalid(p.child('namespaces'), nss, "if '*' is present, must not specify other namespaces"));
  } else nss.forEach((ns, i) => isDNS1123Label(ns).forEach((m) => errs.push(invalid(p.child('namespaces').index(i), ns, NS_ERR_INTRO + m))));
  return errs;
}

/** ValidateNonResourceURLPath. */
function validateURL(u: string, p: Path): FieldError | undefined {
  if (u === '') return invalid(p, u, 'must not be empty');
  if (u === '/') return undefined;
  if (!u.startsWith('/')) return invalid(p, u, 'must start with slash');
  if (u.includes(' ')) return invalid(p, u, 'must not contain white-space');
  if (u.includes('//')) return invalid(p, u, 'must not contain double slash');
  const stars = u.split('*').length - 1;
  if (stars > 1 || (stars === 1 && u.slice(-2) !== '/*')) return invalid(p, u, 'wildcard can only do suffix matching');
  return undefined;
}

function validateNonResourceRule(r: NonResourcePolicyRule, p: Path): FieldError[] {
  const errs = validateVerbs(r.verbs, p.child('verbs'));
  const urls = r.nonResourceURLs ?? [];
  if (urls.length === 0) errs.push(required(p.child('nonResourceURLs'), 'nonResourceURLs must contain at least one value'));
  else if (urls.includes('*')) {
    if (urls.length > 1) errs.push(invalid(p.child('nonResourceURLs'), urls, "if '*' is present, must not specify other non-resource URLs"));
  } else
    urls.forEach((u, i) => {
      const e = validateURL(u, p.child('nonResourceURLs').index(i));
      if (e) errs.push(e);
    });
  return errs;
}

function validateRules(r: PolicyRulesWithSubjects, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const subjects = r.subjects ?? [];
  if (subjects.length) subjects.forEach((s, i) => pushAll(errs, validateSubject(s, p.child('subjects').index(i))));
  else errs.push(required(p.child('subjects'), 'subjects must contain at least one value'));
  const rr = r.resourceRules ?? [];
  const nr = r.nonResourceRules ?? [];
  if (rr.length === 0 && nr.length === 0) errs.push(required(p, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  rr.forEach((x, i) => pushAll(errs, validateResourceRule(x, p.child('resourceRules').index(i))));
  nr.forEach((x, i) => pushAll(errs, validateNonResourceRule(x, p.child('nonResourceRules').index(i))));
  return errs;
}

function validateConditions(conditions: { type?: string }[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const p = path('status', 'conditions').index(i);
    if (seen.has(c.type ?? '')) errs.push(duplicate(p.child('type'), c.type ?? ''));
    seen.add(c.type ?? '');
    if (!c.type) errs.push(required(p.child('type'), 'must not be empty'));
  });
  return errs;
}

export function validateFlowSchema(fs: FlowSchema, old: FlowSchema | undefined): FieldError[] {
  const errs = validateObjectMeta(fs.metadata, false, nameIsDNSSubdomain);
  if (old) pushAll(errs, validateObjectMetaUpdate(fs.metadata, old.metadata));
  const spec = fs.spec ?? ({} as FlowSchema['spec']);
  const sp = path('spec');
  const prec = spec.matchingPrecedence ?? 0;
  if (prec <= 0) errs.push(invalid(sp.child('matchingPrecedence'), prec, 'must be a positive value'));
  if (prec > 10000) errs.push(invalid(sp.child('matchingPrecedence'), prec, 'must not be greater than 10000'));
  if (prec === 1 && fs.metadata.name !== 'exempt') errs.push(invalid(sp.child('matchingPrecedence'), prec, "only the schema named 'exempt' may have matchingPrecedence 1"));
  const dm = spec.distinguisherMethod;
  if (dm && dm.type !== 'ByUser' && dm.type !== 'ByNamespace') errs.push(notSupported(sp.child('distinguisherMethod', 'type'), dm, ['ByNamespace', 'ByUser']));
  const plName = spec.priorityLevelConfiguration?.name ?? '';
  if (plName) for (const m of nameIsDNSSubdomain(plName, false)) errs.push(invalid(sp.child('priorityLevelConfiguration', 'name'), plName, m));
  else errs.push(required(sp.child('priorityLevelConfiguration', 'name'), 'must reference a priority level'));
  (spec.rules ?? []).forEach((r, i) => pushAll(errs, validateRules(r, sp.child('rules').index(i))));
  const mandatory = MANDATORY_FLOW_SCHEMAS.find((m) => m.metadata.name === fs.metadata.name);
  if (mandatory && !sameSpec(spec, mandatory.spec)) errs.push(invalid(sp, spec, `spec of '${fs.metadata.name}' must equal the fixed value`));
  pushAll(errs, validateConditions(fs.status?.conditions));
  return errs;
}

function validateQueuing(q: QueuingConfiguration, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const { queues = 0, handSize = 0, queueLengthLimit = 0 } = q;
  if (queueLengthLimit <= 0) errs.push(invalid(p.child('queueLengthLimit'), queueLengthLimit, 'must be positive'));
  if (queues <= 0) errs.push(invalid(p.child('queues'), queues, 'must be positive'));
  else if (queues > MAX_QUEUES) errs.push(invalid(p.child('queues'), queues, `must not be greater than ${MAX_QUEUES}`));
  if (handSize <= 0) errs.push(invalid(p.child('handSize'), handSize, 'must be positive'));
  else if (handSize > queues) errs.push(invalid(p.child('handSize'), handSize, `should not be greater than queues (${queues})`));
  else if (Math.ceil(Math.log2(queues) * handSize) > MAX_HASH_BITS) errs.push(invalid(p.child('handSize'), handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${MAX_HASH_BITS}`));
  return errs;
}

function validateLimited(l: NonNullable<PriorityLevelConfiguration['spec']['limited']>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const ncs = l.nominalConcurrencyShares ?? 0;
  if (ncs < 0) errs.push(invalid(p.child('nominalConcurrencyShares'), ncs, 'must be a non-negative integer'));
  const lr = l.limitResponse ?? ({} as NonNullable<PriorityLevelConfiguration['spec']['limited']>['limitResponse']);
  const lp = p.child('limitResponse');
  switch (lr.type) {
    case 'Reject':
      if (lr.queuing) errs.push(forbidden(lp.child('queuing'), 'must be nil if limited.limitResponse.type is not Limited'));
      break;
    case 'Queue':
      if (!lr.queuing) errs.push(required(lp.child('queuing'), 'must not be empty if limited.limitResponse.type is Limited'));
      else pushAll(errs, validateQueuing(lr.queuing, lp.child('queuing')));
      break;
    default:
      errs.push(notSupported(lp.child('type'), lr.type ?? '', ['Queue', 'Reject']));
  }
  if (l.lendablePercent !== undefined && !(l.lendablePercent >= 0 && l.lendablePercent <= 100)) errs.push(invalid(p.child('lendablePercent'), l.lendablePercent, 'must be between 0 and 100, inclusive'));
  if (l.borrowingLimitPercent !== undefined && l.borrowingLimitPercent < 0) errs.push(invalid(p.child('borrowingLimitPercent'), l.borrowingLimitPercent, 'if specified, must be a non-negative integer'));
  return errs;
}

export function validatePriorityLevelConfiguration(plc: PriorityLevelConfiguration, old: PriorityLevelConfiguration | undefined): FieldError[] {
  const errs = validateObjectMeta(plc.metadata, false, nameIsDNSSubdomain);
  if (old) pushAll(errs, validateObjectMetaUpdate(plc.metadata, old.metadata));
  const spec = plc.spec ?? ({} as PriorityLevelConfiguration['spec']);
  const sp = path('spec');
  const name = plc.metadata.name ?? '';
  if ((name === 'exempt') !== (spec.type === 'Exempt')) errs.push(invalid(sp.child('type'), spec.type ?? '', "type must be 'Exempt' if and only if name is 'exempt'"));
  switch (spec.type) {
    case 'Exempt': {
      if (spec.limited) errs.push(forbidden(sp.child('limited'), 'must be nil if the type is not Limited'));
      const e = spec.exempt;
      if (e?.nominalConcurrencyShares !== undefined && e.nominalConcurrencyShares < 0) errs.push(invalid(sp.child('exempt', 'nominalConcurrencyShares'), e.nominalConcurrencyShares, 'must be a non-negative integer'));
      if (e?.lendablePercent !== undefined && !(e.lendablePercent >= 0 && e.lendablePercent <= 100)) errs.push(invalid(sp.child('exempt', 'lendablePercent'), e.lendablePercent, 'must be between 0 and 100, inclusive'));
      break;
    }
    case 'Limited':
      if (spec.exempt) errs.push(forbidden(sp.child('exempt'), 'must be nil if the type is Limited'));
      if (!spec.limited) errs.push(required(sp.child('limited'), 'must not be empty when type is Limited'));
      else pushAll(errs, validateLimited(spec.limited, sp.child('limited')));
      break;
    default:
      errs.push(notSupported(sp.child('type'), spec.type ?? '', ['Exempt', 'Limited']));
  }
  const mandatory = MANDATORY_PRIORITY_LEVELS.find((m) => m.metadata.name === name);
  if (mandatory) {
    // The exempt level's `spec.exempt` is the administrator's to tune; the rest is fixed.
    if (name === 'exempt') {
      if (!sameSpec({ ...spec, exempt: mandatory.spec.exempt }, mandatory.spec)) errs.push(invalid(sp, spec, "spec of 'exempt' except the 'spec.exempt' field must equal the fixed value"));
    } else if (!sameSpec(spec, mandatory.spec)) errs.push(invalid(sp, spec, `spec of '${name}' must equal the fixed value`));
  }
  pushAll(errs, validateConditions(plc.status?.conditions));
  return errs;
}
