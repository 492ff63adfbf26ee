import type { FastifyInstance } from 'fastify';
import { contract } from '../../../src/shared/contract';
import { route } from '../../http/route';
import { exportHandler } from '../../services/export/export';

/** The export of any resource's table (issue 13; docs/export.md). */
export default async function exportRoutes(app: FastifyInstance) {
  route(app, contract.export.export, exportHandler);
}
