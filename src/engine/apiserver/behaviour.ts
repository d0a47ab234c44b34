import type { Behaviour } from '../behaviour';
import { closeWatchesOf } from './watch';
import { APISERVER_USER, bootstrapObjects } from './bootstrap';
import { onAggregatorTimer } from './aggregator';
import { handleRequest } from './handler';
import { onApiextensionsTimer } from '../apiextensions/controllers';
import { IDENTITY_TIMER, identityLeaseTick, startIdentityLease } from './identity-lease';
import { REPAIR_TIMER, repairAddress } from './ipallocator-repair';
import { onApfTimer } from './apf-config';
import { EVENT_SERIES_TIMER, eventSeriesTick, recordSeriesEvent } from '../client/event-series';

/**
 * kube-apiserver serves requests synchronously (handler.ts); its only loops are the
 * apiextensions controllers' (../apiextensions/controllers.ts), armed by CRD commits, and
 * kube-aggregator's APIService availability check (aggregator.ts), armed by APIService commits,
 * the ClusterIP repair loop (ipallocator-repair.ts), armed by a deleted IPAddress, and API
 * Priority and Fairness's config producer and consumer (apf-config.ts), armed by their objects' commits. When
 * it stops, every watch it served closes and the watchers' reflectors relist elsewhere.
 */
export const apiServerBehaviour: Behaviour<'kube-apiserver'> = {
  start(w, self) {
    // A new process: its metrics start from nothing.
    delete self.requestCounts;
    delete self.lastReadOnlyAt;
    delete self.lastMutatingAt;
    delete self.apfConsumerArmed;
    delete self.apfProducerAt;
    bootstrapObjects(w, self.id);
    startIdentityLease(w, self);
  },
  stop(w, self) {
    closeWatchesOf(w, self.id);
  },
  onTimer(w, self, name, arg) {
    if (name === IDENTITY_TIMER) {
      identityLeaseTick(w, self, (req) => handleRequest(w, self.id, { ...req, user: APISERVER_USER, from: self.id }));
      return;
    }
    if (name === REPAIR_TIMER && arg !== undefined) {
      repairAddress(w, self, (req) => handleRequest(w, self.id, req), (svc, e) => recordSeriesEvent(w, self, { user: APISERVER_USER, actor: self.id }, svc, e), arg);
      return;
    }
    if (onApfTimer(w, self, name, arg, (req) => handleRequest(w, self.id, { ...req, user: APISERVER_USER, from: self.id }))) return;
    if (name === EVENT_SERIES_TIMER && arg !== undefined) {
      eventSeriesTick(w, self, { user: APISERVER_USER, actor: self.id }, arg);
      return;
    }
    onApiextensionsTimer(w, self, name, arg);
    onAggregatorTimer(w, name, (req) => handleRequest(w, self.id, { ...req, user: APISERVER_USER, from: self.id }));
  },
};
