import { type Page, expect } from '@playwright/test';
import { type TradeDocumentGate, type TradeDocumentsResponse } from '@tradeops/shared';
import { PDF_FILE } from './kyc-files';
import { originHeaders } from './login';

/**
 * Uploads, as an admin, every document the deal's checklist gates on `gate` and that is not there
 * yet (the checklist's gates are the business of the trade-documents API test; journeys that are
 * about something else provide the documents first).
 */
export async function provideGatedDocuments(
  admin: Page,
  baseURL: string | undefined,
  operationId: string,
  gate: TradeDocumentGate,
) {
  const list = await admin.request.get(`/api/operations/${operationId}/documents`);
  expect(list.status(), await list.text()).toBe(200);
  const { items } = (await list.json()) as TradeDocumentsResponse;
  for (const item of items.filter((entry) => entry.gates === gate && entry.status !== 'uploaded')) {
    const response = await admin.request.post(`/api/operations/${operationId}/documents/${item.kind}`, {
      headers: originHeaders(baseURL),
      multipart: { document: { name: `${item.kind}.pdf`, ...PDF_FILE } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
