import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import rosetta from 'rosetta';
import { certErrorMessage, certErrorText, CLIENT_CERT_ERRORS, TOOLKIT_CODE, TOOLKIT_ERRORS, toolkitError } from '../../src/shared/cert-errors';
import { LANGUAGES } from '../../src/shared/constants';

/** The certificate error table (shell §8): every code and key has its message in both languages. */

const i18n = rosetta<Record<string, unknown>>();
for (const lang of LANGUAGES) i18n.set(lang, { cert: JSON.parse(readFileSync(join(__dirname, '../../locale/cert', lang, 'index.json'), 'utf8')) });
const t = (lang: string) => (key: string, params: Record<string, string>) => i18n.t(key, params, lang) || key;

describe('certificate error messages', () => {
  it('exist in zh-CN and en-US for every toolkit code, client error and the unknown code', () => {
    const infos = [
      ...Object.keys(TOOLKIT_ERRORS).map((hex) => toolkitError(Number(hex)).info),
      ...CLIENT_CERT_ERRORS.map((key) => ({ kind: 'client' as const, key })),
      toolkitError(0x12345).info,
    ];
    for (const lang of LANGUAGES) for (const info of infos) {
      const { key, params } = certErrorMessage(info);
      const text = t(lang)(key, params);
      expect([key, lang, text !== key && text.trim() !== '']).toEqual([key, lang, true]);
    }
    expect(t('zh-CN')('cert.validFail', {})).not.toBe('cert.validFail');
  });

  it('show a toolkit error as its hex code and localised message', () => {
    expect(certErrorText(toolkitError(TOOLKIT_CODE.invalidLicence).info, t('zh-CN'))).toBe('0x8000000A License无效');
    expect(certErrorText(toolkitError(TOOLKIT_CODE.sign).info, t('en-US'))).toBe('0x80000005 Signing failed');
    expect(certErrorText(toolkitError(1).info, t('en-US'))).toBe('0x00000001 Method not implemented');
  });

  it('show an unknown code with the generic message carrying the code', () => {
    expect(certErrorText(toolkitError(0x80001234).info, t('en-US'))).toBe('0x80001234 Certificate toolkit error 0x80001234');
    // A signed 32-bit value on the wire names the same code.
    expect(toolkitError(-2147483638).info).toMatchObject({ code: 0x8000000a, name: 'invalidLicence' });
  });

  it("use the spec's own texts", () => {
    const zh = t('zh-CN');
    expect(zh('cert.error.noLicensedCertificate', {})).toBe('没有找到符合License的证书');
    expect(zh('cert.error.noCertificateSelected', {})).toBe('尚未选择证书');
    expect(zh('cert.error.signFailed', {})).toBe('加密失败');
    expect(t('en-US')('cert.error.unsupportedBrowser', {})).toBe('Unsupported browser!');
  });
});
