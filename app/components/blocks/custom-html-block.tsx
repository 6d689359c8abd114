/** Store-owner HTML, passed through the allowlist sanitizer by the API. */
export function CustomHtmlBlock({ html }: { html: string }) {
  return (
    <section
      data-testid="block-custom_html_block"
      className="card store-html p-4"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allowlist sanitizer on import and on read
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
