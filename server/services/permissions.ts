import type { FastifyRequest } from 'fastify';
import { USER_TYPE_ADMIN } from '../../src/shared/constants';
import { forbidden } from '../http/answer';

/** A preHandler for administrator-only calls (userType 1, shell §6): everyone else gets 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.userType !== USER_TYPE_ADMIN) throw forbidden();
}
