import type { ResourceDef } from '../../../resources/define';
import type { ResourceRow } from '../../../services/api/resources';

/**
 * What the resource page gives a resource's extra actions (src/views/resource/extras/index.ts):
 * - beside each row (`rowActions`): the definition, the row as the list shows it, and `reload`
 *   (reloads the page of rows, as after a lifecycle step);
 * - in the toolbar (`toolbar`): the definition and `reload`.
 */
export interface RowExtraProps {
  def: ResourceDef;
  row: ResourceRow;
  reload: () => void;
}

export interface ToolbarExtraProps {
  def: ResourceDef;
  reload: () => void;
}
