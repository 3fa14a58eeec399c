import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Clicks a link until the page is at `url`. A click made while the page's data arrives can land on
 * a link that is being replaced and leave the page where it was (seen in CI on the admin pages, once
 * in a few runs): the test clicks again instead of waiting out its timeout.
 */
export async function clickUntilAt(page: Page, link: Locator, url: RegExp): Promise<void> {
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
