/** Hands a blob to the browser as a file download (exports and receipts fetched with the member's credentials). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hands text to the browser as a file download (CSV by default). */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
