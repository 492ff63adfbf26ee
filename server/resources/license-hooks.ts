import { sql } from 'kysely';
import { format } from 'date-fns';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { LICENCE_FORMAT, licenceFile, licenceSigner, type LicenceSigner } from '../services/product-licence';
import type { ResourceHooks } from './register';

/**
 * Product licences (docs/licences.md): a licence runs for at least a day (3400) and not only in
 * the past (3401); once stored, the record as stored (dates as days, the number the server made)
 * is signed with the deployment's licence key and the file kept beside it, in the same
 * transaction: a licence is never in the register without its file.
 */

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The deployment's signer, or 3402 (logged) when its key file cannot be read or made. */
export function signerOf(request: FastifyRequest): LicenceSigner {
  try {
    return licenceSigner(request.server.config.licenceKeyFile);
  } catch (error) {
    request.log.error({ err: error, file: request.server.config.licenceKeyFile }, 'licence key unusable');
    throw refuse(CODE.licenceKeyUnusable, {}, { status: 500 });
  }
}

export const licenseHooks: ResourceHooks = {
  async beforeInsert(_tx, body, request) {
    const from = text(body.validFrom);
    const to = text(body.validTo);
    if (to < from) throw refuse(CODE.licenceDates, { from, to });
    const today = format(request.server.clock.now(), 'yyyy-MM-dd');
    if (to < today) throw refuse(CODE.licenceEnded, { to, today });
    // The key is read (or made) before anything is written: an unusable key refuses the licence whole.
    signerOf(request);
    return {};
  },
  async afterWrite(tx, row, step, request) {
    if (step !== 'RECORD.SAVE') return;
    const signer = signerOf(request);
    const file = licenceFile(signer, {
      format: LICENCE_FORMAT,
      licenseNo: text(row.licenseNo),
      licensee: text(row.licensee),
      maxUsers: Number(row.maxUsers),
      validFrom: text(row.validFrom),
      validTo: text(row.validTo),
      machineCode: row.machineCode ? text(row.machineCode) : null,
      issuedAt: new Date(request.server.clock.now()).toISOString(),
      keyId: signer.keyId,
    });
    await sql`update product_license set license_text = ${file}, key_id = ${signer.keyId} where id = ${row.id}`.execute(tx);
  },
};
