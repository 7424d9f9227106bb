/** The inbox's one line when no SMTP server is set: nobody is told of a lead but by opening the inbox. */
export function MailOffNotice({ mailOff }: { mailOff: boolean }) {
  if (!mailOff) return null;
  return (
    <p className="staff-hint">E-mail is off (no SMTP server is set): no one is e-mailed about new leads, and buyers get no confirmation.</p>
  );
}
