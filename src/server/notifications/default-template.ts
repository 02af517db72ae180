/**
 * The template that exists from the first start (inserted by migration 0004 with defaultTemplate = true).
 * Table layout with inline styles only: Outlook, Gmail and Apple Mail ignore <style> blocks and CSS layout
 * to different degrees, but all render tables. The logo <img> disappears when no logo is configured (an
 * empty src is dropped by the renderer). Changing this text later affects new installations only.
 */
export const DEFAULT_TEMPLATE_NAME = 'Default status notification';

/** Subject of the default template. */
export const DEFAULT_TEMPLATE_SUBJECT = '[{{appName}}] {{serviceName}} is {{status}}';

/** HTML body of the default template. */
export const DEFAULT_TEMPLATE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{serviceName}} is {{status}}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;">
        <tr>
          <td style="padding:24px 32px 8px 32px;font-family:Arial,Helvetica,sans-serif;">
            <img src="{{logoUrl}}" alt="{{appName}}" height="40" style="display:block;height:40px;width:auto;border:0;margin:0 0 16px 0;">
            <p style="margin:0;font-size:14px;line-height:20px;color:#6b7280;">{{appName}}</p>
          </td>
        </tr>
        <tr>
          <td style="padding:8px 32px 0 32px;font-family:Arial,Helvetica,sans-serif;">
            <h1 style="margin:0;font-size:22px;line-height:30px;color:#111827;">{{serviceName}} is {{status}}</h1>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 8px 32px;font-family:Arial,Helvetica,sans-serif;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
              <tr>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#6b7280;width:45%;">Service</td>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#111827;font-weight:bold;">{{serviceName}}</td>
              </tr>
              <tr>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#6b7280;">Status</td>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#111827;font-weight:bold;">{{status}}</td>
              </tr>
              <tr>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#6b7280;">Changed at</td>
                <td style="padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#111827;">{{timestamp}}</td>
              </tr>
              <tr>
                <td style="padding:8px 0;font-size:14px;color:#6b7280;">Previous state lasted</td>
                <td style="padding:8px 0;font-size:14px;color:#111827;">{{duration}}</td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 24px 32px;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#9ca3af;">
            You receive this e-mail because you asked {{appName}} to notify you when {{serviceName}} changes status. Turn it off in Notification Preferences on the dashboard.
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;
