import { request } from '../http/client';
import type { MenuRow } from '../../shared/menu-tree';

/** The user's menu, often-used items and default menu (docs/api/shell.md, "Menu"). */
export interface OftenMenuItem {
  funcId: number;
  functionName: string;
  funcUrl: string;
}

export interface DefaultMenu {
  funcId: number | null;
  funcUrl: string | null;
}

const FSMC = '/api/fsmc';

export const menuApi = {
  userMenu: () => request<MenuRow[]>({ url: `${FSMC}/auth/userMenu/query-user-menu`, data: {} }),
  oftenQuery: () => request<OftenMenuItem[]>({ url: `${FSMC}/oftenMenu/query`, data: {} }),
  oftenAdd: (funcId: number) => request<null>({ url: `${FSMC}/oftenMenu/add`, data: { funcId } }),
  oftenDelete: (funcId: number) => request<null>({ url: `${FSMC}/oftenMenu/delete`, data: { funcId } }),
  oftenDeleteAll: () => request<null>({ url: `${FSMC}/oftenMenu/delete-all`, data: {} }),
  defaultQuery: () => request<DefaultMenu>({ url: `${FSMC}/common/default-menu/query`, data: {} }),
  defaultSet: (funcId: number) => request<DefaultMenu>({ url: `${FSMC}/common/default-menu/set`, data: { funcId } }),
  defaultUnset: () => request<DefaultMenu>({ url: `${FSMC}/common/default-menu/unset`, data: {} }),
};
