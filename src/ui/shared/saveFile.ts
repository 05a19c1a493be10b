/** The browser saves a downloaded file under its name. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // the download has started from the URL by now; a later release lets slow browsers read it
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
