/**
 * How other parts of the page name drills and misconception cards, and how cards name lesson
 * steps. Kept apart from the deck (which loads the scheduler) so the lesson panel can use it.
 */

/** The deck entry a lesson's `drills` reference names: the full id or its number (`q02`, `m3`). */
export function resolveDrillRef<T extends { id: string }>(ref: string, deck: readonly T[]): T | undefined {
  return deck.find((c) => c.id === ref) ?? deck.find((c) => c.id.startsWith(`${ref}-`));
}

/** The short label of a card: `Q03`, `M1`. */
export function cardNumber(id: string): string {
  return id.split('-')[0]!.toUpperCase();
}

/** A drill's link to what teaches it: `06-apiserver-and-etcd#pipeline`. */
export function parseLessonLink(link: string): { lesson: string; step?: string } {
  const [lesson, step] = link.split('#');
  return step ? { lesson: lesson!, step } : { lesson: lesson! };
}
