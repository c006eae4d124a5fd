/**
 * Structured data (schema.org JSON-LD) of a page, rendered in the page itself so the server-rendered
 * HTML carries it. `<` is escaped: a text field can never close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
