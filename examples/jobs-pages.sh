# kubernetes.io's Job task pages, line by line. "Indexed Job for Parallel Processing with Static
# Work Assignment": each Pod gets an index (its name's middle number, the annotation
# batch.kubernetes.io/job-completion-index, $JOB_COMPLETION_INDEX); bash's init container maps it
# to a word and BusyBox's rev reverses it. Three run at once, five in all.
kubectl apply -f https://kubernetes.io/examples/application/job/indexed-job.yaml
kubectl wait --for=condition=complete --timeout=300s job/indexed-job
kubectl describe jobs/indexed-job
kubectl get pods -l job-name=indexed-job -L batch.kubernetes.io/job-completion-index
kubectl logs -l job-name=indexed-job,batch.kubernetes.io/job-completion-index=3
kubectl get pods -l job-name=indexed-job -o jsonpath='{range .items[*]}{.metadata.annotations.batch\.kubernetes\.io/job-completion-index} {.spec.hostname}{"\n"}{end}'
kubectl delete job indexed-job
# The second manifest: the downward API writes the annotation into the file rev reads (no newline).
kubectl apply -f https://kubernetes.io/examples/application/job/indexed-job-vol.yaml
kubectl wait --for=condition=complete --timeout=300s job/indexed-job
kubectl logs -l job-name=indexed-job,batch.kubernetes.io/job-completion-index=2
kubectl delete job indexed-job
# "Parallel Processing using Expansions": one template, sed fills in $ITEM, one Job per item.
curl -L -s -O https://k8s.io/examples/application/job/job-tmpl.yaml
mkdir ./jobs
for i in apple banana cherry
do
  cat job-tmpl.yaml | sed "s/\$ITEM/$i/" > ./jobs/job-$i.yaml
done
ls jobs/
kubectl create -f ./jobs
kubectl get jobs -l jobgroup=jobexample
sleep 20
kubectl get jobs -l jobgroup=jobexample
kubectl get pods -l jobgroup=jobexample
kubectl logs -f -l jobgroup=jobexample
kubectl delete job -l jobgroup=jobexample
