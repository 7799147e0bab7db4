/** Text put into the pages the endpoint draws (the results page, the supporter's page): always escaped. */

/** Text for an HTML text node or a quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char]!);
