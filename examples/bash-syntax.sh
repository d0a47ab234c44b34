# bash's own syntax in a container: brace expansion, [[ ]], (( )), arrays, case and shopt work in
# a Debian image's bash; Debian's /bin/sh (dash) and BusyBox ash have none of it except case, so a
# script written for bash fails under `sh -c` — the classic "works in bash, not in sh".
kubectl run deb --image=debian:12 --restart=Never -- sleep 3600
kubectl run box --image=busybox:1.36 --restart=Never -- sleep 3600
sleep 10
kubectl exec deb -- bash -c 'echo web-{0..2}.web {a,b}.conf {01..10..3}; mkdir -p /srv/{logs,data}/app && ls -d /srv/*/app'
kubectl exec deb -- bash -c 'name="my pod"; [[ $name == my* && -d /etc ]] && echo "pattern and file test"; [[ $name == "my*" ]] || echo "quoted: literal"'
kubectl exec deb -- bash -c 'img=registry.k8s.io/pause:3.10; [[ $img =~ ^([^/]+)/([^:]+):(.+)$ ]] && echo "registry=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]} tag=${BASH_REMATCH[3]}"'
kubectl exec deb -- bash -c 'pods=(web-0 web-1 "web 2"); pods+=(db-0); echo "${#pods[@]} pods"; for p in "${pods[@]}"; do (( n += 1 )); echo "$n: $p"; done'
kubectl exec deb -- bash -c 'for c in 200 404 503; do case $c in 2??) echo "$c ok";; 4*) echo "$c client";; *) echo "$c server";; esac; done'
kubectl exec deb -- bash -c 'shopt -s extglob nullglob
echo /etc/@(hostname|hosts) /etc/*.nope; shopt -p extglob nullglob'
kubectl exec deb -- bash -c '[[ a b ]]; echo never'
kubectl exec deb -- sh -c 'echo {1..3}; [[ -d /etc ]] && echo dir'
kubectl exec box -- sh -c 'echo {1..3}; [[ -d /etc ]] && echo dir; let n=6*7; echo $n'
kubectl exec box -- sh -c 'pods=(a b)'
# The node's own shell globs too (sim ssh runs bash there).
sim ssh control-plane -- ls /etc/kubernetes/manifests/kube-*.yaml
