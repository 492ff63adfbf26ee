import { Body, Empty, Id, Nothing, Text, Type, endpoint, type Static } from './define';
import { Nullable } from './common';
import { FUNCTION_NAME_MAX, FUNCTION_ORDER_MAX, FUNCTION_URL_MAX } from '../function-tree';

/** The function tree (docs/function-tree.md): the menu's functions, edited by those its page is granted to. */
const FUNC = '/function-tree';

export const TreeFunction = Type.Object({
  id: Id,
  fatherFunctionId: Nullable(Id),
  functionName: Type.String(),
  functionNameEn: Type.String(),
  funcUrl: Nullable(Type.String()),
  funcOrder: Type.Integer(),
  version: Type.Integer(),
  /** How many duties grant it: a granted function is not deleted (its grants go first). */
  dutyCount: Type.Integer({ minimum: 0 }),
});
export type TreeFunction = Static<typeof TreeFunction>;

const values = {
  fatherFunctionId: Nullable(Id),
  functionName: Text(FUNCTION_NAME_MAX + 20),
  functionNameEn: Text(FUNCTION_NAME_MAX + 20),
  funcUrl: Nullable(Text(FUNCTION_URL_MAX + 20)),
  funcOrder: Type.Integer({ minimum: -1_000_000, maximum: FUNCTION_ORDER_MAX * 100 }),
};
const Ref = { id: Id, version: Type.Integer({ minimum: 1 }) };

export const functionTree = {
  query: endpoint({ path: '/api/fsmc/function-tree/query', summary: 'Every function of the menu, with its names in both languages, its version and how many duties grant it.', body: Empty, data: Type.Array(TreeFunction), flags: { func: FUNC, read: true } }),
  add: endpoint({
    path: '/api/fsmc/function-tree/add',
    summary: 'Adds a function under a parent (or at the top): 3200 unknown parent, 3201 address taken; problems of the values 400.',
    body: Body(values),
    data: TreeFunction,
    flags: { func: FUNC, requestToken: true },
    client: { inlineErrors: true },
  }),
  update: endpoint({
    path: '/api/fsmc/function-tree/update',
    summary: 'Changes a function’s names, address, order or parent: 1403 changed meanwhile, 3200, 3201, 3202 moved under itself or beneath it.',
    body: Body({ ...Ref, ...values }),
    data: TreeFunction,
    flags: { func: FUNC },
    client: { inlineErrors: true },
  }),
  delete: endpoint({
    path: '/api/fsmc/function-tree/delete',
    summary: 'Deletes a function: 1403 changed meanwhile, 3203 it has functions beneath it, 3204 a duty grants it.',
    body: Body(Ref),
    data: Nothing,
    flags: { func: FUNC },
    client: { inlineErrors: true },
  }),
};
