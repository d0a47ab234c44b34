/**
 * Every string the UI shows, in English and Simplified Chinese. kubectl output and Kubernetes
 * vocabulary inside it (Running, Ready, Pending…) are never translated: learners must recognise
 * them on a real cluster. `{name}` placeholders are filled by `format`.
 *
 * Strings live in one module per feature under ./messages (each types its zh table against its
 * own English keys, so a missing translation fails typecheck); this file merges them. A key
 * defined in two modules fails the catalog test. Messages that count things are `Plural`s
 * (./plural.ts): `translate` picks the form for the count with `Intl.PluralRules`.
 *
 * The strings of features that are not on screen at first paint (LAZY_MODULES: the instructor
 * console, the drills page, the node grid, the sequence view's rates, the narrator's sentences) are not in the page's entry
 * JavaScript: each feature's lazily loaded chunk adds them (`addMessages`) when it loads, before
 * anything of it renders. Their keys type-check everywhere all the same.
 */
import * as core from './messages/core';
import * as playback from './messages/playback';
import * as run from './messages/run';
import * as traffic from './messages/traffic';
import * as diagram from './messages/diagram';
import * as editor from './messages/editor';
import * as terminal from './messages/terminal';
import * as classroom from './messages/classroom';
import type * as narration from './messages/narration';
import * as narrationPanel from './messages/narration-panel';
import * as keyboard from './messages/keyboard';
import type * as instructor from './messages/instructor';
import * as faultMarkers from './messages/fault-markers';
import * as inspector from './messages/inspector';
import * as lessons from './messages/lessons';
import * as layout from './messages/layout';
import type * as drills from './messages/drills';
import * as drillsEntry from './messages/drills-entry';
import * as offline from './messages/offline';
import * as attach from './messages/attach';
import * as scale from './messages/scale';
import type * as sequenceRates from './messages/sequence-rates';
import type * as nodeGrid from './messages/node-grid';
import { isPlural, pluralForm, type Message, type Translations } from './plural';

/** Add a feature's module here. */
export const MODULES = [core, diagram, playback, run, terminal, editor, classroom, narrationPanel, keyboard, faultMarkers, inspector, traffic, lessons, layout, drillsEntry, offline, attach, scale] as const;

/** Loaded with their feature's chunk (addMessages): src/ui/i18n/lazy-modules.ts lists them for tests. */
type LazyModules = [typeof instructor, typeof drills, typeof nodeGrid, typeof sequenceRates, typeof narration];

type Merge<T extends readonly { en: object }[]> = T extends readonly [infer H extends { en: object }, ...infer R extends readonly { en: object }[]] ? H['en'] & Merge<R> : unknown;

export const en = Object.assign({}, ...MODULES.map((m) => m.en)) as Merge<[...typeof MODULES, ...LazyModules]>;

export type MessageKey = keyof typeof en;

export const zhCN = Object.assign({}, ...MODULES.map((m) => m.zh)) as Translations<typeof en>;

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const CATALOGS: Record<Locale, Record<MessageKey, Message>> = { en, 'zh-CN': zhCN };

/** Adds a lazily loaded feature's strings to both catalogs; adding them again changes nothing. */
export function addMessages(m: { en: object; zh: object }): void {
  Object.assign(en, m.en);
  Object.assign(zhCN, m.zh);
}

export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

const GROUPING = new Map<Locale, Intl.NumberFormat>();

/**
 * A plural's count is a quantity, so it prints as the locale writes quantities ("from 2,088
 * nodes", as the node grid says "Ready 5,000"). Only the count: other numeric parameters may be
 * ports, years or resource versions, which are never grouped.
 */
function groupedCount(locale: Locale, m: Message, params: Record<string, string | number> | undefined): Record<string, string | number> | undefined {
  if (!params || !isPlural(m)) return params;
  const by = m.by ?? 'count';
  const n = params[by];
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) < 1000) return params;
  let f = GROUPING.get(locale);
  if (!f) GROUPING.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })));
  return { ...params, [by]: f.format(n) };
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  // A lazy feature's key before its chunk has loaded (never expected: its chunk adds them first) shows as the key.
  const m = CATALOGS[locale][key] ?? key;
  return format(pluralForm(locale, m, params), groupedCount(locale, m, params));
}
