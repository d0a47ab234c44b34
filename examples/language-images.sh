# The official language images are more than their interpreter. python:3.12, golang:1.25, ruby:3.4 are
# built FROM buildpack-deps (Debian 13 with curl, wget, git, gcc, procps); -slim is debian-slim
# with the runtime alone; -alpine is BusyBox. node's default tags are still Debian 12.
kubectl run py --image=python:3.12 -- sleep 3600
kubectl run py-slim --image=python:3.12-slim -- sleep 3600
kubectl run js --image=node:22 -- sleep 3600
kubectl run go --image=golang:1.25 -- sleep 3600
kubectl run rb --image=ruby:3.4 -- sleep 3600
kubectl wait --for=condition=Ready pod/py pod/py-slim pod/js pod/go pod/rb --timeout=3m
# The versions, as the programs print them.
kubectl exec py -- python3 --version
kubectl exec py -- pip --version
kubectl exec js -- sh -c 'node --version; npm --version'
kubectl exec go -- go version
kubectl exec rb -- ruby --version
# The default tag has the build tools; the slim one does not.
kubectl exec py -- which curl wget git ps
kubectl exec py-slim -- which python3 curl wget git
kubectl exec py-slim -- curl -s http://example.com/
# The Dockerfile's ENV: what version, and where the toolchain is.
kubectl exec py -- sh -c 'env | grep -E "^(PATH|LANG|PYTHON_VERSION)="'
kubectl exec go -- sh -c 'pwd; env | grep -E "^(GOLANG_VERSION|GOPATH|PATH)="'
kubectl exec js -- sh -c 'grep PRETTY_NAME /etc/os-release; echo NODE_VERSION=$NODE_VERSION'
# The interpreters and package managers themselves are not simulated.
kubectl exec py -- pip install requests
