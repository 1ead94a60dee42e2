// A file the kernel asks the browser to download: the Save button's log where the kernel cannot
// leave a file next to the notebook (the browser-only site, whose kernel runs in the browser).
// Python sends `{type: "download", name, text}` before its answer; the text goes into a Blob,
// never into the page.

// A file name as Python makes it (games-<name>.json): no folder, nothing a browser would read.
const FILE_NAME = /^[A-Za-z0-9_-]{1,80}\.json$/;

/** The file a custom message asks the browser to download, `{name, text}`; null for any other
 * message, and for a download message that is not well formed. */
export function downloadRequest(content) {
  if (!content || content.type !== "download") return null;
  const { name, text } = content;
  if (typeof name !== "string" || !FILE_NAME.test(name) || typeof text !== "string") return null;
  return { name, text };
}

/** Download `text` as the JSON file `name`: a link to a Blob, clicked once and dropped; the
 * Blob's URL is let go a minute later (the download has started by then). */
export function downloadFile({ name, text }, { doc = document, urls = URL, later = setTimeout } = {}) {
  const url = urls.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  later(() => urls.revokeObjectURL(url), 60000);
}
