import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { ATTACHMENT_DEFAULT_CATEGORY, UPLOAD_MAX_BYTES } from '../../src/shared/constants';
import {
  ACCEPTED_EXTENSIONS,
  NO_SETTING,
  attachmentProblem,
  canDelete,
  categoriesOf,
  draftOrderNo,
  extensionOf,
  formatBytes,
  isAcceptedExtension,
  ownerOf,
  decisionDraftOrderNo,
  decisionOrderNo,
  previewKindOf,
  recordOrderNo,
  remainingSlots,
  type AttachmentSetting,
} from '../../src/shared/attachments';
import type { UploadedFile } from '../../src/shared/contract/upload';
import { choiceProblem, uploadMachine } from '../../src/machines/upload.machine';
import { connectUpload } from '../../src/machines/upload.connect';

const SETTING: AttachmentSetting = {
  attachmentFlag: true,
  attachmentOuterUrl: '',
  isSelfSet: true,
  defaultIsRequire: false,
  isLimit: true,
  attachmentSize: 2,
  attachmentTypeList: [
    { attachmentTypeName: '开户许可证', isRequire: true },
    { attachmentTypeName: '其他', isRequire: false },
  ],
};
const file = (id: number, name: string, deleteFlag = '1', fileBusinessType = ATTACHMENT_DEFAULT_CATEGORY): UploadedFile => ({
  id, orderNo: 'contact-org-acc:1', originalFileName: name, fileExtName: extensionOf(name), fileMBSize: 0, byteSize: 2048, createTime: '2026-11-24T00:00:00Z', createByName: 'a', fileBusinessType, deleteFlag, comment: '',
});

/** Widgets §5 "Upload" as the pure rules both sides apply (src/shared/attachments.ts). */
describe('attachment rules', () => {
  it('accepts the spec’s default types only, by extension, whatever its case', () => {
    for (const ext of ['csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pdf', 'png', 'jpeg', 'jpg', 'gif', 'txt', 'zip', 'rar', 'odt', 'ods', 'odp', 'rtf']) expect(isAcceptedExtension(ext)).toBe(true);
    expect(isAcceptedExtension('PDF')).toBe(true);
    for (const ext of ['exe', 'js', 'html', 'svg', '']) expect(isAcceptedExtension(ext)).toBe(false);
    expect(ACCEPTED_EXTENSIONS).toContain('odf');
    expect([extensionOf('a.b.PDF'), extensionOf('noext'), extensionOf('.hidden'), extensionOf('trailing.')]).toEqual(['pdf', '', '', '']);
  });

  it('says the limit in the size message and measures it', () => {
    expect(formatBytes(UPLOAD_MAX_BYTES)).toBe('500 MB');
    expect([formatBytes(1024), formatBytes(1536), formatBytes(52)]).toEqual(['1 KB', '1.5 KB', '52 B']);
  });

  it('lets an external address make the check valid, asks for any file by default, and names the first missing required type', () => {
    expect(attachmentProblem(SETTING, [])).toEqual({ kind: 'required', type: '开户许可证' });
    expect(attachmentProblem(SETTING, ['其他', '开户许可证'])).toBeNull();
    expect(attachmentProblem({ ...SETTING, attachmentOuterUrl: 'https://dms.example/x' }, [])).toBeNull();
    expect(attachmentProblem({ ...SETTING, isSelfSet: false, defaultIsRequire: true }, [])).toEqual({ kind: 'requiredAny' });
    expect(attachmentProblem({ ...SETTING, isSelfSet: false, defaultIsRequire: true }, [ATTACHMENT_DEFAULT_CATEGORY])).toBeNull();
    expect(attachmentProblem({ ...SETTING, attachmentFlag: false }, [])).toBeNull();
    expect(attachmentProblem(NO_SETTING, [])).toBeNull();
  });

  it('offers the business’s own types as categories, else the default one (verbatim on the wire)', () => {
    expect(categoriesOf(SETTING)).toEqual(['开户许可证', '其他']);
    expect(categoriesOf({ ...SETTING, isSelfSet: false })).toEqual(['upload-none-defalut']);
  });

  it('counts files against attachmentSize only when isLimit is on', () => {
    expect(remainingSlots(SETTING, 1)).toBe(1);
    expect(remainingSlots(SETTING, 5)).toBe(0);
    expect(remainingSlots({ ...SETTING, isLimit: false }, 99)).toBe(Infinity);
  });

  it('offers delete only outside view and approval, when deleteFlag is empty or 1', () => {
    expect([canDelete('edit', ''), canDelete('add', '1'), canDelete('edit', null), canDelete('edit', '0')]).toEqual([true, true, true, false]);
    expect([canDelete('view', '1'), canDelete('approval', '')]).toEqual([false, false]);
  });

  it('previews image, pdf, txt and Office extensions only', () => {
    expect(['png', 'pdf', 'txt', 'docx', 'xls'].map(previewKindOf)).toEqual(['image', 'pdf', 'text', 'office', 'office']);
    expect([previewKindOf('zip'), previewKindOf('rar')]).toEqual([null, null]);
  });

  it('names a record or a draft by its orderNo, and nothing else', () => {
    expect(ownerOf(recordOrderNo('contact-org-acc', 12))).toEqual({ kind: 'record', resourceCode: 'contact-org-acc', recordId: 12 });
    expect(ownerOf(draftOrderNo('0B0E9D1C-3A53-4C53-9A4E-2F1DE2A6D0A1'))).toEqual({ kind: 'draft' });
    for (const bad of ['LOGIN_PAGE', 'contact-org-acc:0', '../x:1', 'draft:nope']) expect(ownerOf(bad)).toBeNull();
  });

  it('names a decision draft by its record, and a decision by its history id (docs/approvals.md)', () => {
    expect(decisionDraftOrderNo('finance-org-enter', 5)).toBe('WKFL:finance-org-enter:5');
    expect(ownerOf(decisionDraftOrderNo('finance-org-enter', 5))).toEqual({ kind: 'decisionDraft', businessType: 'finance-org-enter', recordId: 5 });
    expect(ownerOf(decisionOrderNo(42))).toEqual({ kind: 'decision', historyId: 42 });
    for (const bad of ['WKFL0', 'WKFL:rate-plan:0', 'WKFL:Rate:1', 'WKFL:rate-plan', 'wkfl12']) expect(ownerOf(bad)).toBeNull();
  });

  it('refuses a choice before sending: type first, then size below the limit, then the count', () => {
    const context = { maxBytes: 100, setting: SETTING, files: [file(1, 'a.pdf')], queue: [] };
    expect(choiceProblem(context, [{ key: 'k', name: 'run.exe', size: 1 }])).toEqual({ kind: 'notAccepted', name: 'run.exe', ext: 'exe' });
    expect(choiceProblem(context, [{ key: 'k', name: 'big.pdf', size: 100 }])).toEqual({ kind: 'tooLarge', name: 'big.pdf', limit: '100 B' });
    expect(choiceProblem(context, [{ key: 'k', name: 'a.txt', size: 1 }, { key: 'l', name: 'b.txt', size: 1 }])).toEqual({ kind: 'countLimit', max: 2 });
    expect(choiceProblem(context, [{ key: 'k', name: 'a.txt', size: 99 }])).toBeNull();
  });
});

