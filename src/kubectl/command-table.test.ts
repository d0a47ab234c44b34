import { describe, expect, it } from 'vitest';
import { commandTable } from './command-table';
import type { FlagInfo } from './command-spec';
import { Session } from './session';
import { SECRET_COMMAND, SERVICE_COMMAND } from './commands/create';

const table = commandTable();
const session = new Session({ seed: 3 });

function stderr(line: string): string {
  return session
    .run(line)
    .output.filter((c) => c.stream === 'stderr')
    .map((c) => c.text)
    .join('');
}

describe('the command table', () => {
  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
  });

  it('lists exactly the commands kubectl says it supports', () => {
    const m = stderr('kubectl kuberc').match(/supported commands: (.*)$/m);
    expect(Object.keys(table.kubectl.commands).sort()).toEqual(m![1]!.split(', '));
  });

  it('starts lines with words the session runs, and names sim directives it knows', () => {
    for (const word of Object.keys(table.lines)) expect(stderr(word), word).not.toMatch(/command not found/);
    for (const d of Object.keys(table.sim.commands)) expect(stderr(`sim ${d}`), d).not.toMatch(/unknown sim directive/);
    expect(stderr('clear')).toMatch(/command not found/);
  });

  /**
   * Each flag is accepted by its command and takes a value exactly when the table says: pflag
   * answers a bare value flag with "flag needs an argument".
   */
  function expectParsedAsListed(prefixes: string[][], flags: readonly FlagInfo[]): void {
    for (const f of flags) {
      for (const form of f.short ? [`--${f.name}`, `-${f.short}`] : [`--${f.name}`]) {
        const verdicts = prefixes.map((p) => {
          const err = stderr(['kubectl', ...p, form].join(' '));
          if (/unknown (shorthand )?flag/.test(err)) return 'unknown';
          return /flag needs an argument/.test(err) ? 'value' : 'bool';
        });
        const known = verdicts.filter((v) => v !== 'unknown');
        expect(known.length, `${prefixes[0]!.join(' ')} ${form}`).toBeGreaterThan(0);
        expect(known, `${prefixes[0]!.join(' ')} ${form}`).toContain(f.value ? 'value' : 'bool');
      }
    }
  }

  it.each(Object.entries(table.kubectl.commands))('kubectl %s flags', (verb, info) => {
    const prefixes = info.subcommands ? info.subcommands.map((s) => [verb, s]) : [[verb]];
    // `create service`'s and `create secret`'s flags belong to their types alone, as in kubectl (the parents have none).
    // apply runs itself too (`apply -f`), beside its last-applied subcommands.
    if (verb === 'apply') prefixes.push(['apply']);
    if (verb === 'create') {
      prefixes.push(['create'], ...SERVICE_COMMAND.subcommands.map((k) => ['create', 'service', k]), ...SECRET_COMMAND.subcommands.map((k) => ['create', 'secret', k]));
    }
    expectParsedAsListed(prefixes, info.flags);
  });

  it('kubectl global flags', () => {
    expectParsedAsListed([['get']], table.kubectl.flags);
  });
});
