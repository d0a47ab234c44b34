# redis-cli with no command reads its commands line by line. In the page's terminal `kubectl exec
# -it cache -- redis-cli` opens redis-cli's own prompt (`127.0.0.1:6379> `; `127.0.0.1:6379[2]> `
# after `select 2`) and every line typed there is a command — replies as on a terminal, `"hello
# world"`, `(integer) 1` — until quit, exit, Ctrl+D or Ctrl+C give the laptop's prompt back. This
# runner's stdin is no terminal: the lines go in as a here-document, and redis-cli reads them as
# it reads any file, with no prompt and its replies raw.
kubectl run cache --image=redis:7.4 --port=6379
kubectl wait --for=condition=Ready pod/cache --timeout=1m
kubectl exec -i cache -- redis-cli <<'EOF'
SET greeting "hello world"
GET greeting
CONFIG GET maxmemory
ZADD leaderboard 100 ann 80 bob 95 cy
ZRANGE leaderboard 0 -1 WITHSCORES
ZINCRBY leaderboard 30 bob
ZRANGE leaderboard 0 0 REV
SELECT 2
KEYS *
EOF
# -t asks for a terminal the runner has not got: kubectl says so and drops it, and the input is read as above.
kubectl exec -it cache -- redis-cli <<'EOF'
ZSCORE leaderboard bob
EOF
# --no-raw prints as the prompt would.
kubectl exec cache -- redis-cli --no-raw zrange leaderboard 0 -1 withscores
# SHUTDOWN stops redis-server, which is the container's PID 1: the container exits 0 and is
# restarted, empty (NOSAVE: no final dump.rdb, and the old layer is gone with its container anyway).
kubectl exec cache -- redis-cli shutdown nosave
sim advance 5s
kubectl get pod cache
kubectl logs cache --previous | tail -2
kubectl exec cache -- redis-cli dbsize
