import { Body, Id, Text, Type, endpoint, type Static } from './define';
import { GUIDE_CONTENT_MAX } from '../operation-guide';

/**
 * The operation guide (widgets §3 "Operation guide", §7 "Operation guide"; docs/operation-guide.md):
 * read by function id, saved by help editors (staff type 1). The wire keeps the spec's names
 * (id, funcId, descriptionContent); `version` is ours, for two editors at once.
 */
export const OperationGuide = Type.Object({
  /** null: nobody wrote this function's guide yet (the answer still names the function). */
  id: Type.Union([Id, Type.Null()]),
  funcId: Id,
  /** Sanitised HTML ('' when empty). */
  descriptionContent: Type.String(),
  /** 0 when none is stored yet. */
  version: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  updatedByName: Type.Union([Type.String(), Type.Null()]),
});
export type OperationGuide = Static<typeof OperationGuide>;

export const guide = {
  query: endpoint({
    method: 'GET',
    path: '/api/fsmc/operation-guide/query',
    summary: 'A function’s operation guide: whoever holds the function (or an administrator) reads it; none written yet answers id null and empty content. 3101: no such function.',
    body: Body({ funcId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }),
    data: OperationGuide,
    client: { noLoading: true },
  }),
  save: endpoint({
    path: '/api/fsmc/operation-guide/save',
    summary: `Writes a function’s operation guide (help editors only, staff type 1: 3100). The HTML is sanitised against an allow-list before it is kept, and at most ${GUIDE_CONTENT_MAX} characters (3103); \`version\` is the one read (0 for a first guide), another editor’s save since answers 3102. Answers the guide as kept.`,
    body: Body({ id: Type.Union([Id, Type.Null()]), funcId: Id, descriptionContent: Text(GUIDE_CONTENT_MAX * 2), version: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) }),
    data: OperationGuide,
    // The dialog says a generic failure itself (widgets §8) and the reason beside the editor.
    client: { inlineErrors: true },
  }),
};
