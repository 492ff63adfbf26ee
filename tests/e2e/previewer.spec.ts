import { spawnSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DIALOG_WIDTH, PREVIEW_CONTENT_WIDTH } from '../../src/shared/constants';
import { ADMIN, loginAs } from './support/users';
import { expectNoRawLocaleKeys } from './support/locale-keys';
import { GBK_TEXT, chinesePdfFile, docxFile, gbkFile, pdfFile, pngFile } from './support/preview-files';

/**
 * Issue 13 point 5 as a user meets it: files attached to a counterparty (uploaded through the
 * attachment widget, as a user does) open in the 842 px previewer from their row's Preview
 * action: an image; a pdf of three pages, turned and zoomed to the maximum where the button
 * turns off; a text written in GBK, shown as the right Chinese; a Word document, which on a
 * server without LibreOffice (CI) says so with the download, and where LibreOffice is
 * installed shows the server's pdf of it. No request carries the session token in its address.
 */

/**
 * Whether the server converts Office files: it runs on this machine with this environment, so
 * it finds LibreOffice exactly when this does (OFFICE_CONVERTER=none turns it off for both).
 */
const CONVERTER = process.env.OFFICE_CONVERTER ?? 'soffice';
const SOFFICE = CONVERTER !== 'none' && CONVERTER !== '' && spawnSync(CONVERTER, ['--version'], { timeout: 60_000 }).status === 0;

const uploader = (page: Page) => page.getByTestId('attachment-upload');
const previewer = (page: Page) => page.getByTestId('preview-dialog');
const rowOf = (page: Page, fileName: string) => uploader(page).getByTestId('upload-row').filter({ has: page.getByTestId('upload-file-name').getByText(fileName, { exact: true }) });
/** Names no other test (or worker) uses. */
const stamp = () => `${test.info().parallelIndex}-${Date.now().toString(36)}`;

