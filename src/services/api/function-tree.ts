import { call } from '../http/call';
import { functionTree } from '../../shared/contract/function-tree';
import type { SaveInput } from '../../machines/function-tree.machine';

/** The function tree page's calls (docs/function-tree.md). */
export const functionTreeApi = {
  query: () => call(functionTree.query, {}),
  save: (input: SaveInput) => (input.mode === 'add' ? call(functionTree.add, input.values) : call(functionTree.update, { id: input.id, version: input.version, ...input.values })),
  delete: (ref: { id: number; version: number }) => call(functionTree.delete, ref),
};
