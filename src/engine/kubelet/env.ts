/**
 * A container's environment as the kubelet builds it (kubelet_pods.go makeEnvironmentVariables):
 * the Service-link variables (src/k8s/service-env.ts, from the kubelet's Service informer), then every key of the `envFrom`
 * ConfigMaps/Secrets (with `prefix`), then the spec's env in order, with
 * ConfigMap/Secret keys read through kube-apiserver and downward-API fields (resourceFieldRef as
 * the downwardAPI volume computes it, downward-api.ts); a `value`'s `$(VAR)` references expand
 * against what is defined before it (k8s/var-expansion.ts). A missing object or
 * key fails the container with CreateContainerConfigError.
 */
import type { ConfigMap, Container, Pod, Secret, Service } from '../../k8s/types';
import { serviceEnv } from '../../k8s/service-env';
import { SERVICES } from './services';
import { decodeBase64 } from '../../k8s/base64';
import { isNotFound } from '../client/client';
import type { World } from '../world';
import { podFieldValue } from '../../k8s/fieldpath';
import { api } from './client';
import type { KubeletState } from './state';
import { own, setOwn } from '../../k8s/own';
import { resourceFieldValue } from './downward-api';
import { expandKubernetesVars } from '../../k8s/var-expansion';
import { FROM_CACHE } from '../../k8s/read-consistency';

export type EnvResult = { ok: true; env: Record<string, string> } | { ok: false; message: string };

export function containerEnv(w: World, self: KubeletState, pod: Pod, c: Container, podIP: string): EnvResult {
  const ns = pod.metadata.namespace ?? 'default';
  const hostIP = w.machineSpecs.get(self.host)?.ip ?? '';
  const env: Record<string, string> = { HOSTNAME: pod.metadata.name ?? '' };
  // The Services the kubelet's informer holds when the container is made: one created later is not here.
  const services = (self.informers[SERVICES]?.cache.values() ?? []) as Iterable<Service>;
  /** The names makeEnvironmentVariables' mapping sees (tmpEnv and the Service variables). */
  const defined = new Set<string>();
  const define = (k: string, v: string): void => {
    setOwn(env, k, v);
    defined.add(k);
  };
  for (const [k, v] of serviceEnv(services, ns, pod.spec.enableServiceLinks !== false)) define(k, v);
  // ConfigMaps and Secrets are read as volumes.ts's fetchNamed reads them: from the watch cache.
  // envFrom first, so an `env` entry of the same name wins (makeEnvironmentVariables' tmpEnv).
  for (const src of c.envFrom ?? []) {
    const ref = src.configMapRef ?? src.secretRef;
    if (!ref) continue;
    const isCm = src.configMapRef !== undefined;
    const res = api(w, self, { verb: 'get', resource: isCm ? 'configmaps' : 'secrets', namespace: ns, name: ref.name, read: FROM_CACHE });
    if (!res.ok) {
      if (ref.optional && isNotFound(res)) continue;
      return { ok: false, message: isNotFound(res) ? `${isCm ? 'configmap' : 'secret'} "${ref.name}" not found` : res.error.message };
    }
    const obj = res.object as ConfigMap | Secret;
    const values = isCm ? Object.entries((obj as ConfigMap).data ?? {}) : Object.entries((obj as Secret).data ?? {}).map(([k, v]): [string, string] => [k, decodeBase64(v)]);
    for (const [k, v] of values) define(`${src.prefix ?? ''}${k}`, v);
  }
  for (const e of c.env ?? []) {
    const from = e.valueFrom;
    if (!from) {
      // The Service-link, envFrom and earlier env variables; HOSTNAME is the runtime's, not one of them.
      setOwn(env, e.name, expandKubernetesVars(e.value ?? '', (name) => (defined.has(name) ? (own(env, name) as string) : undefined)));
      defined.add(e.name);
      continue;
    }
    if (from.fieldRef) {
      define(e.name, podFieldValue(pod, from.fieldRef.fieldPath, podIP, hostIP));
      continue;
    }
    if (from.resourceFieldRef) {
      // containerResourceRuntimeValue: the container itself when containerName is empty.
      const r = resourceFieldValue(pod, { ...from.resourceFieldRef, containerName: from.resourceFieldRef.containerName || c.name }, w.machineSpecs.get(self.host)?.allocatable ?? {});
      if (!r.ok) return { ok: false, message: r.error };
      define(e.name, r.value);
      continue;
    }
    const ref = from.configMapKeyRef ?? from.secretKeyRef;
    if (!ref) continue;
    const isCm = from.configMapKeyRef !== undefined;
    const res = api(w, self, { verb: 'get', resource: isCm ? 'configmaps' : 'secrets', namespace: ns, name: ref.name, read: FROM_CACHE });
    if (!res.ok) {
      if (ref.optional && isNotFound(res)) continue;
      return { ok: false, message: isNotFound(res) ? `${isCm ? 'configmap' : 'secret'} "${ref.name}" not found` : res.error.message };
    }
    const obj = res.object as ConfigMap | Secret;
    const secretData = own((obj as Secret).data, ref.key) as string | undefined;
    const raw = (isCm ? own((obj as ConfigMap).data, ref.key) : secretData !== undefined ? decodeBase64(secretData) : own((obj as Secret).stringData, ref.key)) as string | undefined;
    if (raw === undefined) {
      if (ref.optional) continue;
      return { ok: false, message: `couldn't find key ${ref.key} in ${isCm ? 'ConfigMap' : 'Secret'} ${ns}/${ref.name}` };
    }
    define(e.name, raw);
  }
  return { ok: true, env };
}