/** An add form of counterparties with its attachments (a draft's files are their uploader's). */
async function openAttachments(page: Page) {
  await loginAs(page, ADMIN, '/counter-party');
  await expect(page.getByTestId('resource-counter-party')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(uploader(page)).toBeVisible();
}

async function attach(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await uploader(page).getByTestId('upload-input').setInputFiles(files);
  for (const f of files) await expect(rowOf(page, f.name)).toBeVisible({ timeout: 20_000 });
}

async function preview(page: Page, fileName: string): Promise<Locator> {
  await rowOf(page, fileName).locator('[data-part=preview]').click();
  const dialog = previewer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveAttribute('data-state', 'loading', { timeout: 30_000 });
  return dialog;
}

async function closePreview(page: Page) {
  await page.keyboard.press('Escape');
  await expect(previewer(page)).toHaveCount(0);
}

test('previews an image, a pdf page by page up to 500 %, a GBK text and a Word document, never with the token in an address', async ({ page }) => {
  test.setTimeout(120_000);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  // A refused worker, image or data file (the content security policy) is a console error.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openAttachments(page);
  const id = stamp();
  const names = { image: `logo-${id}.png`, pdf: `report-${id}.pdf`, text: `说明-${id}.txt`, word: `memo-${id}.docx` };
  await attach(page, [
    { name: names.image, mimeType: 'image/png', buffer: pngFile(300, 150, [30, 120, 200]) },
    { name: names.pdf, mimeType: 'application/pdf', buffer: pdfFile(['First page', 'Second page', 'Third page']) },
    { name: names.text, mimeType: 'text/plain', buffer: gbkFile() },
    { name: names.word, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docxFile('Quarterly memo') },
  ]);

  // The image, its width fitting the 600 px content at 100 % (never enlarged beyond its own 300 px).
  let dialog = await preview(page, names.image);
  await expect(dialog).toHaveAttribute('data-state', 'rendered');
  const box = await dialog.boundingBox();
  expect(Math.round(box!.width)).toBe(DIALOG_WIDTH.preview);
  expect(Math.round((await dialog.getByTestId('preview-content').boundingBox())!.width)).toBe(PREVIEW_CONTENT_WIDTH);
  const image = dialog.getByTestId('preview-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.src.startsWith('blob:')])).toEqual([300, true]);
  await dialog.getByTestId('preview-zoom-in').click();
  await expect(dialog.getByTestId('preview-zoom')).toHaveText('110%');
  await expect.poll(() => image.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(330);
  // Every text is there: the previewer's locale module is loaded with the page's.
  await expectNoRawLocaleKeys(page);
  const { violations } = await new AxeBuilder({ page }).include('[data-testid=preview-dialog]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await closePreview(page);

  // The pdf: three pages, turned by the buttons, the keys and the page field; zoom to the maximum.
  dialog = await preview(page, names.pdf);
  const canvas = dialog.getByTestId('preview-canvas');
  await expect(canvas).toHaveAttribute('data-drawing', 'false');
  await expect(dialog.getByTestId('preview-page-count')).toContainText('3');
  const pdfScan = await new AxeBuilder({ page }).include('[data-testid=preview-dialog]').analyze();
  expect(pdfScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expect(dialog.getByTestId('preview-prev-page')).toBeDisabled();
  await dialog.getByTestId('preview-next-page').click();
  await expect(canvas).toHaveAttribute('data-page', '2');
  await dialog.getByTestId('preview-content').press('ArrowRight');
  await expect(canvas).toHaveAttribute('data-page', '3');
  await expect(dialog.getByTestId('preview-next-page')).toBeDisabled();
  await dialog.getByTestId('preview-page').fill('1');
  await dialog.getByTestId('preview-page').press('Enter');
  await expect(canvas).toHaveAttribute('data-page', '1');
  const widthAt100 = await canvas.evaluate((c) => c.getBoundingClientRect().width);
  // At 100 % the page is as wide as the 600 px content inside its padding.
  expect(widthAt100).toBeGreaterThan(PREVIEW_CONTENT_WIDTH - 24);
  expect(widthAt100).toBeLessThanOrEqual(PREVIEW_CONTENT_WIDTH);
  for (let i = 0; i < 40; i++) await dialog.getByTestId('preview-content').press('+');
  await expect(dialog.getByTestId('preview-zoom')).toHaveText('500%');
  await expect(dialog.getByTestId('preview-zoom-in')).toBeDisabled();
  await expect(canvas).toHaveAttribute('data-drawing', 'false');
  expect(Math.abs((await canvas.evaluate((c) => c.getBoundingClientRect().width)) - widthAt100 * 5)).toBeLessThan(3);
  await dialog.getByTestId('preview-zoom-reset').click();
  await expect(dialog.getByTestId('preview-zoom')).toHaveText('100%');
  await closePreview(page);

  // The GBK text, as the Chinese it is.
  dialog = await preview(page, names.text);
  await expect(dialog.getByTestId('preview-text')).toHaveText(GBK_TEXT);
  await closePreview(page);

  // The Word document: the server's pdf with LibreOffice; on CI, the message and the download.
  dialog = await preview(page, names.word);
  if (SOFFICE) {
    await expect(dialog).toHaveAttribute('data-state', 'rendered');
    await expect(dialog.getByTestId('preview-canvas')).toHaveAttribute('data-drawing', 'false');
    await expect(dialog.getByTestId('preview-page-count')).toContainText('1');
  } else {
    await expect(dialog).toHaveAttribute('data-state', 'unsupported');
    await expect(dialog.getByTestId('preview-unsupported')).toContainText('未安装 Office 转换程序');
  }
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('preview-download').click()]);
  expect(download.suggestedFilename()).toBe(names.word);
  await closePreview(page);

  const token = await page.evaluate(() => localStorage.getItem('sessionKey'));
  expect(token).toBeTruthy();
  expect(requested.filter((url) => url.includes(token!) || /jwttoken=/i.test(url))).toEqual([]);
  expect(errors).toEqual([]);
});

test('on a narrow screen the previewer takes the screen’s width and the pdf page fits it', async ({ page }) => {
  await openAttachments(page);
  await page.setViewportSize({ width: 390, height: 800 });
  const name = `narrow-${stamp()}.pdf`;
  await attach(page, [{ name, mimeType: 'application/pdf', buffer: pdfFile(['Only page']) }]);
  const dialog = await preview(page, name);
  await expect(dialog.getByTestId('preview-canvas')).toHaveAttribute('data-drawing', 'false');
  const box = (await dialog.boundingBox())!;
  // All of it on the screen: its Download button is not scrolled away.
  expect([box.x >= 0, box.width <= 390, box.y >= 0, box.y + box.height <= 800]).toEqual([true, true, true, true]);
  await expect(dialog.getByTestId('preview-download')).toBeInViewport();
  const content = (await dialog.getByTestId('preview-content').boundingBox())!;
  const canvas = (await dialog.getByTestId('preview-canvas').boundingBox())!;
  expect(canvas.width).toBeLessThanOrEqual(content.width);
  await closePreview(page);
});

test('a Chinese pdf whose font is not embedded draws its text (PDF.js reads the predefined CMap the build ships)', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await openAttachments(page);
  const name = `合同-${stamp()}.pdf`;
  await attach(page, [{ name, mimeType: 'application/pdf', buffer: chinesePdfFile('资金管理合同') }]);
  const dialog = await preview(page, name);
  const canvas = dialog.getByTestId('preview-canvas');
  await expect(canvas).toHaveAttribute('data-drawing', 'false');
  // Dark pixels where the line of text is: none at all when the CMap cannot be read.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, Math.floor(c.height / 4));
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(500);
  expect(warnings.filter((w) => /cmap/i.test(w))).toEqual([]);
  await closePreview(page);
});
