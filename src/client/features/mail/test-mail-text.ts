/** The description under 'Test Email Sent': where it went (the server's own answer is the title again). */
export function testMailSentTo(email: string): string {
  return `Sent to ${email}`;
}
