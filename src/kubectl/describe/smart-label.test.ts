import { describe, expect, it } from 'vitest';
import { smartLabel } from './other';

// describe.go's smartLabelFor (kubectl v0.35.7): fatih/camelcase.Split, the common acronyms upper-cased,
// every other part through cases.Title, which lowercases the rest of the word. Checked against
// kubectl v1.35.2's `describe flowschema` over `reconcile serve`.
describe('smartLabel', () => {
  it('titles camelCase parts, keeps the common acronyms and lowercases the rest of other capitals', () => {
    expect(smartLabel('nonResourceURLs')).toBe('Non Resource Ur Ls');
    expect(smartLabel('apiGroups')).toBe('API Groups');
    expect(smartLabel('uid')).toBe('UID');
    expect(smartLabel('podCIDR')).toBe('Pod Cidr');
    expect(smartLabel('matchingPrecedence')).toBe('Matching Precedence');
    expect(smartLabel('x.y')).toBe('x.y');
  });
});
