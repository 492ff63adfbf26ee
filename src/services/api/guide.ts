import { guide, type OperationGuide } from '../../shared/contract/guide';
import type { Guide, SaveGuide } from '../../machines/operation-guide.machine';
import { call } from '../http/call';

/** The operation guide's calls (src/shared/contract/guide.ts; docs/operation-guide.md). */
const toGuide = (g: OperationGuide): Guide => ({ id: g.id, funcId: g.funcId, descriptionContent: g.descriptionContent, version: g.version });

export const guideApi = {
  load: async (funcId: number): Promise<Guide> => toGuide(await call(guide.query, { funcId: String(funcId) })),
  save: async (body: SaveGuide): Promise<Guide> => toGuide(await call(guide.save, body)),
};
