import type { FastifyInstance } from 'fastify';
import { RESOURCES } from '../../../src/resources';
import { registerResource } from '../../resources/register';
import { RESOURCE_HOOKS } from '../../resources/hooks';

/** Every business resource's family of routes, from its definition (issue 10, docs/resources.md). */
export default async function resourceRoutes(app: FastifyInstance) {
  for (const def of RESOURCES) registerResource(app, def, RESOURCE_HOOKS[def.code]);
}
