import { describe, expect, it } from 'vitest';
import { TERMINAL_LIMIT, commandFinished, commandStarted, commandsLost, initialTerminalState } from './terminal';

describe('terminal transcript', () => {
  it('records a command, then its output', () => {
    let s = commandStarted(initialTerminalState, 1, 'kubectl get pods');
    expect(s.entries[0]).toMatchObject({ id: 1, state: 'running', output: [] });
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [{ stream: 'stderr', text: 'No resources found in default namespace.\n' }], exitCode: 0 });
    expect(s.entries[0]).toMatchObject({ state: 'done', exitCode: 0, output: [{ stream: 'stderr' }] });
  });

  it('marks only still-running commands as lost', () => {
    let s = commandStarted(initialTerminalState, 1, 'a');
    s = commandStarted(s, 2, 'b');
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [], exitCode: 0 });
    s = commandsLost(s, new Set([1, 2]));
    expect(s.entries.map((e) => e.state)).toEqual(['done', 'lost']);
  });

  it('keeps a bounded transcript', () => {
    let s = initialTerminalState;
    for (let i = 0; i < TERMINAL_LIMIT + 5; i++) s = commandStarted(s, i, `c${i}`);
    expect(s.entries).toHaveLength(TERMINAL_LIMIT);
    expect(s.entries[0]!.id).toBe(5);
  });
});
