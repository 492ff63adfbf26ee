/**
 * How a sensitive value is shown to whoever may not read it (docs/sensitive-info.md): the
 * MaskRule dictionary's rules. Four stars stand for the hidden part whatever its length, so a
 * masked value does not tell how long the value is. Pure: the server's SQL does the same
 * (server/services/sensitive.ts) and a test holds the two together.
 */
export const MASK_RULES = ['MIDDLE', 'TAIL', 'ALL'] as const;
export type MaskRule = (typeof MASK_RULES)[number];
export const MASK = '****';
/** MIDDLE keeps this many characters at the start, MIDDLE and TAIL this many at the end. */
export const MASK_KEEP_START = 3;
export const MASK_KEEP_END = 4;

export function maskValue(rule: MaskRule, value: string | null): string | null {
  if (value === null || value === '') return value;
  if (rule === 'MIDDLE' && value.length >= MASK_KEEP_START + MASK_KEEP_END + 1) return value.slice(0, MASK_KEEP_START) + MASK + value.slice(-MASK_KEEP_END);
  if (rule === 'TAIL' && value.length >= MASK_KEEP_END + 1) return MASK + value.slice(-MASK_KEEP_END);
  return MASK;
}
