import { createHash, randomUUID } from 'node:crypto';
import { LOGIN_PAGE_FILES } from '../../../src/shared/constants';
import { LOGIN_LOGO } from '../../assets/login-logo';

/** Files shipped with the server and recorded by the seed: the login page's default logo. */
export interface SeedFile {
  orderNo: string;
  fileBusinessType: string;
  originalFileName: string;
  mimeType: string;
  content: string;
  /** The sha256 of contents shipped before under this file: stored copies of them are replaced (services/files.ts restoreSeedFiles). */
  replaces?: readonly string[];
}

export const SEED_FILES: SeedFile[] = [{ orderNo: LOGIN_PAGE_FILES, fileBusinessType: 'login-logo', ...LOGIN_LOGO }];

/** Their upload_file rows, each under a fresh server-generated storage name. */
export function seedFileRows() {
  return SEED_FILES.map((f) => {
    const ext = f.originalFileName.slice(f.originalFileName.lastIndexOf('.') + 1).toLowerCase();
    return {
      orderNo: f.orderNo,
      systemCode: null,
      fileBusinessType: f.fileBusinessType,
      originalFileName: f.originalFileName,
      fileExtName: ext,
      mimeType: f.mimeType,
      byteSize: Buffer.byteLength(f.content),
      sha256: createHash('sha256').update(f.content).digest('hex'),
      storageName: `${randomUUID()}.${ext}`,
      comment: null,
      createdBy: null,
    };
  });
}
