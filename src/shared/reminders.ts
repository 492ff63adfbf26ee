/**
 * Reminders generated from configurations (portal-shell §1 "reminder configuration, parameters
 * and templates"; docs/reminders.md). Pure: the server fills templates with it and the browser
 * could preview them with it.
 */

/** What a configuration watches. */
export const REMIND_KINDS = ['balanceBelow', 'todoWaiting', 'ratePlanEffective'] as const;
export type RemindKind = (typeof REMIND_KINDS)[number];

/** Whom a configuration reminds: the holders of duties, or named users. */
export const REMIND_TARGET_TYPES = ['duty', 'user'] as const;
export type RemindTargetType = (typeof REMIND_TARGET_TYPES)[number];

/**
 * The parameters each kind fills, besides the common ones (`userName`, `date`). The
 * remind-param resource describes them to administrators; these are what generation supplies.
 */
export const REMIND_KIND_PARAMS: Record<RemindKind, readonly string[]> = {
  balanceBelow: ['threshold', 'currency', 'count', 'accounts'],
  todoWaiting: ['count'],
  ratePlanEffective: ['days', 'count', 'plans'],
};
export const REMIND_COMMON_PARAMS = ['userName', 'date'] as const;

/** At most this many items (accounts, plans) are named in one reminder; `count` says how many in all. */
export const REMIND_LIST_MAX = 5;

/** How often the server looks for reminders to generate (docs/reminders.md, "When"). */
export const REMIND_GENERATE_INTERVAL_MS = 5 * 60_000;

/** A `{name}` placeholder in a template. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholders a template text names, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The text with every known `{name}` replaced; an unknown one stays as written, so a typo is seen, not hidden. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** The parameters a template of a kind may name. */
export function paramsOfKind(kind: RemindKind): string[] {
  return [...REMIND_COMMON_PARAMS, ...REMIND_KIND_PARAMS[kind]];
}
