import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startAgent, type RunningAgent } from '../../../agent/server';
import type { EndEntityName } from '../../../agent/pki/generate';
import { CERT_AGENT_PORTS, CERT_FACTORY_PARAM, CERT_TEST_LICENCE, CERT_TOOLKIT_PORT } from '../../../src/shared/constants';
import { administrators, write, type Written } from './admin-api';
import { ownServerPort, startOwnServer, stopOwnServer, type OwnServer } from './own-server';

/**
 * The certificate e2e files' world (issue 14): the reference local agent in this worker's
 * process and a portal server of their own that trusts its PKI.
 *
 * Why a server of their own, not the shared one: a cert-set setting and the `cert.factory`
 * parameter are server-wide, and the shared server runs the other worker's files meanwhile: a
 * confirmation demanded of /currency would turn another file's currency writes into 412s, and
 * a vendor switched mid-run would change what its certificate tab does. One start costs a few
 * seconds; a retry starts from a fresh database too (certificate refusals count as failed
 * logins, and challenges are limited per address).
 *
 * Why the agent's PKI is the server's `<DATA_DIR>/pki`: outside production with no CA files the
 * server trusts the test PKI in CERT_PKI_DIR, whose default is exactly that directory, and reads
 * it on its first certificate call. The agent generates it (about a second, in this process)
 * while the server boots, long before that call.
 *
 * The agent holds fixed ports (the client probes CERT_AGENT_PORTS from 63451, and xinan's
 * toolkit is 9655), so only one such file runs at a time on a machine: the files are serial, and
 * the control endpoint stays in-process (no third fixed port).
 */
export const CERT_SERVER_PORT = ownServerPort(53);
export const CERT_BASE_URL = `http://127.0.0.1:${CERT_SERVER_PORT}`;

export type Factory = 'tianwei' | 'tianwei2021' | 'xinan' | 'cfca';
/** Where each flavour's signature is made: the wire its adapter speaks (docs/certificates-client.md). */
export const SIGN_URL: Record<Factory, string> = {
  tianwei: `https://127.0.0.1:${CERT_AGENT_PORTS[0]}/sign`,
  tianwei2021: `https://127.0.0.1:${CERT_AGENT_PORTS[0]}/sign`,
  xinan: `http://127.0.0.1:${CERT_TOOLKIT_PORT}/sign`,
  cfca: `https://127.0.0.1:${CERT_AGENT_PORTS[0]}/cfca/SignMessageDetached`,
};

export interface CertWorld {
  agent: RunningAgent;
  server: OwnServer;
  dataDir: string;
  serial: (name: EndEntityName) => string;
}

export async function startCertWorld(): Promise<CertWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cert-'));
  const booting = startOwnServer(dataDir, CERT_SERVER_PORT, { NODE_ENV: 'test' });
  let agent: RunningAgent;
  try {
    agent = await startAgent({ pkiDir: path.join(dataDir, 'pki'), licence: CERT_TEST_LICENCE, controlPort: null });
  } catch (e) {
    booting.then((s) => stopOwnServer(s.child)).catch(() => undefined);
    throw new Error(`the reference agent could not start (is another one holding ${CERT_AGENT_PORTS[0]} or ${CERT_TOOLKIT_PORT}?): ${String(e)}`);
  }
  const server = await booting.catch(async (e) => {
    await agent.close();
    throw e;
  });
  return { agent, server, dataDir, serial: (name) => agent.pki.endEntities[name].serialHex.toLowerCase() };
}

export async function stopCertWorld(world: CertWorld | undefined): Promise<void> {
  if (!world) return;
  await Promise.all([world.agent.close(), stopOwnServer(world.server.child)]);
  fs.rmSync(world.dataDir, { recursive: true, force: true });
}

/** The certificate server's administrators, who also choose the vendor flavour it hands out. */
export async function certAdministrators(baseURL: string) {
  const admins = await administrators(baseURL);
  let factoryParam: Written | null = null;
  return {
    ...admins,
    /** The vendor flavour the server hands out: the enabled sys-param cert.factory, as an administrator keeps it. */
    async setFactory(factory: Factory) {
      if (!factoryParam) {
        factoryParam = await write(admins.api, admins.admin, '/api/fsmc/sys-param-setting/add', { paramCode: CERT_FACTORY_PARAM, paramName: '证书厂商', paramValue: factory });
        return;
      }
      factoryParam = await write(admins.api, admins.admin, '/api/fsmc/sys-param-setting/update', { id: factoryParam.id, version: factoryParam.version, paramName: '证书厂商', paramValue: factory });
    },
  };
}

/** A fresh browser (no session, Chinese unless told) on the certificate server; the agent's TLS certificate is accepted. */
export async function freshPage(browser: Browser, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: CERT_BASE_URL, ignoreHTTPSErrors: true, locale: 'zh-CN' });
  await context.addInitScript((l) => localStorage.getItem('lang') ?? localStorage.setItem('lang', l), lang);
  return { context, page: await context.newPage() };
}

/**
 * Chooses a certificate by its PKI name (an option's text starts with its common name) in the
 * certificate component `testId` (cert-login-select, cert-confirm), once its list is read:
 * a list read again (refresh, after a failure) clears the choice.
 */
export async function chooseCertificate(page: Page, testId: string, name: EndEntityName): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-state', 'choosing');
  const select = page.getByTestId(`${testId}-select`);
  const option = select.locator('option', { hasText: new RegExp(`^${name} · `) });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value'))!);
}

/** Opens the login page's certificate tab and fills the user code. */
export async function openCertLogin(page: Page, userCode: string, tab = '证书登录'): Promise<void> {
  await page.goto('/login.html#/login');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByTestId('cert-login-user').fill(userCode);
}
