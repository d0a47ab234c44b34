/**
 * Counted messages. A message that shows a number of things is a `Plural`: one text per CLDR
 * plural category the locale uses ("1 write", "2 writes"; Chinese has only `other`), chosen by
 * the platform's `Intl.PluralRules` from the number parameter `by` (default `count`).
 */

/** The CLDR cardinal categories; `other` is the one every locale has. */
export type PluralCategory = Intl.LDMLPluralRule;

export type Plural = { readonly by?: string; readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string };

export type Message = string | Plural;

/**
 * A translation table typed against the English one: the same keys, a string where English has
 * a string and a `Plural` where English counts.
 */
export type Translations<En> = { readonly [K in keyof En]: En[K] extends string ? string : Plural };

export function isPlural(m: Message): m is Plural {
  return typeof m !== 'string';
}

const rules = new Map<string, Intl.PluralRules>();

/** The text of `m` for these parameters: a plural's form for its count (`other` if the count is missing). */
export function pluralForm(locale: string, m: Message, params: Readonly<Record<string, string | number>> = {}): string {
  if (!isPlural(m)) return m;
  const n = params[m.by ?? 'count'];
  if (typeof n !== 'number' || !Number.isFinite(n)) return m.other;
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return m[r.select(n)] ?? m.other;
}
