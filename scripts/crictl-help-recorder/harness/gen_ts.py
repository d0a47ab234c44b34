import json
d = json.load(open('cmds.json'))

def s(x):
    return json.dumps(x, ensure_ascii=False).replace("'", "\\'").replace('\\"', '"').join(["'", "'"])[1:-1] if False else q(x)

def q(x):
    # a TS single-quoted string
    out = x.replace('\\', '\\\\').replace("'", "\\'").replace('\n', '\\n').replace('\t', '\\t')
    return "'" + out + "'"

def flag(f):
    parts = [f"kind: '{f['kind']}'", f"name: {q(f['name'])}"]
    if f.get('aliases'): parts.append('aliases: [' + ', '.join(q(a) for a in f['aliases']) + ']')
    parts.append(f"usage: {q(f['usage'])}")
    if 'value' in f:
        v = f['value']
        parts.append('value: ' + (q(v) if isinstance(v, str) else str(v)))
    if f.get('envVars'): parts.append('envVars: [' + ', '.join(q(a) for a in f['envVars']) + ']')
    assert not f.get('defaultText')
    return '{ ' + ', '.join(parts) + ' }'

subs = {}
def cmd(c, ind):
    p = ' ' * ind
    lines = [f"{p}{{", f"{p}  name: {q(c['name'])},"]
    if c.get('aliases'): lines.append(f"{p}  aliases: [" + ', '.join(q(a) for a in c['aliases']) + '],')
    lines.append(f"{p}  usage: {q(c['usage'])},")
    for k in ['usageText', 'argsUsage', 'description']:
        if c.get(k): lines.append(f"{p}  {k}: {q(c[k])},")
    lines.append(f"{p}  shortOptions: {'true' if c['shortOptions'] else 'false'},")
    if c['flags']:
        lines.append(f"{p}  flags: [")
        for f in c['flags']: lines.append(f"{p}    {flag(f)},")
        lines.append(f"{p}  ],")
    else:
        lines.append(f"{p}  flags: [],")
    if c.get('subcommands'):
        key = json.dumps(c['subcommands'], sort_keys=True)
        if key not in subs: subs[key] = ('JSONSCHEMA_CONFIGS' if c['subcommands'][0]['flags'] else 'JSONSCHEMA_' + c['name'].upper(), c['name'])
        lines.append(f"{p}  subcommands: [{subs[key][0]}],")
    lines.append(f"{p}}}")
    return '\n'.join(lines)

body = ',\n'.join(cmd(c, 2) for c in d)
pre = []
for key, (name, owner) in subs.items():
    sc = json.loads(key)
    assert len(sc) == 1
    pre.append(f"/** The `jsonschema, js` subcommand {'create and run share (one slice in crictl)' if sc[0]['flags'] else 'of ' + owner}; its flags are not sorted (main sorts only the top level's). */\nconst {name}: CliCommand = " + cmd(sc[0], 0).lstrip() + ';\n')
print('\n'.join(pre))
print('/** Every command of crictl v1.36.0, sorted by name as main.go sorts app.Commands. */')
print('export const CRICTL_COMMANDS: readonly CliCommand[] = [')
print(body + ',')
print('];')
