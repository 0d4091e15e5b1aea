/** Hands text to the browser as a file download (CSV exports fetched with the member's credentials). */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
