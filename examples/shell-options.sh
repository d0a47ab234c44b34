# Shell options in containers: `set -e` ends a script at its first failure (the Pod is Error with
# that command's exit code), `set -x` traces each command to stderr (so kubectl logs shows it),
# `set -u` refuses an unset variable, and pipefail exists in BusyBox and bash but not in dash,
# Debian's /bin/sh — the classic `set -euo pipefail` that works on busybox and fails on debian.
kubectl run plain --image=busybox:1.36 --restart=Never -- sh -c 'echo a; false; echo b'
kubectl run errexit --image=busybox:1.36 --restart=Never -- sh -ec 'echo a; false; echo b'
kubectl run traced --image=busybox:1.36 --restart=Never -- sh -c 'set -eux; name="a b"; echo "hello $name"; test -n "$name" && echo ok; ls /nope; echo never'
kubectl run nounset --image=busybox:1.36 --restart=Never -- sh -c 'set -u; echo "port=$PORT"'
kubectl run pipes --image=busybox:1.36 --restart=Never -- sh -c 'set -eo pipefail; echo start; cat /missing | wc -l; echo never'
kubectl run on-debian --image=debian:12 --restart=Never -- sh -c 'set -euo pipefail; echo never'
kubectl run on-bash --image=debian:12 --restart=Never -- bash -euxo pipefail -c 'for f in /etc/hostname /nope; do wc -c "$f"; done'
sleep 10
kubectl get pods
kubectl logs plain
kubectl logs errexit
kubectl logs traced
kubectl get pod traced -o jsonpath='{.status.containerStatuses[0].state.terminated.exitCode}{"\n"}'
kubectl logs nounset
kubectl logs pipes
kubectl logs on-debian
kubectl get pod on-debian -o jsonpath='{.status.containerStatuses[0].state.terminated.reason} {.status.containerStatuses[0].state.terminated.exitCode}{"\n"}'
kubectl logs on-bash
# Pathname expansion: unquoted *, ? and [...] match the container's files (sorted, dotfiles only for
# a leading dot); a quoted or unmatched pattern stays as written, and set -f turns globbing off.
kubectl run globs --image=busybox:1.36 --restart=Never -- sh -c 'ls /etc/*.conf; echo /etc/h*; for f in /etc/pass?d /etc/[gs]hadow; do echo "$f"; done; echo "/etc/*" /nope/*; set -f; echo /etc/h*'
sleep 5
kubectl logs globs
