# Jobs run Pods to completion: completions and parallelism, the failure back-off up to backoffLimit, and a CronJob's runs with their history limit.
kubectl apply -f manifests/jobs-pi.yaml
kubectl get job pi
kubectl wait --for=condition=complete job/pi --timeout=2m
kubectl get job pi
kubectl get pods -l batch.kubernetes.io/job-name=pi
kubectl logs job/pi
kubectl describe job pi
kubectl apply -f manifests/jobs-flaky.yaml
sleep 50
kubectl get job flaky
kubectl get pods -l job-name=flaky
kubectl get job flaky -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
kubectl get events --field-selector involvedObject.name=flaky
kubectl create job rerun --image=busybox:1.36 -- sh -c "echo one more time"
kubectl apply -f manifests/jobs-report.yaml
sleep 200
kubectl get cronjob report
kubectl get jobs
kubectl create job report-manual --from=cronjob/report
kubectl describe cronjob report
kubectl delete job pi
kubectl get pods -l job-name=pi
