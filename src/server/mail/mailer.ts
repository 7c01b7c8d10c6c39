/** Sends mail. One contract, two drivers (SMTP, or the server log), chosen by SMTP_URL. */
export interface Mailer {
  readonly driver: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an inbox's reply carries its table). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers, e.g. Auto-Submitted and In-Reply-To on an automatic reply. */
  headers?: Record<string, string>;
};
