import { type ContactMessagesResponse, type Language, type ZContactRequest } from '@tradeops/shared';
import { desc } from 'drizzle-orm';
import { type z } from 'zod';
import { type AppDatabase } from '../../db/client';
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

/** The newest contact messages for the back office. */
export async function listContactMessages(db: AppDatabase, limit = 200): Promise<ContactMessagesResponse> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      subject: row.subject,
      message: row.message,
      language: row.language,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
