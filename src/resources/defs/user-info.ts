import { col, defineResource, dict, int, operation, seq, state, text } from '../define';

/** The same rule as the browser's and the profile's e-mail check (src/shared/profile-rules.ts). */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/**
 * The portal's users (portal-shell §7 "user info"), reviewed: added as a draft, submitted,
 * approved by another administrator (four eyes). Only an approved, enabled and unlocked user
 * may log in: server/resources/user-hooks.ts keeps `app_user.status` in step. The password and
 * the lock are not fields: a new user gets a random password nobody knows, and the
 * administrator sets them with the calls of src/shared/contract/user-admin.ts (reset password,
 * change locked time), as with the duty stations.
 *
 * `orgCode` names the organisation (org-info's code, as department does); `org_id` stays the
 * foreign key the session reads and is kept in step with it. `userType` and `staffType` stay
 * integers (the session compares userType with 1); their options come from the UserType and
 * StaffType dictionaries. `certSerial` binds a certificate (its serial, lowercase hex) for certificate login
 * and confirmation (docs/certificates.md).
 */
export default defineResource({
  code: 'user-info',
  path: '/user-info',
  table: 'app_user',
  label: { 'zh-CN': '用户', 'en-US': 'User' },
  fields: {
    userCode: text('用户代码', 'User code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    userName: text('用户名称', 'User name', { max: 100, required: true }),
    userNameEn: text('英文名称', 'English name', { max: 100 }),
    orgCode: text('所属机构', 'Organisation', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', lookup: 'organisation', fills: { orgCode: 'orgCode' }, autoSelect: true }),
    email: text('电子邮箱', 'E-mail', { max: 200, pattern: EMAIL_PATTERN, patternHint: 'admin.hint.email', unique: true }),
    userType: int('用户类型', 'User type', { min: 1, max: 2, dict: 'UserType', required: true, default: 2 }),
    staffType: int('人员类型', 'Staff type', { min: 1, max: 2, dict: 'StaffType', required: true, default: 2 }),
    gender: dict('性别', 'Gender', { dict: 'Gender', max: 8 }),
    certSerial: text('证书序列号', 'Certificate serial', { max: 64, pattern: '^[0-9a-f]+$', patternHint: 'resource.hint.certSerial', unique: true }),
  },
  query: ['userCode', 'userName', 'orgCode', 'userType'],
  columns: [seq(), col('userCode', 'code'), col('userName'), col('userNameEn'), col('orgCode', 'code'), col('email'), col('userType'), col('gender'), state(), operation()],
  title: 'userName',
  sort: { field: 'userCode', order: 'asc' },
  lifecycle: 'review',
  form: {
    sections: [
      { name: 'account', title: { 'zh-CN': '账户信息', 'en-US': 'Account' }, fields: ['userCode', 'userName', 'userNameEn', 'userType', 'staffType'] },
      { name: 'contact', title: { 'zh-CN': '联系与机构', 'en-US': 'Contact and organisation' }, fields: ['orgCode', 'email', 'gender', 'certSerial'] },
    ],
  },
});
