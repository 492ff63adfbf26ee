/**
 * Embedded pages of an edit form (widgets §2 "Edit form", §3, §4 "Save or submit flow", §8;
 * docs/embedded-pages.md). The form loads its pages, renders a frame per page, and hands every
 * registered participant to the save-submit machine.
 */
import { embeddedPagesOf } from '../../services/api/embedded';
import type { EmbeddedPageInfo } from './EmbeddedPageFrame';

export { EmbeddedPageFrame, type EmbeddedPageInfo, type EmbeddedParticipant, type EmbeddedPageFrameProps } from './EmbeddedPageFrame';

/** The server's list of the form's active embedded pages, in order. */
export function loadEmbeddedPages(formCode: string): Promise<EmbeddedPageInfo[]> {
  return embeddedPagesOf(formCode);
}
