# Pod Security Admission, on in every kube-apiserver since v1.25: a namespace's
# pod-security.kubernetes.io/<mode>=<level> labels pick a Pod Security Standard (privileged,
# baseline, restricted) to enforce (refuse), warn about (kubectl's `Warning:` lines) and audit.
# First the steps of "Apply Pod Security Standards at the Namespace Level" (the namespace parts).
kubectl create ns example
kubectl label --overwrite ns example \
   pod-security.kubernetes.io/warn=baseline \
   pod-security.kubernetes.io/warn-version=latest
kubectl label --overwrite ns example \
  pod-security.kubernetes.io/enforce=baseline \
  pod-security.kubernetes.io/enforce-version=latest \
  pod-security.kubernetes.io/warn=restricted \
  pod-security.kubernetes.io/warn-version=latest \
  pod-security.kubernetes.io/audit=restricted \
  pod-security.kubernetes.io/audit-version=latest
kubectl apply -n example -f https://k8s.io/examples/security/example-baseline-pod.yaml
kubectl apply -n default -f https://k8s.io/examples/security/example-baseline-pod.yaml
# baseline is enforced: a privileged container or a host namespace is refused outright.
kubectl run -n example priv --image=nginx --privileged
kubectl run -n example hostnet --image=nginx --overrides='{"spec":{"hostNetwork":true}}'
# "Enforce Pod Security Standards with Namespace Labels": a namespace born with its labels,
# versions pinned (v1.36 is this cluster's own).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: my-baseline-namespace
  labels:
    pod-security.kubernetes.io/enforce: baseline
    pod-security.kubernetes.io/enforce-version: v1.36

    # We are setting these to our _desired_ `enforce` level.
    pod-security.kubernetes.io/audit: restricted
    pod-security.kubernetes.io/audit-version: v1.36
    pod-security.kubernetes.io/warn: restricted
    pod-security.kubernetes.io/warn-version: v1.36
EOF
kubectl run -n my-baseline-namespace web --image=nginx
# A server-side dry run shows which
# existing Pods a new enforce level would not admit, and changes nothing.
kubectl label --dry-run=server --overwrite ns --all \
    pod-security.kubernetes.io/enforce=baseline
kubectl get namespaces --selector='!pod-security.kubernetes.io/enforce'
# Raising example to restricted warns about the Pod already there (it keeps running).
kubectl label --overwrite ns example pod-security.kubernetes.io/enforce=restricted
kubectl get pods -n example
# A Deployment's template is only warned about; its ReplicaSet's Pods are what get refused.
kubectl create deployment web -n example --image=nginx
sim advance 5s
kubectl get deploy,rs -n example
kubectl describe rs -n example | grep -A3 Conditions
kubectl get events -n example --field-selector reason=FailedCreate -o custom-columns=MESSAGE:.message | head -2
# kube-apiserver counts every decision it took (this process's): the refusals and the warnings.
kubectl get --raw /metrics | grep '^pod_security_evaluations_total{decision="deny"'
# A Pod written for restricted is admitted without a warning.
kubectl apply -n example -f manifests/psa-restricted-pod.yaml
# Levels and versions are checked: a bad label value is refused.
kubectl label --overwrite ns example pod-security.kubernetes.io/enforce=strict
kubectl label --overwrite ns example pod-security.kubernetes.io/enforce-version=1.36
kubectl label --overwrite ns example pod-security.kubernetes.io/enforce-version=v1.36
kubectl get ns example --show-labels
