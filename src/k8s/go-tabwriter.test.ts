import { describe, expect, it } from 'vitest';
import { DESCRIBE, GET_TABLE, TabWriter, tabulate } from './go-tabwriter';

describe('tabwriter (Go text/tabwriter semantics)', () => {
  it('pads each column to its widest cell plus 3 for kubectl get, last column unpadded', () => {
    const text = 'NAME\tREADY\tSTATUS\tRESTARTS\tAGE\nnginx\t1/1\tRunning\t0\t4m4s\n';
    expect(tabulate(text, GET_TABLE)).toBe('NAME    READY   STATUS    RESTARTS   AGE\nnginx   1/1     Running   0          4m4s\n');
  });

  it('applies the minimum width of 6 to short columns', () => {
    expect(tabulate('A\tB\nx\ty\n', GET_TABLE)).toBe('A     B\nx     y\n');
  });

  it('pads a trailing empty cell like Go does (trailing spaces)', () => {
    expect(tabulate('Kube-Proxy Version:\t\nOS:\tlinux\n', DESCRIBE)).toBe('Kube-Proxy Version:  \nOS:                  linux\n');
  });

  it('aligns column blocks only across consecutive lines that have the column', () => {
    const text = 'Name:\tnginx\nNamespace:\tdefault\nIPs:\n  IP:\t10.1.0.6\nContainers:\nQoS Class:\tBestEffort\n';
    expect(tabulate(text, DESCRIBE)).toBe('Name:       nginx\nNamespace:  default\nIPs:\n  IP:  10.1.0.6\nContainers:\nQoS Class:  BestEffort\n');
  });

  it('starts a new inner block after a line that lacks the column', () => {
    const text = 'a\tbb\tc\naaaa\tb\nx\ty\tzzz\tw\n';
    expect(tabulate(text, DESCRIBE)).toBe('a     bb  c\naaaa  b\nx     y  zzz  w\n');
  });

  it('remembers column widths across flushes (kubectl get -w)', () => {
    const w = new TabWriter(GET_TABLE);
    w.write('NAME\tSTATUS\nweb-1\tPending\n');
    const first = w.flush();
    w.write('w\tRunning\n');
    const second = w.flush();
    expect(first).toBe('NAME    STATUS\nweb-1   Pending\n');
    expect(second).toBe('w       Running\n');
  });
});
