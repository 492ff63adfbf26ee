import type { ResourceDef } from './define';

/**
 * Sets of a resource's fields that settings name (pure, for the server's checks and the
 * dictionaries it answers from the build, src/shared/constants.ts VIRTUAL_DICTIONARY_FAMILIES).
 */

/** The text fields, the only ones a mask can stand for (docs/sensitive-info.md). */
export const textFields = (def: ResourceDef): string[] => Object.entries(def.fields).filter(([, f]) => f.type === 'text').map(([name]) => name);

/** The columns of the resource's import templates, each once (docs/import.md, "Field maps"). */
export const importColumns = (def: ResourceDef): string[] => [...new Set((def.import?.templates ?? []).flatMap((t) => t.columns))];
