import { call } from '../http/call';
import type { DataOf } from '../../shared/contract/define';
import { menu } from '../../shared/contract/menu';

/** The user's menu, often-used items and default menu: thin names for contract entries. */
const c = menu;
export type OftenMenuItem = DataOf<typeof c.oftenQuery>[number];
export type DefaultMenu = DataOf<typeof c.defaultQuery>;

export const menuApi = {
  userMenu: () => call(c.userMenu, {}),
  hideButtons: () => call(c.hideButtons, {}, { noLoading: true, noErrorTip: true }),
  oftenQuery: () => call(c.oftenQuery, {}),
  oftenAdd: (funcId: number) => call(c.oftenAdd, { funcId }),
  oftenDelete: (funcId: number) => call(c.oftenDelete, { funcId }),
  oftenDeleteAll: () => call(c.oftenDeleteAll, {}),
  defaultQuery: () => call(c.defaultQuery, {}),
  defaultSet: (funcId: number) => call(c.defaultSet, { funcId }),
  defaultUnset: () => call(c.defaultUnset, {}),
};
