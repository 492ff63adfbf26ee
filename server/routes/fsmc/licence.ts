import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { format } from 'date-fns';
import { CODE } from '../../../src/shared/codes';
import { contract } from '../../../src/shared/contract';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { asAttachment } from '../../http/content-disposition';
import { checkLicence } from '../../services/product-licence';
import { signerOf } from '../../resources/license-hooks';

/** Product licences beside their resource family (docs/licences.md): a licence's file, a file checked, the public key. */
export default async function licenceRoutes(app: FastifyInstance) {
  route(app, contract.licence.file, async (request, reply) => {
    const { rows } = await sql<{ licenseNo: string; text: string | null }>`select license_no as "licenseNo", license_text as text from product_license where id = ${request.body.id}`.execute(app.db);
    const row = rows[0];
    if (!row?.text) throw refuse(CODE.recordNotFound);
    return asAttachment(reply, `${row.licenseNo}.lic`, 'text/plain; charset=utf-8').send(row.text);
  });

  route(app, contract.licence.check, async (request) => {
    const signer = signerOf(request);
    const checked = checkLicence(signer, request.body.text, format(app.clock.now(), 'yyyy-MM-dd'));
    const licence = checked.status === 'unreadable' ? null : checked.licence;
    const trusted = checked.status !== 'unreadable' && checked.status !== 'badSignature' && checked.status !== 'otherKey';
    let register: 'enabled' | 'disabled' | 'absent' | null = null;
    if (trusted && licence) {
      const { rows } = await sql<{ enabled: boolean }>`select enabled from product_license where license_no = ${licence.licenseNo} and key_id = ${licence.keyId}`.execute(app.db);
      register = rows[0] ? (rows[0].enabled ? 'enabled' : 'disabled') : 'absent';
    }
    return ok({ status: checked.status, licence, register, keyId: signer.keyId });
  });

  route(app, contract.licence.publicKey, async (request, reply) => {
    const signer = signerOf(request);
    return asAttachment(reply, `product-licence-${signer.keyId}.pem`, 'application/x-pem-file').send(signer.publicKeyPem);
  });
}
