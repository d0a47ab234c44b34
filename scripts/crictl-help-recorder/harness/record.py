import json, subprocess
names = ["attach","checkpoint","completion","config","create","events","exec","imagefsinfo","images","info","inspect","inspecti","inspectp","logs","metricdescs","metricsp","pods","port-forward","ps","pull","rm","rmi","rmp","run","runp","runtime-config","start","stats","statsp","stop","stopp","update","update-runtime-config","version"]
cases = [[]] + [["--help"], ["help"], ["-h"], ["--version"], ["-v"], ["nosuch"], ["help", "nosuch"]]
for n in names:
    cases += [[n, "--help"], [n, "-h"], ["help", n], [n, "--bogus"]]
cases += [["image", "--help"], ["help", "img"], ["event", "-h"], ["create", "jsonschema", "--help"], ["run", "js", "-h"], ["runp", "jsonschema", "--help"], ["pull", "--help"], ["create", "jsonschema", "-x"], ["ps", "-h", "x"], ["pods", "help"], ["h", "ps"]]
out = []
for c in cases:
    r = subprocess.run(["./h"] + c, capture_output=True, text=True)
    err = r.stderr
    out.append({"args": " ".join(c), "stdout": r.stdout, "stderr": err, "code": r.returncode})
json.dump(out, open("recorded.json", "w"), indent=1)
# check -h vs --help
d = {o["args"]: o for o in out}
for n in names:
    if d[n+" --help"]["stdout"] != d[n+" -h"]["stdout"]: print("differs -h", n)
    if d[n+" --help"]["stdout"] != d["help "+n]["stdout"]: print("differs help", n)
print(len(out))
