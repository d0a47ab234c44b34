# client-go leader election: kube-scheduler and kube-controller-manager default to
# leaseDuration 15s, renewDeadline 10s, retryPeriod 2s. Shorter timings fail over faster (and
# flap sooner); they show as flags in the static Pod's command and in the Lease.
sim topology ha --leader-elect-lease-duration kube-scheduler=5s --leader-elect-renew-deadline kube-scheduler=3s --leader-elect-retry-period kube-scheduler=1s
kubectl get pod -n kube-system kube-scheduler-control-plane-1 -o jsonpath='{.spec.containers[0].command}{"\n"}'
kubectl get leases -n kube-system -o custom-columns=NAME:.metadata.name,HOLDER:.spec.holderIdentity,DURATION:.spec.leaseDurationSeconds
sim fail kube-scheduler-1
sim advance 8s
kubectl get lease kube-scheduler -n kube-system -o custom-columns=HOLDER:.spec.holderIdentity,TRANSITIONS:.spec.leaseTransitions
# client-go refuses timings that cannot work.
sim topology ha --leader-elect-lease-duration kube-controller-manager=5s
