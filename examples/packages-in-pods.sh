# Package managers inside Pods: official images ship without curl or dig, so learners install
# them. apk in Alpine fetches its indexes and the packages from dl-cdn.alpinelinux.org through the
# Pod's network; apt-get in Debian finds nothing until apt-get update has fetched the lists.
kubectl create deployment web --image=nginx:1.27
kubectl expose deployment web --port 80
kubectl run alp --image=alpine:3.20 -- sleep 3600
kubectl run deb --image=debian:12 -- sleep 3600
kubectl wait --for=condition=Ready pod/alp pod/deb --timeout=2m
kubectl rollout status deployment/web --timeout=2m
kubectl exec alp -- cat /etc/os-release
kubectl exec alp -- curl -s web
kubectl exec alp -- apk add --no-cache curl
kubectl exec alp -- curl -s -o /dev/null -w '%{http_code}\n' web
kubectl exec alp -- apk add nosuchpackage
# Debian: an install before the lists are fetched finds nothing (exit 100).
kubectl exec deb -- apt-get install -y curl
kubectl exec deb -- apt-get update
kubectl exec deb -- apt-get install -y curl
kubectl exec deb -- curl -sI web
# What a package installs lives in the container's layer: a new container starts from the image.
kubectl delete pod deb
kubectl run deb --image=debian:12 -- sleep 3600
kubectl wait --for=condition=Ready pod/deb --timeout=2m
kubectl exec deb -- curl -sI web
# apt refuses to guess when more than the named package would come: without -y nobody answers.
kubectl exec deb -- apt-get update -qq
kubectl exec deb -- apt-get install jq
kubectl exec alp -- sh -c 'apk add -q jq bind-tools && command -v dig && echo {\"ok\":true} | jq .ok'
