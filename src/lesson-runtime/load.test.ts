import { describe, expect, it } from 'vitest';
import { formatErrors, loadLesson } from './load';

const GOOD = `id: 99-sample
version: 1
title: { en: Sample, zh: 示例 }
summary: { en: A sample lesson., zh: 一个示例课程。 }
minutes: 5
steps:
  - id: hello
    say: { en: Hello., zh: 你好。 }
  - id: apply
    run: [kubectl apply -f go-api.yaml]
  - id: wait
    until:
      trace: { kind: request, from: kube-scheduler, detail: { subresource: binding } }
      within: 30s
  - id: guess
    predict:
      ask: { en: How many?, zh: 几个？ }
      options:
        - id: three
          text: { en: Three, zh: 三个 }
          check: { objects: { kind: Pod, selector: app=go-api }, count: { equals: 3 } }
          why: { en: The spec says 3., zh: spec 写的是 3。 }
        - id: zero
          text: { en: None, zh: 没有 }
          misconception: m4
          check: { objects: { kind: Pod, selector: app=go-api }, count: { equals: 0 } }
          why: { en: Controllers act., zh: 控制器会行动。 }
      key: three
      reveal: { advance: 10s }
      explain: { en: Three Pods., zh: 三个 Pod。 }
`;

describe('loadLesson', () => {
  it('accepts a well-formed lesson and fills defaults', () => {
    const r = loadLesson(GOOD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.topology).toBe('basic');
    expect(r.value.steps.map((s) => s.id)).toEqual(['hello', 'apply', 'wait', 'guess']);
    expect(r.value.steps[3]!.predict!.form).toBe('choice');
  });

  it('names the line and field of each problem', () => {
    const bad = GOOD.replace('zh: 你好。', 'zh: ""').replace('key: three', 'key: four').replace('within: 30s', 'within: soon');
    const r = loadLesson(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = formatErrors('lesson.yaml', r.errors);
    expect(text).toContain('lesson.yaml:8: steps.0.say.zh: Chinese text is empty');
    expect(text).toMatch(/lesson\.yaml:14: steps\.2\.until\.within: not a duration/);
    expect(text).toContain('lesson.yaml:28: steps.3.predict.key: key four is not one of the options (three, zero)');
  });

  it('reports YAML syntax errors, unknown fields, steps doing two things and huge or deep files', () => {
    const syntax = loadLesson('id: [unclosed');
    expect(syntax.ok).toBe(false);
    // A flow mapping broken on line 3 is reported on line 3, not on line 0.
    const flow = loadLesson('id: x\nversion: 1\nwhere: { field: a[0].b, equals: 1 }\n');
    expect(!flow.ok && flow.errors.length > 0 && flow.errors.every((e) => e.line === 3)).toBe(true);
    const unknown = loadLesson(GOOD.replace('minutes: 5', 'minutes: 5\ncolour: blue'));
    expect(!unknown.ok && unknown.errors.some((e) => e.message.includes('colour'))).toBe(true);
    const two = loadLesson(GOOD.replace('    run: [kubectl apply -f go-api.yaml]', '    run: [kubectl apply -f go-api.yaml]\n    advance: 5s'));
    expect(!two.ok && two.errors.some((e) => e.message.startsWith('a step does one thing'))).toBe(true);
    expect(loadLesson('x'.repeat(300_000)).ok).toBe(false);
    expect(loadLesson('a: ' + '['.repeat(200) + ']'.repeat(200)).ok).toBe(false);
    const crlf = loadLesson(GOOD.replace(/\n/g, '\r\n'));
    expect(crlf.ok).toBe(true);
  });

  it('refuses lines that are not the command language', () => {
    const r = loadLesson(GOOD.replace('run: [kubectl apply -f go-api.yaml]', 'run: ["rm -rf /"]'));
    expect(!r.ok && r.errors.some((e) => e.message.includes('must start with kubectl'))).toBe(true);
  });
});
