import { messages } from '@shared/messages';
import { MAX_UPLOAD_BYTES, type MediaFile } from '@shared/schemas/media';
import { invalid } from '../errors';
import { FetchRefusedError, safeFetch } from '../net';
import { importedFileName } from './media-names';
import { addMediaFromBytes } from './media-store';

/**
 * POST /api/content/import: the address is fetched through the safe fetcher (no private
 * network, redirects re-checked, 20 MB cap while streaming), then the file meets the same
 * type check as an upload.
 */
export async function importMedia(companyId: number, url: string): Promise<MediaFile> {
  let response;
  try {
    response = await safeFetch(url, { maxBytes: MAX_UPLOAD_BYTES, resource: 'file', decompress: false });
  } catch (error) {
    if (error instanceof FetchRefusedError && error.reason === 'too-large') throw invalid(messages.fileTooLarge);
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    await response.cancel();
    throw invalid(`The address answered with status ${response.status}, so there was no file to import.`);
  }
  const filename = importedFileName(response.url, response.contentType);
  if (!filename) {
    await response.cancel();
    throw invalid(messages.unsupportedFileType);
  }
  let bytes: Buffer;
  try {
    bytes = await response.buffer();
  } catch (error) {
    if (error instanceof FetchRefusedError && error.reason === 'too-large') throw invalid(messages.fileTooLarge);
    throw error;
  }
  return addMediaFromBytes(companyId, { filename, description: '', bytes });
}
