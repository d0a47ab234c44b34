# A tag pins the operating system as well as the app: nginx's mainline moved from Debian 12
# (bookworm) to Debian 13 (trixie) with 1.29.2, stable with 1.28.1, and debian:latest is trixie.
# What runs inside — os-release, curl, coreutils, bash, apt's suites and packages — follows the
# base the image was built on, so `nginx:latest` and `nginx:1.27` differ in more than nginx.
kubectl run new --image=nginx:latest
kubectl run old --image=nginx:1.27
kubectl wait --for=condition=Ready pod/new pod/old --timeout=2m
kubectl exec new -- cat /etc/os-release
kubectl exec old -- sh -c 'grep PRETTY_NAME /etc/os-release; cat /etc/debian_version'
# The image's ENV says which package release it installed.
kubectl exec new -- sh -c 'env | grep -E "^(NGINX|NJS|PKG)_"'
kubectl exec old -- sh -c 'env | grep -E "^(NGINX|NJS|PKG)_"'
# The userland is the release's: curl 8.14.1 against 7.88.1, coreutils 9.7 against 9.1.
kubectl exec new -- sh -c 'curl --version | head -1; ls --version | head -2; bash --version | head -1'
kubectl exec old -- sh -c 'curl --version | head -1; ls --version | head -1; bash --version | head -1'
# apt reads debian.sources: trixie's suites, and trixie's packages once the lists are fetched.
kubectl exec new -- cat /etc/apt/sources.list.d/debian.sources
kubectl exec new -- sh -c 'apt-get update && apt-get install -y procps'
kubectl exec new -- sh -c 'command -v ps'
# nginx -V names the toolchain that built it: trixie's gcc 14 and OpenSSL 3.5, bookworm's gcc 12.
kubectl exec new -- sh -c 'nginx -V 2>&1 | head -3'
kubectl exec old -- sh -c 'nginx -V 2>&1 | head -3'
