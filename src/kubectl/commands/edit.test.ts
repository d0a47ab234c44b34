import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult } from '../types';
import { loadKubectlHelp } from '../help/load';

let booted: Session;

beforeAll(() => {
  booted = new Session({ seed: 1 });
  booted.run('kubectl create deployment web --image=nginx');
  booted.run('kubectl create configmap cfg --from-literal=a=1');
});

/** A browser terminal (a TTY) on a copy of the booted cluster. */
function terminal(): Session {
  return new Session({ seed: 1, interactive: true, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
const stderr = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');

/** preservedFile's line before the error: the changes are kept in the editor's temporary file. */
const kept = (error: string): unknown => expect.stringMatching(new RegExp(`^A copy of your changes has been stored to "/tmp/kubectl-edit-\\d{1,10}\\.yaml"\n${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

const HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

describe('kubectl edit in a terminal that is a TTY', () => {
  it('opens the editor on the object as upstream writes the temporary file, printing nothing', () => {
    const s = terminal();
    const r = s.run('kubectl edit deployment/web');
    expect(r.output).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.edit?.line).toBe('kubectl edit deployment/web');
    expect(r.edit).toMatchObject({ kind: 'object', title: 'deployment.apps/web' });
    const file = r.edit!.text;
    expect(file.startsWith(`${HEADER}apiVersion: apps/v1\nkind: Deployment\nmetadata:\n`)).toBe(true);
    expect(file).toContain('\n  replicas: 1\n');
    expect(file).not.toContain('managedFields');
    // The same object `get -o yaml` prints (its status may have moved on since).
    const yaml = text(s.run('kubectl get deployment web -o yaml'));
    const spec = (t: string): string => t.split('\nstatus:')[0]!.replace(/resourceVersion: "\d+"/, '');
    expect(spec(file)).toBe(spec(HEADER + yaml));
  });

  it('edits several objects as one v1 List, and in JSON without the header', () => {
    const s = terminal();
    const list = s.run('kubectl edit deployment/web configmap/cfg').edit!;
    expect(list.text).toMatch(/^# Please edit[\s\S]*#\napiVersion: v1\nitems:\n- apiVersion: apps\/v1\n/);
    expect(list.text).toMatch(/\nkind: List\nmetadata: \{\}\n$/);
    expect(list).toMatchObject({ kind: 'object', title: 'deployment.apps/web, configmap/cfg' });
    const json = s.run('kubectl edit cm cfg -o json').edit!;
    expect(json.text.startsWith('{\n    "apiVersion": "v1",\n')).toBe(true);
  });

  it('patches what was changed on save and prints <ref> edited', () => {
    const s = terminal();
    const opened = s.run('kubectl edit deployment/web').edit!;
    // The cluster moves on while the editor is open; the patch is still from the object as fetched.
    s.run('sim advance 10s');
    const saved = s.run(opened.line, opened.text.replace('  replicas: 1\n', '  replicas: 3\n'));
    expect(saved).toMatchObject({ exitCode: 0, output: [{ stream: 'stdout', text: 'deployment.apps/web edited\n' }] });
    expect(saved.edit).toBeUndefined();
    expect(text(s.run("kubectl get deployment web -o jsonpath='{.spec.replicas}'"))).toBe('3');
    // The edit is over: the same line with a file is a new edit, not a save.
    expect(s.run(opened.line, opened.text).edit).toBeDefined();
  });

  it('--output-patch prints the patch before the result', () => {
    const s = terminal();
    const opened = s.run('kubectl edit cm cfg --output-patch').edit!;
    const saved = s.run(opened.line, opened.text.replace('  a: "1"', '  a: "2"'));
    expect(text(saved)).toBe('Patch: {"data":{"a":"2"}}\nconfigmap/cfg edited\n');
  });

  it('cancels an unchanged or empty file, as upstream does', () => {
    const s = terminal();
    const opened = s.run('kubectl edit deployment/web').edit!;
    // Comments and layout do not count.
    const same = s.run(opened.line, opened.text.replace(/^#.*\n/gm, '') + '\n\n');
    expect(same).toMatchObject({ exitCode: 0, output: [{ stream: 'stderr', text: 'Edit cancelled, no changes made.\n' }] });
    // An empty file fails the schema check first (recorded from kubectl v1.35.2); only without it is it "empty".
    const again = s.run('kubectl edit deployment/web').edit!;
    const empty = s.run(again.line, '# nothing\n\n');
    expect(empty).toMatchObject({ exitCode: 0, output: [{ stream: 'stderr', text: 'error: deployments.apps "web" is invalid\n' }] });
    expect(empty.edit!.text).toBe(`${HEADER}# deployments.apps "web" was not valid:\n# * <nil>: Invalid value: "The edited file failed validation": invalid object to validate\n#\n\n`);
    expect(s.run(again.line, '')).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: kept('error: Edit cancelled, no valid changes were saved.\n') }] });
    const unvalidated = s.run('kubectl edit deployment/web --validate=false').edit!;
    expect(s.run(unvalidated.line, '# nothing\n\n')).toMatchObject({ exitCode: 0, output: [{ stream: 'stderr', text: 'Edit cancelled, saved file was empty.\n' }] });
  });

  it('reopens the editor with the server’s reasons at the top when the edit is invalid', () => {
    const s = terminal();
    const opened = s.run('kubectl edit deployment/web').edit!;
    const bad = opened.text.replace('  replicas: 1\n', '  replicas: -1\n');
    const r = s.run(opened.line, bad);
    expect(r.exitCode).toBe(0);
    expect(stderr(r)).toBe('error: deployments.apps "web" is invalid\n');
    expect(r.edit?.line).toBe(opened.line);
    expect(r.edit!.text.startsWith(`${HEADER}# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\napiVersion: apps/v1\n`)).toBe(true);
    // Saved again unchanged: upstream gives up.
    const same = s.run(opened.line, r.edit!.text);
    expect(same).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: kept('error: Edit cancelled, no valid changes were saved.\n') }] });
    expect(text(s.run("kubectl get deployment web -o jsonpath='{.spec.replicas}'"))).toBe('1');
  });

  it('fixes an invalid edit in the reopened file', () => {
    const s = terminal();
    const opened = s.run('kubectl edit deployment/web').edit!;
    const r = s.run(opened.line, opened.text.replace('  replicas: 1\n', '  replicas: -1\n'));
    const fixed = s.run(opened.line, r.edit!.text.replace('  replicas: -1\n', '  replicas: 2\n'));
    expect(text(fixed)).toBe('deployment.apps/web edited\n');
  });

  it('reopens a file that does not parse, and refuses a changed name', () => {
    const s = terminal();
    const opened = s.run('kubectl edit cm cfg').edit!;
    const bad = opened.text.replace('kind: ConfigMap', 'kind: ConfigMap\n  oops: [').replace(/\n {2}a: "1"/, '\n  a: "9"');
    // The schema check reads the file first: its YAML error is the Invalid error's detail.
    const broken = s.run(opened.line, bad);
    expect(broken.output).toEqual([{ stream: 'stderr', text: 'error: configmaps "cfg" is invalid\n' }]);
    expect(broken.edit!.text).toMatch(/^# Please edit[\s\S]*#\n# configmaps "cfg" was not valid:\n# \* <nil>: Invalid value: "The edited file failed validation": yaml: line \d+: /);
    const renamed = s.run(opened.line, opened.text.replace('name: cfg', 'name: other'));
    expect(renamed).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: kept('error: At least one of apiVersion, kind and name was changed\n') }] });
    expect(renamed.edit).toBeUndefined();
    // With --validate=false the builder's reading of the file is what fails.
    const unvalidated = s.run('kubectl edit cm cfg --validate=false').edit!;
    const syntax = s.run(unvalidated.line, bad);
    expect(syntax.output).toEqual([]);
    expect(syntax.edit!.text).toMatch(/^# Please edit[\s\S]*#\n# The edited file had a syntax error: error parsing edited-file: error converting YAML to JSON: yaml: /);
  });

  it('opens a Scale for --subresource scale, whose save no RESTMapper can map (as kubectl 1.35 does)', () => {
    const s = terminal();
    const opened = s.run('kubectl edit deploy web --subresource scale').edit!;
    expect(opened.text).toMatch(/^# Please edit[\s\S]*#\napiVersion: autoscaling\/v1\nkind: Scale\nmetadata:\n[\s\S]*\nspec:\n {2}replicas: 1\nstatus:\n {2}replicas: 1\n {2}selector: app=web\n$/);
    // Discovery lists deployments/scale only as a subresource, so the edited Scale has no mapping.
    const edited = opened.text.replace('spec:\n  replicas: 1', 'spec:\n  replicas: 3');
    const again = s.run(opened.line, edited);
    expect(again.output).toEqual([]);
    expect(again.edit!.text).toContain(
      '# The edited file had a syntax error: resource mapping not found for name: "web" namespace: "default" from "edited-file": no matches for kind "Scale" in version "autoscaling/v1"\n# ensure CRDs are installed first\n#\napiVersion: autoscaling/v1\n',
    );
    expect(s.run(opened.line, again.edit!.text)).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: kept('error: Edit cancelled, no valid changes were saved.\n') }] });
    expect(text(s.run("kubectl get deploy web -o jsonpath='{.spec.replicas}'"))).toBe('1');
  });

  it("keeps the changes in the editor's temporary file where the loop ends with them, and names it", () => {
    const s = terminal();
    const opened = s.run('kubectl edit cm cfg').edit!;
    const invalid = opened.text.replace('name: cfg', 'name: cfg\n  labels: {"a b": x}');
    const r = s.run(opened.line, invalid);
    expect(stderr(r)).toBe('error: configmaps "cfg" is invalid\n');
    // Saved again unchanged: the reopened file (a new temporary file) is kept, and `cat` shows it.
    const same = s.run(opened.line, r.edit!.text);
    const path = /stored to "(\/tmp\/kubectl-edit-\d+\.yaml)"/.exec(stderr(same))![1]!;
    expect(text(s.run(`cat ${path}`))).toBe(r.edit!.text);
    // The same line at the same moment on the same cluster names the same file.
    const t = terminal();
    const again = t.run('kubectl edit cm cfg').edit!;
    expect(stderr(t.run(again.line, t.run(again.line, invalid).edit!.text))).toBe(stderr(same));
    // A resource deleted while its editor was open: the edits stay in the file, exit 1.
    const u = terminal();
    const open = u.run('kubectl edit cm cfg --windows-line-endings').edit!;
    u.run('kubectl delete cm cfg');
    const gone = u.run(open.line, open.text.replace('a: "1"', 'a: "2"'));
    expect(gone.exitCode).toBe(1);
    const [, file] = /^error: configmaps "cfg" could not be found on the server\nThe edits you made on deleted resources have been saved to "(\/tmp\/kubectl-edit-\d+\.yaml)"\n$/.exec(stderr(gone))!;
    // --windows-line-endings: the file's lines end in CRLF.
    expect(text(u.run(`cat ${file!}`))).toBe(open.text.replace('a: "1"', 'a: "2"').replace(/\n/g, '\r\n'));
  });

  it('reports a missing object before any editor opens', () => {
    const s = terminal();
    const r = s.run('kubectl edit deployment/nope');
    expect(r).toMatchObject({ exitCode: 1, output: [{ stream: 'stderr', text: 'Error from server (NotFound): deployments.apps "nope" not found\n' }] });
    expect(r.edit).toBeUndefined();
  });
});

describe('kubectl edit without a TTY', () => {
  it('cannot launch an editor, as upstream when vi is missing', () => {
    const s = new Session({ seed: 1, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
    const r = s.run('kubectl edit deployment/web');
    expect(r).toEqual({ exitCode: 1, output: [{ stream: 'stderr', text: 'error: unable to launch the editor "vi"\n' }] });
    expect(s.run('kubectl edit deployment/web', 'apiVersion: v1\n').exitCode).toBe(1);
  });
});

describe('kubectl edit --help', () => {
  beforeAll(async () => {
    await loadKubectlHelp();
  });

  it('prints kubectl 1.35’s help', () => {
    const r = terminal().run('kubectl edit --help');
    expect(r.exitCode).toBe(0);
    expect(text(r)).toMatch(/^Edit a resource from the default editor\.\n/);
    expect(text(r)).toContain('  kubectl edit (RESOURCE/NAME | -f FILENAME) [options]\n');
    expect(r.edit).toBeUndefined();
  });
});
