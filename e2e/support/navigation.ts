import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Clicks a link until the page is at `url` and, when given, shows `landed` (the new page's heading).
 * A click made while the page's data arrives can land on a link that is being replaced and leave the
 * page where it was; on a loaded CI machine the address has also changed while the old page stayed
 * (seen on the admin pages, once in a few runs, never reproduced on a quiet machine, even with the
 * CPU slowed 6×): the test clicks again instead of waiting out its timeout.
 */
export async function clickUntilAt(page: Page, link: Locator, url: RegExp, landed?: Locator): Promise<void> {
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(url, { timeout: 3_000 });
    if (landed) await expect(landed).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}
