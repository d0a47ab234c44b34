/**
 * uname on a node and in containers (recorded on this machine: coreutils 9.1's and busybox
 * 1.35's uname over the same fields; kernel and hostname are the simulated ones).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import { Simulation } from '../simulation';
import { KERNEL_BUILD, KERNEL_RELEASE } from '../node/kernel';

const shell = (image: string) => {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, hostname: 'web-0' });
  return (line: string) => execInContainer(p, 1000, ['sh', '-c', line]).output;
};
const ALL = `Linux web-0 ${KERNEL_RELEASE} ${KERNEL_BUILD} x86_64`;

describe('uname', () => {
  it("prints the Pod's hostname for -n, and every field in uname's order whatever the options' order", () => {
    for (const image of ['nginx:1.27', 'busybox:1.36']) {
      const run = shell(image);
      expect(run('uname; uname -n; uname --nodename; uname -a; uname -on; uname -p; uname -snrvmpio')).toBe(
        `Linux\nweb-0\nweb-0\n${ALL} GNU/Linux\nweb-0 GNU/Linux\nunknown\n${ALL} unknown unknown GNU/Linux\n`,
      );
    }
    // Alpine's busybox is built with CONFIG_UNAME_OSNAME="Linux".
    expect(shell('alpine:3.20')('uname -a; uname -o')).toBe(`${ALL} Linux\nLinux\n`);
  });

  it("refuses bad options and operands in each userland's words", () => {
    expect(shell('nginx:1.27')('uname -x; uname x; uname --k; uname --sysname; echo $?')).toBe(
      "uname: invalid option -- 'x'\nTry 'uname --help' for more information.\nuname: extra operand 'x'\nTry 'uname --help' for more information.\n" +
        "uname: option '--k' is ambiguous; possibilities: '--kernel-name' '--kernel-release' '--kernel-version'\nTry 'uname --help' for more information.\nLinux\n0\n",
    );
    const bb = shell('busybox:1.36')('uname x; echo $?; uname --sysname; echo $?');
    expect(bb).toMatch(/^BusyBox v1\.36\.1 [^]*\nUsage: uname \[-amnrspvio\]\n[^]*\t-o\tOS name\n1\nuname: unrecognized option '--sysname'\nBusyBox [^]*\n1\n$/);
  });

  it("prints the node's name on a node", () => {
    const sim = new Simulation({ seed: 7 });
    sim.advance(20_000);
    expect(sim.nodeShell('node-1', 'uname -n; uname -a').output.map((c) => c.text).join('')).toBe(`node-1\nLinux node-1 ${KERNEL_RELEASE} ${KERNEL_BUILD} x86_64 GNU/Linux\n`);
  });
});
