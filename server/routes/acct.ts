import type { FastifyInstance } from 'fastify';

/** /api/acct: accounts (balances, cash flow for the workbench); calls arrive with the workbench. */
export default async function acctArea(_app: FastifyInstance) {}
