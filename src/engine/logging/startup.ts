/**
 * The lines each control-plane process prints as it starts, at the default verbosity. Texts are
 * the components' own (klog calls in cmd/kube-apiserver, cmd/kube-scheduler,
 * cmd/kube-controller-manager, apiserver's dynamiccertificates and client-go's shared_informer.go
 * from release-1.34; etcd v3.6.8). The file:line callers of the cmd/ packages are those of
 * real v1.32 logs: those files moved little, but a line number may differ by a few in v1.34.
 */
import type { ComponentBase } from '../core/component';
import { GIT_VERSION } from '../../k8s/version';
import type { World } from '../world';
import { isStaticPodKind, staticPodManifest } from '../kubelet/static-pod-manifests';
import { logEtcdStart } from './etcd-log';
import { klog, structured } from './klog';
import { beginRun } from './process-log';

const GOLANG = structured('Golang settings', [
  ['GOGC', ''],
  ['GOMAXPROCS', ''],
  ['GOTRACEBACK', ''],
]);

/** client-go's WaitForNamedCacheSync (shared_informer.go:349 / :356 in release-1.34). */
export function waitingForCaches(w: World, c: ComponentBase, controller: string): void {
  klog(w, c, 'I', 'shared_informer.go:349', structured('Waiting for caches to sync', [['controller', controller]]));
}

export function cachesSynced(w: World, c: ComponentBase, controller: string): void {
  klog(w, c, 'I', 'shared_informer.go:356', structured('Caches are synced', [['controller', controller]]));
}

const CLIENT_CA = 'client-ca::kube-system::extension-apiserver-authentication::client-ca-file';

function ipOf(w: World, c: ComponentBase): string {
  return w.machineSpecs.get(c.host)?.ip ?? '';
}

function etcdArgv(w: World, c: ComponentBase): string[] {
  const ipOfHost = (h: string): string => w.machineSpecs.get(h)?.ip ?? '';
  const members = [...w.components.values()].filter((m) => m.kind === 'etcd');
  const pod = staticPodManifest({
    kind: 'etcd',
    node: c.host,
    ip: ipOf(w, c),
    etcdInitialCluster: members.map((m) => `${m.host}=https://${ipOfHost(m.host)}:2380`).join(','),
    etcdServers: '',
  });
  return pod.spec.containers[0]?.command ?? ['etcd'];
}

function apiserverStart(w: World, c: ComponentBase): void {
  klog(w, c, 'I', 'options.go:238', `external host was not specified, using ${ipOf(w, c)}`);
  klog(w, c, 'I', 'server.go:147', `Version: ${GIT_VERSION}`);
  klog(w, c, 'I', 'server.go:149', GOLANG);
  waitingForCaches(w, c, 'node_authorizer');
  cachesSynced(w, c, 'node_authorizer');
}

function schedulerStart(w: World, c: ComponentBase): void {
  klog(w, c, 'I', 'serving.go:386', 'Generated self-signed cert in-memory');
  klog(w, c, 'I', 'server.go:166', structured('Starting Kubernetes Scheduler', [['version', GIT_VERSION]]));
  klog(w, c, 'I', 'server.go:168', GOLANG);
  klog(w, c, 'I', 'configmap_cafile_content.go:205', structured('Starting controller', [['name', CLIENT_CA]]));
  klog(w, c, 'I', 'secure_serving.go:213', 'Serving securely on 127.0.0.1:10259');
  waitingForCaches(w, c, CLIENT_CA);
  klog(w, c, 'I', 'tlsconfig.go:243', structured('Starting DynamicServingCertificateController'));
  cachesSynced(w, c, CLIENT_CA);
}

function controllerManagerStart(w: World, c: ComponentBase): void {
  klog(w, c, 'I', 'serving.go:386', 'Generated self-signed cert in-memory');
  klog(w, c, 'I', 'controllermanager.go:185', structured('Starting', [['version', GIT_VERSION]]));
  klog(w, c, 'I', 'controllermanager.go:187', GOLANG);
  klog(w, c, 'I', 'dynamic_cafile_content.go:161', structured('Starting controller', [['name', 'request-header::/etc/kubernetes/pki/front-proxy-ca.crt']]));
  klog(w, c, 'I', 'dynamic_cafile_content.go:161', structured('Starting controller', [['name', 'client-ca-bundle::/etc/kubernetes/pki/ca.crt']]));
  klog(w, c, 'I', 'secure_serving.go:213', 'Serving securely on 127.0.0.1:10257');
  klog(w, c, 'I', 'tlsconfig.go:243', structured('Starting DynamicServingCertificateController'));
}

/** A static Pod's process starts: a new run of its log, and its start-up lines. */
export function processStarted(w: World, c: ComponentBase): void {
  if (!isStaticPodKind(c.kind)) return;
  beginRun(c, w.now);
  switch (c.kind) {
    case 'kube-apiserver':
      return apiserverStart(w, c);
    case 'kube-scheduler':
      return schedulerStart(w, c);
    case 'kube-controller-manager':
      return controllerManagerStart(w, c);
    case 'etcd':
      return logEtcdStart(w, c, etcdArgv(w, c), ipOf(w, c));
    default: {
      const never: never = c.kind;
      throw new Error(`no start-up log for ${String(never)}`);
    }
  }
}
