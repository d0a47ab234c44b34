/**
 * `-o go-template` through the real command path against a simulated cluster: what kubectl get
 * hands the template (one object, or a List of several), the template/--template/file spellings,
 * and how a failing template ends the command. The template language itself is covered row by
 * row in go-template/recorded.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;
const NS = 'gt';

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  for (const line of [
    `create namespace ${NS}`,
    `create deployment web -n ${NS} --image=nginx --replicas=3`,
    `create deployment api -n ${NS} --image=httpd`,
    `create secret generic creds -n ${NS} --from-literal=password=hunter2 --from-literal=user=admin`,
  ]) {
    expect(kubectl(sim, line).code).toBe(0);
  }
});

describe('kubectl get -o go-template', () => {
  it('stops a runaway template with the reason (it would hold the page), and refuses widths Go refuses', () => {
    const r = kubectl(sim, `get deploy web -n ${NS} -o go-template='{{range 100000000}}{{.}}{{end}}'`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: error executing template "\{\{range 100000000\}\}\{\{\.\}\}\{\{end\}\}": template: output:1:19: executing "output" at <\{\{\.\}\}>: this simulator stops a template after 5,000,000 steps/);
    // fmt's tooLarge, as the real kubectl prints them.
    expect(kubectl(sim, `get deploy web -n ${NS} -o go-template='{{printf "%99999999d|" 5}}'`).stdout).toBe('%!(NOVERB)%!(EXTRA int=5)');
    expect(kubectl(sim, `get deploy web -n ${NS} -o go-template='{{printf "%*d|" 99999999 5}}'`).stdout).toBe('%!(BADWIDTH)5|');
  });

  it('runs the template over the one object named', () => {
    const r = kubectl(sim, `get deploy web -n ${NS} -o go-template='{{.kind}} {{.metadata.name}} {{.spec.replicas}} {{.metadata.labels}}'`);
    expect(r).toMatchObject({ stdout: 'Deployment web 3 map[app:web]', stderr: '', code: 0 });
  });

  it('runs it once over a List when several objects are listed', () => {
    const r = kubectl(sim, `get deploy -n ${NS} -o go-template='{{.kind}}:{{range .items}} {{.metadata.name}}={{.spec.replicas}}{{end}}{{"\\n"}}'`);
    expect(r).toMatchObject({ stdout: 'List: api=1 web=3\n', stderr: '', code: 0 });
  });

  it('decodes Secret data with base64decode, ranging over the map in key order', () => {
    const r = kubectl(sim, `get secret creds -n ${NS} -o go-template='{{range $k, $v := .data}}{{$k}}={{$v | base64decode}}{{"\\n"}}{{end}}'`);
    expect(r.stdout).toBe('password=hunter2\nuser=admin\n');
  });

  it('takes -o template=, --template alone, and -o go-template with --template', () => {
    expect(kubectl(sim, `get deploy web -n ${NS} -o template='{{.metadata.name}}'`).stdout).toBe('web');
    expect(kubectl(sim, `get deploy web -n ${NS} --template='{{.metadata.name}}'`).stdout).toBe('web');
    expect(kubectl(sim, `get deploy web -n ${NS} -o go-template --template='{{.metadata.name}}'`).stdout).toBe('web');
  });

  it('reads go-template-file and templatefile from the files -f reads', () => {
    const files = { 'names.tmpl': '{{range .items}}{{.metadata.name}}\n{{end}}' };
    expect(kubectl(sim, `get deploy -n ${NS} -o go-template-file=names.tmpl`, { files }).stdout).toBe('api\nweb\n');
    expect(kubectl(sim, `get deploy -n ${NS} -o templatefile=names.tmpl`, { files }).stdout).toBe('api\nweb\n');
    expect(kubectl(sim, `get deploy web -n ${NS} -o templatefile --template=tmpl/name.tmpl`, { files: { 'tmpl/name.tmpl': '{{.metadata.name}}\n' } }).stdout).toBe('web\n');
    const dir = kubectl(sim, `get deploy -n ${NS} -o go-template-file=tmpl`, { files: { 'tmpl/name.tmpl': '' } });
    expect(dir.stderr).toBe('error: error reading --template tmpl, read tmpl: is a directory\n');
    const missing = kubectl(sim, `get deploy -n ${NS} -o go-template-file=nope.tmpl`);
    expect(missing).toMatchObject({ stdout: '', stderr: 'error: error reading --template nope.tmpl, open nope.tmpl: no such file or directory\n', code: 1 });
  });

  it('lets --template fill in -o jsonpath too, but not a format that already has its template', () => {
    expect(kubectl(sim, `get deploy web -n ${NS} -o jsonpath --template='{.spec.replicas}'`).stdout).toBe('3');
    expect(kubectl(sim, `get deploy web -n ${NS} -o go-template='{{.kind}}' --template='{{.spec}}'`).stderr).toBe(
      'error: unable to match a printer suitable for the output format "go-template={{.kind}}", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml\n',
    );
  });

  it('rejects a format with no template, and a template that does not parse, before printing', () => {
    expect(kubectl(sim, `get deploy -n ${NS} -o go-template`)).toMatchObject({ stdout: '', stderr: 'error: template format specified but no template given\n', code: 1 });
    expect(kubectl(sim, `get deploy -n ${NS} -o go-template='{{.metadata.name'`)).toMatchObject({
      stdout: '',
      stderr: 'error: error parsing template {{.metadata.name, template: output:1: unclosed action\n',
      code: 1,
    });
  });

  it('prints <no value> for a missing key, and fails on one with --allow-missing-template-keys=false', () => {
    expect(kubectl(sim, `get deploy web -n ${NS} -o go-template='{{.spec.paused}}'`).stdout).toBe('<no value>');
    const r = kubectl(sim, `get deploy web -n ${NS} --allow-missing-template-keys=false -o go-template='{{.metadata.name}} {{.spec.paused}}'`);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: error executing template "{{.metadata.name}} {{.spec.paused}}": template: output:1:26: executing "output" at <.spec.paused>: map has no entry for key "paused"\n',
    );
    // Like kubectl: what the template printed first, then the debugging dump, on stdout.
    expect(r.stdout.startsWith('web Error executing template: template: output:1:26:')).toBe(true);
    expect(r.stdout).toContain('\ttemplate was:\n\t\t{{.metadata.name}} {{.spec.paused}}\n\traw data was:\n\t\t{"apiVersion":"apps/v1","kind":"Deployment",');
    expect(r.stdout).toMatch(/\tobject given to template engine was:\n\t\tmap\[apiVersion:apps\/v1 kind:Deployment metadata:map\[.*\]\n\n$/);
    expect(r.all.indexOf('Error executing template')).toBeLessThan(r.all.indexOf('error: error executing template'));
  });
});

describe('-o go-template on other commands', () => {
  it('prints a mutating command’s object', () => {
    const r = kubectl(sim, `create configmap settings -n ${NS} --from-literal=mode=fast --dry-run=client -o go-template='{{.kind}}/{{.metadata.name}} {{.data.mode}}'`);
    expect(r).toMatchObject({ stdout: 'ConfigMap/settings fast', stderr: '', code: 0 });
  });

  it('takes --template alone, as every command with -o does', () => {
    expect(kubectl(sim, `create deployment tmp -n ${NS} --image=nginx --dry-run=client --template='{{.spec.replicas}} {{index .spec.template.spec.containers 0 "image"}}'`).stdout).toBe('1 nginx');
    expect(kubectl(sim, `label deploy web -n ${NS} tier=front --template='{{.metadata.labels.tier}}'`).stdout).toBe('front');
  });

  it('checks the template before a mutating command changes anything', () => {
    const r = kubectl(sim, `create configmap never -n ${NS} --from-literal=a=b -o go-template='{{end}}'`);
    expect(r).toMatchObject({ stderr: 'error: error parsing template {{end}}, template: output:1: unexpected {{end}}\n', code: 1 });
    expect(kubectl(sim, `get configmap never -n ${NS}`).code).toBe(1);
  });
});
