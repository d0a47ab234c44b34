/**
 * A projected volume's files (pkg/volume/projected): every source's payload in one directory —
 * a bound ServiceAccount token, ConfigMap and Secret keys, downward API fields. The
 * ServiceAccount admission plugin's `kube-api-access-*` volume is the one every Pod gets: token,
 * ca.crt (the kube-root-ca.crt ConfigMap) and namespace, mounted at
 * /var/run/secrets/kubernetes.io/serviceaccount.
 *
 * ConfigMaps and Secrets are read from the kubelet's watch-based cache, for which the stored
 * objects stand (no request, as refreshPayloads reads them); a missing one fails the mount
 * unless optional, with the projected plugin's message.
 */
import type { ConfigMap, KeyToPath, Pod, Secret } from '../../k8s/types';
import { API_AUDIENCES, extendsExpiration, mintToken } from '../apiserver/serviceaccount-token';
import { newLayer, normalizePath, type FsLayer } from '../images/fs';
import { peekObject, type World } from '../world';
import { payloadLayer, podFsGroup } from './volume-data';
import { downwardFiles, type DownwardFile } from './downward-api';

interface Source {
  serviceAccountToken?: { path?: string; expirationSeconds?: number; audience?: string };
  configMap?: { name?: string; items?: KeyToPath[]; optional?: boolean };
  secret?: { name?: string; items?: KeyToPath[]; optional?: boolean };
  downwardAPI?: { items?: DownwardFile[] };
}

/** The volume's files, or the SetUp error the kubelet reports (and retries). */
export function projectedLayer(w: World, node: string, pod: Pod, sources: readonly unknown[], defaultMode?: number): { ok: true; layer: FsLayer } | { ok: false; error: string } {
  const ns = pod.metadata.namespace ?? 'default';
  const layer = newLayer();
  const put = (path: string, content: string, mode = defaultMode): void => {
    layer.files[normalizePath(path)] = content;
    if (mode !== undefined) (layer.modes ??= {})[normalizePath(path)] = mode;
  };
  for (const raw of sources) {
    const s = raw as Source;
    if (s.serviceAccountToken) {
      const nodeObj = peekObject(w, 'nodes', `nodes/${node}`);
      // The token manager asks for the source's audience, or (none given) the API server's own.
      const audiences = s.serviceAccountToken.audience ? [s.serviceAccountToken.audience] : API_AUDIENCES;
      const expirationSeconds = s.serviceAccountToken.expirationSeconds ?? 3600;
      const minted = mintToken(w, {
        namespace: ns,
        serviceAccount: pod.spec.serviceAccountName ?? 'default',
        pod: { name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '' },
        node: { name: node, uid: nodeObj?.metadata.uid ?? '' },
        expirationSeconds,
        extendExpiration: extendsExpiration(true, expirationSeconds, audiences),
        audiences,
      });
      if (!minted.ok) return minted;
      // With an fsGroup (or fsUser) the token is written 0600, before the ownership walk adds 0440.
      put(s.serviceAccountToken.path ?? 'token', minted.token, podFsGroup(pod) !== undefined ? 0o600 : defaultMode);
    } else if (s.configMap || s.secret) {
      const kind = s.configMap ? 'configmap' : 'secret';
      const src = (s.configMap ?? s.secret)!;
      const resource = kind === 'configmap' ? 'configmaps' : 'secrets';
      const obj = peekObject(w, resource, `${resource}/${ns}/${src.name ?? ''}`) as ConfigMap | Secret | undefined;
      if (!obj && !src.optional) return { ok: false, error: `${kind} "${src.name ?? ''}" not found` };
      const payload = payloadLayer(kind, obj, src.items, src.optional === true, defaultMode);
      if (!payload.ok) return payload;
      for (const [p, v] of Object.entries(payload.layer.files)) if (v !== null) put(p, v, payload.layer.modes?.[p]);
    } else if (s.downwardAPI) {
      const files = downwardFiles(pod, s.downwardAPI.items ?? [], defaultMode, w.machineSpecs.get(node)?.allocatable ?? {});
      if (!files.ok) return files;
      for (const [p, v] of Object.entries(files.files)) put(p, v, files.modes[p]);
    }
  }
  return { ok: true, layer };
}
