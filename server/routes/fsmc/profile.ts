import type { FastifyInstance } from 'fastify';
import { ok, refuse } from '../../http/answer';
import { route } from '../../http/route';
import { CODE } from '../../../src/shared/codes';
import { isEmail } from '../../../src/shared/profile-rules';
import { contract } from '../../../src/shared/contract';
import { requireConfirmation } from '../../security/request-token-confirm';
import { checkCurrentPassword, readProfile, saveProfile } from '../../services/profile';
import { emailTaken } from '../../services/user-admin';
import userInfo from '../../../src/resources/defs/user-info';

/** "My profile": the logged-in user edits their own English name, e-mail and gender. */
export default async function profileRoutes(app: FastifyInstance) {
  route(app, contract.profile.read, async (request) => ok(await readProfile(app.db, request.user.id)));

  route(app, contract.profile.save, async (request, reply) => {
    const userNameEn = request.body.userNameEn.trim();
    const email = request.body.email.trim();
    if (email !== '' && !isEmail(email)) throw refuse(CODE.emailInvalid);
    const before = await readProfile(app.db, request.user.id);
    // One address, one user (the users page refuses a taken one the same way), asked before the
    // password and the confirmation: nothing to confirm for a change that cannot be made.
    if (email !== '' && email !== before.email && (await emailTaken(app.db, email, request.user.id))) {
      throw refuse(CODE.recordDuplicate, { field: userInfo.fields.email!.label[request.lang], value: email });
    }
    // The e-mail receives password-reset codes: a stolen session must not redirect them. So a
    // change needs the password again (a wrong one counts as a failed login) and is confirmed
    // (the 412 dialog), with a flag good for this very address only.
    if (email !== before.email) {
      await checkCurrentPassword(app.db, request, request.body.password);
      await requireConfirmation(request, reply, { params: { from: before.email, to: email }, messageKey: 'profile.confirmEmail' });
    }
    await saveProfile(app.db, request.user.id, { userNameEn, email, gender: request.body.gender });
    return ok(await readProfile(app.db, request.user.id));
  });
}
