import type { ResourceDef } from '../../../resources/define';
import type { ResourceView } from '../../../resources/pages';
import type { ResourceRow } from '../../../services/api/resources';
import type { Display } from '../../../shared/function-display';

/**
 * What the resource page gives a resource's extra actions (src/views/resource/extras/index.ts):
 * - beside each row (`rowActions`): the definition, the row as the list shows it, and `reload`
 *   (reloads the page of rows, as after a lifecycle step);
 * - in the toolbar (`toolbar`): the definition, the page and `reload`;
 * - both: `display`, the page's hide-button map entry (widgets §6): a button whose code
 *   (RESOURCE_EXTRA_BUTTONS in src/shared/function-display.ts) it hides is not drawn.
 */
export interface RowExtraProps {
  def: ResourceDef;
  row: ResourceRow;
  reload: () => void;
  display: Display;
}

export interface ToolbarExtraProps {
  def: ResourceDef;
  /** The page the toolbar is on (a resource shown on several pages offers some actions on one); absent: the resource's own page. */
  view?: ResourceView;
  reload: () => void;
  display: Display;
}
