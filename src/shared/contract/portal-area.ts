import { Body, Empty, Type, endpoint } from './define';
import { WORKBENCH_AREA_CODES } from '../workbench-areas';

/**
 * A user's home page areas (widgets §7 "portal area info": query user, reorder, reset; the
 * system's list, "query all, add, update, delete", is the `sys-area-set` resource's family).
 * docs/workbench.md, "Areas".
 */
const AreaCode = Type.Enum([...WORKBENCH_AREA_CODES]);
export const UserArea = Type.Object({ areaCode: AreaCode, shown: Type.Boolean() });
/** The areas the portal offers, in the user's order, each shown or hidden by the user. */
export const UserAreas = Type.Array(UserArea);

export const portalArea = {
  queryUser: endpoint({
    path: '/api/portal/area/query-user',
    summary: 'The caller’s home page areas: every area the system area settings offer (enabled), in the caller’s order, each shown or hidden; areas the caller never placed follow in the system’s order, as the system shows them by default.',
    body: Empty,
    data: UserAreas,
    flags: { read: true },
    client: { noLoading: true },
  }),
  reorder: endpoint({
    path: '/api/portal/area/reorder',
    summary: 'Keeps the caller’s order and choice of areas (3800 an area the system does not offer; 3801 one named twice); answers the areas as query-user then does.',
    body: Body({ areas: Type.Array(UserArea, { maxItems: WORKBENCH_AREA_CODES.length }) }),
    data: UserAreas,
  }),
  reset: endpoint({
    path: '/api/portal/area/reset',
    summary: 'Forgets the caller’s order and choice: the system’s areas as it offers them.',
    body: Empty,
    data: UserAreas,
  }),
};
