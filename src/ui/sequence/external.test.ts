import { describe, expect, it } from 'vitest';
import { participantLabel } from './model';

describe('requests from outside kubectls (reconcile serve)', () => {
  it('are their own participant, named for what they are', () => {
    expect(participantLabel('kubectl-external')).toBe('kubectl (external)');
    expect(participantLabel('kubectl')).toBe('kubectl');
  });
});
