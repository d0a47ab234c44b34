# Here-documents and here-strings in the shells inside containers and on nodes, as manifests'
# `sh -c` scripts and the docs use them: `<<EOF` expands $VARS, $(…) and $((…)) in its body,
# `<<'EOF'` takes it as written, `<<-EOF` strips leading tabs; bash's `<<<` feeds one word.
kubectl run db --image=debian -- sleep 3600
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/db pod/bb --timeout=1m
# A config file written by a script, the way an init container or a command: in a manifest does it.
kubectl exec bb -- sh -c 'cat <<EOF > /tmp/app.conf
host=$HOSTNAME
workers=$((2 * 4))
kernel=$(uname -r)
EOF
cat /tmp/app.conf'
# A quoted delimiter: nothing in the body expands.
kubectl exec db -- bash -c "cat <<'EOF'
\$HOME stays \$HOME, \$(date) stays too
EOF"
# <<- drops the tabs that indent the body and its end line (here in a loop).
kubectl exec db -- sh -c 'for i in 1 2; do
	cat <<-EOF
		item $i
	EOF
done'
# Two documents on one line are read in order; a document can feed a pipe.
kubectl exec db -- bash -c 'cat <<A; cat <<B | tr a-z A-Z
first
A
second
B'
# bash's here-string; dash (Debian's sh) and BusyBox ash have none.
kubectl exec db -- bash -c 'read -r user host <<< "admin db-0"; echo "$user@$host"'
kubectl exec db -- sh -c 'cat <<< x'
kubectl exec bb -- sh -c 'cat <<< x'
# A script that ends before the end line: bash warns and runs it anyway.
kubectl exec db -- bash -c 'cat <<EOF
no end line'
# The laptop's own here-document feeding a container's shell, which reads another inside it.
kubectl exec -i db -- sh <<'EOF'
cat <<END
inner $HOSTNAME
END
EOF
# On a node.
sim ssh node-1 -- 'cat <<EOF
$(hostname) runs $(uname -r)
EOF'
