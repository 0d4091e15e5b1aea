/** Hands a downloaded file to the browser from memory (a plain link would not carry the member's bearer token). */
export function saveFile(body: Blob, fileName: string): void {
  const url = URL.createObjectURL(body);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; a tick later the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
