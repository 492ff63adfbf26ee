import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { addFunction, deleteFunction, functionTree, updateFunction } from '../../services/function-tree';

/** The function tree (docs/function-tree.md): those its page is granted to read and edit the menu's functions. */
export default async function functionTreeRoutes(app: FastifyInstance) {
  route(app, contract.functionTree.query, async () => ok(await functionTree(app.db)));
  route(app, contract.functionTree.add, async (request) => ok(await addFunction(app.db, request, request.body)));
  route(app, contract.functionTree.update, async (request) => {
    const { id, version, ...values } = request.body;
    return ok(await updateFunction(app.db, request, { id, version }, values));
  });
  route(app, contract.functionTree.delete, async (request) => {
    await deleteFunction(app.db, request, request.body);
    return ok(null);
  });
}