describe('uploader view props', () => {
  async function ready(readOnly: boolean, files: UploadedFile[]) {
    const actor = createActor(
      uploadMachine.provide({ actors: { loadAttachments: fromPromise(async () => ({ files, setting: SETTING })) } }),
      { input: { orderNo: 'contact-org-acc:1', businessCode: 'contact-org-acc', readOnly, maxBytes: 100 } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    return actor;
  }

  it('read-only shows no dropzone, no delete and no bulk delete, but downloads', async () => {
    const actor = await ready(true, [file(1, 'a.pdf')]);
    const api = connectUpload(actor.getSnapshot(), actor.send);
    expect(api.state).toBe('idle');
    expect([api.getDropzoneProps().hidden, api.getDeleteProps(api.files[0]!).hidden, api.getBulkDeleteProps().hidden, api.getBulkDownloadProps().disabled]).toEqual([true, true, true, false]);
    expect(api.getRowProps(api.files[0]!)).toEqual({ 'data-part': 'row', 'data-state': 'idle', 'data-key': '1' });
  });

  it('says the empty selection, then the none-deletable selection, and asks before a delete', async () => {
    const actor = await ready(false, [file(1, 'a.pdf'), file(2, 'locked.pdf', '0', '开户许可证')]);
    let api = connectUpload(actor.getSnapshot(), actor.send);
    expect(api.missing).toBeNull();
    api.getBulkDeleteProps().onClick();
    expect(connectUpload(actor.getSnapshot(), actor.send).problem).toEqual({ key: 'upload.problem.emptySelection' });
    api.getSelectProps(api.files[1]!).onCheckedChange();
    connectUpload(actor.getSnapshot(), actor.send).getBulkDeleteProps().onClick();
    expect(connectUpload(actor.getSnapshot(), actor.send).problem).toEqual({ key: 'upload.problem.noneDeletable' });
    api = connectUpload(actor.getSnapshot(), actor.send);
    expect(api.getDeleteProps(api.files[1]!).hidden).toBe(true);
    api.getDeleteProps(api.files[0]!).onClick();
    api = connectUpload(actor.getSnapshot(), actor.send);
    expect([api.state, api.confirming, api.getConfirmProps().open]).toEqual(['confirming', { count: 1, name: 'a.pdf' }, true]);
    api.getConfirmCancelProps().onClick();
    expect(connectUpload(actor.getSnapshot(), actor.send).state).toBe('idle');
  });

  it('names the missing required type for the save', async () => {
    const actor = await ready(false, [file(1, 'a.pdf')]);
    expect(connectUpload(actor.getSnapshot(), actor.send).missing).toEqual({ key: 'upload.required', params: { type: '开户许可证' } });
  });
});
