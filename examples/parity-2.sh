# The second parity script: src/serve/parity-2.test.ts runs it headless (this transcript) and with
# the real kubectl against `reconcile serve --clock manual`, as parity.test.ts runs parity.sh, and
# expects the same bytes line by line except the known differences it names. It covers what a
# learner types while looking around: events and their sorting, the printers (custom columns,
# jsonpath, go-template, labels), describe of each kind, the everyday edits, and the errors.
kubectl apply -f manifests/parity-2-team.yaml
kubectl apply -f manifests/parity-2-config.yaml
kubectl apply -f manifests/parity-2-pod.yaml
kubectl apply -f manifests/parity-2-workloads.yaml
kubectl apply -f manifests/parity-2-network.yaml
kubectl rollout status deployment/web
sim advance 70s
kubectl get pods
kubectl get events
kubectl get events -o wide
kubectl get events --sort-by=.lastTimestamp
kubectl get events --sort-by=.metadata.creationTimestamp
kubectl get events -A
kubectl get events --field-selector involvedObject.name=probe
kubectl get events --field-selector type=Warning
kubectl get events -A --sort-by=.lastTimestamp --field-selector reason=Scheduled
kubectl get pods --sort-by=.metadata.name
kubectl get pods --sort-by=.status.podIP -o wide
kubectl get pods --sort-by=.metadata.labels.tier
kubectl get pods --sort-by='.status.containerStatuses[0].restartCount'
kubectl get pods --sort-by=.spec.nonexistent
kubectl get nodes --sort-by=.metadata.creationTimestamp -o name
kubectl get svc --sort-by=.spec.clusterIP
kubectl get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IPS:.status.podIPs[*].ip,MISSING:.spec.bogus
kubectl get pods -o custom-columns=NAME:.metadata.name,IMAGES:.spec.containers[*].image,PORTS:.spec.containers[*].ports[*].containerPort
kubectl get pods -o custom-columns=NAME:.metadata.name --no-headers
kubectl get nodes -o custom-columns='NAME:.metadata.name,TAINTS:.spec.taints[*].key,CPU:.status.capacity.cpu'
kubectl get pods -o custom-columns=NAME:.metadata.name,BAD:.spec[
kubectl get pods -n kube-public -o custom-columns=NAME:.metadata.name
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}'
kubectl get pods -o jsonpath='{.items[?(@.status.phase=="Succeeded")].metadata.name}'
kubectl get pods -o jsonpath='{.items[0].spec.containers[*].name}'
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{": "}{.status.addresses[?(@.type=="InternalIP")].address}{"\n"}{end}'
kubectl get pod probe -o jsonpath='{.metadata.labels}'
kubectl get pod probe -o jsonpath='{.spec.containers[0].bogus}'
kubectl get pod probe -o jsonpath='{.spec.containers[0'
kubectl get deployment web -o go-template='{{.metadata.name}} {{.spec.replicas}}{{"\n"}}'
kubectl get pods -o go-template='{{range .items}}{{.metadata.name}} {{.status.phase}}{{"\n"}}{{end}}'
kubectl get pods --show-labels
kubectl get pods -L app -L tier
kubectl get pods --no-headers
kubectl get deploy,ds,sts,job,cronjob -o name
kubectl get deploy/web svc/web sts/db svc/db -o name
kubectl get deploy/web svc/web sts/db svc/db
kubectl get all
kubectl get pods,svc
kubectl get pods -l 'app in (web,probe)'
kubectl get pods -l 'app notin (web,db,agent)'
kubectl get pods -l '!tier'
kubectl get pods -l 'tier,tier!=frontend'
kubectl get pods -l 'app in (web'
kubectl describe node node-1
kubectl describe pod probe
kubectl describe pod web
kubectl describe pods -l app=db --show-events
kubectl describe service web
kubectl describe endpointslices -l kubernetes.io/service-name=web
kubectl describe configmap settings
kubectl describe secret creds
kubectl describe serviceaccount builder
kubectl describe pvc data
kubectl describe ingress web
kubectl describe networkpolicy web-allow
kubectl describe namespace team-b
kubectl describe daemonset agent
kubectl describe statefulset db
kubectl describe job hello
kubectl describe cronjob tick
kubectl set image deployment/web web=nginx:1.28
kubectl describe deployment web
kubectl rollout status deployment/web
kubectl rollout status deployment/web
kubectl describe replicasets -l app=web
kubectl rollout history deployment/web
kubectl rollout history deployment/web --revision=1
kubectl rollout history deployment/web --revision=7
kubectl rollout history daemonset/agent
kubectl rollout history statefulset/db --revision=1
kubectl scale deployment web --replicas=2
kubectl scale statefulset db --replicas=1
kubectl scale deployment web --current-replicas=5 --replicas=3
kubectl scale deployment web
kubectl label pod probe release=v1
kubectl label pod probe tier=frontend
kubectl label pod probe tier=frontend --overwrite
kubectl label pod probe tier-
kubectl label pod probe missing-
kubectl annotate deployment web note=hello
kubectl annotate deployment web note=bye
kubectl annotate deployment web note=bye --overwrite
kubectl annotate deployment web note-
kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"web","resources":{"limits":{"cpu":"200m"}}}]}}}}'
kubectl patch deployment web --type=json -p '[{"op":"add","path":"/metadata/labels/team","value":"b"}]'
kubectl patch deployment web --type=merge -p '{"spec":{"paused":true}}'
kubectl patch deployment web --type=merge -p '{"spec":{"paused":true}}'
kubectl patch deployment web --type=json -p '[{"op":"remove","path":"/spec/nope"}]'
kubectl patch deployment web -p 'not json'
kubectl patch deployment web -p 'x: "y'
kubectl patch deployment web -p 'spec: ['
kubectl patch deployment web -p '{"spec": ['
kubectl patch deployment web -p '{"spec": [' --dry-run=client
kubectl patch deployment web --type=merge -p '{"spec": }' --dry-run=client
kubectl patch deployment web --type=json -p '{"spec": }' --dry-run=client
kubectl patch deployment web --type=merge -p '{"spec": }'
kubectl patch deployment web --type=json -p '{"spec" }'
kubectl patch deployment web --type=merge -p '{"spec":{"paused":false}}' -o name
kubectl get deployment web -o jsonpath='{.metadata.labels} {.spec.template.spec.containers[0].resources}'
kubectl create deployment made --image=nginx --replicas=2 --port=80 --dry-run=client -o yaml
kubectl create job once --image=busybox --dry-run=client -o yaml -- echo hi
kubectl create cronjob nightly --image=busybox --schedule='0 2 * * *' --dry-run=client -o yaml -- date
kubectl create service nodeport np --tcp=80:8080 --dry-run=client -o yaml
kubectl expose deployment web --type=NodePort --port=80 --name=web-np --dry-run=client -o yaml
kubectl create configmap files --from-file=manifests/parity-2-team.yaml --dry-run=client -o yaml
kubectl create serviceaccount robot --dry-run=client -o yaml
kubectl create quota small --hard=pods=2,requests.cpu=1 --dry-run=client -o yaml
kubectl create ingress simple --rule='foo.com/bar=svc1:8080' --dry-run=client -o yaml
kubectl apply -f manifests/parity-2-mistakes.yaml
kubectl apply -f manifests/parity-2-badyaml.yaml
kubectl create -f manifests/parity-2-pod.yaml
kubectl get ingress web -o yaml
kubectl get networkpolicy web-allow -o yaml
kubectl get nodes node-1 -o yaml
kubectl get endpointslices -l kubernetes.io/service-name=web -o yaml
kubectl get events -o yaml --field-selector reason=Scheduled,involvedObject.name=probe
kubectl get events.events.k8s.io --field-selector reason=Scheduled,regarding.name=probe -o yaml
kubectl get rs -l app=web -o yaml
kubectl get job hello -o yaml
kubectl get cronjob tick -o yaml
kubectl get sts db -o yaml
kubectl get ds agent -o yaml
kubectl get pvc data -o yaml
kubectl get svc -o json
kubectl get pods -l app=db -o yaml
kubectl explain pods
kubectl explain deployment.spec --recursive
kubectl explain svc.spec.ports
kubectl delete -f manifests/parity-2-network.yaml
kubectl exec probe -- cat /etc/creds/username
kubectl exec probe -c web -- ls /etc/nginx/conf.d
kubectl exec probe -c nope -- ls
kubectl exec probe -- printenv MODE USER
kubectl logs deploy/web --tail=1
kubectl logs probe -c init
kubectl logs probe --previous
kubectl taint nodes node-3 dedicated=batch:NoSchedule
kubectl taint nodes node-3 dedicated=batch:NoSchedule
kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints
kubectl taint nodes node-3 dedicated-
kubectl taint nodes node-3 dedicated-
kubectl label node node-1 disktype=ssd
kubectl get nodes -L disktype
kubectl get pods -l app=web --field-selector=spec.nodeName=node-1 -o wide
kubectl events --for pod/probe
kubectl get events --for pod/probe
kubectl apply -f manifests/parity-2-pod-changed.yaml
kubectl replace -f manifests/parity-2-pod-changed.yaml
kubectl set env pod/probe EXTRA=1
kubectl set image pod/probe web=nginx:1.28
kubectl get all -A
kubectl get pods -A --sort-by=.metadata.namespace -o name
kubectl api-resources -o wide
kubectl get --raw /version
kubectl get --raw '/api/v1/namespaces/default/pods/probe/log?container=web&tailLines=2'
kubectl auth can-i create pods --as=jane -n team-b
kubectl get roles,rolebindings
kubectl describe clusterrole view
kubectl describe sa default
kubectl describe endpoints web
kubectl label pods --all -n team-b owner=b
kubectl annotate pods -l app=db note=x -o name
kubectl annotate deployment web kubernetes.io/change-cause='image 1.28'
kubectl set image deployment/web web=nginx:1.29 --record
kubectl rollout history deployment/web
kubectl rollout status sts/db
kubectl rollout status ds/agent
kubectl rollout history sts/db
kubectl get controllerrevisions
kubectl rollout undo deployment/web --dry-run=server
kubectl wait --for=condition=Ready pod/nosuch --timeout=5s
kubectl delete deploy web --dry-run=client
kubectl expose pod probe --port=80 --name=probe-svc
kubectl get endpoints probe-svc
kubectl create secret docker-registry regcred --docker-server=registry.example.com --docker-username=u --docker-password=p --dry-run=client -o yaml
kubectl create secret generic basic --type=kubernetes.io/basic-auth --from-literal=user=x
kubectl get pods -o jsonpath-as-json='{.items[0].metadata.name}'
kubectl api-resources --categories=all -o name
kubectl explain pod.spec.containers.resources.limits
kubectl auth can-i --list
kubectl auth can-i --list -n team-b --as=system:serviceaccount:default:builder
kubectl api-resources --namespaced=false
kubectl api-resources --api-group=apps -o wide
kubectl api-resources -o name
kubectl api-resources --verbs=list --namespaced=true -o name
kubectl api-resources --sort-by=kind --api-group=batch
kubectl api-resources --sort-by=bogus
kubectl explain pod.spec.tolerations
kubectl explain pod.spec.containers.livenessProbe.httpGet
kubectl explain cronjob.spec.schedule
kubectl explain pod.spec.bogus
kubectl get pods -o jsonpath='{.items[*].spec.containers[*].image}'
kubectl get pods -o jsonpath='{.items[-1:].metadata.name}'
kubectl get pods -o=jsonpath='{range .items[*]}{@.metadata.name}{"\n"}{end}'
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}'
kubectl get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="ExternalIP")].address}'
kubectl get configmap settings -o jsonpath='{.data.nginx\.conf}'
kubectl get secret creds -o go-template='{{.data.password | base64decode}}{{"\n"}}'
kubectl get secret creds -o go-template='{{range $k, $v := .data}}{{$k}}={{$v | base64decode}}{{"\n"}}{{end}}'
kubectl get node -o custom-columns='NODE_NAME:.metadata.name,STATUS:.status.conditions[?(@.type=="Ready")].status'
kubectl get pods -A -o=custom-columns='DATA:spec.containers[*].image'
kubectl get pods -A -o=custom-columns='DATA:spec.containers[?(@.image!="nginx:1.27")].image'
kubectl get node --selector='!node-role.kubernetes.io/control-plane'
kubectl get pv --sort-by=.spec.capacity.storage
kubectl get pods --sort-by=.spec.containers[0].image
kubectl get events --sort-by=.count
kubectl get rs -o wide
kubectl get ds -o wide
kubectl get sts -o wide
kubectl get cronjobs -o wide
kubectl get jobs -o wide
kubectl get ingress -o wide
kubectl get netpol
kubectl get quota,limitrange -n team-b
kubectl get quota compute -n team-b -o yaml
kubectl get sa builder -o yaml
kubectl get endpointslices -o wide
kubectl create deployment big -n team-b --image=nginx --replicas=5
sim advance 20s
kubectl get rs -n team-b
kubectl describe rs -n team-b
kubectl get events -n team-b
kubectl describe quota -n team-b
kubectl create role pod-reader --verb=get,list --resource=pods
kubectl describe role pod-reader
kubectl create rolebinding read-pods --role=pod-reader --serviceaccount=default:builder
kubectl describe rolebinding read-pods
kubectl auth can-i list pods --as=system:serviceaccount:default:builder
kubectl auth can-i delete pods --as=system:serviceaccount:default:builder
kubectl set image deployment/web nope=nginx
kubectl scale --replicas=2 -f manifests/parity-2-workloads.yaml
kubectl scale --replicas=2 -f manifests/parity-2-workloads.yaml --dry-run=client
kubectl scale --replicas=2 deploy/web deploy/nope sts/db
kubectl scale --replicas=2 deploy -l app=nothing
kubectl get pod probe -o yaml
kubectl get nodes -o wide
kubectl get endpoints web
kubectl get endpointslices
kubectl get pv,pvc
kubectl get jobs,cronjobs
kubectl get pods --field-selector=status.phase=Succeeded -o name
kubectl get pods,deploy -l app=web
kubectl get deploy -o wide -L app
kubectl get pods --show-kind -l app=db
kubectl get secret creds -o jsonpath='{.data.password}'
kubectl get configmap settings -o go-template='{{index .data "mode"}}{{"\n"}}'
kubectl get pods -l app=web -o jsonpath='{.items[*].status.conditions[?(@.type=="Ready")].status}'
kubectl get deploy web -o jsonpath='{.status.conditions[?(@.type=="Available")].message}'
kubectl get all -n team-b
kubectl describe quota -n team-b
kubectl describe limitrange -n team-b
kubectl describe pv
kubectl create pdb web-pdb --selector=app=web --min-available=1
kubectl describe pdb web-pdb
kubectl create job manual --from=cronjob/tick
kubectl wait --for=condition=complete job/manual --timeout=60s
kubectl wait --for=jsonpath='{.status.phase}'=Running pod/probe
kubectl logs probe
kubectl logs probe -c nope
kubectl logs job/hello
kubectl rollout pause deployment/web
kubectl rollout resume deployment/web
kubectl rollout undo deployment/web --to-revision=99
kubectl create secret generic tmp --from-literal=a=b --dry-run=client -o yaml
kubectl create configmap tmp --from-literal=a=b --dry-run=server -o yaml
kubectl run tmp --image=busybox --restart=Never --dry-run=client -o yaml -- sleep 10
kubectl expose deployment web --port=8080 --name=web2 --dry-run=server -o yaml
kubectl auth can-i '*' '*'
kubectl auth whoami
kubectl delete job hello
kubectl delete pod probe --dry-run=server
kubectl get --raw /healthz
kubectl describe
kubectl delete
kubectl get pods -o jsonpath
kubectl explain deployment.spec.strategy.rollingUpdate --recursive
kubectl gett pods
kubectl rm pod probe
kubectl xyz
kubectl get podz
kubectl get pod nosuch
kubectl describe pod nosuch
kubectl delete pod nosuch
kubectl get pods --bogus
kubectl get pods -o yamll
kubectl rollout status deployment/nosuch
kubectl logs nosuch
kubectl create deployment web --image=nginx
kubectl apply -f manifests/nosuch.yaml
kubectl get pods -n team-b
kubectl delete pod probe --grace-period=0 --force
kubectl get pods
