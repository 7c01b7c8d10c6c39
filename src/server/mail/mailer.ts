/** Sends mail. One contract, two drivers (SMTP, or the server log), chosen by SMTP_URL. */
export interface Mailer {
  readonly driver: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
};
