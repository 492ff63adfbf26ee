import { expect, type Page } from '@playwright/test';

/** The seeded demo users (server/db/seed.ts). */
export const ADMIN = { userCode: 'admin', password: 'Admin@2026', name: '系统管理员' } as const;
/** The second administrator: reviews users and duties an administrator wrote (four eyes). */
export const CHECKER = { userCode: 'checker', password: 'Checker@2026', name: '复核员' } as const;
export const STAFF = { userCode: 'staff', password: 'Staff@2026' } as const;

/** Logs in through the login page's password form and waits for the shell's menu. */
export async function loginAs(page: Page, user: { userCode: string; password: string }, route = ''): Promise<void> {
  await page.goto(`/login.html${route ? `?redirect=${encodeURIComponent(route)}` : ''}#/login`);
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox').first().fill(user.userCode);
  await form.locator('input[type=password]').fill(user.password);
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/index\.html/);
  await expect(page.getByTestId('nav-menu')).toBeVisible();
}
