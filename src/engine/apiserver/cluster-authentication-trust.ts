/**
 * kube-system/extension-apiserver-authentication, which kube-apiserver's
 * cluster_authentication_trust_controller keeps: how a client of this cluster proves who it is,
 * for the servers that sit behind kube-apiserver (aggregated API servers) and for the components
 * that authenticate their own HTTPS callers by delegation (kube-controller-manager and
 * kube-scheduler read it at start, extension-apiserver-authentication-reader grants it).
 *
 * The values are what kubeadm's flags give it: the cluster CA for client certificates, and for
 * the request-header identity the front-proxy CA, the one client name it signs
 * (front-proxy-client) and the X-Remote-* header names. Each list is JSON, as the controller
 * writes it after merging with what is stored; a list no flag sets (the UID headers, which
 * kubeadm leaves off) is the merge's empty list `[]`, not null.
 */
import type { ConfigMap } from '../../k8s/types';

export interface TrustInput {
  clientCaPem: string;
  frontProxyCaPem: string;
}

export function extensionApiserverAuthentication(c: TrustInput): ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'extension-apiserver-authentication', namespace: 'kube-system' },
    data: {
      'client-ca-file': c.clientCaPem,
      'requestheader-allowed-names': '["front-proxy-client"]',
      'requestheader-client-ca-file': c.frontProxyCaPem,
      'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
      'requestheader-group-headers': '["X-Remote-Group"]',
      'requestheader-uid-headers': '[]',
      'requestheader-username-headers': '["X-Remote-User"]',
    },
  };
}
