const pad2 = (n: number): string => String(n).padStart(2, '0');

// The report's own date (local calendar day) as MM-DD-YYYY; slashes cannot go in a file name.
const fileDate = (date: Date): string => `${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}-${date.getFullYear()}`;

const clean = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '');

/** {LastName or cleaned business name or ActionItems}-ActionItemsReport-MM-DD-YYYY.pdf */
export function actionItemsReportFileName(client: { name: string; isBusinessClient: boolean } | null, date: Date): string {
  let prefix = '';
  if (client) {
    // A personal client's last name is the last word of the name.
    prefix = client.isBusinessClient ? clean(client.name) : (client.name.trim().split(/\s+/).pop() ?? '');
  }
  return `${prefix || 'ActionItems'}-ActionItemsReport-${fileDate(date)}.pdf`;
}

/** {first segment of the project name before ' - ', cleaned}-FieldReport-{reportNumber}-MM-DD-YYYY.pdf */
export function fieldReportFileName(projectName: string, reportNumber: string, date: Date): string {
  const prefix = clean(projectName.split(' - ')[0] ?? '');
  return `${prefix}-FieldReport-${reportNumber.trim()}-${fileDate(date)}.pdf`;
}
