/**
 * Name lookups in Pods while kube-dns has no endpoint (CoreDNS scaled to zero): kube-proxy's
 * REJECT answers each query with ICMP port unreachable, so a client on a connected socket is
 * refused at once — BusyBox's nslookup and glibc's resolver (BusyBox wget in busybox:1.36,
 * Debian's getent) fail within milliseconds — while musl (Alpine), whose socket is never told,
 * waits its timeout as if nothing came back. Texts and timings as recorded against a closed
 * port 53 (net-tools.ts, container-net.ts).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import { Session } from './session';
import type { CommandResult } from './types';

let booted: Simulation | undefined;

/** bb (busybox:1.36), db (debian) and al (alpine) running, then CoreDNS scaled to zero and gone. */
function cluster(): Session {
  if (!booted) {
    const s = new Session({ seed: 1 });
    s.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    s.run('kubectl run db --image=debian -- sleep 3600');
    s.run('kubectl run al --image=alpine -- sleep 3600');
    s.run('kubectl run bm --image=busybox:musl -- sleep 3600');
    s.run('kubectl wait --for=condition=Ready pod/bb pod/db pod/al pod/bm --timeout=1m');
    s.run('kubectl -n kube-system scale deployment coredns --replicas=0');
    expect(s.run('kubectl -n kube-system wait --for=delete pod -l k8s-app=kube-dns --timeout=60s').exitCode).toBe(0);
    booted = s.sim;
  }
  return new Session({ seed: 1, simulation: Simulation.fromSnapshot(booted.snapshot()) });
}

const out = (r: CommandResult, stream: 'stdout' | 'stderr'): string =>
  r.output
    .filter((c) => c.stream === stream)
    .map((c) => c.text)
    .join('');

function timed(s: Session, line: string): { r: CommandResult; took: number } {
  const t0 = s.sim.now;
  const r = s.run(line);
  return { r, took: s.sim.now - t0 };
}

describe('lookups in a Pod while kube-dns has no endpoint', () => {
  it("BusyBox nslookup: its second query's write is refused, and it gives up at once", () => {
    const s = cluster();
    const { r, took } = timed(s, 'kubectl exec bb -- nslookup kubernetes');
    expect(r.exitCode).toBe(1);
    expect(out(r, 'stdout')).toBe(';; connection timed out; no servers could be reached\n\n');
    expect(out(r, 'stderr')).toBe("nslookup: write to '10.96.0.10': Connection refused\ncommand terminated with exit code 1\n");
    expect(took).toBeLessThan(1_000);
  });

  it('BusyBox nslookup of an address (one PTR query): each read is refused, and it waits out its 5 s', () => {
    const s = cluster();
    const { r, took } = timed(s, 'kubectl exec bb -- nslookup 10.96.0.1');
    expect(r.exitCode).toBe(1);
    expect(out(r, 'stderr')).toBe('nslookup: read: Connection refused\nnslookup: read: Connection refused\ncommand terminated with exit code 1\n');
    expect(out(r, 'stdout')).toBe(';; connection timed out; no servers could be reached\n\n');
    expect(took).toBeGreaterThanOrEqual(5_000);
    expect(took).toBeLessThan(6_000);
  });

  it("glibc's resolver gives up at once (EAI_AGAIN): BusyBox wget's bad address, getent's exit 2; musl's waits", () => {
    const s = cluster();
    const wget = timed(s, 'kubectl exec bb -- wget -qO- http://kubernetes/');
    expect(wget.r.exitCode).toBe(1);
    expect(out(wget.r, 'stderr')).toBe("wget: bad address 'kubernetes'\ncommand terminated with exit code 1\n");
    expect(wget.took).toBeLessThan(1_000);
    const getent = timed(s, 'kubectl exec db -- getent hosts kubernetes');
    expect(getent.r.exitCode).toBe(2);
    expect(out(getent.r, 'stdout')).toBe('');
    expect(getent.took).toBeLessThan(1_000);
    // musl sends from an unconnected socket, which never hears the refusal: Alpine's wget (and
    // busybox:musl's) waits out musl's timeout, 5 s for the whole exchange (glibc's would be 10 s).
    for (const pod of ['al', 'bm']) {
      const musl = timed(s, `kubectl exec ${pod} -- wget -qO- http://kubernetes/`);
      expect(out(musl.r, 'stderr')).toBe("wget: bad address 'kubernetes'\ncommand terminated with exit code 1\n");
      expect(musl.took).toBeGreaterThanOrEqual(5_000);
      expect(musl.took).toBeLessThan(6_000);
    }
  });
});
