# Shell pipes: each stage reads what the stage before wrote; the exit status is the last stage's.
# The filters are the container shell's own (awk, cut, grep, head, sort, tail, tr, uniq, wc).
# `create deployment NAME --image=... -- CMD ARGS`: the words after `--` are the container's command.
kubectl create deployment sleeper --image=busybox:1.36 --replicas=3 -- sleep 3600
kubectl rollout status deployment/sleeper --timeout=1m
kubectl get deployment sleeper -o yaml | grep -A3 'command:'
kubectl get pods -o name | wc -l
kubectl get pods -l app=sleeper | awk '{print $1, $3}'
kubectl get pods -l app=sleeper --no-headers | sort -r | head -n 1 | cut -d' ' -f1
kubectl get pods | grep -v NAME | grep -c Running
kubectl describe deployment sleeper | grep -A5 Events
kubectl get pods | grep nothing-matches
kubectl get pods | less
# stdin from the command before: apply what get printed.
kubectl get deployment sleeper -o yaml | kubectl apply -f -
kubectl create deployment two --image=nginx --image=redis -- sleep 1
# Secrets: values are base64-encoded client-side into data.
kubectl create secret generic db-creds --from-literal=user=admin --from-literal=password='s3cr=t'
kubectl get secret db-creds -o jsonpath='{.data.password}'
kubectl get secret db-creds -o yaml | grep -A2 '^data:'
kubectl create secret generic db-creds --from-literal=user=other
kubectl create secret generic settings --from-file=manifests/app-settings.yaml
kubectl create secret generic bad --from-literal=novalue
kubectl create secret generic bad --from-literal='a b=c'
kubectl create secret docker-registry regcred --docker-username=jane --docker-password=pw --docker-email=jane@example.com
kubectl get secret regcred -o jsonpath='{.data.\.dockerconfigjson}'
kubectl create secret docker-registry regcred2 --docker-username=jane
kubectl create secret tls web-tls
kubectl create secret tls web-tls --cert=web.crt --key=web.key
kubectl get secrets
kubectl create serviceaccount robot
kubectl create secret generic jane-secret --from-literal=k=v --as=jane
# The RBAC generators: kubectl validates its flags, then creates the object (examples/rbac-objects.sh has more).
kubectl create role pod-reader --verb=get --verb=list --resource=pods
kubectl create role pod-reader --resource=pods
kubectl create rolebinding jane-reads --role=pod-reader --user=jane
kubectl create clusterrolebinding readers --user=jane
