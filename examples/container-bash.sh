# The shells inside containers, as a script meets them (kubectl exec without a terminal): what
# each shell sets itself, local in functions, and trap. In the page's terminal, `kubectl exec -it
# db -- bash` attaches to one such bash: its prompt follows PS1, `history` and `!!` work, and an
# EXIT trap runs when you type exit.
kubectl run db --image=debian -- sleep 3600
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/db pod/bb --timeout=1m
# bash says which bash it is: the image's own (debian is Debian 13, which ships 5.2.37). Its parent is the
# runtime (PPID 0), and SHLVL counts the shells started inside one another.
kubectl exec db -- bash -c 'echo "$BASH $BASH_VERSION ($MACHTYPE)"; echo "SHLVL=$SHLVL PPID=$PPID UID=$UID"; bash -c "echo child SHLVL=\$SHLVL"'
# BusyBox's sh is not bash: no BASH_VERSION, but its own PS1, SHLVL and $RANDOM.
kubectl exec bb -- sh -c 'echo "BASH_VERSION=[$BASH_VERSION] PS1=[$PS1] SHLVL=$SHLVL"'
# $RANDOM once seeded gives each shell's own sequence.
kubectl exec db -- bash -c 'RANDOM=42; echo $RANDOM $RANDOM $RANDOM'
kubectl exec bb -- sh -c 'RANDOM=42; echo $RANDOM $RANDOM $RANDOM'
# local keeps a function's variable to the call; trap … EXIT runs as the script ends, even
# after a failure.
kubectl exec -i db -- bash <<'EOF'
tmp=/tmp/work.txt
cleanup() { echo "cleanup: removing $tmp"; rm -f "$tmp"; }
trap cleanup EXIT
count() { local n=0 w; for w in "$@"; do n=$((n + 1)); done; echo "$n words"; }
count one two three
echo "n after the call: [${n-unset}]"
echo data > "$tmp"
ls "$tmp" /nope
EOF
# ERR runs where set -e would stop the script; then EXIT; the status is the failure's.
kubectl exec db -- bash -c 'set -e; trap "echo failed with \$?" ERR; trap "echo bye" EXIT; false; echo never'
# dash (Debian's sh) has no ERR trap, and local outside a function ends its script.
kubectl exec db -- sh -c 'trap "echo x" ERR; local y=1; echo never'
