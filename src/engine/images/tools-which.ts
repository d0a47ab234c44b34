/**
 * `which [-a] NAME…`: the path `$PATH` finds each NAME at, one a line; nothing for a name it does
 * not find, and status 1 if any was not found (or none was given). Debian's (debianutils'
 * /usr/bin/which, a sh script: read on this machine) and BusyBox's applet (1.35 here: `busybox
 * which nothere ls` prints `/usr/bin/ls`, status 1) agree on all of this. Approximate: `-a` prints
 * the first match only (the image has one of each program), and BusyBox's `which` has no options.
 */
import type { Tool } from './tool-types';

export function whichTool(lookup: (name: string) => string | undefined): Tool {
  return (args, env) => {
    const names = args.filter((a, i) => !(a === '-a' && i === 0));
    let status = names.length === 0 ? 1 : 0;
    for (const n of names) {
      const found = lookup(n);
      if (found === undefined) status = 1;
      else env.io.out(`${found}\n`);
    }
    return { status };
  };
}
