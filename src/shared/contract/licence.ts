import { LICENCE_TEXT_MAX } from '../constants';
import { Body, Empty, Id, OneOf, Required, Type, endpoint, type Static } from './define';

/**
 * Product licences beside their resource family (`license`, whose add makes one; docs/licences.md):
 * a licence's file, a file handed back checked, and the public key a product verifies licences
 * with. Administrators holding the licence page's function.
 */
const base = '/api/fsmc/system/license';
const flags = { func: '/license', admin: true } as const;

/** What a licence file handed back is (docs/licences.md, "Checking a licence"). */
export const LICENCE_STATUSES = ['valid', 'notYetValid', 'expired', 'badSignature', 'otherKey', 'unreadable'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
/** The licence's record in this register: in force, withdrawn (disabled), or not here. */
export const LICENCE_REGISTER_STATES = ['enabled', 'disabled', 'absent'] as const;

export const LicenceTerms = Type.Object({
  licenseNo: Type.String(),
  licensee: Type.String(),
  maxUsers: Type.Number(),
  validFrom: Type.String(),
  validTo: Type.String(),
  machineCode: Type.Union([Type.String(), Type.Null()]),
  issuedAt: Type.String(),
  keyId: Type.String(),
});
export const LicenceCheckAnswer = Type.Object({
  status: OneOf(LICENCE_STATUSES),
  /** What the file says it grants; null when it cannot be read or its signature fails. */
  licence: Type.Union([LicenceTerms, Type.Null()]),
  /** The register's word on it; null when the file names no licence this server could trust. */
  register: Type.Union([OneOf(LICENCE_REGISTER_STATES), Type.Null()]),
  /** The key this server signs with, for comparing with the file's. */
  keyId: Type.String(),
});
export type LicenceCheckAnswer = Static<typeof LicenceCheckAnswer>;

export const licence = {
  file: endpoint({
    path: `${base}/file`,
    summary: 'The signed licence file of a licence in the register (text, `<licenseNo>.lic`; 1401 when there is no such licence).',
    body: Body({ id: Id }),
    data: Type.Null(),
    flags: { ...flags, read: true },
    file: true,
  }),
  check: endpoint({
    path: `${base}/check`,
    summary: `Checks a licence file handed back (at most ${LICENCE_TEXT_MAX} characters): readable, signed by this deployment's key, in its dates today, and whether the register holds it enabled.`,
    body: Body({ text: Required(LICENCE_TEXT_MAX) }),
    data: LicenceCheckAnswer,
    flags: { ...flags, read: true },
    client: { inlineErrors: true },
  }),
  publicKey: endpoint({
    path: `${base}/public-key`,
    summary: 'The public key licences are verified with (SPKI PEM, `product-licence-<keyId>.pem`), for the product that reads them.',
    body: Empty,
    data: Type.Null(),
    flags: { ...flags, read: true },
    file: true,
  }),
};
