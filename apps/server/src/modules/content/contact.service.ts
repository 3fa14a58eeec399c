import { type ContactMessagesResponse, type Language, type PageQuery, type ZContactRequest } from '@tradeops/shared';
import { count } from 'drizzle-orm';
import { type z } from 'zod';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { contactMessages } from '../../db/schema';

export type ContactInput = z.output<typeof ZContactRequest>;

/** Stores a contact-form message for the team (admins list them). */
export async function createContactMessage(db: AppDatabase, input: ContactInput, language: Language) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      company: input.company || null,
      subject: input.subject || null,
      message: input.message,
      language,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return { id: row.id };
}

/** Newest first: contact_messages_created_idx, the id breaking ties. */
const CONTACT_KEYSET: Keyset = { at: contactMessages.createdAt, id: contactMessages.id, order: 'desc', idIsUuid: true };

/** The contact messages for the back office, newest first, a page at a time, with how many there are. */
export async function listContactMessages(db: AppDatabase, page: PageQuery): Promise<ContactMessagesResponse> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(CONTACT_KEYSET), row: contactMessages })
      .from(contactMessages)
      .where(afterCursor(CONTACT_KEYSET, page.cursor))
      .orderBy(...keysetOrder(CONTACT_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return toPage(
    rows,
    page,
    ({ cursorAt, row }) => ({ at: cursorAt, id: row.id }),
    counted?.n ?? 0,
    (kept) =>
      kept.map(({ row }) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        subject: row.subject,
        message: row.message,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
      })),
  );
}
