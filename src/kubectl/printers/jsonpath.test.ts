import { describe, expect, it } from 'vitest';
import { executeTemplate, relaxedJsonPath } from './jsonpath';

const list = {
  kind: 'List',
  items: [
    { metadata: { name: 'a', labels: { app: 'web' } }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }, spec: { containers: [{ name: 'c1' }, { name: 'c2' }] } },
    { metadata: { name: 'b' }, status: { phase: 'Pending', conditions: [{ type: 'Ready', status: 'False' }] }, spec: { containers: [{ name: 'c3' }] } },
  ],
};

describe('JSONPath templates', () => {
  it('joins several results with a space and adds no newline', () => {
    expect(executeTemplate('{.items[*].metadata.name}', list)).toBe('a b');
  });

  it('supports range/end with quoted literals', () => {
    expect(executeTemplate('{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}', list)).toBe('a\tRunning\nb\tPending\n');
  });

  it('supports filters, negative indexes, slices and unions', () => {
    expect(executeTemplate('{.items[?(@.status.phase=="Pending")].metadata.name}', list)).toBe('b');
    expect(executeTemplate('{.items[-1:].metadata.name}', list)).toBe('b');
    expect(executeTemplate('{.items[0].spec.containers[0,1].name}', list)).toBe('c1 c2');
    expect(executeTemplate("{.items[0].status.conditions[?(@.type=='Ready')].status}", list)).toBe('True');
  });

  it('prints maps and lists as compact JSON and ignores missing keys', () => {
    expect(executeTemplate('{.items[0].metadata.labels}', list)).toBe('{"app":"web"}');
    expect(executeTemplate('{.items[1].metadata.labels}', list)).toBe('');
    expect(executeTemplate('name={.items[0].metadata.name}', list)).toBe('name=a');
  });

  it('collects recursive descent matches', () => {
    expect(executeTemplate('{..phase}', list)).toBe('Running Pending');
  });

  it('relaxes custom-columns / sort-by expressions', () => {
    expect(relaxedJsonPath('metadata.name')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('.metadata.name')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('{.metadata.name}')).toBe('{.metadata.name}');
  });
});
