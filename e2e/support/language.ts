import { type BrowserContext, type Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, type Language } from '@tradeops/shared';

/** Opens every page of `target` (a page, or all of a browser context's) in `language`, as for a visitor who chose it before. */
export async function chooseLanguage(target: Page | BrowserContext, language: Language): Promise<void> {
  await target.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    language,
  ] as const);
}
