# bash's arrays and command substitutions as docs and answers paste them: the same lines at the
# prompt (the laptop's bash) and in a container's bash give the same output, because both read
# them by the same rules (src/k8s/bash-arrays.ts, src/k8s/backquote.ts).
kubectl run b --image=bash:5.2 -- sleep 3600
kubectl wait --for=condition=Ready pod/b --timeout=1m
# An array of kubectl's own words, one element each; "${a[@]}" keeps an element with a blank whole.
ns=($(kubectl get ns -o name)); echo "${#ns[@]} namespaces, first ${ns[0]}, indices ${!ns[@]}"
a=(x y "z w"); a+=(v); a[6]=q; declare -p a
for x in "${a[@]}"; do echo "<$x>"; done
# Arrays are sparse: a far element leaves a gap, unset makes a hole; slices count from an index.
unset 'a[1]'; echo "${#a[@]} elements: ${a[*]}; last ${a[-1]}; from 2: ${a[@]:2:2}"
kubectl exec b -- bash -c 'a=(x y "z w"); a+=(v); a[6]=q; declare -p a; unset "a[1]"; echo "${#a[@]} elements: ${a[*]}; last ${a[-1]}; from 2: ${a[@]:2:2}"'
# Backquotes are the old spelling of $(…): the same substitution, with its own backslash rules.
echo "year `date +%Y`, `echo \`echo nested\``"
kubectl exec b -- bash -c 'echo "shell `echo \$0`, `echo \`echo nested\``"'
# $(< file) is the file's text, read by bash itself.
printf 'web\napi\n' > apps.txt; apps=$(< apps.txt); echo $apps
kubectl exec b -- bash -c 'printf "web\napi\n" > /tmp/apps.txt; apps=($(< /tmp/apps.txt)); declare -p apps'
# The bash image is Alpine: its sh is BusyBox ash, which has no arrays (a=( is its syntax error).
kubectl exec b -- sh -c 'a=(x y)'
# Process substitution: each <(…) is a path the command reads (/dev/fd/63, then 62 …), so diff can
# compare two kubectl outputs, and a loop can read one without a pipe's subshell.
kubectl create deployment web --image=nginx:1.27
kubectl create deployment web2 --image=nginx:1.28
diff <(kubectl get deploy web -o yaml) <(kubectl get deploy web2 -o yaml) | grep image:
n=0; while read -r name; do n=$((n + 1)); done < <(kubectl get ns -o name); echo "$n namespaces"
kubectl exec b -- bash -c 'echo <(true) <(true); n=0; while read -r l; do n=$((n + 1)); done < <(printf "a\nb\n"); echo "$n lines"'
# mapfile (readarray) reads lines into an array, one element each: here kubectl's Pod names.
kubectl create deployment api --image=nginx:1.27 --replicas=4
kubectl rollout status deployment/api --timeout=2m
mapfile -t pods < <(kubectl get pods -l app=api -o name); echo "${#pods[@]} api Pods, first ${pods[0]%%-*}"
# An associative array counts Pods by node; its keys come out in bash's own hash order.
declare -A per; while read -r pod node; do ((per[$node]++)); done < <(kubectl get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName --no-headers); for n in "${!per[@]}"; do echo "$n: ${per[$n]}"; done
declare -A m=([web]=1 [api]=2); m[db]=3; m["a b"]=4; unset 'm[web]'; declare -p m; echo "${#m[@]} keys: ${!m[@]}"
kubectl exec b -- bash -c 'declare -A m=([web]=1 [api]=2); m[db]=3; m["a b"]=4; unset "m[web]"; declare -p m; mapfile -t l < <(printf "x\ny\n"); declare -p l'
# >(…) is a path whose content a command reads: tee sends the list both to wc and on.
kubectl get pods -o name | tee >(wc -l) >/dev/null
# BusyBox sh (the bash image's sh) has no mapfile.
kubectl exec b -- sh -c 'mapfile -t x < /etc/hostname'
