/** Store-owner HTML, passed through the allowlist sanitizer by the API. */
export function CustomHtmlBlock({ html }: { html: string }) {
  return (
    <section
      data-testid="block-custom_html_block"
      className="card p-4 text-ink [&_a]:text-brand [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_p]:my-2"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allowlist sanitizer on import and on read
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
