import { contract } from '../../shared/contract';
import type { EmbeddedPageInfo } from '../../shared/contract/embedded';
import { call } from '../http/call';

/** The active embedded pages of a form, in their order (widgets §7 "Edit form"). */
export async function embeddedPagesOf(formCode: string): Promise<EmbeddedPageInfo[]> {
  const pages = await call(contract.embedded.pages, undefined, { params: { formCode } });
  return [...pages].sort((a, b) => a.iframeOrder - b.iframeOrder || a.id - b.id);
}
