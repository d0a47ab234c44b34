/** Categories expand as kubectl's Builder.ReplaceAliases expands them, before any name lookup. */
import { describe, expect, it } from 'vitest';
import { resolveTypes } from './builder';

const names = (typed: string): string[] => resolveTypes(typed).map((i) => (i.group ? `${i.resource}.${i.group}` : i.resource));

describe('resolveTypes', () => {
  it('expands api-extensions to every resource discovery lists in it, in discovery order', () => {
    expect(names('api-extensions')).toEqual([
      'mutatingwebhookconfigurations.admissionregistration.k8s.io',
      'validatingadmissionpolicies.admissionregistration.k8s.io',
      'validatingadmissionpolicybindings.admissionregistration.k8s.io',
      'validatingwebhookconfigurations.admissionregistration.k8s.io',
      'customresourcedefinitions.apiextensions.k8s.io',
      'apiservices.apiregistration.k8s.io',
    ]);
  });

  it('keeps all as kubectl get all shows it, and mixes a category with plain types without repeats', () => {
    expect(names('all')).toContain('pods');
    expect(names('all')).not.toContain('apiservices.apiregistration.k8s.io');
    expect(names('crd,api-extensions')[0]).toBe('customresourcedefinitions.apiextensions.k8s.io');
    expect(names('crd,api-extensions').filter((n) => n.startsWith('customresourcedefinitions'))).toHaveLength(1);
  });
});
