/**
 * The question the header's cluster controls (and a typed `sim topology`) ask under a running
 * lesson: when a lesson stands in the way (starting, or running and not finished), and the words
 * in both languages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLesson } from '../../lesson-runtime/load';
import { emptyProgress } from '../../lesson-runtime/machine';
import type { Lesson } from '../../lesson-runtime/schema';
import { translate, type Locale } from '../i18n/catalog';
import type { Translate } from '../i18n/react';
import type { ActiveLesson } from '../lessons/state';
import { leaveLessonBody, lessonInTheWay } from './LeaveLessonDialog';

function lessonOne(): Lesson {
  const r = loadLesson(readFileSync(new URL('../../../lessons/01-cluster-at-a-glance/lesson.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const lesson = lessonOne();
const active = (phase: string, own = false): ActiveLesson => ({ entry: { lesson, files: {} }, own, phase, context: { ...emptyProgress(), lesson } });
const tr =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);

describe('lessonInTheWay', () => {
  it('is a running lesson, built-in (progress saved) or the learner’s own', () => {
    expect(lessonInTheWay({})).toBeUndefined();
    expect(lessonInTheWay({ active: active('ready') })).toEqual({ title: lesson.title, saved: true });
    expect(lessonInTheWay({ active: active('asking', true) })).toEqual({ title: lesson.title, saved: false });
  });

  it('is not a finished lesson: it describes no cluster any more', () => {
    expect(lessonInTheWay({ active: active('finished') })).toBeUndefined();
  });

  it('is a lesson starting (Start clicked, its first step not yet shown), even over a finished one', () => {
    expect(lessonInTheWay({ starting: { title: lesson.title, own: false, saved: false } })).toEqual({ title: lesson.title, saved: false });
    expect(lessonInTheWay({ active: active('finished'), starting: { title: lesson.title, own: false, saved: true } })).toEqual({ title: lesson.title, saved: true });
  });
});

describe('leaveLessonBody', () => {
  it('names the lesson, the change and what becomes of the progress, in English', () => {
    const body = leaveLessonBody(tr('en'), 'The cluster at a glance', true, { kind: 'scale', nodes: '1,000', boot: translate('en', 'scale.bootSlow') });
    expect(body).toBe(
      '“The cluster at a glance” runs on a cluster of its own, and its steps describe that cluster. Rebuilding it with 1,000 worker nodes ends the lesson here. Your progress is kept: resuming the lesson brings its own cluster back. A cluster this big takes a few seconds to boot.',
    );
    // A learner's own file has no saved progress; a small cluster boots at once: no stray spaces.
    expect(leaveLessonBody(tr('en'), 'Mine', false, { kind: 'scale', nodes: '10', boot: '' })).toBe(
      '“Mine” runs on a cluster of its own, and its steps describe that cluster. Rebuilding it with 10 worker nodes ends the lesson here.',
    );
    expect(leaveLessonBody(tr('en'), 'Mine', true, { kind: 'topology', topology: translate('en', 'run.topology.ha') })).toContain('Switching to ha (3 control planes) ends the lesson here. Your progress is kept');
    // A line typed in the terminal is quoted as typed: its flags may change more than the size.
    expect(leaveLessonBody(tr('en'), 'Mine', false, { kind: 'command', line: 'sim topology ha --cni calico', boot: '' })).toBe(
      '“Mine” runs on a cluster of its own, and its steps describe that cluster. Running “sim topology ha --cni calico” rebuilds it, which ends the lesson here.',
    );
  });

  it('says the same in Chinese', () => {
    const body = leaveLessonBody(tr('zh-CN'), '一眼看懂集群', true, { kind: 'scale', nodes: '1,000', boot: translate('zh-CN', 'scale.bootSlow') });
    expect(body).toBe('“一眼看懂集群”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。用 1,000 个工作节点重建集群，这节课就到此结束。学习进度会保留：之后继续这节课时，它会重新搭起自己的集群。这么大的集群需要几秒钟才能启动。');
    expect(leaveLessonBody(tr('zh-CN'), '一眼看懂集群', false, { kind: 'topology', topology: translate('zh-CN', 'run.topology.ha') })).toBe(
      '“一眼看懂集群”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。切换到 ha（3 个控制面），这节课就到此结束。',
    );
    expect(leaveLessonBody(tr('zh-CN'), '一眼看懂集群', true, { kind: 'command', line: 'sim topology basic --nodes 1000', boot: translate('zh-CN', 'scale.bootSlow') })).toBe(
      '“一眼看懂集群”在它自己搭建的集群上进行，课里的每一步讲的都是这个集群。运行“sim topology basic --nodes 1000”会重建集群，这节课就到此结束。学习进度会保留：之后继续这节课时，它会重新搭起自己的集群。这么大的集群需要几秒钟才能启动。',
    );
  });
});
