/**
 * printers.go's admissionregistration.k8s.io tables: printValidatingAdmissionPolicy (how many
 * validations, the paramKind as `<apiVersion>/<kind>` or `<unset>`) and
 * printValidatingAdmissionPolicyBinding (the paramRef as `<namespace>/<name>`, `*\/<name>`
 * without a namespace, or its selector as the generated protobuf String() prints a LabelSelector),
 * and printValidatingWebhookConfiguration / printMutatingWebhookConfiguration (how many webhooks).
 */
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../k8s/admission-policy';
import type { LabelSelector } from '../../k8s/types';
import type { WebhookConfiguration } from '../../k8s/webhook-configuration';
import { since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

/** (*metav1.LabelSelector).String(), gogo-protobuf's: labels sorted, values as Go's %v of a slice. */
function selectorString(s: LabelSelector): string {
  const labels = Object.keys(s.matchLabels ?? {})
    .sort()
    .map((k) => `${k}: ${s.matchLabels![k]},`)
    .join('');
  const exprs = (s.matchExpressions ?? []).map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`).join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

const validatingAdmissionPolicy: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'VALIDATIONS' }, { name: 'PARAMKIND' }, { name: 'AGE' }],
  cells(o, now) {
    const p = o as ValidatingAdmissionPolicy;
    const pk = p.spec?.paramKind;
    return [o.metadata.name ?? '', String(p.spec?.validations?.length ?? 0), pk ? `${pk.apiVersion ?? ''}/${pk.kind ?? ''}` : '<unset>', since(o.metadata.creationTimestamp, now)];
  },
};

const validatingAdmissionPolicyBinding: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'POLICYNAME' }, { name: 'PARAMREF' }, { name: 'AGE' }],
  cells(o, now) {
    const b = o as ValidatingAdmissionPolicyBinding;
    const pr = b.spec?.paramRef;
    let param = '<unset>';
    if (pr?.name) param = pr.namespace ? `${pr.namespace}/${pr.name}` : `*/${pr.name}`;
    else if (pr?.selector) param = selectorString(pr.selector);
    return [o.metadata.name ?? '', b.spec?.policyName ?? '', param, since(o.metadata.creationTimestamp, now)];
  },
};

const webhookConfiguration: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'WEBHOOKS' }, { name: 'AGE' }],
  cells(o, now) {
    return [o.metadata.name ?? '', String((o as WebhookConfiguration).webhooks?.length ?? 0), since(o.metadata.creationTimestamp, now)];
  },
};

export const ADMISSION_POLICY_TABLES: Record<string, TableDef> = {
  validatingwebhookconfigurations: webhookConfiguration,
  mutatingwebhookconfigurations: webhookConfiguration,
  validatingadmissionpolicies: validatingAdmissionPolicy,
  validatingadmissionpolicybindings: validatingAdmissionPolicyBinding,
};
