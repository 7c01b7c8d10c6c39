import { z } from 'zod';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

function requiredText(field: keyof typeof CONTACT_LIMITS, emptyMessage: string) {
  const max = CONTACT_LIMITS[field];
  return z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(max, `Please keep this under ${max} characters.`);
}

/** What the contact form sends; the browser and the server validate with the same schema. */
export const contactMessageSchema = z.object({
  name: requiredText('name', 'Please enter your name.'),
  email: requiredText('email', 'Please enter your email address.').pipe(
    z.email('Please enter a valid email address.'),
  ),
  subject: requiredText('subject', 'Please enter a subject.'),
  message: requiredText('message', 'Please enter a message.'),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export type ContactField = keyof ContactMessage;

/** The 201 answer to a message received. */
export const contactReceivedSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactReceived = z.output<typeof contactReceivedSchema>;
