# kubernetes.io's "Handling retriable and non-retriable pod failures with Pod failure policy",
# line by line. 1. Exit code 42 matches a FailJob rule: the Job fails at once (FailureTarget, then
# Failed, with the controller's message) instead of retrying six times.
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-failjob.yaml
sleep 35
kubectl get jobs -l job-name=job-pod-failure-policy-failjob -o yaml
kubectl delete jobs/job-pod-failure-policy-failjob
# 2. A disruption (an eviction by drain: the DisruptionTarget condition) matches an Ignore rule:
# .status.failed stays 0 although backoffLimit is 0, and the Job goes on once the node is back.
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-ignore.yaml
sleep 5
nodeName=$(kubectl get pods -l job-name=job-pod-failure-policy-ignore -o jsonpath='{.items[0].spec.nodeName}')
kubectl drain nodes/$nodeName --ignore-daemonsets --grace-period=0
kubectl get jobs -l job-name=job-pod-failure-policy-ignore -o yaml | sed -n '/^  status:/,$p'
kubectl uncordon nodes/$nodeName
kubectl wait --for=condition=complete job/job-pod-failure-policy-ignore --timeout=5m
kubectl get jobs -l job-name=job-pod-failure-policy-ignore
kubectl delete jobs/job-pod-failure-policy-ignore
# 3. A custom Pod condition: the image does not exist, so the Pod stays Pending; a ConfigIssue
# condition patched onto it, then its deletion, fail the Job through the FailJob rule.
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-config-issue.yaml
sleep 20
kubectl get pods -l job-name=job-pod-failure-policy-config-issue -o yaml | grep -A14 ' containerStatuses:'
cat <<EOF > patch.yaml
status:
  conditions:
  - type: ConfigIssue
    status: "True"
    reason: "NonExistingImage"
    lastTransitionTime: "$(date -u +"%Y-%m-%dT%H:%M:%SZ")"
EOF
podName=$(kubectl get pods -l job-name=job-pod-failure-policy-config-issue -o jsonpath='{.items[0].metadata.name}')
kubectl patch pod $podName --subresource=status --patch-file=patch.yaml
kubectl delete pods/$podName
sleep 2
kubectl get jobs -l job-name=job-pod-failure-policy-config-issue -o yaml | sed -n '/^  status:/,$p'
kubectl delete jobs/job-pod-failure-policy-config-issue
# 4. backoffLimitPerIndex with a FailIndex rule: python exits 1 for index 0 (retried once, after
# its own 10 s back-off) and 42 for index 1 (failed at once); indexes 2 and 3 succeed, so the
# Job fails with FailedIndexes: failedIndexes "0,1", failed 3. Each retry counts the index's
# failures in the batch.kubernetes.io/job-index-failure-count annotation.
kubectl create -f https://k8s.io/examples/controllers/job-backoff-limit-per-index-failindex.yaml
sleep 45
kubectl get pods -l job-name=job-backoff-limit-per-index-failindex
kubectl get jobs -l job-name=job-backoff-limit-per-index-failindex -o yaml | sed -n '/^  status:/,$p'
kubectl get pods -l job-name=job-backoff-limit-per-index-failindex -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.annotations.batch\.kubernetes\.io/job-index-failure-count}{"\n"}{end}'
kubectl delete jobs/job-backoff-limit-per-index-failindex
