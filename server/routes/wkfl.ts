import type { FastifyInstance } from 'fastify';

/**
 * /api/wkfl: workflow (to-do tasks, approval history). The area exists so its routes share
 * one prefix and the session guard; its calls arrive with the approval widgets.
 */
export default async function wkflArea(_app: FastifyInstance) {}
