/**
 * Every string the UI shows, in English and Simplified Chinese. kubectl output and Kubernetes
 * vocabulary inside it (Running, Ready, Pending…) are never translated: learners must recognise
 * them on a real cluster. `{name}` placeholders are filled by `format`.
 *
 * Strings live in one module per feature under ./messages (each types its zh table against its
 * own English keys, so a missing translation fails typecheck); this file merges them. A key
 * defined in two modules fails the catalog test. Messages that count things are `Plural`s
 * (./plural.ts): `translate` picks the form for the count with `Intl.PluralRules`.
 */
import * as core from './messages/core';
import * as playback from './messages/playback';
import * as run from './messages/run';
import * as traffic from './messages/traffic';
import * as diagram from './messages/diagram';
import * as editor from './messages/editor';
import * as terminal from './messages/terminal';
import * as classroom from './messages/classroom';
import * as narration from './messages/narration';
import * as keyboard from './messages/keyboard';
import * as instructor from './messages/instructor';
import * as inspector from './messages/inspector';
import * as lessons from './messages/lessons';
import * as layout from './messages/layout';
import * as drills from './messages/drills';
import * as offline from './messages/offline';
import * as attach from './messages/attach';
import * as scale from './messages/scale';
import * as sequenceRates from './messages/sequence-rates';
import { pluralForm, type Message, type Translations } from './plural';

/** Add a feature's module here. */
export const MODULES = [core, diagram, playback, run, terminal, editor, classroom, narration, keyboard, instructor, inspector, traffic, lessons, layout, drills, offline, attach, scale, sequenceRates] as const;

type Merge<T extends readonly { en: object }[]> = T extends readonly [infer H extends { en: object }, ...infer R extends readonly { en: object }[]] ? H['en'] & Merge<R> : unknown;

export const en = Object.assign({}, ...MODULES.map((m) => m.en)) as Merge<typeof MODULES>;

export type MessageKey = keyof typeof en;

export const zhCN = Object.assign({}, ...MODULES.map((m) => m.zh)) as Translations<typeof en>;

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const CATALOGS: Record<Locale, Record<MessageKey, Message>> = { en, 'zh-CN': zhCN };

export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return format(pluralForm(locale, CATALOGS[locale][key], params), params);
}
