/**
 * check-expiration's residual times against the simulated clock, a year ahead: the same node
 * files read at a later moment (a view of the world whose clock is moved on, since advancing a
 * running cluster by a year takes minutes; the certificates do not change as time passes).
 */
import { describe, expect, it } from 'vitest';
import { Simulation, worldOf } from '../simulation';
import type { World } from '../world';
import { nodeView } from './host-fs';
import { shortHumanDuration } from './kubeadm-client';
import { checkExpiration } from './kubeadm-certs';

const DAY = 24 * 3600_000;

function tableAt(w: World, now: number): string {
  const later = Object.assign(Object.create(w) as World, { now });
  let out = '';
  checkExpiration(later, 'control-plane', [], nodeView(later, 'control-plane').file, { out: (t) => (out += t), err: (t) => (out += t) });
  return out;
}

describe('certs check-expiration over time', () => {
  const sim = new Simulation({ seed: 1 });
  sim.advance(20_000);
  const w = worldOf(sim);

  it('counts each certificate down in days, then <invalid> once it has expired; the CAs in years', () => {
    expect(tableAt(w, w.now + 30 * DAY)).toContain('\napiserver                  Sep 01, 2026 09:00 UTC   334d            ca                      no      \n');
    expect(tableAt(w, 364.5 * DAY)).toContain('\netcd-server                Sep 01, 2026 09:00 UTC   12h             etcd-ca                 no      \n');
    const expired = tableAt(w, 366 * DAY);
    expect(expired).toContain('\nadmin.conf                 Sep 01, 2026 09:00 UTC   <invalid>       ca                      no      \n');
    expect(expired).toContain('\nca                      Aug 30, 2035 09:00 UTC   8y              no      \n');
  });

  it('words residual times as ShortHumanDuration does', () => {
    expect([365 * DAY - 1000, 30 * DAY, 5 * 3600_000, 90_000, 59_000, -500, -2000, 3650 * DAY - 1, 3651 * DAY].map(shortHumanDuration)).toEqual(['364d', '30d', '5h', '1m', '59s', '0s', '<invalid>', '9y', '10y']);
  });
});
