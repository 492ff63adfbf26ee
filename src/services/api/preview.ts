import { contract, pathOf } from '../../shared/contract';
import { download } from '../http/client';

/**
 * The previewer's calls (docs/previewer.md). Each is a fetch carrying the session in its
 * header, read as a blob: no session token ever goes into an address, and the bytes never sit
 * behind a link another page could open.
 */
const quiet = { save: false, successTip: false, noErrorTip: true, noLoading: true } as const;

/** A stored file's own bytes (GET view-file, as widgets §7's "view file by id"). */
export async function fetchFileBytes(fileId: number, signal?: AbortSignal): Promise<Blob> {
  return (await download({ method: 'GET', url: pathOf(contract.loginPage.viewFile), data: { id: String(fileId) }, signal, ...quiet })).blob;
}

/** An Office file as the server's pdf (file-online-preview/{id}); a refusal carries its code (2800: no converter). */
export async function fetchOfficePdf(fileId: number, signal?: AbortSignal): Promise<Blob> {
  return (await download({ method: 'GET', url: pathOf(contract.preview.office, { id: String(fileId) }), signal, ...quiet })).blob;
}

/** The original file saved under its own name, with the download tip (GET download-file, widgets §7). */
export async function downloadStoredFile(fileId: number): Promise<void> {
  await download({ method: 'GET', url: pathOf(contract.upload.download), data: { id: String(fileId) } });
}
