import { type APIRequestContext, type Browser, type BrowserContext, type Page, expect } from '@playwright/test';
import { confirmEmail } from './email';
import { KYC_UPLOADS } from './kyc-files';
import { originHeaders } from './login';

export interface ApprovedCompany {
  context: BrowserContext;
  page: Page;
  userId: string;
  email: string;
  companyName: string;
}

let counter = 0;

/**
 * A fresh company, signed in in a browser context of its own and ready to trade:
 * signed up, its e-mail address confirmed through the link in the outbox, its
 * five KYC documents uploaded, verified and approved by an admin,
 * and its mode chosen (source: buyer, supply: seller) — the KYC flow itself is
 * tested in e2e/kyc, so this goes through the API. `admin` is an API context
 * signed in as an admin.
 */
export async function createApprovedCompany(
  browser: Browser,
  admin: APIRequestContext,
  baseURL: string | undefined,
  options: { companyName: string; fullName: string; mode: 'source' | 'supply' },
): Promise<ApprovedCompany> {
  counter += 1;
  const headers = originHeaders(baseURL);
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `e2e-company-${Date.now()}-${process.pid}-${counter}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers,
    data: {
      fullName: options.fullName,
      email,
      password: 'Cafe-de-Origen-2025',
      companyName: options.companyName,
      country: 'VE',
      companyType: options.mode === 'supply' ? 'manufacturer' : 'importer_exporter',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { user } = (await signUp.json()) as { user: { id: string } };
  await confirmEmail(page.request, admin, baseURL, email);

  for (const file of KYC_UPLOADS) {
    const upload = await page.request.post(`/api/kyc/documents/${file.type}`, {
      headers,
      multipart: {
        ...('fields' in file ? file.fields : {}),
        file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { document } = (await upload.json()) as { document: { id: string; revision: number } };
    const verify = await admin.post(`/api/admin/kyc/documents/${document.id}/verify`, {
      headers,
      data: { revision: document.revision },
    });
    expect(verify.status(), await verify.text()).toBe(200);
  }
  // A new company's data is at its first revision.
  const approve = await admin.post(`/api/admin/kyc/users/${user.id}/approve`, { headers, data: { revision: 1 } });
  expect(approve.status(), await approve.text()).toBe(200);
  const mode = await page.request.put('/api/session/mode', { headers, data: { mode: options.mode } });
  expect(mode.status(), await mode.text()).toBe(200);
  return { context, page, userId: user.id, email, companyName: options.companyName };
}
