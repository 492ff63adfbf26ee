import { dictionary } from './dictionary';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { loginPage } from './login-page';
import { menu } from './menu';
import { outbox } from './outbox';
import { preferences } from './preferences';
import { profile } from './profile';
import { qr } from './qr';
import { remind } from './remind';
import { querySettings } from './query-settings';
import { sectionOrder } from './section-order';
import { fieldConfig } from './field-config';
import { userAdmin } from './user-admin';
import { expandElement, expandTemplate } from './dynamic-form';
import { embedded } from './embedded';
import { scroll } from './scroll';
import { lookup } from './lookup';
import { dataAuth } from './data-auth';
import { exportCalls } from './export';
import { upload } from './upload';
import { preview } from './preview';
import { importCalls } from './import';
import { cert } from './cert';
import { wkfl } from './wkfl';
import { workbench } from './workbench';
import { guide } from './guide';
import { functionTree } from './function-tree';
import { rates } from './rates';
import { licence } from './licence';
import { portalArea } from './portal-area';
import type { Endpoint } from './define';
import { HEADER_LIMITS } from '../constants';

/**
 * Every call of the server, by area (docs/api/README.md). The server registers its routes from
 * these, the browser calls them with `call()`, and docs/api is generated from them.
 */
export const contract = { login, loginPage, qr, forgotPassword, profile, menu, preferences, remind, outbox, dictionary, querySettings, userAdmin, sectionOrder, fieldConfig, embedded, lookup, expandTemplate, expandElement, scroll, dataAuth, export: exportCalls, import: importCalls, preview, upload, cert, wkfl, guide, workbench, functionTree, rates, licence, portalArea };
export type Contract = typeof contract;

/** The request headers the server reads, each with its bound (longer answers 400 before any route). */
export const requestHeaders = HEADER_LIMITS;

/** Every endpoint with its area and name, in declaration order. */
export function endpoints(): Array<{ area: string; name: string; endpoint: Endpoint }> {
  return Object.entries(contract).flatMap(([area, calls]) => Object.entries(calls as Record<string, Endpoint>).map(([name, endpoint]) => ({ area, name, endpoint })));
}

export * from './define';
export * from './common';
export { DutyStation, LanguageItem, LoginType, SystemSetting } from './login';
export { FileRow } from './login-page';
export { QrStatus } from './qr';
export { IDENTIFY_CODE_INPUT_MAX } from './forgot-password';
export { Profile, ProfileValues } from './profile';
export { MenuRow, OftenMenuItem } from './menu';
export { Reminder } from './remind';
export { OutboxMessage } from './outbox';
export { DictionaryOption } from './dictionary';
export { SavedQuery, HiddenParam, ColumnSetting, SAVED_QUERY_OPERATIONS } from './query-settings';
export { SectionEntry, SECTIONS_MAX } from './section-order';
export { FieldConfig } from './field-config';
export { EmbeddedPageInfo } from './embedded';
export { TemplateRow, TemplateDetail, ElementRow } from './dynamic-form';
export { LockState, OnlineUser, DutyOption, DutyStations, FunctionNode, FunctionGrants, SUPER_ADMIN_CODE } from './user-admin';
