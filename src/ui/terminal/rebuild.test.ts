/**
 * Which lines rebuild the cluster, read against the worker's real command table: what the dial
 * shows as busy, and what a learner typing under a lesson is asked about first.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../../worker/host';
import { rebuildOf } from './rebuild';

describe('rebuildOf', () => {
  it('reads a sim topology line and the size it asks for, either way --nodes is written', () => {
    expect(rebuildOf('sim topology basic --nodes 1000', COMMAND_TABLE)).toEqual({ nodes: 1000 });
    expect(rebuildOf('  sim   topology ha --nodes=7 --cni calico', COMMAND_TABLE)).toEqual({ nodes: 7 });
    expect(rebuildOf('sim topology ha', COMMAND_TABLE)).toEqual({});
    // A pipeline runs the rebuild in its first stage; a comment is not code.
    expect(rebuildOf('sim topology basic --nodes 10 | wc -l', COMMAND_TABLE)).toEqual({ nodes: 10 });
    expect(rebuildOf('sim topology ha # bigger', COMMAND_TABLE)).toEqual({});
  });

  it('is not a line that only prints an error or names the words elsewhere', () => {
    expect(rebuildOf('sim topology', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('sim topology huge --nodes 10', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('# sim topology ha', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('kubectl get nodes | grep sim topology ha', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('sim status', COMMAND_TABLE)).toBeUndefined();
    expect(rebuildOf('sim help topology', COMMAND_TABLE)).toBeUndefined();
  });

  it('without the command table (the worker not ready yet) takes any sim topology line as one', () => {
    expect(rebuildOf('sim topology huge')).toEqual({});
    expect(rebuildOf('sim topology basic --nodes 5000')).toEqual({ nodes: 5000 });
  });
});
