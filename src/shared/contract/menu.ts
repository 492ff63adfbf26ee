import { Body, Empty, Id, Nothing, Type, endpoint } from './define';
import { DefaultMenu, Nullable } from './common';

/** The user's menu, often-used items and default page (shell §2, §6). */
export const MenuRow = Type.Object({
  id: Id,
  fatherFunctionId: Nullable(Type.Integer()),
  functionName: Type.String(),
  funcUrl: Nullable(Type.String()),
  funcOrder: Type.Integer(),
  oftenUsed: Type.Integer({ minimum: 0, maximum: 1 }),
});
export const OftenMenuItem = Type.Object({ funcId: Id, functionName: Type.String(), funcUrl: Type.String() });
const FuncId = Body({ funcId: Id });
/** Widgets §6, §7: per granted function (funcUrl), buttons by code → functionDisplay, and the query parameters hidden. */
export const HideButtonMap = Type.Record(Type.String(), Type.Object({ buttons: Type.Record(Type.String(), Type.Boolean()), params: Type.Array(Type.String()) }));

export const menu = {
  userMenu: endpoint({ path: '/api/fsmc/auth/userMenu/query-user-menu', summary: 'The functions the user’s duties grant, with their ancestors.', body: Empty, data: Type.Array(MenuRow) }),
  hideButtons: endpoint({ path: '/api/fsmc/auth/userMenu/query-hide-button', summary: 'The hide-button map of the user’s granted functions: buttons whose functionDisplay is false and the query parameters hidden (enabled func-button rows).', body: Empty, data: HideButtonMap }),
  oftenQuery: endpoint({ path: '/api/fsmc/oftenMenu/query', summary: 'The user’s starred pages still granted.', body: Empty, data: Type.Array(OftenMenuItem) }),
  oftenAdd: endpoint({ path: '/api/fsmc/oftenMenu/add', summary: 'Stars a granted page (1230 otherwise; 1231 beyond the maximum).', body: FuncId, data: Nothing }),
  oftenDelete: endpoint({ path: '/api/fsmc/oftenMenu/delete', summary: 'Unstars a page.', body: FuncId, data: Nothing }),
  oftenDeleteAll: endpoint({ path: '/api/fsmc/oftenMenu/delete-all', summary: 'Unstars every page.', body: Empty, data: Nothing }),
  defaultQuery: endpoint({ path: '/api/fsmc/common/default-menu/query', summary: 'The page the shell opens after login.', body: Empty, data: DefaultMenu }),
  defaultSet: endpoint({ path: '/api/fsmc/common/default-menu/set', summary: 'Makes a granted page the default (1230 otherwise).', body: FuncId, data: DefaultMenu }),
  defaultUnset: endpoint({ path: '/api/fsmc/common/default-menu/unset', summary: 'No default page.', body: Empty, data: DefaultMenu }),
};
