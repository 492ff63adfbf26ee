import { Body, Nothing, Text, Type, endpoint, type Static } from './define';
import { PageCode } from './query-settings';

/**
 * The edit form's section order (widgets §2 "Edit form", §3 "Saved section or form order",
 * §5 "Custom order", §7 "Edit form", §8; issue 11 point 1). The order is the user's own;
 * whether a section exists (is shown at all) is the page's, for everyone, and only
 * administrators change it (DECISIONS, "Administrators' settings"). The wire keeps the spec's
 * names: `customOrder` and `hiddenParams` in the answer, `collapseItemsOrder` in the save.
 */

/** A section's name: what the form's sections are keyed by. */
export const SectionName = Text(64, { min: 1, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' });
/** The most sections a form has (ours: a form with more is not a form anyone reads). */
export const SECTIONS_MAX = 50;

/** Widgets §3: an entry of the saved order; `exist: false` hides the section for everyone. */
export const SectionEntry = Body({ name: SectionName, exist: Type.Boolean() });
export type SectionEntry = Static<typeof SectionEntry>;

export const sectionOrder = {
  load: endpoint({
    path: '/api/fsmc/common/section-order/find',
    summary: 'The edit form’s section order: the user’s (null when none is saved, each entry with the page’s `exist`), and the sections administrators hid for everyone (`hiddenParams`, by name).',
    body: Body({ code: PageCode }),
    data: Type.Object({
      customOrder: Type.Union([Type.Array(Type.Object({ name: Type.String(), exist: Type.Boolean() })), Type.Null()]),
      hiddenParams: Type.Array(Type.String()),
    }),
    flags: { read: true },
    client: { noLoading: true },
  }),
  save: endpoint({
    path: '/api/fsmc/common/section-order/save',
    summary: `Saves the user’s section order (every section, at most ${SECTIONS_MAX}, each once; an empty list goes back to the default order). An administrator’s \`exist\` flags become the page’s, for everyone; anyone else must send the page’s flags unchanged (1702).`,
    body: Body({ code: PageCode, collapseItemsOrder: Type.Array(SectionEntry, { maxItems: SECTIONS_MAX }) }),
    data: Nothing,
  }),
};
