/** Hands a downloaded file to the person as a file (the browser's own download, with its name). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a bit later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
