/**
 * metrics-server's --kubelet-insecure-tls (v0.8.0 cmd/metrics-server/app/options/kubelet_client.go:
 * "Do not verify CA of serving certificates presented by Kubelets.  For testing purposes only."), read from a
 * container's argv. A bool flag: bare, `=true` or `=false` (pflag's parsing of a bool).
 *
 * Without it every scrape verifies the kubelet's serving certificate, which on a kubeadm
 * cluster is the kubelet's own self-signed one (no serverTLSBootstrap in the simulation), so
 * each scrape fails and the process has no metrics: /readyz answers 500.
 */
export function kubeletInsecureTls(argv: readonly string[]): boolean {
  let on = false;
  for (const a of argv) {
    if (a === '--kubelet-insecure-tls' || a === '--kubelet-insecure-tls=true') on = true;
    else if (a === '--kubelet-insecure-tls=false') on = false;
  }
  return on;
}
