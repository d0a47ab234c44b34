# The parity script: src/serve/parity.test.ts runs it twice, headless (this transcript) and with
# the real kubectl against `reconcile serve --clock manual`, and expects the same bytes line by
# line, except the known differences it names. Commands that wait are driven there by advancing
# the served clock to the simulated moment the headless run reached.
kubectl apply -f manifests/parity-web.yaml
kubectl apply -f manifests/parity-web.yaml
kubectl apply --server-side -f manifests/parity-api.yaml
kubectl apply -f manifests/parity-web-v2.yaml
kubectl rollout status deployment/web
kubectl get deployment web -o wide
kubectl get pods -o wide
kubectl get deployment web -o jsonpath='{.spec.replicas} {.status.readyReplicas}'
kubectl get configmap api-settings -o yaml
kubectl get deployment web -o yaml
kubectl get configmap api-settings -o json
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}'
kubectl scale deployment web --replicas=3
kubectl wait --for=condition=Ready pods -l app=web --timeout=60s
kubectl get pods -l app=web -w --request-timeout=5s
kubectl set image deployment/web web=nginx:1.28
kubectl rollout status deployment/web
kubectl rollout history deployment/web
kubectl rollout history deployment/web --revision=2
kubectl rollout undo deployment/web
kubectl rollout status deployment/web
kubectl rollout history deployment/web
kubectl label deployment web tier=frontend
kubectl get deployments --show-labels
kubectl patch deployment web -p '{"spec":{"minReadySeconds":1}}'
kubectl patch deployment web --type=merge -p '{"metadata":{"annotations":{"owner":"team-a"}}}'
kubectl patch deployment web --type=json -p '[{"op":"replace","path":"/spec/revisionHistoryLimit","value":5}]'
kubectl get deployment web -o jsonpath='{.spec.minReadySeconds} {.metadata.annotations.owner} {.spec.revisionHistoryLimit}'
kubectl get deployment web --subresource scale
kubectl get deployment web --subresource status
kubectl patch deployment web --subresource scale -p '{"spec":{"replicas":3}}'
kubectl get deployment web --subresource bogus
kubectl describe deployment web
kubectl explain deployment.spec.strategy
kubectl api-resources
kubectl api-versions
kubectl get componentstatuses
kubectl get cs scheduler -o yaml
kubectl get cs -w
kubectl explain cs.conditions
kubectl version
kubectl logs deployment/web
kubectl auth can-i create deployments
kubectl auth can-i delete nodes
kubectl --context jane auth can-i list pods
kubectl --context jane auth can-i delete deployments
kubectl --context jane get pods -n kube-system
kubectl --context jane delete deployment web
kubectl cordon node-2
kubectl get nodes
kubectl drain node-2 --ignore-daemonsets
kubectl uncordon node-2
kubectl create deployment orphaned --image=nginx
kubectl create deployment fg --image=nginx
sim advance 20s
kubectl delete deployment orphaned --cascade=orphan
kubectl get replicasets -l app=orphaned
kubectl delete deployment fg --cascade=foreground
kubectl get pods -l app=fg
kubectl events --for deployment/fg
kubectl delete deployment web
kubectl delete pods -l app=orphaned
kubectl delete replicaset -l app=orphaned --cascade=background
kubectl wait --for=delete pods -l app=orphaned --timeout=60s
kubectl events --types=Warning
kubectl get pods
kubectl create deployment envy --image=nginx
kubectl create configmap envy-config --from-literal=log-level=debug
kubectl set env deployment/envy MODE=slow GREETING=hello
kubectl set env deployment/envy MODE=slow
kubectl set env deployment/envy --from=configmap/envy-config --prefix=APP_
kubectl set env deployment/envy --list
kubectl set env deployment/envy GREETING=x --overwrite=false
kubectl set resources deployment envy --requests=cpu=100m --limits=cpu=1
kubectl set resources deployment envy --requests=cpu=2
kubectl set image deployment/envy nginx=nginx
kubectl set serviceaccount deployment envy default
kubectl create rolebinding readers --clusterrole=view --user=alice
kubectl set subject rolebinding readers --user=bob --group=devs --serviceaccount=:builder
kubectl set subject rolebinding readers --user=bob
kubectl get rolebinding readers -o jsonpath='{.subjects}'
kubectl expose deployment envy --port=80
kubectl set selector service envy app=envy,tier=x
kubectl set selector service envy 'app in (envy)'
kubectl autoscale deployment envy --max=3 --cpu=50%
kubectl get horizontalpodautoscalers.v1.autoscaling envy -o jsonpath='{.apiVersion} {.spec.targetCPUUtilizationPercentage}'
kubectl get servicecidrs
kubectl get ipaddresses
kubectl describe servicecidr kubernetes
kubectl describe ipaddress 10.96.0.1
kubectl get service envy -o yaml
kubectl create service clusterip parity-svc --tcp=80:8080
kubectl create ingress parity-ing --rule="parity.example.com/*=envy:80"
kubectl get ingress
kubectl describe ingress parity-ing
kubectl get ingress parity-ing -o yaml
kubectl explain servicecidr.spec
